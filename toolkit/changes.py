"""What the fact-changing tools do: find the fact meant, dedupe, store, supersede.

Kept apart from tools.py (which only validates arguments and documents them for
the model) so the rules can be read in one place:

- A fact is referred to by id (`#12`, `12`, ...) or by its text. Text resolves to
  the valid fact with the same normalized text, else to the clearly best match of
  a search over facts; when several are about as close, nothing changes and the
  candidates are returned with their ids.
- Episodes are the record of what was said: they cannot be corrected or
  confirmed. They can be forgotten by id (privacy: "forget what I told you").
- Every check-then-write runs under one lock, so parallel tool calls (which the
  host's prompts encourage) cannot store the same fact twice.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..core.config import MemoryConfig
from ..core.embeddings import EmbeddingService, cosine
from ..core.records import Entity, Node, NodeDraft, NodeType, PurgeTarget
from ..core.scope import ScopeView, current_view
from ..core.text import fold
from ..core.text_caches import forget_cached_texts
from ..retrieval import Retriever, SearchFilters
from ..store.interface import Store
from .models import (
    FactChange,
    Problem,
    clip,
    entity_names,
    expiry,
    fact_item,
    normalize_fact,
    parse_id,
    show_date,
    show_id,
)

FACT_TYPES: tuple[NodeType, ...] = ("semantic", "procedural", "opinion")
MATCH_MIN = 0.5  # similarity a text reference needs to pick a fact by itself
MATCH_MARGIN = 0.15  # ... and its lead over the next candidate
CANDIDATE_MIN = 0.2  # below this a fact is not offered as a candidate
MAX_CANDIDATES = 5
_WORD = re.compile(r"\w+", re.UNICODE)
_FILLER = frozenset(
    ["a", "an", "the", "is", "are", "was", "were", "of", "in", "on", "at", "to"]
    + ["and", "or", "s", "user", "user's"]
)


class EntityLinking(Protocol):
    """What the tools need of entities.EntityLinker."""

    async def link_text(self, node_id: int, text: str) -> list[Entity]: ...

    def names_in(self, text: str) -> set[str]: ...


@dataclass
class ToolDeps:
    """Everything the tools close over; the host's run context is not ours."""

    storage: Store
    retriever: Retriever
    config: MemoryConfig
    embedder: EmbeddingService | None = None
    linker: EntityLinking | None = None
    now: Callable[[], float] = time.time
    write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The scopes a tool call may see (core/scope.py); main.py falls back to the
    # latest user message when the host never called get_context.
    turn_view: Callable[[], ScopeView | None] = current_view
    # purge_memory's confirmations: token -> (target, scope, valid until)
    pending_purges: dict[str, tuple[PurgeTarget, str, float]] = field(
        default_factory=dict
    )
    # Who writes through these calls: the agent, or the user at the CLI.
    author: str = "orchestrator"


# -- finding the fact meant ----------------------------------------------------


async def resolve_fact(
    deps: ToolDeps, reference: str, *, allow_episodes: bool = False
) -> Node | Problem:
    """The valid node `reference` (an id or a fact's text) means, or why not."""
    node_id = parse_id(reference)
    if node_id is not None:
        return await _resolve_id(deps, node_id, allow_episodes=allow_episodes)
    return await _resolve_text(deps, reference)


async def resolve_any(deps: ToolDeps, node_id: int) -> Node | Problem:
    """The node with this id, valid or retired (for provenance), or why not."""
    node = await deps.storage.nodes.get_node(node_id, history=True)
    return node if node is not None else _no_such(node_id)


def _no_such(node_id: int) -> Problem:
    return Problem(
        error=f"There is no memory {show_id(node_id)}. "
        "Use search_memory to find the fact and its id."
    )


async def _resolve_id(
    deps: ToolDeps, node_id: int, *, allow_episodes: bool
) -> Node | Problem:
    node = await deps.storage.nodes.get_node(node_id, history=True)
    if node is None:
        return _no_such(node_id)
    if not node.is_valid:
        newer = await newer_versions(deps, node.id)
        if newer:
            return Problem(
                error=f"{show_id(node.id)} was already replaced by "
                f"{show_id(newer[0])}; use that id."
            )
        return Problem(error=f"{show_id(node.id)} was forgotten; it cannot be changed.")
    if node.type == "episodic" and not allow_episodes:
        return Problem(
            error=f"{show_id(node.id)} is a conversation turn (an episode), not a "
            "fact: episodes record what was said and cannot be corrected or "
            "confirmed. Store the right fact with remember_fact instead."
        )
    return node


