"""Short forms and nicknames join their person: "Mel" and "Melanie", "Caro"
and "Caroline", "Лена" and "Елена" are one entity.

The evidence, all inside one scope: both are people; the short form is a
prefix of the long form's first name, a known diminutive of it
(names.DIMINUTIVES), or a Russian pet form built on it («Заринка» of Зарина,
pet_forms.py); and no other person competes for it ("Jo" stays alone
while both "Joanna" and "John" are known). A short form a user split out
(toolkit/entity_edits.py) is never joined again by this guess.

New people are joined as they are filed (`join_people`); `rejoin_people`
applies the same rules to the people already filed apart (a memory from
before the joining), after a reindex and in the nightly entity step.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence

from ..core.records import Entity, name_key
from ..core.scope import using_view, view_of_scope
from ..search.cross_script import MIN_KEY, sound_key
from ..search.morphology import is_russian
from ..search.name_cases import nominatives
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .name_forms import people_told_apart
from .names import DIMINUTIVES
from .pet_forms import is_pet_form_of, pet_form_stem, pet_forms_of

MIN_SHORT = 2  # letters of a prefix short form ("Jo")
# A prefix is this much shorter than the name: "Dan" is not "Dana".
MIN_CUT = 2
# People of one first letter a short name in the other script looks through.
ACROSS_SCAN = 200
# Entities a rejoin looks through, the most mentioned first.
REJOIN_SCAN = 50_000
# A Russian pet name: a stem and a diminutive suffix ("Оська" of Оскар,
# "Катюша" of Катя, "Ленка" of Лена); the suffix itself says a person's name,
# so such a word filed as a concept joins its person too.
_RU_DIMINUTIVE = re.compile(
    r"^([а-яё]{2,}?)(?:онька|енька|очка|ечка|ушка|юшка|уша|юша|уля|юля|ька|ка)$"
)


def _first(entity: Entity) -> str:
    return name_key(entity.name).split()[0]


def shortens(short: str, first_name: str) -> bool:
    """`short` (folded) is a short form of the first name `first_name`."""
    if short == first_name:
        return False
    if DIMINUTIVES.get(short) == first_name or _suffixed(short, first_name):
        return True
    if is_pet_form_of(short, first_name):  # «Заринка» of Зарина, pet_forms.py
        return True
    return (
        len(short) >= MIN_SHORT
        and len(first_name) - len(short) >= MIN_CUT
        and first_name.startswith(short)
    )


def pet_name_stem(short: str) -> str:
    """The stem of a Russian pet name ("оська": "ос"), or ""."""
    found = _RU_DIMINUTIVE.match(short)
    return found.group(1) if found else ""


def _suffixed(short: str, first_name: str) -> bool:
    """`short` is a stem and a diminutive suffix of `first_name`, in either
    script: "оська" of "оскар" or "Oscar", "катюша" of "катя"'s "екатерина"."""
    stem = pet_name_stem(short)
    if not stem:
        return False
    if any(DIMINUTIVES.get(stem + end) == first_name for end in "ая"):
        return True
    return len(first_name) - len(stem) >= MIN_CUT and sound_key(first_name).startswith(
        sound_key(stem)
    )


_BEINGS = ("person", "pet")


def _one_word_person(entity: Entity) -> bool:
    return entity.type == "person" and " " not in name_key(entity.name)


def _may_be_short(entity: Entity) -> bool:
    """A one-word person, or a Russian pet name filed as a concept."""
    if _one_word_person(entity):
        return True
    key = name_key(entity.name)
    return entity.type == "concept" and bool(pet_name_stem(key) or pet_form_stem(key))


async def _long_candidates(storage: Store, key: str) -> list[Entity]:
    """The people whose name may be the long form of `key`, by their start
    (and the pets, for a Russian pet form)."""
    starts = {key, DIMINUTIVES.get(key, "")}
    stem = pet_name_stem(key)
    if stem:
        starts |= {stem, sound_key(stem)}
        starts |= {DIMINUTIVES.get(stem + end, "") for end in "ая"}
    whole = pet_form_stem(key)  # «Заринка»: Зарина, or "Zarina"
    if whole:
        starts |= {whole, sound_key(whole)}
    # a pet form names a pet as well: «Натка» of the cat Ната
    pets = bool(stem or whole)
    found: list[Entity] = []
    for start in sorted(filter(None, starts)):
        found += await storage.entities.people_starting(start, pets=pets)
    return found


