"""The things a user's turns name, grouped by a shared name word.

"Toyota Corolla", "the Corolla" and «Королла» are one thing: entities that
are no person, joined when one name's words lie within the other's (in
either script, by loose keys: search/cross_script.py). The category
questions (search/category_things.py, search/topic_things.py) count and
weigh turns by these groups.
"""

from __future__ import annotations

from ..core.records import Entity, SearchHit
from ..core.relations import PET_KINDS
from .analysis import AnalysedQuery
from .cross_script import loose_key, same_key
from .morphology import stem

MIN_WORD = 3  # a name's words shorter than this join nothing ("of", "Mr")


def name_keys(entity: Entity) -> set[str]:
    """Loose keys of the entity's name words: "Toyota Corolla", "Corolla"
    and «Королла» share "korol" (search/cross_script.py)."""
    names = [entity.name, *entity.aliases]
    return {name_key(word) for name in names for word in name.split()} - {""}


def name_key(word: str) -> str:
    """A word's loose key; a word too short for one ("Abbey": "ab") keeps its
    letters, so it still tells "Abbey Road" from "Oxford Road"."""
    key = loose_key(word)
    if len(key) >= MIN_WORD:
        return key
    return word.casefold() if len(word) >= MIN_WORD else ""


class Things:
    """Entities grouped into things by a shared name word (in either script).

    A person is never a thing, nor a pet unless the question asks about
    pets: "Played the piano, Tykva sat beside me" names the cat beside the
    piano, and her turns say nothing of the instrument being learnt now."""

    def __init__(self, pets: bool = False) -> None:
        self.groups: list[set[str]] = []  # loose keys per thing
        self.pets = pets

    def of(self, entity: Entity) -> int | None:
        """The thing (index) the entity belongs to, added when new; None for
        no thing."""
        if entity.type == "person" or (entity.type == "pet" and not self.pets):
            return None
        keys = name_keys(entity)
        if not keys:
            return None
        for index, group in enumerate(self.groups):
            # one name within the other ("Corolla", "Toyota Corolla"); a shared
            # word alone is no evidence ("Oxford Road", "Abbey Road")
            if within(keys, group) or within(group, keys):
                group.update(keys)
                return index
        self.groups.append(keys)
        return len(self.groups) - 1


_PET_STEMS = frozenset(map(stem, PET_KINDS | {"pet", "pets", "питомец", "питомца"}))


def asks_pets(query: AnalysedQuery) -> bool:
    """The question names a pet or an animal kind ("my cat", «собака»)."""
    return not _PET_STEMS.isdisjoint(stem(term) for term in query.terms)


def within(keys: set[str], others: set[str]) -> bool:
    return all(any(same_key(key, other) for other in others) for key in keys)


def things_of(hit: SearchHit, things: Things) -> set[int]:
    return {
        index for entity in hit.entities if (index := things.of(entity)) is not None
    }