async def _resolve_text(deps: ToolDeps, text: str) -> Node | Problem:
    key = normalize_fact(text)
    candidates = await fact_candidates(deps, text)
    same = [node for node in candidates if normalize_fact(node.content) == key]
    if same:
        return max(same, key=lambda node: node.id)
    ranked = await _rank(deps, text, candidates)
    if not ranked or ranked[0][0] < CANDIDATE_MIN:
        return Problem(
            error=f"No stored fact matches {text[:80]!r}. Use search_memory to "
            "find the fact, then call again with its id."
        )
    best, runner_up = ranked[0][0], ranked[1][0] if len(ranked) > 1 else 0.0
    if best >= MATCH_MIN and best - runner_up >= MATCH_MARGIN:
        return ranked[0][1]
    offered = [node for score, node in ranked if score >= CANDIDATE_MIN]
    if len(offered) == 1:  # one fact, but not close enough to be sure
        reason = f"only partly matches {show_id(offered[0].id)}"
        what = "its id if it is the one"
    else:
        reason, what = "could mean more than one fact", "the id of the one"
    return Problem(
        error=f"{text[:80]!r} {reason}; nothing was changed. "
        f"Call again with {what} you mean.",
        candidates=[fact_item(node) for node in offered[:MAX_CANDIDATES]],
    )


async def fact_candidates(deps: ToolDeps, text: str) -> list[Node]:
    """Valid facts (not episodes) that may be the one `text` refers to."""
    exact = await deps.storage.nodes.find_nodes_by_text(text.strip(), types=FACT_TYPES)
    hits = await deps.retriever.search(
        text, SearchFilters(limit=10, types=FACT_TYPES), reinforce=False
    )
    found = {node.id: node for node in exact}
    for hit in hits:
        found.setdefault(hit.node.id, hit.node)
    return [node for node in found.values() if node.type in FACT_TYPES]


async def _rank(
    deps: ToolDeps, text: str, nodes: Sequence[Node]
) -> list[tuple[float, Node]]:
    """(similarity, node) best first: word overlap, or cosine when it is higher."""
    vectors: dict[int, list[float]] = {}
    query = await embed_one(deps, text)
    if query is not None and nodes:
        vectors = await deps.storage.index.node_embeddings([node.id for node in nodes])
    scored = []
    for node in nodes:
        score = _overlap(text, node.content)
        if query is not None and node.id in vectors:
            score = max(score, cosine(query, vectors[node.id]))
        scored.append((score, node))
    return sorted(scored, key=lambda pair: (-pair[0], -pair[1].id))


def _overlap(a: str, b: str) -> float:
    """Jaccard overlap of the two texts' content words."""
    words_a, words_b = _words(a), _words(b)
    if not words_a or not words_b:
        return 0.0
    return len(words_a & words_b) / len(words_a | words_b)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _FILLER}


async def newer_versions(deps: ToolDeps, node_id: int) -> list[int]:
    """Ids of the nodes that superseded `node_id`, newest first."""
    edges = await deps.storage.graph.edges_of([node_id], types=["supersedes"])
    return sorted((e.src_id for e in edges if e.dst_id == node_id), reverse=True)


async def supersedes_chain(deps: ToolDeps, node_id: int, *, newer: bool) -> list[int]:
    """Ids along the supersedes edges from `node_id`, nearest first (bounded)."""
    seen, frontier = {node_id}, [node_id]
    out: list[int] = []
    while frontier and len(out) < 20:
        edges = await deps.storage.graph.edges_of(frontier, types=["supersedes"])
        step = [
            (e.src_id if newer else e.dst_id)
            for e in edges
            if (e.dst_id if newer else e.src_id) in frontier
        ]
        frontier = sorted({i for i in step if i not in seen}, reverse=True)
        seen.update(frontier)
        out.extend(frontier)
    return out[:20]