async def vouched_pet_forms(
    storage: Store, opening: Iterable[str], people: Iterable[str] = ()
) -> set[str]:
    """The keys of the sentence-opening names (filed only when known) that are
    a regular pet form of a known person's first name, filed or among the
    `people` of the same batch: «Заринка зовёт в Алматы…» after Zarina,
    «Заринке сказала…» too (the pet form's case). Which person it is, the
    join decides; pet_forms.py says which words are such forms."""
    batch = [_first_word(p) for p in people]
    vouched = set()
    for name in opening:
        key = name_key(name)
        forms = {key, *nominatives(key)} if key.isalpha() else set()
        for form in (f for f in forms if pet_form_stem(f)):
            found = await _long_candidates(storage, form)
            firsts = [_first(e) for e in found if e.type in _BEINGS] + batch
            if any(is_pet_form_of(form, first) for first in firsts):
                vouched.add(key)
    return vouched


def _first_word(name: str) -> str:
    words = name_key(name).split()
    return words[0] if words else ""


async def long_form(
    storage: Store, short: Entity, split: Collection[str]
) -> Entity | None:
    """The one person `short` stands for, or None (none, or several)."""
    key = name_key(short.name)
    if not _may_be_short(short) or key in split:
        return None
    found = await _long_candidates(storage, key) + await _other_script(storage, key)
    short = await _fresh(storage, short)  # its relation, learned as it was filed
    longer = {
        e.id: e
        for e in found
        if e.id != short.id and (shortens(key, _first(e)) or _across(short, key, e))
    }
    return _one_person(key, list(longer.values()))


def _one_person(key: str, longer: Sequence[Entity]) -> Entity | None:
    """The one person of the candidates, or None. A name filed in both scripts
    ("Zhenya" and «Женя», not yet joined) is one person, not two competing
    (two "Anna"s of one script are two): the one in the short form's script
    is taken, the twin join does the rest."""
    if len(longer) == 1:
        return longer[0]
    if len(longer) != 2:
        return None
    one, other = (_first(e) for e in longer)
    if is_russian(one) == is_russian(other) or sound_key(one) != sound_key(other):
        return None  # two people ("Anna Smith", "Anna Jones"), or two names
    same_script = [e for e in longer if is_russian(_first(e)) == is_russian(key)]
    return same_script[0]


def _across(short: Entity, key: str, long: Entity) -> bool:
    """ "Dani" of «Данияр»: a short form in the other script, unless the user
    told the two apart by their relations ("Dan, my colleague" is not «Даниил,
    брат»)."""
    return _shortens_across(key, _first(long)) and not people_told_apart(short, long)


async def join_people(
    storage: Store, people: Sequence[Entity], split: Collection[str]
) -> dict[int, Entity]:
    """Join each new person of `people` with its long or short forms; returns
    the entity each dropped id now belongs to."""
    moved: dict[int, Entity] = {}
    for entity in people:
        if entity.id in moved:
            continue
        target = await long_form(storage, entity, split)
        if target is not None:
            await storage.entities.merge_entities(target.id, entity.id)
            moved[entity.id] = target
            continue
        if entity.type != "person":
            continue
        for short in await _short_forms(storage, entity, split):
            if short.id not in moved:
                await storage.entities.merge_entities(entity.id, short.id)
                moved[short.id] = entity
    return {i: await _fresh(storage, _last(moved, e)) for i, e in moved.items()}


def _last(moved: dict[int, Entity], entity: Entity) -> Entity:
    """Where `entity` went at last: a long form «Даник» joined may itself
    join a longer name after («Данияр»), so no id dropped is handed back."""
    seen = {entity.id}
    while entity.id in moved and moved[entity.id].id not in seen:
        entity = moved[entity.id]
        seen.add(entity.id)
    return entity


