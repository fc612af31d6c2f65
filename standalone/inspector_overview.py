"""What the inspector page shows first: who and what the memory knows.

The graph is a way in; a person first wants the people (with their relation,
other names and how often they come up) and the facts (with the versions they
replaced and when they expire). This reads that list, bounded, through the
store's public parts; inspector.py puts it into the page's data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.records import Entity, Node
from ..store.interface import Store

PEOPLE_TYPES = ("person", "pet")
MAX_PEOPLE = 200
MAX_FACTS = 300
# How many of an entity's newest memories stand in for a summary it lacks.
MENTIONS_SHOWN = 3
MENTION_CHARS = 160
# Corrections of corrections are rare; a chain longer than this is cut.
MAX_VERSIONS = 8


async def overview(store: Store) -> dict[str, Any]:
    """People (person and pet entities) and current facts with their history."""
    entities = await store.entities.list_entities(limit=MAX_PEOPLE * 5)
    people = [e for e in entities if e.type in PEOPLE_TYPES][:MAX_PEOPLE]
    said = await mentions(store, people)
    facts = await store.nodes.list_nodes(types=("semantic",), limit=MAX_FACTS)
    older = await _older_versions(store, [f.id for f in facts])
    return {
        "people": [_person(p, said.get(p.id, [])) for p in people],
        "facts": [_fact(f, older.get(f.id, [])) for f in facts],
        "facts_cap": MAX_FACTS,
    }


async def mentions(store: Store, entities: Sequence[Entity]) -> dict[int, list[str]]:
    """Per entity, the text of its newest memories (what stands in for a summary)."""
    linked = await store.entities.newest_linked(
        [e.id for e in entities], limit=MENTIONS_SHOWN
    )
    ids = sorted({i for found in linked.values() for i in found})
    nodes = await store.nodes.get_nodes(ids) if ids else {}
    return {
        entity: [clip(nodes[i].content, MENTION_CHARS) for i in found if i in nodes]
        for entity, found in linked.items()
    }


async def _older_versions(store: Store, fact_ids: list[int]) -> dict[int, list[Node]]:
    """Per fact, the versions it replaced (newest first), followed down the chain."""
    chains: dict[int, list[int]] = {}
    frontier = {i: i for i in fact_ids}  # node on a chain -> the current fact
    for _ in range(MAX_VERSIONS):
        if not frontier:
            break
        edges = await store.graph.edges_of(list(frontier), history=True)
        step: dict[int, int] = {}
        for edge in edges:
            if edge.type == "supersedes" and edge.src_id in frontier:
                head = frontier[edge.src_id]
                chains.setdefault(head, []).append(edge.dst_id)
                step[edge.dst_id] = head
        frontier = step
    wanted = sorted({i for chain in chains.values() for i in chain})
    nodes = await store.nodes.get_nodes(wanted, history=True) if wanted else {}
    return {
        head: [nodes[i] for i in chain if i in nodes] for head, chain in chains.items()
    }


def _person(entity: Entity, said: list[str]) -> dict[str, Any]:
    relation = entity.attributes.get("relation")
    return {
        "id": f"e{entity.id}",
        "name": entity.name,
        "type": entity.type,
        "relation": str(relation) if relation else None,
        "aliases": list(entity.aliases),
        "mentions": entity.mention_count,
        "summary": entity.summary,
        "said": said,
    }


def _fact(node: Node, older: list[Node]) -> dict[str, Any]:
    return {
        "id": f"n{node.id}",
        "text": node.content,
        "confidence": round(node.confidence, 3),
        "when": node.when,
        "expires_at": node.expires_at,
        "versions": [
            {"id": f"n{o.id}", "text": o.content, "until": o.valid_until} for o in older
        ],
    }


def clip(text: str, limit: int) -> str:
    """One line of at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