# -- writing -------------------------------------------------------------------


async def embed_one(deps: ToolDeps, text: str) -> list[float] | None:
    if deps.embedder is None:
        return None
    return await deps.embedder.embed(text)


async def find_duplicate(
    deps: ToolDeps,
    text: str,
    vector: list[float] | None,
    *,
    exclude: Collection[int] = (),
) -> Node | None:
    """A valid fact saying the same: same normalized text, or cosine ≥ threshold."""
    key = normalize_fact(text)
    candidates = [n for n in await fact_candidates(deps, text) if n.id not in exclude]
    for node in sorted(candidates, key=lambda n: -n.id):
        if normalize_fact(node.content) == key:
            return node
    if vector is None:
        return None
    threshold = deps.config.dedup_similarity_threshold
    # The search candidates are compared directly (the vector index may be
    # crowded with episodes); the index then catches facts the search missed.
    stored = await deps.storage.index.node_embeddings([n.id for n in candidates])
    for node in candidates:
        if node.id in stored and cosine(vector, stored[node.id]) >= threshold:
            return node
    near = await deps.storage.index.knn_search(vector, limit=20)
    close = [
        i for i, distance in near if 1.0 - distance >= threshold and i not in exclude
    ]
    nodes = await deps.storage.nodes.get_nodes(close)
    for node_id in close:
        near_node = nodes.get(node_id)
        if near_node is not None and near_node.type in FACT_TYPES:
            return near_node
    return None


def fact_draft(
    deps: ToolDeps,
    text: str,
    *,
    type: NodeType,
    confidence: float,
    expires_at: float | None = None,
) -> NodeDraft:
    """A fact from the orchestrator (or the CLI's user), as it is stored."""
    return NodeDraft(
        type=type,
        content=text,
        confidence=confidence,
        decay_rate=deps.config.decay_rate_default,
        source_type="tool",
        source_role=deps.author,
        expires_at=expires_at,
    )


async def index_fact(
    deps: ToolDeps, node_id: int, text: str, vector: list[float] | None
) -> list[Entity]:
    """Save a stored fact's vector and link the entities its text names."""
    if vector is not None:
        await deps.storage.index.save_embeddings([(node_id, vector)])
    return await deps.linker.link_text(node_id, text) if deps.linker else []


async def store_fact(
    deps: ToolDeps,
    text: str,
    *,
    type: NodeType,
    confidence: float,
    vector: list[float] | None,
    expires_at: float | None = None,
) -> tuple[int, list[Entity]]:
    """Write a fact from the orchestrator, its vector and entity links."""
    draft = fact_draft(
        deps, text, type=type, confidence=confidence, expires_at=expires_at
    )
    node_id = await deps.storage.nodes.add_node(draft)
    return node_id, await index_fact(deps, node_id, text, vector)


async def remember(
    deps: ToolDeps, fact: str, confidence: float, *, expires_at: float | None = None
) -> FactChange:
    fact = deps.config.redactor()(fact)
    async with deps.write_lock:
        vector = await embed_one(deps, fact)
        existing = await find_duplicate(deps, fact, vector)
        if existing is not None:
            await deps.storage.nodes.record_access([existing.id])
            return await _restated(deps, existing, expires_at)
        node_id, entities = await store_fact(
            deps,
            fact,
            type="semantic",
            confidence=confidence,
            vector=vector,
            expires_at=expires_at,
        )
    return FactChange(
        status="stored",
        id=show_id(node_id),
        content=clip(fact),
        entities=entity_names(entities) or None,
        expires=None if expires_at is None else show_date(expires_at, with_time=True),
    )


def carried_over(
    deps: ToolDeps, entities: Sequence[Entity], old_fact: str, new_fact: str
) -> list[Entity]:
    """The old fact's entities the corrected one is still about.

    All of them, unless the new text brings a name of its own: "He prefers
    tennis now" is still about Vitya. When it does, the people stay and so
    does whatever the new text still names: "Lena lives in Vienna" corrected
    to "Lena lives in Linz" is no longer about Vienna (the old version keeps
    that link, for history). New names are the entity extractor's.
    """
    linker = deps.linker
    if linker is None or not linker.names_in(new_fact) - linker.names_in(old_fact):
        return list(entities)
    text = fold(new_fact)

    def named(entity: Entity) -> bool:
        return any(
            re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", text)
            for name in (entity.name, *entity.aliases)
        )

    return [e for e in entities if e.type == "person" or named(e)]


