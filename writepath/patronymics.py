"""A first name and a patronymic is the person of that first name: «Зоя
Михайловна» is the «Зоя» (or "Baba Zoya", alias «Зоя») the user already
speaks of, whichever is said first.

Russian speakers name an elder or a teacher politely by first name and
patronymic, and the same person plainly by first name; a user who lists
the people expects one Zoya. Joined only when exactly one person of each
side is known in the scope (two «Зоя …овна» leave a lone «Зоя» alone), and
never a name a user split out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.records import Entity, name_key
from ..store.interface import Store
from .cues import patronymic


async def join_patronymics(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each new person of `fresh` named by first name and patronymic
    into the known person of that first name, and each new first name into
    its one known patronymic name; returns the entity each joined id now is."""
    moved: dict[int, Entity] = {}
    for entity in fresh:
        current = await storage.entities.get_entity(entity.id)
        # a lone first name may have been filed as a thing: «Зоя прислала»
        if current is None or current.type not in ("person", "concept"):
            continue
        if name_key(current.name) in guarded:
            continue
        keep = await _known_other(storage, current, guarded)
        if keep is None:
            continue
        await storage.entities.merge_entities(keep.id, current.id)
        now = await storage.entities.get_entity(keep.id) or keep
        moved = {i: now if e.id == current.id else e for i, e in moved.items()}
        moved.update({keep.id: now, current.id: now})
    return moved


async def _known_other(
    storage: Store, entity: Entity, guarded: Collection[str]
) -> Entity | None:
    """The one other known person `entity` is by first name: the first
    name's person for «Зоя Михайловна», the «Зоя …овна» for «Зоя»."""
    words = entity.name.split()
    if patronymic(words) and entity.type == "person":
        found = await storage.entities.find_entity(words[0])
        others = [found] if found is not None else []
    elif len(words) == 1:
        starting = await storage.entities.people_starting(f"{words[0]} ")
        others = [e for e in starting if patronymic(e.name.split())]
    else:
        return None
    others = [
        e
        for e in others
        if e.id != entity.id
        and e.type == "person"
        and e.scope == entity.scope
        and name_key(e.name) not in guarded
    ]
    return others[0] if len(others) == 1 else None
