"""The turns that speak of a person without their name, joined to them only
on evidence:

- their relation alone, for a relation one has once and keeps ("My mom
  lives in Kazan", search/own_relation.py);
- the description a turn gave them before the user knew their name: "Walked
  next to a man from the walking group …", then "The man from the walking
  group is called Geoff". The naming turn is the evidence: its description
  ("man from the walking group") joins the older turns that say it word for
  word; a description of fewer than three words ("the new guy") says too
  little to join.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ..core.records import Entity, Node
from ..store.interface import Store
from .own_relation import OWN_RELATION_TURNS, is_own_relative, own_phrases
from .plan import SearchFilters
from .query_text import fts_term
from .unnamed_before import add_unnamed_before, may_name

# "The man from the walking group is called Geoff", "that woman at the
# bakery, her name is Ana": the description, then the name it gets
_NAMED = re.compile(
    r"\b(?:[Tt]he|[Tt]hat|[Tt]his)\s+(?P<said>[a-z]+(?:\s+[a-z]+){2,6}?)\s*,?\s+"
    r"(?:(?:is|was)\s+called|(?:his|her)\s+name\s+is)\s+(?P<name>[A-Z][a-z]+)"
)
DESCRIBED_TURNS = 20  # newest turns with the description read per naming turn


async def add_by_relation(
    storage: Store,
    relations: frozenset[str],
    person: Entity,
    filters: SearchFilters,
    nodes: dict[int, Node],
    linked: dict[int, list[Entity]],
) -> None:
    """Add the newest nodes that speak of the person by their relation alone
    ("My mom lives in Kazan", search/own_relation.py), linked to `person`."""
    ids = await storage.index.fts_newest(
        own_phrases(relations), limit=OWN_RELATION_TURNS, types=filters.types
    )
    found = await storage.nodes.get_nodes([i for i in ids if i not in nodes])
    entities = await storage.entities.entities_of_nodes(list(found))
    for node_id, node in found.items():
        theirs = entities.get(node_id, [])
        if is_own_relative(node, theirs, relations):
            nodes[node_id] = node
            linked[node_id] = [*theirs, person]


def descriptions(text: str, names: Collection[str]) -> list[str]:
    """The descriptions `text` gives one of `names` (folded) as it names them:
    "The man from the walking group is called Geoff" -> ["man from the
    walking group"]."""
    found = []
    for match in _NAMED.finditer(text):
        if match.group("name").casefold() in names:
            found.append(" ".join(match.group("said").split()))
    return found


async def add_described(
    storage: Store,
    people: Collection[Entity],
    filters: SearchFilters,
    nodes: dict[int, Node],
    linked: dict[int, list[Entity]],
) -> set[int]:
    """Add the turns older than a naming turn among `nodes` that describe the
    person it names, linked to that person; their ids. Such a turn is where
    the person came into the user's life: it says who they are."""
    before = set(nodes)
    names_of = [
        (person, {n.casefold() for n in (person.name, *person.aliases)})
        for person in people
    ]
    for node in [n for n in nodes.values() if may_name(n.content)]:
        for person, names in names_of:
            for said in descriptions(node.content, names):
                await _add_said(storage, said, node, person, filters, nodes, linked)
            await add_unnamed_before(
                storage, node, names, person, filters.types, nodes, linked
            )
    return set(nodes) - before


async def _add_said(
    storage: Store,
    said: str,
    naming: Node,
    person: Entity,
    filters: SearchFilters,
    nodes: dict[int, Node],
    linked: dict[int, list[Entity]],
) -> None:
    ids = await storage.index.fts_newest(
        fts_term(said), limit=DESCRIBED_TURNS, types=filters.types
    )
    found = await storage.nodes.get_nodes([i for i in ids if i not in nodes])
    entities = await storage.entities.entities_of_nodes(list(found))
    for node_id, node in found.items():
        if node.when <= naming.when and said in " ".join(node.content.lower().split()):
            nodes[node_id] = node
            linked[node_id] = [*entities.get(node_id, []), person]
