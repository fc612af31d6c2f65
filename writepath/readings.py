"""An English name as a Russian turn writes it: "Graham" is «Грэм», "Pam" is
«Пэм», "Jackson" is «Джексон», "Sarah" is «Сара».

The cross-script match (search/cross_script.py) compares how two spellings
sound letter by letter, which holds for a Russian name in Latin letters
("Dima", «Дима») and for most places. An English name is written in Russian
as it is said, and English says some letters otherwise than it spells them:
an "h" after a vowel is silent (Graham, Sarah, Hannah), an "a" is often said
«э» or «ей» (Pam, Graham, Kate), a "j" is «дж» (Jackson), a final "e" is
silent (Kate, Mike), an "au" is often «о» (Laura, «Лора»; Maura, «Мора»;
Paul, «Пол»). So a person's Latin name also has its readings: the
spelling with each of those habits applied throughout the word (all its "a"
or none, so "Lana" never reads as «Лена»). The twin join (writepath/twins.py)
accepts a Cyrillic name that sounds like one of them, and `ReadNames` lets
the lookup by sound find a person by a reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from itertools import product

from ..core.records import Entity
from ..core.text_caches import text_cache
from ..search.cross_script import OtherScriptNames, loose_key

_SILENT_H = re.compile(r"(?<=[aeiou])h")  # Graham, Sarah, Deborah
_DOUBLED = re.compile(r"([a-z])\1+")
_A_SAID = ("a", "e", "ei")  # Pam, Pem; Kate, Keit
_J_SAID = ("j", "dzh")  # Jackson, Dzhekson
_AU_SAID = ("au", "o")  # Laura, Lora; Paul, Pol
# a "g" before "e", "i", "y" is often «дж» (Geoff «Джефф», Gemma «Джемма»,
# Nigel «Найджел»), and of "geo" one vowel may be said (Geoff "dzhef",
# George "dzhordzh"); "" reads the "g" hard
_SOFT_G = re.compile(r"g(?=[eiy])")
_EO_SAID = ("", "eo", "e", "o")


@text_cache(4096)
def readings(word: str) -> frozenset[str]:
    """How the one-word Latin name `word` may be said, in Latin letters
    (itself excluded): "Graham" -> {"gram", "grem", "greim", ...}."""
    folded = word.casefold()
    if not (folded.isascii() and folded.isalpha()):
        return frozenset()
    found: set[str] = set()
    # only the habits the spelling gives a chance to
    silent = (False, True) if _SILENT_H.search(folded) else (False,)
    a_said = _A_SAID if "a" in folded else ("a",)
    j_said = _J_SAID if "j" in folded else ("j",)
    final_e = (0, 1) if folded.endswith("e") and len(folded) > 3 else (0,)
    au_said = _AU_SAID if "au" in folded else ("au",)
    eo_said = _EO_SAID if _SOFT_G.search(folded) else ("",)
    habits = product(silent, a_said, j_said, final_e, au_said, eo_said)
    for silent_h, a, j, drop_e, au, eo in habits:
        said = _SILENT_H.sub("", folded) if silent_h else folded
        said = _soft_g(said, eo) if eo else said
        said = said.replace("au", au)  # before the "a" habit reads its "a"
        said = _DOUBLED.sub(r"\1", said)  # "graam": one long vowel
        said = said[:-1] if drop_e and said.endswith("e") else said
        found.add(said.replace("a", a).replace("j", j))
    return frozenset(found - {folded})


def _soft_g(said: str, eo: str) -> str:
    """Each "g" before "e", "i", "y" said "dzh", a "geo" as "dzh" + `eo`."""
    return _SOFT_G.sub("dzh", said.replace("geo", "dzh" + eo))


def _read_as(entity: Entity) -> list[Entity]:
    """`entity` under each reading of its one-word name: a person only (a
    place's or thing's English spelling is mostly said as written)."""
    if entity.type != "person" or " " in entity.name.strip():
        return []
    # one reading per key the index does not hold yet (most readings of a
    # name share one: "grem", "greem")
    by_key = {loose_key(r): r for r in sorted(readings(entity.name))}
    by_key.pop(loose_key(entity.name), None)
    return [replace(entity, name=r.capitalize()) for r in by_key.values()]


class ReadNames(OtherScriptNames):
    """The memory's names by sound, a person's Latin name also under its
    readings: «Грэм» finds "Graham". A lookup gives each entity found as
    filed and under each of its readings ("Grem"), so a caller comparing
    sounds hears them all; it is one entity (callers keep ids apart)."""

    def __init__(self) -> None:
        super().__init__()
        # each version of an entity (as filed, as read) -> all its versions;
        # by id and name: a batch's unfiled people all have the id -1
        self._said: dict[tuple[int, str], list[Entity]] = {}

    def add(self, entities: Iterable[Entity]) -> None:
        entities = list(entities)
        super().add(entities)
        for entity in entities:
            read = _read_as(entity)
            for version in (entity, *read):
                self._said[version.id, version.name] = [entity, *read]
            super().add(read)

    def named_in_other_script(self, names: Iterable[str]) -> list[Entity]:
        found = super().named_in_other_script(names)
        return [said for e in found for said in self._said.get((e.id, e.name), [e])]
