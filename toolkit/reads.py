"""What the reading tools do: search, entity info, stats, provenance, weak facts,
timeline. Each is a few storage/retrieval calls shaped into a bounded result
(tool_models.py); arguments arrive already validated by tools.py.
"""

from __future__ import annotations

from .. import decay
from ..core.records import MAINTENANCE_STEPS, Entity, Node, NodeType
from ..core.text import plural
from ..retrieval import SearchFilters
from ..search.spellings import other_script_spellings
from .changes import (
    FACT_TYPES,
    ToolDeps,
    newer_versions,
    resolve_any,
    resolve_fact,
    supersedes_chain,
)
from .models import (
    EntityInfo,
    Explanation,
    FactItem,
    Problem,
    SearchResult,
    StatsResult,
    TimelineResult,
    WeakFact,
    WeakFactsResult,
    clip,
    fact_item,
    parse_id,
    show_date,
    show_id,
    show_size,
)

ENTITY_FACTS = 10
# A person and a pet are one kind of being: "Pepper" may be filed as either.
_KINDS = {"person": "being", "pet": "being"}
ENTITY_EPISODES = 10
TIMELINE_CHARS = 200
SOURCE_EPISODES = 10


async def search(
    deps: ToolDeps,
    query: str,
    *,
    types: tuple[NodeType, ...],
    entity_name: str | None,
    after: float | None,
    before: float | None,
    limit: int,
    reinforce: bool = True,
    now: float | None = None,
) -> SearchResult | Problem:
    """Hits best first; `reinforce=False` looks without strengthening (people
    browsing their memory must not change what it keeps)."""
    if entity_name:
        known = await known_entity(deps, entity_name)
        if isinstance(known, Problem):
            return known
    filters = SearchFilters(
        limit=limit,
        types=types,
        entity_name=entity_name,
        after=after,
        before=before,
        now=now,
    )
    hits = await deps.retriever.search(query, filters, reinforce=reinforce)
    results = [fact_item(hit.node, hit.entities) for hit in hits]
    note = None
    if not results:
        note = "Nothing found. Try other words, or fewer filters."
    return SearchResult(count=len(results), results=results, note=note)


async def known_entity(deps: ToolDeps, name: str) -> Entity | Problem:
    """The entity called `name` (or an alias), or a Problem naming close ones."""
    entity = await deps.storage.entities.find_entity(name)
    if entity is not None:
        return entity
    similar = await deps.storage.entities.entities_named_like(name, limit=5)
    hint = (
        " Known names that contain it: " + ", ".join(e.name for e in similar) + "."
        if similar
        else " Use search_memory with the name as the query instead."
    )
    return Problem(error=f"No entity called {name[:80]!r} is known.{hint}")


async def entity_info(deps: ToolDeps, name: str) -> EntityInfo | Problem:
    entity = await known_entity(deps, name)
    if isinstance(entity, Problem):
        return entity
    if entity.mention_count == 0:  # every memory naming it was forgotten
        return Problem(error=f"No entity called {name[:80]!r} is known.")
    spelled = await _other_script_twins(deps, entity)
    ids = [entity.id, *(twin.id for twin in spelled)]
    facts = await _newest_of(deps, ids, FACT_TYPES, ENTITY_FACTS)
    episodes = await _newest_of(deps, ids, ("episodic",), ENTITY_EPISODES)
    aliases = [*entity.aliases, *(twin.name for twin in spelled)]
    return EntityInfo(
        name=entity.name,
        type=entity.type,
        aliases=[clip(a, 80) for a in aliases[:10]],
        summary=clip(entity.summary, 600) if entity.summary else None,
        mentions=entity.mention_count,
        facts=[fact_item(node) for node in facts],
        timeline=[_timeline_item(node) for node in episodes],
    )


async def _other_script_twins(deps: ToolDeps, entity: Entity) -> list[Entity]:
    """The same one-word name filed from the turns of the other script
    ("Лена" for "Lena", "Пеппер" for "Pepper"): a bilingual user's one person,
    kept as two entities (search/spellings.py), shown as one."""
    spellings = other_script_spellings(entity.name)
    if not spellings:
        return []
    kind = _KINDS.get(entity.type, entity.type)
    return [
        other
        for other in await deps.storage.entities.entities_by_keys(spellings)
        if other.id != entity.id
        and other.mention_count > 0
        and _KINDS.get(other.type, other.type) == kind
    ]


async def _newest_of(
    deps: ToolDeps, ids: list[int], types: tuple[NodeType, ...], limit: int
) -> list[Node]:
    """The newest `limit` nodes of these entities together."""
    nodes: list[Node] = []
    for entity_id in ids:
        nodes += await deps.storage.entities.nodes_of_entity(
            entity_id, types=types, limit=limit
        )
    return nodes if len(ids) == 1 else _newest_first(nodes)[:limit]


def _newest_first(nodes: list[Node]) -> list[Node]:
    """Each node once (a turn may name both spellings), the newest first."""
    once = {node.id: node for node in nodes}
    return sorted(once.values(), key=lambda node: -node.when)


