"""The things a text names right beside a word ("the Depot climbing gym",
«хор «Калина»», "Treetops nursery"): a thing introduced by its category noun
is one of that category's, however rarely the user names them together
(search/topic_things.py, search/category_things.py)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection

from ..core.records import Entity, SearchHit
from ..core.relations import own_names
from .cross_script import loose_key
from .query_text import STOP_WORDS
from .stem_sets import shares_stem, text_stems

_WORD = re.compile(r"\w+", re.UNICODE)
# A text's words with an owner's "'s" left off: in "First shift at St
# Gemma's hospice" the word beside "hospice" is "Gemma", not "s".
_OWNED_WORD = re.compile(r"(\w+)(?:['’]s)?(?!\w)", re.UNICODE)


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
    words = [
        w for w in _OWNED_WORD.findall(hit.node.content) if w.casefold() not in skipped
    ]
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
    said = own_names((entity.name, *entity.aliases))
    names = {w for n in said for w in _WORD.findall(n)}
    return any(_same_word(name, word) for name in names for word in near)


def _same_word(one: str, other: str) -> bool:
    if one.casefold() == other.casefold():
        return True
    key = loose_key(one)
    return len(key) >= 3 and key == loose_key(other)


def category_stems(question: str, wanted: set[str]) -> set[str]:
    """The wanted stems the question writes in lower case: the category
    asked ("nursery", «садик»), not the name of whom it is asked of ("Oscar")."""
    return {s for s in wanted if s in text_stems(_LOWER.sub(" ", question))}


_LOWER = re.compile(r"(?<!\w)[A-ZА-ЯЁ]\w*")


def introduced(
    base: dict[int, float],
    thing_of: Callable[[Entity], int | None],
    holders: list[SearchHit],
    words: set[str],
) -> dict[int, float]:
    """`base` with the things the user introduces by the category's own word
    ("Oscar starts at Treetops nursery", «хор «Калина»», «садик «Zīļuks»»):
    they are its things however rarely named beside it. Right beside, no
    word between: "Little Acorns nursery in Chorlton" says where it is."""
    if not words:
        return base
    says = functools.lru_cache(maxsize=None)(lambda word: says_stem(words, word))
    named = dict(base)
    for hit in holders:
        for index in beside(hit, says, thing_of, skipped=()):
            # "Kennemer International School" carries the word in its name:
            # a school, not one the turn introduces by the word
            names = (e.name for e in hit.entities if thing_of(e) == index)
            if not any(says(word) for name in names for word in name.split()):
                named[index] = max(named.get(index, 0.0), hit.score)
    return named
