"""A brand written as one CamelCase word carries its kind: "ActivoBank" is a bank.

"Opened an account at ActivoBank", "Joined PureGym", "the vet at VetOurique":
the user names the place by its brand, and the brand is the kind word glued
to another ("Bank", "Gym", "Vet"). The full-text index stores the brand as
one token ("activobank"), so "Which bank am I with now?" finds no turn by
its word, and the gates that ask whether a turn says "bank"
(search/support.py, search/category_things.py) read none. Here a word
written as two or more capitalised parts ("ActivoBank", "VetOurique",
"BookShop") is read as its parts too; an all-capitals word ("NHS"), one
starting in lower case ("iPhone") or a part under MIN_PART letters ("Mc")
gives none. The memory's things named so are found by the stems of their
parts (`CompoundNames`), so a question naming the kind searches their names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.records import Entity
from ..core.text_caches import text_cache
from .morphology import stem

MIN_PART = 3  # "Mc" of "McDonald" names no kind
_WORD = re.compile(r"\w+", re.UNICODE)


@text_cache(8192)  # a text's names repeat across hits
def name_parts(word: str) -> tuple[str, ...]:
    """The lower-case parts of a CamelCase word ("ActivoBank" → activo,
    bank); () for any other word."""
    if not word.isalpha() or not word[:1].isupper():
        return ()
    parts: list[str] = []
    start = 0
    for at in range(1, len(word)):
        if word[at].isupper():
            if not word[at - 1].islower():
                return ()  # "NHS", "ABank": capitals in a row are no parts
            parts.append(word[start:at])
            start = at
    parts.append(word[start:])
    if len(parts) < 2:
        return ()
    return tuple(p.lower() for p in parts if len(p) >= MIN_PART)


def part_stems(text: str) -> frozenset[str]:
    """The stems of the parts of the text's CamelCase words."""
    return frozenset(stem(p) for w in _WORD.findall(text) for p in name_parts(w))


class CompoundNames:
    """The memory's things named by one CamelCase word, by the stems of its
    parts: rebuilt from the entities search/cross_script.py's index reads
    (one read of the memory's names serves both)."""

    def __init__(self) -> None:
        self._by_part: dict[str, list[Entity]] = {}

    def reset(self, entities: Iterable[Entity]) -> None:
        """Index only `entities` from now on."""
        self._by_part = {}
        self.add(entities)

    def add(self, entities: Iterable[Entity]) -> None:
        """Index `entities` too; a person is no kind ("JoAnn")."""
        for entity in entities:
            if entity.type == "person":
                continue
            parts = {stem(p) for p in name_parts(entity.name.strip())}
            for part in parts:
                self._by_part.setdefault(part, []).append(entity)

    def carrying(self, stems: Iterable[str]) -> list[Entity]:
        """The things one of whose name's parts is one of `stems`."""
        found: dict[int, Entity] = {}
        for word in stems:
            for entity in self._by_part.get(word, ()):
                found.setdefault(entity.id, entity)
        return list(found.values())