async def stats(deps: ToolDeps) -> StatsResult:
    found = await deps.storage.admin.stats()
    runs = {step: "never" for step in MAINTENANCE_STEPS}
    for step, run in found.maintenance.items():
        when = show_date(run.finished_at, with_time=True)
        skipped = run.counts.get("skipped_no_model")
        if run.error:
            runs[step] = f"{when} (failed: {clip(run.error, 120)})"
        elif skipped:
            runs[step] = f"{when} (skipped: no model configured; {skipped} waiting)"
        else:
            runs[step] = when
        if run.counts.get("rejected"):  # writepath/grounding.py, by reason
            reasons = sorted(
                (k.removeprefix("rejected_"), v)
                for k, v in run.counts.items()
                if k.startswith("rejected_")
            )
            listed = ", ".join(f"{k} {v}" for k, v in reasons)
            runs[step] += f"; not grounded, not stored: {listed}"
    return StatsResult(
        nodes_by_type=found.nodes_by_type,
        total_nodes=sum(found.nodes_by_type.values()),
        edges_by_type=found.edges_by_type,
        entities=found.entities,
        orphan_nodes=found.orphan_nodes,
        forgotten_or_superseded=found.soft_deleted_nodes,
        embedded_nodes=found.embedded_nodes,
        database_size=show_size(found.db_size_bytes),
        unconsolidated_threads=found.unconsolidated_threads,
        last_runs=runs,
    )


async def explain(deps: ToolDeps, reference: str) -> Explanation | Problem:
    """Provenance of the node `reference` means: an id (valid or retired) or a
    fact's text (valid facts and episodes)."""
    node_id = parse_id(reference)
    if node_id is None:
        found = await resolve_fact(deps, reference, allow_episodes=True)
    else:
        found = await resolve_any(deps, node_id)
    if isinstance(found, Problem):
        return found
    return await explain_node(deps, found)


async def explain_node(deps: ToolDeps, node: Node) -> Explanation:
    """Provenance of any node, valid or not (history is read)."""
    storage = deps.storage
    derived = await storage.graph.edges_of([node.id], types=["derived_from"])
    source_ids = [e.dst_id if e.src_id == node.id else e.src_id for e in derived]
    older = await supersedes_chain(deps, node.id, newer=False)
    newer = await supersedes_chain(deps, node.id, newer=True)
    nodes = await storage.nodes.get_nodes([*source_ids, *older, *newer], history=True)
    entities = (await storage.entities.entities_of_nodes([node.id])).get(node.id, [])
    sources = sorted(
        (nodes[i] for i in source_ids if i in nodes), key=lambda n: (n.when, n.id)
    )
    return Explanation(
        fact=fact_item(node, with_time=True),
        status=await _status(deps, node),
        source=_source(node),
        decay_rate=node.decay_rate,
        source_episodes=[_timeline_item(n) for n in sources[:SOURCE_EPISODES]],
        replaces=[fact_item(nodes[i]) for i in older if i in nodes],
        replaced_by=[fact_item(nodes[i]) for i in newer if i in nodes],
        entities=[clip(e.name, 80) for e in entities[:20]],
    )


async def _status(deps: ToolDeps, node: Node) -> str:
    if node.is_valid:
        return "current"
    newer = await newer_versions(deps, node.id)
    if newer:
        return f"replaced by {show_id(newer[0])}"
    assert node.valid_until is not None
    return f"forgotten on {show_date(node.valid_until)}"


def _source(node: Node) -> str:
    parts = [node.source_type]
    if node.source_role:
        parts.append(f"from {node.source_role}")
    if node.session_id:
        parts.append(f"in thread {clip(node.session_id, 60)}")
    return " ".join(parts)


async def weak_facts(deps: ToolDeps, threshold: float, limit: int) -> WeakFactsResult:
    nodes = await deps.storage.nodes.weak_nodes(threshold, limit)
    edges = await deps.storage.graph.edges_of(
        [n.id for n in nodes], types=["supersedes"]
    )
    newer: dict[int, int] = {}
    for edge in edges:
        newer[edge.dst_id] = max(newer.get(edge.dst_id, 0), edge.src_id)
    now = deps.now()
    facts = [
        WeakFact(
            id=show_id(node.id),
            type=node.type,
            content=clip(node.content),
            confidence=round(node.confidence, 3),
            decay_rate=node.decay_rate,
            days_until_pruned=_days_left(node, deps.config.decay_threshold, now),
            superseded_by=show_id(newer[node.id]) if node.id in newer else None,
        )
        for node in nodes
    ]
    return WeakFactsResult(threshold=threshold, count=len(facts), facts=facts)


def _days_left(node: Node, prune_below: float, now: float) -> float | None:
    """Days until nightly decay takes the node below the pruning threshold."""
    total = decay.days_until_below(node.base_confidence, node.decay_rate, prune_below)
    if total is None:
        return None
    anchor = node.last_accessed if node.last_accessed is not None else node.created_at
    return round(max(total - decay.days_between(anchor, now), 0.0), 1)


async def timeline(
    deps: ToolDeps,
    entity_name: str,
    *,
    after: float | None,
    before: float | None,
    limit: int,
) -> TimelineResult | Problem:
    """The newest `limit` nodes in the window, shown oldest first."""
    shown_name = None
    if entity_name:
        entity = await known_entity(deps, entity_name)
        if isinstance(entity, Problem):
            return entity
        shown_name = entity.name
        twins = [entity, *await _other_script_twins(deps, entity)]
        nodes = []
        for twin in twins:
            nodes += await deps.storage.entities.entity_nodes_between(
                twin.id, after=after, before=before, limit=limit + 1
            )
        if len(twins) > 1:
            nodes = _newest_first(nodes)
    else:
        nodes = await deps.storage.nodes.list_nodes(
            after=after, before=before, newest_first=True, limit=limit + 1
        )
    more = len(nodes) > limit
    items = [_timeline_item(node) for node in reversed(nodes[:limit])]
    note = None
    if more:
        shown = "is" if limit == 1 else "are"
        note = (
            f"Only the newest {plural(limit, 'item')} {shown} shown;"
            " narrow the window with after/before."
        )
    elif not items:
        note = "Nothing in that window."
    return TimelineResult(entity=shown_name, count=len(items), items=items, note=note)


def _timeline_item(node: Node) -> FactItem:
    return fact_item(
        node, limit=TIMELINE_CHARS, with_time=True, role=node.source_role or None
    )