async def correct(deps: ToolDeps, old_fact: str, new_fact: str) -> FactChange | Problem:
    new_fact = deps.config.redactor()(new_fact)
    async with deps.write_lock:
        old = await resolve_fact(deps, old_fact)
        if isinstance(old, Problem):
            return old
        if normalize_fact(old.content) == normalize_fact(new_fact):
            return Problem(
                error=f"new_fact says the same as {show_id(old.id)}; nothing to "
                "correct. Use confirm_fact to protect it from fading."
            )
        vector = await embed_one(deps, new_fact)
        duplicate = await find_duplicate(deps, new_fact, vector, exclude={old.id})
        linked = await deps.storage.entities.entities_of_nodes([old.id])
        kept = carried_over(deps, linked.get(old.id, []), old.content, new_fact)
        new: NodeDraft | int
        if duplicate is not None:
            new = duplicate.id
            await deps.storage.nodes.record_access([duplicate.id])
        else:
            new = fact_draft(deps, new_fact, type=old.type, confidence=1.0)
        # One transaction: the new fact, the supersedes edge, the old one's
        # entity links carried over, the old one soft-deleted.
        new_id = await deps.storage.graph.supersede(
            old.id, new, "correct_fact", entity_ids=[e.id for e in kept]
        )
        entities: list[Entity] = []
        if duplicate is None:
            entities = await index_fact(deps, new_id, new_fact, vector)
    names = list(dict.fromkeys([*entity_names(entities), *entity_names(kept)]))
    return FactChange(
        status="corrected",
        id=show_id(new_id),
        content=clip(duplicate.content if duplicate else new_fact),
        replaces=fact_item(old),
        entities=names or None,
        note="The new text matched an existing fact, which now replaces the old one."
        if duplicate
        else None,
    )


async def confirm(deps: ToolDeps, fact_id: str) -> FactChange | Problem:
    async with deps.write_lock:
        node = await resolve_fact(deps, fact_id)
        if isinstance(node, Problem):
            return node
        await deps.storage.nodes.update_node(
            node.id, decay_rate=0.0, confidence=1.0, base_confidence=1.0
        )
    return _changed(
        "confirmed", node, "Confidence set to 1.0; this fact no longer fades."
    )


async def forget(
    deps: ToolDeps, fact: str, *, dry_run: bool = False
) -> FactChange | Problem:
    """Forget one fact (or turn); `dry_run` names what would go, changes nothing."""
    async with deps.write_lock:
        node = await resolve_fact(deps, fact, allow_episodes=True)
        if isinstance(node, Problem):
            return node
        if dry_run:
            return _changed("would_forget", node, "Nothing was changed (dry run).")
        await deps.storage.nodes.soft_delete([node.id])
        # never searched again: no cache of read texts keeps its words
        forget_cached_texts()
    return _changed(
        "forgotten", node, "It will not be searched or shown again (history is kept)."
    )


async def _restated(deps: ToolDeps, node: Node, expires_at: float | None) -> FactChange:
    """A fact said again: reinforced; a new expiry given with it replaces the
    old one (the latest word wins) and the answer says when it expires now."""
    note = "A fact saying this is already stored; it was reinforced."
    if expires_at is not None and expires_at != node.expires_at:
        was = expiry(node) or "never"
        await deps.storage.nodes.update_node(node.id, expires_at=expires_at)
        node = dataclasses.replace(node, expires_at=expires_at)
        note += f" Its expiry was changed (it was: {was})."
    change = _changed("already_exists", node, note)
    return change.model_copy(update={"expires": expiry(node)})


def _changed(status: str, node: Node, note: str) -> FactChange:
    """The outcome of a change that touched one existing node."""
    return FactChange(
        status=status, id=show_id(node.id), content=fact_item(node).content, note=note
    )
