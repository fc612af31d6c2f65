"""The place a relation is asked in: "our doctor in Haarlem", «друг в Монреале».

"Who's our doctor in Haarlem?" asks for a person by relation, and Haarlem
only says which of them. When the only things the question names are such
places (the doctor is filed as "доктор Окафор", no one as "our doctor"), the
answer is no place's own turns (every turn of the move names Haarlem) but a
search for the doctor there (search/people.py). Only for the people one goes
to where one lives (core/relations.py CHOSEN_BY_PLACE): «Кто мой друг в
Монреале?» is told by the town's turns (the friend lives there).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, name_key
from ..core.relations import CHOSEN_BY_PLACE
from .analysis import AnalysedQuery
from .asked_relation import asked_relations

# a name right after a word of place: "in Haarlem", "at Pebble", «в Харлеме»,
# «на Врачаре» (said in its own case)
_AT_PLACE = re.compile(r"(?<!\w)(?:in|at|в|во|на)\s+([A-ZА-ЯЁ][\w'’-]*)")
_WORD = re.compile(r"[\w'’-]+")


def place_names(text: str) -> frozenset[str]:
    """The names the text says after a word of place ("in Haarlem" → haarlem)."""
    return frozenset(m.group(1).casefold() for m in _AT_PLACE.finditer(text))


def service_in_place(query: AnalysedQuery, people: Sequence[Entity]) -> bool:
    """The query asks for one who serves the user, by the place they serve
    in ("our doctor in Haarlem"), and names `people` only as that place."""
    asked = asked_relations(query)
    return not asked.isdisjoint(CHOSEN_BY_PLACE) and only_places(
        query.text, query.names, people
    )


def only_places(text: str, names: Sequence[str], people: Sequence[Entity]) -> bool:
    """Each of `people` is named only as a place ("in Haarlem"): by none of
    the query's `names` (its n-grams) that leaves the place names out."""
    places = place_names(text)
    if not places or not people:
        return False
    elsewhere = {
        name_key(name)
        for name in names
        if places.isdisjoint(word.casefold() for word in _WORD.findall(name))
    }
    return not any(
        name_key(said) in elsewhere for e in people for said in (e.name, *e.aliases)
    )
