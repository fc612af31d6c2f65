"""The memory inspector: the memory as one self-contained HTML page.

People read a graph faster than a table when they ask "who does it know, where
did this fact come from, what replaced what". `collect` reads a bounded slice of
the memory through the store's public parts (nodes, graph, entities) and
`render_html` writes it into one file with the vendored cytoscape.js inlined,
so the page needs no network and can be mailed or archived as it is.

Bounded: of the newest `pool` nodes that pass the filters, the `limit` most
connected (edges plus entity links) are shown, with the entities they mention.
Forgotten nodes stay hidden; superseded ones are kept so that "what replaced
what" chains stay visible.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..core.errors import InputError
from ..core.records import Edge, Entity, Node
from ..store.interface import Store
from .inspector_overview import clip, mentions, overview

# Ids per query: edges_of binds every id twice, far below SQLite's 32766.
CHUNK = 4000
# Nodes outside the view that a shown node's history or provenance points at
# are listed in the side panel with this much of their text.
REF_CHARS = 300
# What the timeline and side panel need from a node's label on the graph.
LABEL_CHARS = 48
HISTORY_EDGES = ("derived_from", "supersedes")
DATA_MARK = "/*__MEMORY_DATA__*/"
LIBRARY_MARK = "/*__CYTOSCAPE__*/"
SCRIPT_MARK = "/*__INSPECTOR_JS__*/"


@dataclass(frozen=True, slots=True)
class ViewFilters:
    """Which part of the memory the page shows."""

    limit: int = 300
    entity: str | None = None
    thread: str | None = None
    after: float | None = None
    before: float | None = None

    @property
    def pool(self) -> int:
        """How many newest matching nodes are ranked for the `limit` shown."""
        return max(self.limit * 20, 10_000)


async def collect(store: Store, filters: ViewFilters) -> dict[str, Any]:
    """The page's data: nodes, entities, edges and out-of-view references."""
    if filters.limit < 1:
        raise InputError("--limit must be at least 1")
    candidates = await _candidates(store, filters)
    edges = await _edges(store, [n.id for n in candidates])
    superseded = {e.dst_id for e in edges if e.type == "supersedes"}
    # Forgotten nodes stay hidden; superseded ones carry the history.
    candidates = [n for n in candidates if n.is_valid or n.id in superseded]
    links = await _entity_links(store, [n.id for n in candidates])
    shown = _most_connected(candidates, edges, links, filters.limit)
    shown_ids = {n.id for n in shown}
    entities = {e.id: e for n in shown for e in links.get(n.id, [])}
    history = _history(edges, shown_ids)
    outside = {i for h in history.values() for ids in h.values() for i in ids}
    refs = await store.nodes.get_nodes(sorted(outside - shown_ids), history=True)
    stats = await store.admin.stats()
    said = await mentions(store, list(entities.values()))
    return {
        "meta": {
            "generated_at": time.time(),
            "db": store.path.name,
            "memory_nodes": sum(stats.nodes_by_type.values()),
            "memory_entities": stats.entities,
            "shown": len(shown),
            "matched": len(candidates),
            "filters": {
                "limit": filters.limit,
                "entity": filters.entity,
                "thread": filters.thread,
                "after": filters.after,
                "before": filters.before,
            },
        },
        "nodes": [_node(n, links.get(n.id, []), history.get(n.id, {})) for n in shown],
        "entities": [_entity(e, said.get(e.id, [])) for e in entities.values()],
        "edges": [_edge(e) for e in edges if {e.src_id, e.dst_id} <= shown_ids]
        + [
            {"s": f"n{n.id}", "t": f"e{e.id}", "type": "mentions"}
            for n in shown
            for e in links.get(n.id, [])
        ],
        "refs": {f"n{n.id}": _ref(n) for n in refs.values()},
        "overview": await overview(store),
    }


# -- reading ----------------------------------------------------------------------


async def _candidates(store: Store, filters: ViewFilters) -> list[Node]:
    """The newest `pool` nodes (with history) that pass the filters."""
    if filters.entity is None:
        return await store.nodes.list_nodes(
            after=filters.after,
            before=filters.before,
            session_id=filters.thread,
            limit=filters.pool,
            history=True,
        )
    entity = await _find_entity(store, filters.entity)
    nodes = await store.entities.nodes_of_entity(
        entity.id, limit=filters.pool, history=True
    )
    return [n for n in nodes if _passes(n, filters)]


async def _find_entity(store: Store, name: str) -> Entity:
    found = await store.entities.find_entity(name)
    if found is not None:
        return found
    similar = await store.entities.entities_named_like(name, limit=5)
    if len(similar) == 1:
        return similar[0]
    hint = f"; did you mean: {', '.join(e.name for e in similar)}" if similar else ""
    raise InputError(f"--entity {name}: no such entity in the memory{hint}")


def _passes(node: Node, filters: ViewFilters) -> bool:
    if filters.thread is not None and node.session_id != filters.thread:
        return False
    if filters.after is not None and node.when < filters.after:
        return False
    return filters.before is None or node.when < filters.before


