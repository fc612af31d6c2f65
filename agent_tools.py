"""The write-path tools: what the private MemoryAgent may do to the graph.

These are never given to the host's orchestrator. Their dependencies come in
through `RunContextWrapper[WriteContext]` (these tools only run in our own
`Runner.run` calls). The model never sees database ids: episodes, saved facts,
conflict candidates and episode pairs are shown as small numbers and mapped
back here, so a hallucinated id cannot touch an unrelated node.

A mistake the model can fix (a number out of range, an empty fact, arguments
that fail validation) comes back as a short instructive string, through the
shared failure handler (toolkit/failures.py). Faults it cannot fix (SQLite, the
embedder's provider, unparsable JSON) raise: the run stops and the driver leaves
the session pending.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from agents import FunctionTool, RunContextWrapper, function_tool
from pydantic import BaseModel, Field

from .core.embeddings import EmbeddingService
from .core.errors import InputError
from .core.expiry import ExpiryError, parse_expiry
from .core.records import ENTITY_TYPES, EdgeDraft, EntityType, Node, NodeDraft, NodeType
from .core.secrets import DEFAULT as DEFAULT_REDACTOR
from .retrieval import Retriever, SearchFilters
from .store.interface import Store
from .toolkit.failures import failure_handler
from .writepath.entities import EntityLinker
from .writepath.grounding import Sources, check, shares_terms

log = logging.getLogger(__name__)

FactType = Literal["semantic", "procedural", "opinion"]
CAUSAL_CONFIDENCE = 0.7
CONFLICT_CANDIDATES = 5  # related memories shown per new fact
CONFLICT_TYPES: tuple[NodeType, ...] = ("semantic", "procedural", "opinion")


@dataclass
class WriteContext:
    """What one MemoryAgent run may touch, and what it has shown the model."""

    storage: Store
    retriever: Retriever
    embedder: EmbeddingService | None = None
    linker: EntityLinker | None = None
    session_id: str | None = None
    decay_rate: float = 0.1
    # The model may copy a secret from the episodes it reads (which were
    # scrubbed, but a look-alike could be rebuilt): facts and names pass again.
    redact: Callable[[str], str] = DEFAULT_REDACTOR
    episodes: list[Node] = field(default_factory=list)  # shown as [1], [2], ...
    pairs: list[tuple[Node, Node]] = field(default_factory=list)  # causal mode
    entity_id: int | None = None  # enrichment mode
    notes: list[Node] = field(default_factory=list)  # enrichment: its memories
    facts: list[int] = field(default_factory=list)  # saved facts, F1, F2, ...
    candidates: list[int] = field(default_factory=list)  # conflicts, M1, M2, ...
    finished: bool = False  # the model called mark_session_consolidated
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n

    def grounded(self, text: str, sources: Sources, **how: bool) -> bool:
        """Whether `text` rests on `sources` (grounding.check); a refusal is
        counted by reason."""
        reason = check(text, sources, **how)
        if reason is not None:
            self.reject(reason)
            log.info("not grounded (%s): %.200r", reason, text)
        return reason is None

    def reject(self, reason: str) -> None:
        self.count("rejected")
        self.count(f"rejected_{reason}")

    def sources(self, episodes: Sequence[Node], texts: Sequence[str] = ()) -> Sources:
        """The cited episodes (and texts); citing nothing means the whole chunk."""
        shown = list(episodes) or ([] if texts else self.episodes)
        return Sources([*(e.content for e in shown), *texts], [e.when for e in shown])

    @property
    def entity_linker(self) -> EntityLinker:
        if self.linker is None:
            self.linker = EntityLinker(self.storage)
        return self.linker


class FactIn(BaseModel):
    type: FactType = Field(description="semantic (a fact), procedural, or opinion")
    content: str = Field(description="One atomic, self-contained statement.")
    # No ge/le: range keywords are not accepted by every strict-schema endpoint.
    confidence: float = Field(description="How sure the episodes make it, 0 to 1.")
    episodes: list[int] = Field(description="Numbers [n] of the source episodes.")
    expires: str | None = Field(
        default=None,
        description="Only for a transient fact (a plan, an appointment, a mood):"
        " how long it holds from when it was said ('3 days', '2 weeks') or until"
        " when ('2026-12-01', 'Friday'). Null for a lasting fact.",
    )


class EntityIn(BaseModel):
    name: str = Field(description="Canonical name, e.g. 'Vitaly Petrov'.")
    type: EntityType
    aliases: list[str] = Field(description="Other names: 'Vitya', 'my boss'.")
    facts: list[int] = Field(description="Numbers F<n> of saved facts naming it.")
    episodes: list[int] = Field(description="Numbers [n] of episodes naming it.")


class CausalLink(BaseModel):
    pair: int = Field(description="Number [n] of the episode pair.")
    reason: str = Field(description="Why the first turn led to the second.")


# Refusals are answered as plain text; a fault raises and stops the run.
_on_failure = failure_handler(str, stop_on_fault=True)


def _pick(
    numbers: Sequence[int], items: Sequence[Any], label: str, refusal: str = ""
) -> list[Any]:
    """Items by 1-based number; raises InputError naming the valid range
    (after `refusal`, which says what was not done)."""
    bad = [n for n in numbers if not 1 <= n <= len(items)]
    if bad:
        reason = (
            f"there is no {label}{bad[0]}; use numbers 1 to {len(items)}"
            if items
            else f"there is no {label} to refer to yet"
        )
        raise InputError(f"{refusal}: {reason}" if refusal else reason)
    return [items[n - 1] for n in numbers]


async def _existing_fact(ctx: WriteContext, fact: FactIn, sources: list[int]) -> int:
    """Id of the same fact saved before from the same episodes, else 0.

    A retried chunk re-saves what a failed run already wrote; this keeps it once.
    """
    same = await ctx.storage.nodes.find_nodes_by_text(fact.content, types=[fact.type])
    if not same:
        return 0
    edges = await ctx.storage.graph.edges_of(
        [n.id for n in same], types=["derived_from"]
    )
    wanted = set(sources)
    for node in same:
        derived = {e.dst_id for e in edges if e.src_id == node.id}
        if derived == wanted or (not wanted and node.session_id == ctx.session_id):
            return node.id
    return 0


async def _embed(ctx: WriteContext, items: list[tuple[int, str]]) -> None:
    if ctx.embedder is None or not items:
        return
    vectors = await ctx.embedder.embed_batch([text for _, text in items])
    pairs = [(i, v) for (i, _), v in zip(items, vectors, strict=False) if v]
    if pairs:
        await ctx.storage.index.save_embeddings(pairs)


@function_tool(failure_error_function=_on_failure)
async def is_session_consolidated(ctx: RunContextWrapper[WriteContext]) -> str:
    """Tell whether this conversation has already been consolidated."""
    wc = ctx.context
    if wc.session_id is None:
        return "no conversation is being consolidated"
    state = await wc.storage.sessions.get_session(wc.session_id)
    if state is None:
        return "unknown conversation"
    until = state.consolidated_until_id
    return f"status: {state.status}; consolidated up to episode id {until}"


@function_tool(failure_error_function=_on_failure)
async def get_session_episodes(
    ctx: RunContextWrapper[WriteContext], offset: int, limit: int
) -> str:
    """Read the episodes of this chunk as numbered lines [n], a page at a time.

    Args:
        offset: How many episodes to skip (0 for the first page).
        limit: How many to return (at most 50).
    """
    shown = ctx.context.episodes
    offset, limit = max(offset, 0), min(max(limit, 1), 50)
    page = shown[offset : offset + limit]
    if not page:
        return f"no episodes from offset {offset}; this chunk has {len(shown)}"
    lines = [
        f"[{offset + i}] {n.source_role or 'unknown'}: {n.content}"
        for i, n in enumerate(page, start=1)
    ]
    more = len(shown) - offset - len(page)
    return "\n".join(lines + ([f"({more} more)"] if more > 0 else []))


@function_tool(failure_error_function=_on_failure)
async def save_nodes_batch(
    ctx: RunContextWrapper[WriteContext], facts: list[FactIn]
) -> str:
    """Save durable facts, procedures and opinions learned from the episodes.

    Args:
        facts: The new memories, each with the numbers of its source episodes.
    """
    wc = ctx.context
    facts = [f.model_copy(update={"content": wc.redact(f.content)}) for f in facts]
    sources = [
        _pick(f.episodes, wc.episodes, "episode ", "nothing saved") for f in facts
    ]
    if any(not f.content.strip() for f in facts):
        return "nothing saved: every fact needs non-empty content"
    ends = [_expiry(f, episodes) for f, episodes in zip(facts, sources, strict=True)]
    numbered = []
    new: list[tuple[int, str]] = []
    for fact, episodes, end in zip(facts, sources, ends, strict=True):
        if end is not None and end <= time.time():
            numbered.append("(already expired, not saved)")
            continue
        if not wc.grounded(fact.content, wc.sources(episodes)):
            numbered.append("(not in its episodes, not saved)")
            continue
        episode_ids = [e.id for e in episodes]
        node_id = await _existing_fact(wc, fact, episode_ids)
        if not node_id:
            node_id = await wc.storage.nodes.add_node(_draft(wc, fact, end))
            new.append((node_id, fact.content))
        await wc.storage.graph.add_edges(
            [EdgeDraft(node_id, e, "derived_from") for e in episode_ids]
        )
        if node_id not in wc.facts:
            wc.facts.append(node_id)
        numbered.append(f"F{wc.facts.index(node_id) + 1}")
    await _embed(wc, new)
    for node_id, text in new:
        await wc.entity_linker.link_text(node_id, text)
    wc.count("facts", len(new))
    return f"saved {', '.join(numbered)} ({len(new)} new)"


def _expiry(fact: FactIn, episodes: Sequence[Node]) -> float | None:
    """When `fact` expires, counted from the latest episode it came from (a
    "3 days" said on Monday ends on Thursday, whenever consolidation runs)."""
    if not (fact.expires or "").strip():
        return None
    said = max((e.when for e in episodes), default=time.time())
    try:
        return parse_expiry(fact.expires or "", said)
    except ExpiryError as exc:
        raise InputError(f"nothing saved: {exc}") from None


def _draft(wc: WriteContext, fact: FactIn, expires_at: float | None) -> NodeDraft:
    return NodeDraft(
        type=fact.type,
        content=fact.content.strip(),
        confidence=min(max(fact.confidence, 0.0), 1.0),
        decay_rate=wc.decay_rate,
        source_type="consolidation",
        source_role="memory_agent",
        session_id=wc.session_id,
        expires_at=expires_at,
    )


@function_tool(failure_error_function=_on_failure)
async def extract_and_link_entities(
    ctx: RunContextWrapper[WriteContext], entities: list[EntityIn]
) -> str:
    """Record the people, projects, places and things mentioned, with their aliases.

    Different names of one entity ("Vitya", "Vitaly", "my boss") go in one item:
    the canonical name plus aliases. Known entities are found by any of their names.

    Args:
        entities: Each entity with its aliases and the facts/episodes naming it.
    """
    wc = ctx.context
    refusal = "nothing linked"
    targets = [
        [n.id for n in _pick(e.episodes, wc.episodes, "episode ", refusal)]
        + _pick(e.facts, wc.facts, "fact F", refusal)
        for e in entities
    ]
    names, skipped = [], []
    for item, ids in zip(entities, targets, strict=True):
        if not item.name.strip():
            return "nothing more linked: every entity needs a name"
        sources = await _entity_sources(wc, item)
        if not wc.grounded(item.name, sources, name=True):
            skipped.append(item.name)
            continue
        aliases = [
            a for a in item.aliases if await _alias_ok(wc, item.name, a, sources)
        ]
        entity = await wc.storage.entities.upsert_entity(
            wc.redact(item.name),
            type=item.type,
            aliases=[wc.redact(alias) for alias in aliases],
            mentions=0,
        )
        if entity.type != item.type:  # the model's type beats the regex guess
            await wc.storage.entities.update_entity(entity.id, type=item.type)
        for node_id in dict.fromkeys(ids):
            await wc.entity_linker.link_entities(node_id, [entity])
        names.append(entity.name)
    wc.count("entities", len(names))
    answer = f"linked {', '.join(names)}" if names else "no entities linked"
    if skipped:
        answer += f"; not in the episodes, not linked: {', '.join(skipped)}"
    return answer


async def _alias_ok(wc: WriteContext, name: str, alias: str, sources: Sources) -> bool:
    """An alias is said in the sources, already known, or a short form of the
    name ("Vitya" for "Vitaly": same first letters)."""
    if check(alias, sources, name=True) is None:
        return True
    if alias[:3].casefold() == name.strip()[:3].casefold() and len(alias) > 2:
        return True
    return await wc.storage.entities.find_entity(alias) is not None or wc.grounded(
        alias, sources, name=True
    )


async def _entity_sources(wc: WriteContext, item: EntityIn) -> Sources:
    """What an entity may be named after: its cited episodes and facts."""
    episodes = [wc.episodes[n - 1] for n in item.episodes]
    facts = [await wc.storage.nodes.get_node(wc.facts[n - 1]) for n in item.facts]
    return wc.sources(episodes, [f.content for f in facts if f is not None])


@function_tool(failure_error_function=_on_failure)
async def detect_conflicts(
    ctx: RunContextWrapper[WriteContext], facts: list[int]
) -> str:
    """List stored memories that may contradict facts you just saved.

    Args:
        facts: The saved facts' numbers, e.g. [1, 3] for F1 and F3.
    """
    wc = ctx.context
    node_ids = _pick(facts, wc.facts, "fact F")
    sections = []
    for number, node_id in zip(facts, node_ids, strict=True):
        node = await wc.storage.nodes.get_node(node_id)
        found = await _candidates(wc, node.content) if node else []
        sections.append(f"F{number}:" + "".join(f"\n  {line}" for line in found))
        if not found:
            sections[-1] += " no related memories"
    return "\n".join(sections)


async def _candidates(wc: WriteContext, text: str) -> list[str]:
    """Related older memories as `M<n>: text` lines (numbers stable per run)."""
    filters = SearchFilters(types=CONFLICT_TYPES, limit=CONFLICT_CANDIDATES)
    hits = await wc.retriever.search(text, filters, reinforce=False)
    lines = []
    for hit in hits:
        if hit.node.id in wc.facts:
            continue  # facts of this run do not contradict each other here
        if hit.node.id not in wc.candidates:
            wc.candidates.append(hit.node.id)
        lines.append(f"M{wc.candidates.index(hit.node.id) + 1}: {hit.node.content}")
    return lines


@function_tool(failure_error_function=_on_failure)
async def resolve_conflict(
    ctx: RunContextWrapper[WriteContext], new_fact: int, old_memory: int
) -> str:
    """Retire an old memory that a newly saved fact contradicts or updates.

    Args:
        new_fact: The saved fact's number, e.g. 1 for F1.
        old_memory: The old memory's number from detect_conflicts, e.g. 2 for M2.
    """
    wc = ctx.context
    (new_id,) = _pick([new_fact], wc.facts, "fact F")
    (old_id,) = _pick([old_memory], wc.candidates, "memory M")
    new, old = (
        await wc.storage.nodes.get_node(new_id),
        await wc.storage.nodes.get_node(old_id),
    )
    if new is None or old is None or not shares_terms(new.content, old.content):
        wc.reject("conflict_unrelated")
        return f"not retired: M{old_memory} and F{new_fact} are about different things"
    await wc.storage.graph.supersede(old_id, new_id)  # one transaction
    wc.count("superseded")
    return f"M{old_memory} superseded by F{new_fact}"


@function_tool(failure_error_function=_on_failure)
async def mark_session_consolidated(ctx: RunContextWrapper[WriteContext]) -> str:
    """Call last, once everything worth keeping from these episodes is saved."""
    # The driver writes the mark after the run ends without error, so a failure
    # after this call still leaves the session pending.
    ctx.context.finished = True
    return "ok: this chunk will be marked consolidated"


@function_tool(failure_error_function=_on_failure)
async def save_causal_edges(
    ctx: RunContextWrapper[WriteContext], links: list[CausalLink]
) -> str:
    """Record which episode pairs are cause and effect (earlier led to later).

    Args:
        links: The pairs that are causally linked; leave the others out.
    """
    wc = ctx.context
    pairs = [
        _pick([link.pair], wc.pairs, "pair ", "nothing saved")[0] for link in links
    ]
    drafts = [
        EdgeDraft(
            cause.id,
            effect.id,
            "causal",
            predicate="led_to",
            confidence=CAUSAL_CONFIDENCE,
            evidence=link.reason[:500] or None,
        )
        for (cause, effect), link in zip(pairs, links, strict=True)
        if not link.reason.strip()
        or wc.grounded(link.reason, wc.sources([cause, effect]), support=False)
    ]
    added = await wc.storage.graph.add_edges(drafts)
    wc.count("causal_edges", added)
    return f"{added} causal links saved"


@function_tool(failure_error_function=_on_failure)
async def update_entity_summary(
    ctx: RunContextWrapper[WriteContext], summary: str, type: EntityType
) -> str:
    """Write the entity's summary (two or three sentences) and its best type.

    Args:
        summary: What the memories say about it, in plain sentences.
        type: person, project, organization, place, concept or tool.
    """
    wc = ctx.context
    if wc.entity_id is None:
        return "no entity is being enriched"
    if not summary.strip():
        return "the summary is empty; write two or three sentences"
    if type not in ENTITY_TYPES:
        return f"unknown type {type!r}; use one of {', '.join(ENTITY_TYPES)}"
    entity = await wc.storage.entities.get_entity(wc.entity_id)
    names = [entity.name, *entity.aliases] if entity else []
    if not wc.grounded(summary, wc.sources(wc.notes, names), support=False):
        return "summary not saved: it says what the memories do not"
    summary = wc.redact(summary)
    vector = None
    if wc.embedder is not None:
        vector = await wc.embedder.embed(summary)
    await wc.storage.entities.update_entity(
        wc.entity_id, summary=summary.strip(), type=type, embedding=vector
    )
    wc.count("summaries")
    return "summary saved"


CONSOLIDATION_TOOLS: list[FunctionTool] = [
    is_session_consolidated,
    get_session_episodes,
    save_nodes_batch,
    extract_and_link_entities,
    detect_conflicts,
    resolve_conflict,
    mark_session_consolidated,
]
CAUSAL_TOOLS: list[FunctionTool] = [save_causal_edges]
ENRICHMENT_TOOLS: list[FunctionTool] = [update_entity_summary]
