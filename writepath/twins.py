"""One name in two scripts is one entity: "Dima" and «Дима», "Bublik" and
«Бублик», "Riga" and «Рига» are what a bilingual user says in English turns
and in Russian ones, and a user who lists the entities expects them once.

The evidence is how the two names sound (search/cross_script.py), one word
each, inside one scope:
- the same whole sound ("Kazan", «Казань»), or the sound of a nominative the
  Cyrillic form declines from ("Pankow", «Панкова»: Панков; «Катей»: Катя),
  or of the full name a listed diminutive stands for («Лёва», «Лёву»: Лев,
  "Lev"; names.DIMINUTIVES);
- kinds that agree: a person joins a person, a pet a pet, a place a place,
  and an untyped concept any of them (it takes the other's type: "Bublik"
  the concept is «Бублик» the pet).
A name a user split out or deleted (toolkit/entity_edits.py) is never joined
again, so `entity split Dima Дима` wins over this guess. The entity with the
better name (a nominative), then more mentions, keeps its name; the other
becomes its alias, which the search reads (person questions find people
through their aliases).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.records import Entity, EntityType, name_key
from ..core.text import strip_accents
from ..search.cross_script import OtherScriptNames, romance_readings, sound_key
from ..search.morphology import is_russian
from ..search.name_cases import is_name_word, nominatives
from ..store.interface import Store
from .names import DIMINUTIVES
from .readings import readings
from .rejoin import rejoin_by_scope

_KINDS = {"person": "being", "pet": "being", "place": "place"}
_BEINGS = ("person", "pet")
MIN_SOUND = 3  # letters of a whole sound ("Li" and «Ли» say too little)
# Entities a rejoin looks through, the most mentioned first.
REJOIN_SCAN = 50_000


def _one_word(entity: Entity) -> bool:
    return " " not in entity.name.strip() and entity.name.isalpha()


def _kinds_agree(one: Entity, other: Entity) -> bool:
    if "concept" in (one.type, other.type):
        return True
    if one.type in _BEINGS and other.type in _BEINGS:
        return one.type == other.type  # a pet called like a person is not them
    return _KINDS.get(one.type, one.type) == _KINDS.get(other.type, other.type)


def _sounds(cyrillic: str) -> set[str]:
    """The sounds a Cyrillic name word may have in its nominative, and in the
    full name when it is a diminutive ("Лёву": "leva", "lev", "lyova")."""
    key = name_key(cyrillic)
    said = {key, *nominatives(key)} if is_name_word(key) else {key}
    said |= {DIMINUTIVES[n] for n in said if n in DIMINUTIVES}
    # «ё» is said "yo" after a consonant too: «Тёма» is "Tyoma", «Артём» "Artyom"
    said |= {n.replace("ё", "йо") for n in said if "ё" in n}
    return {s for s in map(sound_key, said) if len(s) >= MIN_SOUND}


def _said_as(name: str) -> list[str]:
    """The name and, for a Russian name word in another case, its nominatives:
    «Прией» is looked up as «Прия», whose whole sound is "Priya"'s; for a
    Latin name, its English readings ("Graham" as "Grem": writepath/readings.py)."""
    key = name_key(name)
    if not is_russian(name):
        return [name, *(r.capitalize() for r in sorted(readings(name)))]
    if not is_name_word(key):
        return [name]
    return [name, *(n.capitalize() for n in sorted(nominatives(key)))]


def twins(one: Entity, other: Entity) -> bool:
    """`one` and `other` are one name said in the two scripts."""
    if is_russian(one.name) == is_russian(other.name) or not (
        _one_word(one) and _one_word(other) and _kinds_agree(one, other)
    ):
        return False
    latin, cyrillic = (other, one) if is_russian(one.name) else (one, other)
    spelled = strip_accents(latin.name)  # "Inés" is «Инес», "Álex" «Алекс»
    if not spelled.isascii():
        return False
    heard = _sounds(cyrillic.name)
    # "Henrique" is «Энрике», "Rocha" «Роша», "Dejan" «Деян»: said the
    # Portuguese or the Serbian way
    said_so = {spelled, *romance_readings(latin.name)}
    if any(sound_key(s) in heard for s in said_so):
        return True
    # an English name as said ("Graham", «Грэм»): a person's, on either side
    said = readings(spelled) if "person" in (one.type, other.type) else ()
    return any(sound_key(r) in heard for r in said)


def _keeper(group: Sequence[Entity]) -> Entity:
    """The entity whose name the group keeps: a Latin name or a Cyrillic one
    that sounds just like one ("Дима" as "Dima", not "Панкова" for
    "Pankow"), then the more mentioned, then the older."""
    latin = {sound_key(e.name) for e in group if not is_russian(e.name)}

    def better(entity: Entity) -> tuple[bool, int, int]:
        plain = not is_russian(entity.name) or sound_key(entity.name) in latin
        return plain, entity.mention_count, -entity.id

    return max(group, key=better)


def _typed(group: Sequence[Entity]) -> EntityType:
    """The type the joined entity takes: the evidence over "concept"."""
    typed = [e for e in group if e.type != "concept"]
    return max(typed, key=lambda e: e.mention_count).type if typed else "concept"


async def join_twins(
    storage: Store,
    fresh: Sequence[Entity],
    names: OtherScriptNames,
    guarded: Collection[str],
) -> dict[int, Entity]:
    """Join each new name of `fresh` with its twin in the other script;
    returns the entity each joined id now is. `names` (the memory's names by
    sound, refreshed by the caller) learns `fresh`."""
    names.add(fresh)
    moved: dict[int, Entity] = {}
    for entity in fresh:
        current = await storage.entities.get_entity(entity.id)
        if current is None or current.id in moved or not _one_word(current):
            continue
        if name_key(current.name) in guarded:
            continue
        found = names.named_in_other_script(_said_as(current.name))
        group = [current]
        for other in found:
            now = await storage.entities.get_entity(other.id)
            if now is None or now.id == current.id or now.scope != current.scope:
                continue
            if name_key(now.name) in guarded or not twins(current, now):
                continue
            if any(e.id == now.id for e in group):
                continue  # found again under another reading
            group.append(now)
        if len(group) < 2:
            continue
        keep = await _join(storage, group)
        # an earlier group's keeper may have just joined this one: its names
        # follow it, no id points at a dropped entity
        joined = {e.id for e in group}
        moved = {i: keep if e.id in joined else e for i, e in moved.items()}
        moved.update({e.id: keep for e in group})
    return {i: await storage.entities.get_entity(e.id) or e for i, e in moved.items()}


async def _join(storage: Store, group: Sequence[Entity]) -> Entity:
    keep = _keeper(group)
    for other in group:
        if other.id != keep.id:
            await storage.entities.merge_entities(keep.id, other.id)
    wanted = _typed(group)
    if keep.type != wanted:
        await storage.entities.update_entity(keep.id, type=wanted)
    return await storage.entities.get_entity(keep.id) or keep


async def rejoin_twins(storage: Store) -> int:
    """Join the twins filed apart, scope by scope (of the caller's view);
    returns how many entities were joined into another."""

    async def join(
        storage: Store, group: Sequence[Entity], guarded: Collection[str]
    ) -> dict[int, Entity]:
        return await join_twins(storage, group, OtherScriptNames(), guarded)

    return await rejoin_by_scope(storage, REJOIN_SCAN, _one_word, join)