def _shortens_across(short: str, first_name: str) -> bool:
    """ "Dani" of «Данияр»: a bilingual user writes a short name in the script
    of the turn's language; its sound opens the long name's sound, cut by as
    much as a prefix form ("dani" of "daniar"), from the third letter on."""
    if is_russian(short) == is_russian(first_name):
        return False
    said, full = sound_key(short), sound_key(first_name)
    return (
        len(said) >= MIN_KEY
        and len(full) - len(said) >= MIN_CUT
        and full.startswith(said)
    )


async def _other_script(storage: Store, key: str) -> list[Entity]:
    """The people in the other script whose name starts as `key` sounds."""
    said = sound_key(key)
    if len(said) < MIN_KEY:
        return []
    alphabet = (
        "abcdefghijklmnopqrstuvwxyz"
        if is_russian(key)
        else "абвгдежзиклмнопрстуфхцчшэюя"
    )
    starts = [letter for letter in alphabet if sound_key(letter)[:1] == said[0]]
    found: list[Entity] = []
    for start in starts:
        found += await storage.entities.people_starting(start, limit=ACROSS_SCAN)
    return found


async def _short_forms(
    storage: Store, entity: Entity, split: Collection[str]
) -> list[Entity]:
    """Known short forms of `entity` whose only long form it is."""
    first = _first(entity)
    keys = [first[:i] for i in range(MIN_SHORT, len(first) - MIN_CUT + 1)]
    keys += [short for short, full in DIMINUTIVES.items() if full == first]
    keys += pet_forms_of(first)  # «Заринка» filed before «Зарина»
    found = [
        e
        for e in await storage.entities.entities_by_keys(keys)
        if name_key(e.name) in keys
    ]
    across = await _other_script(storage, first)  # "Dani" filed before «Данияр»
    found += [e for e in across if _shortens_across(name_key(e.name), first)]
    shorts = []
    for short in {e.id: e for e in found if e.id != entity.id}.values():
        target = await long_form(storage, short, split)
        if target is not None and target.id == entity.id:
            shorts.append(short)
    return shorts


async def _fresh(storage: Store, entity: Entity) -> Entity:
    return await storage.entities.get_entity(entity.id) or entity


async def rejoin_people(storage: Store) -> int:
    """Join each filed one-word person to its one long form, scope by scope
    (of the caller's view); returns how many were joined."""
    people: dict[str, list[Entity]] = {}
    for entity in await storage.entities.list_entities(limit=REJOIN_SCAN):
        if entity.type == "person":
            people.setdefault(entity.scope, []).append(entity)
    joined = 0
    for scope, group in people.items():
        _, split = await edit_guards(storage, scope)
        firsts = sorted({_first(e) for e in group})
        sounds = sorted({sound_key(first) for first in firsts} - {""})
        with using_view(view_of_scope(scope)):
            for short in group:
                if not _may_shorten(name_key(short.name), firsts, sounds):
                    continue  # most people: no read at all
                target = await long_form(storage, short, split)
                if target is not None:
                    await storage.entities.merge_entities(target.id, short.id)
                    joined += 1
    return joined


def _may_shorten(key: str, firsts: Sequence[str], sounds: Sequence[str]) -> bool:
    """Whether `key` may be a short form of one of the sorted first names, or
    (in the other script) of one of their sorted sounds."""
    if key in DIMINUTIVES or _opens_a_sound(key, sounds):
        return True
    whole = pet_form_stem(key)
    if whole and _opens_a_sound(whole, sounds, cut=0):
        return True  # «Заринка» beside "Zarina": pet_forms.py decides
    at = bisect_left(firsts, key)
    while at < len(firsts) and firsts[at].startswith(key):
        if shortens(key, firsts[at]):
            return True
        at += 1
    return False


def _opens_a_sound(key: str, sounds: Sequence[str], cut: int = MIN_CUT) -> bool:
    """`key`'s sound opens one of the sorted sounds, cut by at least `cut`
    letters (as a prefix form is, by default)."""
    said = sound_key(key)
    if len(said) < MIN_KEY:
        return False
    at = bisect_left(sounds, said)
    while at < len(sounds) and sounds[at].startswith(said):
        if len(sounds[at]) - len(said) >= cut:
            return True
        at += 1
    return False
