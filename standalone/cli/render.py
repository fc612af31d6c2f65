"""The tools' results as text for people (the CLI's default output).

The CLI reads and changes the memory through the orchestrator's own tool
functions, so it gets the same pydantic results the model gets; `--json` prints
them as they are, and this module lays them out as lines a person can scan. It
only formats: nothing here reads the database or decides anything.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.text import plural
from ...toolkit.models import (
    EntityEdited,
    EntityInfo,
    Explanation,
    FactChange,
    FactItem,
    Problem,
    SearchResult,
    StatsResult,
    TimelineResult,
    WeakFactsResult,
)

INDENT = "  "
# The tools' messages speak to the model, which calls tools; a person runs commands.
FOR_PEOPLE = {
    "search_memory": "`agent-memory search`",
    "remember_fact": "`agent-memory remember`",
    "confirm_fact": "`agent-memory confirm ID`",
    "correct_fact": "`agent-memory correct`",
    "forget_fact": "`agent-memory forget`",
    "explain_fact": "`agent-memory explain`",
    "get_entity_info": "`agent-memory entity`",
    "get_timeline": "`agent-memory timeline`",
    "call again": "run the command again",
    "new_fact": "the new text",
    "after/before": "--after/--before",
}
_TOOL_WORDS = re.compile("|".join(re.escape(word) for word in FOR_PEOPLE))
ROLES = {"user": "you", "orchestrator": "assistant"}


def for_people(text: str) -> str:
    """A tool's message, with the tool names a model calls turned into commands."""
    return _TOOL_WORDS.sub(lambda m: FOR_PEOPLE[m[0]], text)


def fact_line(item: FactItem) -> str:
    """`#12 [semantic, 2024-05-01, conf 0.90] text (entities: Anna)`."""
    tags = [item.type, item.date]
    if item.confidence is not None:
        tags.append(f"conf {item.confidence:.2f}")
    if item.role:
        tags.append(ROLES.get(item.role, item.role))
    if item.expires:
        tags.append(f"expires {item.expires}")
    line = f"{item.id} [{', '.join(tags)}] {item.content}"
    if item.entities:
        line += f" (entities: {', '.join(item.entities)})"
    return line


def _section(title: str, items: list[FactItem]) -> list[str]:
    if not items:
        return []
    return [f"{title}:", *(INDENT + fact_line(item) for item in items)]


def search(result: SearchResult) -> str:
    lines = [fact_line(item) for item in result.results]
    return "\n".join(lines + ([for_people(result.note)] if result.note else []))


def timeline(result: TimelineResult) -> str:
    header = [f"timeline of {result.entity}:"] if result.entity else []
    lines = [fact_line(item) for item in result.items]
    note = [for_people(result.note)] if result.note else []
    return "\n".join(header + lines + note)


def entity_edited(result: EntityEdited) -> str:
    if result.entity is None:
        return result.done
    aliases = f"; also called: {', '.join(result.aliases)}" if result.aliases else ""
    return f"{result.done}\n{result.entity} ({result.type}){aliases}"


def entity(result: EntityInfo) -> str:
    lines = [f"{result.name} ({result.type}, {plural(result.mentions, 'mention')})"]
    if result.aliases:
        lines.append("also called: " + ", ".join(result.aliases))
    if result.summary:
        lines.append(result.summary)
    lines += _section("facts", result.facts)
    lines += _section("latest conversation", result.timeline)
    return "\n".join(lines)


def stats(result: StatsResult) -> str:
    def counts(found: dict[str, int]) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(found.items())) or "none"

    lines = [
        f"nodes: {result.total_nodes} ({counts(result.nodes_by_type)})",
        f"edges: {counts(result.edges_by_type)}",
        f"entities: {result.entities}",
        f"orphan nodes: {result.orphan_nodes}",
        f"forgotten or superseded: {result.forgotten_or_superseded}",
        f"embedded nodes: {result.embedded_nodes}",
        f"unconsolidated threads: {result.unconsolidated_threads}",
        f"database size: {result.database_size}",
        "last maintenance runs:",
    ]
    lines += [
        f"{INDENT}{step.replace('_', ' ')}: {when}"
        for step, when in result.last_runs.items()
    ]
    return "\n".join(lines)


def explanation(result: Explanation) -> str:
    lines = [
        fact_line(result.fact),
        f"status: {result.status}",
        f"source: {_source(result.source)}",
        f"decay rate: {result.decay_rate}",
    ]
    lines += _section("from the conversation", result.source_episodes)
    lines += _section("replaces", result.replaces)
    lines += _section("replaced by", result.replaced_by)
    if result.entities:
        lines.append("entities: " + ", ".join(result.entities))
    return "\n".join(lines)


def _source(text: str) -> str:
    """`import from orchestrator in thread t1` in a person's words."""
    return text.replace("from orchestrator", "from the assistant").replace(
        "from user", "from you"
    )


