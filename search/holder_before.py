"""Who held the user's relation before a named later holder.

"Who was my boss before Rinat?", «Кто был моим начальником до Прии?», "Who
was my doctor before Keti?" name the new holder, and a question of names
alone is answered from the people (search/people.py); but the one named
is no answer here, the one before them is. That one is, in order of trust:
the one filed as the former holder ("my former boss", writepath/relations.py
files it when a newer one takes the relation); else the one named, and
known before, in the new holder's first turn that tells the change ("My new
supervisor is Dr. Ortiz, she took over Weber's students"); else another one
filed as
the holder (the family doctor left behind for a new one seldom is filed
former: core/relations.py PROVIDERS); else the person most named in the
user's turns saying the relation from before the named one's first turn
(«Заведующий нашей аптекой, Ави»: never filed at all). Their telling turns
then answer, the turn of change naming both among them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..core.records import Entity, NodeWindow, name_key
from ..core.relations import relation_aliases, said_in_two, same_qualified
from ..store.interface import Store
from .analysis import AnalysedQuery
from .asked_relation import asked_relations
from .morphology import stem
from .names_asked import is_person, words_of
from .query_text import fts_match
from .standing import later_state, stance
from .stem_sets import text_stems
from .windowed import USER_ROLE

SCAN = 300  # the later holder's newest links read to find their first one
TOLD_BEFORE = 40  # turns saying the relation read from before it
INTRODUCING = 3  # the later holders' first turns read for the one replaced
# The change of holder as the turn that brings the later one in tells it:
# "my new boss", "took over", "replaced", "instead of", «новый», «вместо».
_TAKES_OVER = re.compile(
    r"\b(?:new|took over|takes over|taking over|replac\w+|instead of)\b"
    r"|(?<!\w)(?:нов\w+|вместо|смени\w*|замени\w*)(?!\w)",
    re.I,
)


def later_holders(query: AnalysedQuery, people: Sequence[Entity]) -> list[Entity]:
    """Those of `people` a question about the past of the user's relation
    names as its later holder ("before Rinat"); [] for any other question."""
    if stance(query.text) != "past" or not asked_relations(query):
        return []
    later = later_state(query.text)
    if not later:
        return []
    return [e for e in people if is_person(e) and _stems(e) & later]


def _stems(entity: Entity) -> set[str]:
    return {stem(word) for word in words_of(entity)}


async def holders_before(
    storage: Store, query: AnalysedQuery, later: Sequence[Entity]
) -> list[Entity]:
    """The holder(s) of the asked relation before the `later` ones; [] when
    none is known (the question is then left to the search)."""
    relations = asked_relations(query)
    theirs = {e.id for e in later}
    found = [e for e in await _filed_former(storage, relations) if e.id not in theirs]
    found = found or await _named_at_change(storage, relations, later)
    if found:
        return found
    found = [e for e in await filed_holders(storage, relations) if e.id not in theirs]
    return found or await _told_before(storage, relations, later)


async def _named_at_change(
    storage: Store, relations: frozenset[str], later: Sequence[Entity]
) -> list[Entity]:
    """The people named beside the later holders in the first of their
    user's turns that says the relation and its change ("My new supervisor
    is Dr. Ortiz, she took over Weber's students"): the one replaced. Before
    the people filed as holders: one filed by a word of the same group for
    another place of the user's life (the café's manager, asked "my
    supervisor" of a thesis) is no one the later holder replaced."""
    linked = await storage.entities.entity_node_ids(
        [e.id for e in later], limit=SCAN, types=("episodic",)
    )
    first = sorted(node_id for node_id, _ in linked)[:INTRODUCING]
    nodes = await storage.nodes.get_nodes(first)
    said = {stem(word) for word in relations}
    telling = [
        node.id
        for node in sorted(nodes.values(), key=lambda node: node.when)
        if node.source_role == USER_ROLE
        and _TAKES_OVER.search(node.content)
        and not said.isdisjoint(text_stems(node.content))
    ]
    if not telling:
        return []
    theirs = {e.id for e in later}
    entities = await storage.entities.entities_of_nodes(telling[:1])
    named = [e for e in entities.get(telling[0], []) if is_person(e)]
    # the one replaced was in the user's life before: a name first said
    # there is the new holder's own other spelling («Кетеван Ломидзе (Кети)»)
    return [
        e
        for e in named
        if e.id not in theirs and await _named_before(storage, e, telling[0])
    ]


async def _named_before(storage: Store, entity: Entity, node_id: int) -> bool:
    """The entity is linked to a turn older than `node_id`."""
    linked = await storage.entities.entity_node_ids(
        [entity.id], limit=SCAN, types=("episodic",)
    )
    return any(found < node_id for found, _ in linked)


async def _filed_former(storage: Store, relations: frozenset[str]) -> list[Entity]:
    """The people filed as a former holder of one of `relations`."""
    keys = [
        name_key(alias)
        for word in sorted(relations)
        for former in same_qualified("former", word)
        for alias in relation_aliases(former)
    ]
    return await storage.entities.entities_by_keys(keys)


async def filed_holders(storage: Store, relations: frozenset[str]) -> list[Entity]:
    """The people filed as holding one of `relations` ("my family doctor")."""
    said = [*sorted(relations), *(t for r in sorted(relations) for t in said_in_two(r))]
    keys = [name_key(alias) for word in said for alias in relation_aliases(word)]
    return [e for e in await storage.entities.entities_by_keys(keys) if is_person(e)]


async def _told_before(
    storage: Store, relations: frozenset[str], later: Sequence[Entity]
) -> list[Entity]:
    """The person most named in the user's turns saying the relation from
    before the later holders' first turn."""
    first = await _first_turn(storage, later)
    match = fts_match(sorted(relations))
    if first is None or match is None:
        return []
    window = NodeWindow(before=first, role=USER_ROLE)
    ranked = await storage.index.fts_search(
        match, limit=TOLD_BEFORE, types=("episodic",), window=window
    )
    linked = await storage.entities.entities_of_nodes([i for i, _ in ranked])
    theirs = {e.id for e in later}
    counts: Counter[int] = Counter()
    people: dict[int, Entity] = {}
    for entities in linked.values():
        for entity in entities:
            if entity.type == "person" and entity.id not in theirs:
                counts[entity.id] += 1
                people[entity.id] = entity
    return [people[i] for i, _ in counts.most_common(1)]


async def _first_turn(storage: Store, later: Sequence[Entity]) -> float | None:
    """When the later holders are first named (of their SCAN newest links)."""
    newest = await storage.entities.entity_node_ids(
        [e.id for e in later], limit=SCAN, types=("episodic",)
    )
    if not newest:
        return None
    oldest = min(node_id for node_id, _ in newest)
    nodes = await storage.nodes.get_nodes([oldest])
    return nodes[oldest].when if oldest in nodes else None
