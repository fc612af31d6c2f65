"""One person filed under their full name and under their first name alone.

The offline extractor files "my physio, Gavin Doyle" as "Gavin Doyle" and
every later "Gavin" as a person of its own; the relation ("physio", "boss")
is filed on whichever form the introduction said. A question about either
reads both: "Gavin" is "Gavin Doyle" when Gavin Doyle is the one known full
name starting so (with "Gavin Doyle" and "Gavin Hart" both known, "Gavin"
is neither's), and "Gavin Doyle" is "Gavin" by the same evidence.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.records import Entity, name_key
from ..store.interface import Store

MAX_NAMES = 3  # names looked up per question (a few people are asked at once)
_KINDS = ("person", "concept")  # the extractor files some people as concepts


async def full_names(storage: Store, people: Sequence[Entity]) -> list[Entity]:
    """ "Gavin Doyle" for "Gavin": the one known full name of a one-word
    person's name (two are anyone's)."""
    firsts = {name_key(e.name) for e in people if e.type == "person"}
    found: list[Entity] = []
    for first in sorted(f for f in firsts if f.isalpha())[:MAX_NAMES]:
        full = await _the_full_name(storage, first)
        found += [full] if full else []
    return found


async def first_names(storage: Store, people: Sequence[Entity]) -> list[Entity]:
    """ "Ingrid" for "Ingrid Vos": the person of the first name alone, when
    the full name is the only one known starting with it ("Ingrid Vos, head
    of primary" is the boss; "Ingrid walked us round" is her later)."""
    found: list[Entity] = []
    for person in [e for e in people if e.type == "person"][:MAX_NAMES]:
        first = name_key(person.name.split()[0]) if person.name.split() else ""
        if not _surnamed(person.name, first):
            continue
        full = await _the_full_name(storage, first)
        if full is None or full.id != person.id:
            continue
        found += [
            e
            for e in await storage.entities.entities_by_keys([first])
            if e.type in _KINDS and e.id != person.id
        ]
    return found


async def _the_full_name(storage: Store, first: str) -> Entity | None:
    """The one person called `first` and a surname; None for none or two."""
    full = [
        e
        for e in await storage.entities.entities_named_like(f"{first} ", limit=5)
        if e.type in _KINDS and _surnamed(e.name, first)
    ]
    return full[0] if len(full) == 1 else None


def _surnamed(name: str, first: str) -> bool:
    """ "Gavin Doyle" is "Gavin" and a surname."""
    words = name.split()
    return (
        len(words) == 2
        and first.isalpha()
        and name_key(words[0]) == first
        and words[1][:1].isupper()
    )