def weak_facts(result: WeakFactsResult) -> str:
    if not result.facts:
        return f"no facts below {result.threshold}"
    lines = []
    for fact in result.facts:
        days = fact.days_until_pruned
        fate = "never pruned" if days is None else f"pruned in {days:g} days"
        if days == 1:
            fate = "pruned in 1 day"
        line = f"{fact.id} [{fact.type}, conf {fact.confidence:.2f}, {fate}]"
        line += f" {fact.content}"
        if fact.superseded_by:
            line += f" (superseded by {fact.superseded_by})"
        lines.append(line)
    return "\n".join(lines)


def change(result: FactChange) -> str:
    lines = [f"{result.status.replace('_', ' ')} {result.id}: {result.content}"]
    if result.replaces is not None:
        lines.append("replaces " + fact_line(result.replaces))
    if result.entities:
        lines.append("entities: " + ", ".join(result.entities))
    if result.expires:
        lines.append(f"expires: {result.expires} (hidden then, erased the next night)")
    if result.note:
        lines.append(for_people(result.note))
    return "\n".join(lines)


def problem(result: Problem) -> str:
    """The error, and the candidates to pick from when there are some."""
    lines = [for_people(result.error)]
    lines += [INDENT + fact_line(item) for item in result.candidates or []]
    return "\n".join(lines)


def listing(what: str, rows: list[dict[str, Any]], page: int, limit: int) -> str:
    """`list`'s rows, one a line, and how to get the next page."""
    if not rows:
        return f"no {what}" + (f" on page {page}" if page > 1 else "")
    if what == "threads":
        lines = [
            f"{r['thread']} ({r['turns']} turn{'' if r['turns'] == 1 else 's'},"
            f" last {r['last_activity']}, {r['status']})"
            for r in rows
        ]
    elif what == "entities":
        lines = [
            f"{r['name']} ({r['type']}, {plural(r['mentions'], 'mention')})"
            + (f": {r['summary']}" if r["summary"] else "")
            for r in rows
        ]
    else:
        lines = [_row_line(r) for r in rows]
    if len(rows) == limit:
        # the whole command: `entity list` shows the first page of these too
        more = f"list {what} --page {page + 1}"
        lines.append(f"(page {page}; {more} for more)")
    return "\n".join(lines)


def _row_line(row: dict[str, Any]) -> str:
    tags = [row["type"], row["date"]]
    if row["confidence"] is not None:
        tags.append(f"conf {row['confidence']:.2f}")
    if row["role"]:
        tags.append(ROLES.get(row["role"], row["role"]))
    if row["expires"]:
        tags.append(f"expires {row['expires']}")
    if not row["current"]:
        tags.append("forgotten or replaced")
    line = f"{row['id']} [{', '.join(tags)}] {row['content']}"
    return line + (
        f" (entities: {', '.join(row['entities'])})" if row["entities"] else ""
    )


def full(content: str, result: Explanation) -> str:
    """`show`: the memory's whole text, then where it comes from."""
    tags = [result.fact.type, result.fact.date]
    if result.fact.expires:
        tags.append(f"expires {result.fact.expires}")
    lines = [f"{result.fact.id} [{', '.join(tags)}]", content, ""]
    return "\n".join(lines + explanation(result).splitlines()[1:])


REINDEX_LABELS = {
    "fts_rows": "rows in the word index",
    "vector_nodes": "memories with a vector",
    "vector_entities": "entities with a vector",
    "cleared_wrong_width": "vectors of the wrong width dropped",
    "embedded": "memories embedded now",
    "still_missing_vectors": "memories still without a vector",
    "linked_episodes": "turns linked to their entities now",
    "entity_edits_reapplied": "entity edits made again",
    "people_joined": "short and case forms joined to their name",
}


def reindexed(data: dict[str, Any]) -> str:
    return "\n".join(f"{REINDEX_LABELS.get(k, k)}: {v}" for k, v in data.items())


SKIPS = {"skipped_no_model": "no model configured"}


def step_outcome(counts: dict[str, Any], error: str | None) -> str:
    """What one maintenance step did, in words: counts, skipped and why, or failed."""
    if error:
        return f"failed: {error}"
    skipped = [
        f"skipped {value} ({why})"
        for key, why in SKIPS.items()
        if (value := counts.get(key))
    ]
    done = [
        f"{key.replace('_', ' ')} {value}"
        for key, value in counts.items()
        if key not in SKIPS
    ]
    return ", ".join(skipped + done) or "nothing to do"


def steps(results: list[Any], seconds: float) -> str:
    lines = [
        f"{r.step.replace('_', ' ')}: {step_outcome(r.counts, r.error)}"
        for r in results
    ]
    return "\n".join([*lines, f"({seconds:.1f} s)"])
