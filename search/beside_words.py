"""The things a text names right beside a word ("the Depot climbing gym",
«хор «Калина»», "Treetops nursery"): a thing introduced by its category noun
is one of that category's, however rarely the user names them together
(search/topic_things.py, search/category_things.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from ..core.records import Entity, SearchHit
from .cross_script import loose_key
from .query_text import STOP_WORDS
from .support import shares_stem, text_stems

_WORD = re.compile(r"\w+", re.UNICODE)


def beside(
    hit: SearchHit,
    says: Callable[[str], bool],
    thing_of: Callable[[Entity], int | None],
    skipped: Collection[str] = STOP_WORDS,
) -> set[int]:
    """The things (by `thing_of`) whose name stands right before or after a
    wanted word (one `says`) in the hit's text, the `skipped` words aside
    ("the Depot climbing gym")."""
    if all(entity.type == "person" for entity in hit.entities):
        return set()  # no thing named: nothing to read
    words = [w for w in _WORD.findall(hit.node.content) if w.casefold() not in skipped]
    near = {
        words[j]
        for i, word in enumerate(words)
        if says(word)
        for j in (i - 1, i + 1)
        if 0 <= j < len(words) and not says(words[j])
    }
    return {
        index
        for entity in hit.entities
        if named_near(entity, near) and (index := thing_of(entity)) is not None
    }


def says_stem(wanted: set[str], text: str) -> bool:
    """The text carries a wanted word, inflected alike ("скалодроме")."""
    return shares_stem(wanted, text_stems(text))


def named_near(entity: Entity, near: set[str]) -> bool:
    """A word of the entity's names is among `near` (inflected alike:
    "скалодроме", "Depot's")."""
    names = {w for n in (entity.name, *entity.aliases) for w in _WORD.findall(n)}
    return any(_same_word(name, word) for name in names for word in near)


def _same_word(one: str, other: str) -> bool:
    if one.casefold() == other.casefold():
        return True
    key = loose_key(one)
    return len(key) >= 3 and key == loose_key(other)