async def _edges(store: Store, node_ids: Sequence[int]) -> list[Edge]:
    """Every edge (with history) touching the nodes, each once."""
    found: dict[int, Edge] = {}
    for chunk in _chunks(node_ids):
        for edge in await store.graph.edges_of(chunk, history=True):
            found[edge.id] = edge
    return list(found.values())


async def _entity_links(
    store: Store, node_ids: Sequence[int]
) -> dict[int, list[Entity]]:
    links: dict[int, list[Entity]] = {}
    for chunk in _chunks(node_ids):
        links.update(await store.entities.entities_of_nodes(chunk))
    return links


def _chunks(ids: Sequence[int]) -> list[list[int]]:
    items = list(ids)
    return [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]


# -- choosing and shaping ---------------------------------------------------------


def _most_connected(
    nodes: list[Node],
    edges: list[Edge],
    links: dict[int, list[Entity]],
    limit: int,
) -> list[Node]:
    """The `limit` nodes with the most edges and entity links (newest on ties)."""
    present = {n.id for n in nodes}
    degree: Counter[int] = Counter()
    for edge in edges:
        for end in (edge.src_id, edge.dst_id):
            if end in present:
                degree[end] += 1
    ranked = sorted(
        nodes, key=lambda n: (degree[n.id] + len(links.get(n.id, [])), n.id)
    )
    return ranked[::-1][:limit]


def _history(edges: list[Edge], shown: set[int]) -> dict[int, dict[str, list[int]]]:
    """Per shown node: what it came from / gave rise to, replaced / was replaced by."""
    names = {
        "derived_from": ("sources", "derived"),
        "supersedes": ("supersedes", "superseded_by"),
    }
    out: dict[int, dict[str, list[int]]] = {}
    for edge in edges:
        if edge.type not in HISTORY_EDGES:
            continue
        forward, backward = names[edge.type]
        if edge.src_id in shown:
            out.setdefault(edge.src_id, {}).setdefault(forward, []).append(edge.dst_id)
        if edge.dst_id in shown:
            out.setdefault(edge.dst_id, {}).setdefault(backward, []).append(edge.src_id)
    return out


def _node(
    node: Node, entities: list[Entity], history: dict[str, list[int]]
) -> dict[str, Any]:
    return {
        "id": f"n{node.id}",
        "kind": node.type,
        "label": clip(node.content, LABEL_CHARS),
        "text": node.content,
        "confidence": round(node.confidence, 3),
        "base_confidence": round(node.base_confidence, 3),
        "when": node.when,
        "created_at": node.created_at,
        "valid_from": node.valid_from,
        "valid_until": node.valid_until,
        "expires_at": node.expires_at,
        "thread": node.session_id,
        "role": node.source_role,
        "source": node.source_type,
        "accessed": node.access_count,
        "attributes": node.attributes,
        "entities": [f"e{e.id}" for e in entities],
        "history": {key: [f"n{i}" for i in ids] for key, ids in history.items()},
    }


def _entity(entity: Entity, said: list[str]) -> dict[str, Any]:
    return {
        "id": f"e{entity.id}",
        "kind": "entity",
        "label": entity.name,
        "entity_type": entity.type,
        "aliases": list(entity.aliases),
        "summary": entity.summary,
        "said": said,
        "attributes": dict(entity.attributes),
        "mentions": entity.mention_count,
        "created_at": entity.created_at,
        "updated_at": entity.updated_at,
    }


def _edge(edge: Edge) -> dict[str, Any]:
    return {
        "s": f"n{edge.src_id}",
        "t": f"n{edge.dst_id}",
        "type": edge.type,
        "predicate": edge.predicate,
        "evidence": edge.evidence,
        "valid": edge.valid_until is None,
    }


def _ref(node: Node) -> dict[str, Any]:
    return {
        "kind": node.type,
        "text": clip(node.content, REF_CHARS),
        "when": node.when,
        "valid_until": node.valid_until,
    }


# -- the page ---------------------------------------------------------------------


def render_html(data: dict[str, Any]) -> str:
    """One HTML page holding the data and the graph library; no external loads."""
    assets = resources.files(__package__).joinpath("assets")
    template = assets.joinpath("inspector.html").read_text("utf-8")
    library = assets.joinpath("cytoscape.min.js").read_text("utf-8")
    script = assets.joinpath("inspector.js").read_text("utf-8")
    # Markers are replaced once each, data last, so neither the scripts nor a
    # memory's text can smuggle in a marker of its own.
    page = template.replace(SCRIPT_MARK, _script_safe(script), 1)
    page = page.replace(LIBRARY_MARK, _script_safe(library), 1)
    return page.replace(DATA_MARK, embed_json(data), 1)


def embed_json(data: Any) -> str:
    """JSON safe inside a <script> element: no `<`, `>` or `&` can close it or
    open a comment; the escapes are still the same JSON for JSON.parse."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escape)
    # U+2028/2029 are fine in JSON but end a line in older JS parsers.
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _script_safe(code: str) -> str:
    # The minified library never contains "</script"; guard anyway so a future
    # upgrade cannot end the element early.
    return code.replace("</script", "<\\/script")
