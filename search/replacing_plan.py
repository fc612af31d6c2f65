"""The plan that took the asked one's place, for "Am I still going to X?".

A plan called off is often replaced in a turn of its own: "Misha can't get
time off, so we cancelled the Lisbon trip", then «Вместо Лиссабона поедем
с Мишей в Эдинбург». The end turn names no new plan; the replacing turn
leaves the asked one behind ("instead of Lisbon", «вместо Лиссабона»,
search/left_behind.py) and names the new one by its place or its firm. The
turns that name that entity after the end ("Booked the train to Edinburgh")
are the plan as it stands, though they share no word with the question.
People are named in both plans (the same company goes), so they are no
new plan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .cross_script import loose_key, same_key
from .left_behind import old_states
from .stem_sets import text_stems
from .windowed import USER_ROLE, unseen_hits

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# The turns read by the new plan's entities (newest first among equals).
PLAN_TURNS = 20


def replaces_thing(text: str, thing: frozenset[str]) -> bool:
    """The text leaves the asked thing behind: "instead of Lisbon",
    «вместо Лиссабона», in either script (a name is written in both:
    "Lisbon" asked, «Лиссабона» left)."""
    keys = [loose_key(key) for key in thing]
    return any(
        same_key(loose_key(word), key)
        for old in old_states(text)
        for word in _WORD.findall(old)
        for key in keys
    )


def new_plan_entities(hit: SearchHit, thing: frozenset[str]) -> list[int]:
    """Ids of the entities a replacing turn names that are neither the asked
    thing, nor what it leaves behind (the thing in the other script), nor a
    person: the new plan's place or firm."""
    left = thing.union(*(text_stems(old) for old in old_states(hit.node.content)))
    return [
        e.id
        for e in hit.entities
        if e.type != "person" and text_stems(e.name).isdisjoint(left)
    ]


async def replacing_plan_turns(
    storage: Store,
    hits: Sequence[SearchHit],
    end: SearchHit,
    thing: frozenset[str],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """The user's `hits` since the `end` that replace the thing and the
    user's turns after them naming the new plan, oldest first (none when
    none replaces it)."""
    replacing = [
        h
        for h in hits
        if h.node.source_role == USER_ROLE
        and h.node.when >= end.node.when
        and replaces_thing(h.node.content, thing)
    ]
    entity_ids = [i for hit in replacing for i in new_plan_entities(hit, thing)]
    if not entity_ids:
        return []
    since = min(hit.node.when for hit in replacing)
    found = await storage.entities.entity_node_ids(
        entity_ids, limit=PLAN_TURNS, types=("episodic",), window=window
    )
    read = await unseen_hits(storage, replacing, [node_id for node_id, _ in found])
    later = [h for h in read if h.node.source_role == USER_ROLE and h.node.when > since]
    order = sorted([*replacing, *later], key=lambda hit: (hit.node.when, hit.node.id))
    return list({hit.node.id: hit for hit in order}.values())
