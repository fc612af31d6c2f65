"""A person called by their surname is the one known person of that surname:
"Dra. Lopes" after "my family doctor, Dra. Teresa Lopes", «Доктор Роша»
after «доктору Роше (Мигел Роша, …)», "Dr. Rocha" in an English turn.

A title ("Dr.", «доктор») makes the surname a person's (writepath/mentions.py);
the surname then names the person whose full name ends with it, in either
script (the whole sound of search/cross_script.py: "Lopes" is «Лопеш»,
"Sousa" «Соуза»). Only when exactly one person of
that surname is known, the surname is no given name ("Anna" alone may be any
Anna), and inside one scope. A name a user split out or deleted is never
joined again. The full name keeps its name, the surname becomes its alias.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.records import Entity, name_key
from ..search.cross_script import romance_readings, sound_key
from ..store.interface import Store
from .names import GIVEN_NAMES

# People a surname is looked for among, the most mentioned first.
SURNAME_SCAN = 5000


def _surname(entity: Entity) -> str:
    """The last word of a person's full name ("" for a one-word name)."""
    words = entity.name.split()
    return words[-1] if entity.type == "person" and len(words) > 1 else ""


def _lone_surname(entity: Entity) -> bool:
    """A person named by one word that is no given name: "Lopes", «Роша»."""
    name = entity.name.strip()
    return (
        entity.type == "person"
        and " " not in name
        and name.isalpha()
        and name.casefold() not in GIVEN_NAMES
    )


def _sounds(word: str) -> set[str]:
    """The whole sounds of `word`, said the Portuguese way too ("lopesh")."""
    return {sound_key(w) for w in (word, *romance_readings(word))} - {""}


def _sound_alike(one: str, other: str) -> bool:
    """One surname: the same whole sound ("Ivanov" is not "Ivanova")."""
    return bool(_sounds(one) & _sounds(other))


def _called(entity: Entity, surname: str) -> bool:
    """`entity`'s name or one of its one-word aliases sounds like `surname`."""
    names = [entity.name, *(a for a in entity.aliases if " " not in a.strip())]
    return any(_sound_alike(n, surname) for n in names)


async def join_surnames(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each new lone surname of `fresh` into the one person of that full
    name, and each new full name with its lone surnames; returns the entity
    each joined id now is."""
    moved: dict[int, Entity] = {}
    wanted = [e for e in fresh if _lone_surname(e) or _surname(e)]
    if not wanted:
        return moved
    # the listed ones, and this batch's (not linked yet, so not listed)
    listed = await storage.entities.list_entities(limit=SURNAME_SCAN)
    people = [
        e
        for e in {e.id: e for e in [*listed, *fresh]}.values()
        if e.type == "person" and name_key(e.name) not in guarded
    ]
    for entity in wanted:
        current = await storage.entities.get_entity(entity.id)
        if current is None or name_key(current.name) in guarded:
            continue
        pair = _pair(current, [e for e in people if e.scope == current.scope])
        if pair is None:
            continue
        full, lone = pair
        await storage.entities.merge_entities(full.id, lone.id)
        now = await storage.entities.get_entity(full.id) or full
        moved = {i: now if e.id in (full.id, lone.id) else e for i, e in moved.items()}
        moved.update({full.id: now, lone.id: now})
        people = [e for e in people if e.id != lone.id]
    return moved


def _pair(entity: Entity, people: Sequence[Entity]) -> tuple[Entity, Entity] | None:
    """(the full name, the lone surname) `entity` makes, or None."""
    if _lone_surname(entity):
        full = [e for e in people if _surname(e) and _called(entity, _surname(e))]
        return (full[0], entity) if len(full) == 1 else None
    surname = _surname(entity)
    lone = [e for e in people if _lone_surname(e) and _called(e, surname)]
    if len(lone) != 1:
        return None
    namesakes = [e for e in people if _surname(e) and _called(lone[0], _surname(e))]
    return (entity, lone[0]) if [e.id for e in namesakes] == [entity.id] else None
