"""The tools' results as text for people (the CLI's default output).

The CLI reads and changes the memory through the orchestrator's own tool
functions, so it gets the same pydantic results the model gets; `--json` prints
them as they are, and this module lays them out as lines a person can scan. It
only formats: nothing here reads the database or decides anything.
"""

from __future__ import annotations

from .tool_models import (
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


def fact_line(item: FactItem) -> str:
    """`#12 [semantic, 2024-05-01, conf 0.90] text (entities: Anna)`."""
    tags = [item.type, item.date]
    if item.confidence is not None:
        tags.append(f"conf {item.confidence:.2f}")
    if item.role:
        tags.append(item.role)
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
    return "\n".join(lines + ([result.note] if result.note else []))


def timeline(result: TimelineResult) -> str:
    header = [f"timeline of {result.entity}:"] if result.entity else []
    lines = [fact_line(item) for item in result.items]
    return "\n".join(header + lines + ([result.note] if result.note else []))


def entity(result: EntityInfo) -> str:
    lines = [f"{result.name} ({result.type}, {result.mentions} mentions)"]
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
        "last runs:",
    ]
    lines += [f"{INDENT}{step}: {when}" for step, when in result.last_runs.items()]
    return "\n".join(lines)


def explanation(result: Explanation) -> str:
    lines = [
        fact_line(result.fact),
        f"status: {result.status}",
        f"source: {result.source}",
        f"decay rate: {result.decay_rate}",
    ]
    lines += _section("from the conversation", result.source_episodes)
    lines += _section("replaces", result.replaces)
    lines += _section("replaced by", result.replaced_by)
    if result.entities:
        lines.append("entities: " + ", ".join(result.entities))
    return "\n".join(lines)


def weak_facts(result: WeakFactsResult) -> str:
    if not result.facts:
        return f"no facts below {result.threshold}"
    lines = []
    for fact in result.facts:
        days = fact.days_until_pruned
        fate = "never pruned" if days is None else f"pruned in {days} days"
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
    if result.note:
        lines.append(result.note)
    return "\n".join(lines)


def problem(result: Problem) -> str:
    """The error, and the candidates to pick from when there are some."""
    lines = [result.error]
    lines += [INDENT + fact_line(item) for item in result.candidates or []]
    return "\n".join(lines)
