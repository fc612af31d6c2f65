"""A person's full name in both scripts and their given name alone are one
person: "Maura Keane" in English turns, «Мора Кин» in Russian ones, then
«Мора скинула 100 евро» and "Maura dropped by" are all the landlady.

Two joins, inside one scope, people only:
- a full name (two or more words) is the full name in the other script whose
  every word, in order, is its twin (twins.py: the same sound, a
  Russian case by its nominative, an English reading): "Tamaz Beridze" and
  «Тамаза Беридзе»;
- a lone given name (any script, any Russian case, a listed diminutive)
  filed after a person of that given name joins them when exactly one known
  person has it (two Annas: the lone "Anna" may be either, and stays alone),
  unless the user told the two apart by their relations. A lone surname is
  writepath/surnames.py's.
A name a user split out or deleted (toolkit/entity_edits.py) is never joined
again. The full name a person is filed under keeps (then the more mentioned,
then the Latin one), the other and a lone given name become its aliases.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from ..core.records import Entity, name_key
from ..core.scope import write_scope
from ..search.morphology import is_russian
from ..search.name_cases import is_name_word, nominatives
from ..store.interface import Store
from .name_forms import people_told_apart
from .names import DIMINUTIVES
from .rejoin import rejoin_by_scope
from .twins import twins

# People a name is looked for among, the most mentioned first.
PEOPLE_SCAN = 5000
_NAMED = frozenset({"person", "concept"})  # «Мора Кин» may be filed untyped


def _words(entity: Entity) -> list[str]:
    return entity.name.split()


def _full_name(entity: Entity, kinds: Collection[str] = ("person",)) -> bool:
    """A person named by two or more words of letters: "Maura Keane"."""
    words = _words(entity)
    return (
        entity.type in kinds
        and len(words) > 1
        and all(w.replace("-", "").isalpha() for w in words)
    )


def _lone_name(entity: Entity) -> bool:
    """One word of letters, a person's, or a capitalised Russian word filed
    untyped: a case of a name («Тамазу») or a sentence-opening name («Марек
    похвалил…»), which no list of names holds; whose given name it is, the
    known full names decide."""
    words = _words(entity)
    if len(words) != 1 or not words[0].isalpha():
        return False
    if entity.type == "concept":
        return is_russian(entity.name) and entity.name[0].isupper()
    return entity.type == "person"


def _word_twins(one: Entity, word: str, other: Entity, other_word: str) -> bool:
    """`word` of `one` and `other_word` of `other` are one word in two scripts."""
    return twins(replace(one, name=word), replace(other, name=other_word))


def full_twins(one: Entity, other: Entity) -> bool:
    """Two full names, one per script, whose words are twins in order; one a
    person's, the other a person's or an untyped name's (then it is theirs)."""
    kinds = {one.type, other.type}
    if "person" not in kinds or not kinds <= _NAMED:
        return False
    if not (_full_name(one, _NAMED) and _full_name(other, _NAMED)):
        return False
    words, others = _words(one), _words(other)
    return len(words) == len(others) and all(
        _word_twins(one, w, other, o) for w, o in zip(words, others, strict=True)
    )


def _given_forms(word: str) -> set[str]:
    """The given names a lone word may be said for: itself, the nominatives
    of a Russian case («Море»: Мора), the full name of a diminutive."""
    key = name_key(word)
    said = {key, *nominatives(key)} if is_name_word(key) else {key}
    return said | {DIMINUTIVES[n] for n in said if n in DIMINUTIVES}


def _first_names(person: Entity) -> list[str]:
    """The first words of the person's full names (its name and aliases)."""
    names = (person.name, *person.aliases)
    return [n.split()[0] for n in names if len(n.split()) > 1]


def _has_given_name(lone: Entity, person: Entity) -> bool:
    """`person`'s full name opens with the given name `lone` is said for."""
    forms = _given_forms(lone.name)
    for first in _first_names(person):
        if is_russian(first) == is_russian(lone.name):
            if name_key(first) in forms:
                return True
        elif _word_twins(lone, lone.name, person, first):
            return True
    return False


def holder_of_given_name(lone: Entity, people: Iterable[Entity]) -> Entity | None:
    """The one person of `people` (full names) whose given name `lone` is.
    An untyped full name of that given name is a bearer too ("Marek
    Zielinski" filed as a concept): with two, the lone name may be either."""
    bearers = [
        p
        for p in people
        if p.id < lone.id  # filed before: the lone name is said after
        and p.scope == lone.scope
        and _full_name(p, _NAMED)
        and _has_given_name(lone, p)
    ]
    if len(bearers) != 1 or bearers[0].type != "person":
        return None
    return None if people_told_apart(lone, bearers[0]) else bearers[0]


async def vouched_given_names(
    storage: Store, opening: Iterable[str], people: Iterable[str] = ()
) -> set[str]:
    """The keys of the sentence-opening names (filed only when known) that
    are the given name of a known person, filed or among the `people` of the
    same batch: "Maura dropped by" after "Maura Keane", «Мора скинула…» too.
    Which of several it is, the join decides."""
    opening = [n for n in opening if n.isalpha()]
    if not opening:
        return set()
    listed = await storage.entities.list_entities(limit=PEOPLE_SCAN)
    known = [e for e in listed if _full_name(e)]
    probe = Entity(-1, "", "person", (), None, 0, 0.0, 0.0, write_scope())
    known += [replace(probe, id=-1, name=n) for n in people if len(n.split()) > 1]
    return {
        name_key(name)
        for name in opening
        if any(_has_given_name(replace(probe, name=name), p) for p in known)
    }


async def join_full_names(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each new full name of `fresh` with its twin in the other script,
    then each new lone given name with the one person of that given name;
    returns the entity each joined id now is."""
    wanted = [e for e in fresh if _full_name(e, _NAMED) or _lone_name(e)]
    if not wanted:
        return {}
    listed = await storage.entities.list_entities(limit=PEOPLE_SCAN)
    people = {
        e.id: e
        for e in [*listed, *fresh]
        if _full_name(e, _NAMED) and name_key(e.name) not in guarded
    }
    moved: dict[int, Entity] = {}
    for entity in sorted(wanted, key=_lone_name):  # the full names first
        current = await storage.entities.get_entity(entity.id)
        if current is None or name_key(current.name) in guarded:
            continue
        pair = _pair(current, people.values())
        if pair is None:
            continue
        keep = await _join(storage, pair)
        joined = {e.id for e in pair}
        moved = {i: keep if e.id in joined else e for i, e in moved.items()}
        moved.update({i: keep for i in joined})
        people = {i: e for i, e in people.items() if i not in joined}
        people[keep.id] = keep
    return moved


async def _join(storage: Store, pair: Sequence[Entity]) -> Entity:
    """The person keeps the full name, their lone given name becomes its
    alias; of two full names the better filed keeps (`_standing`), and the
    person's type."""
    keep, other = pair
    if not _lone_name(other):
        keep, other = sorted(pair, key=_standing)
    await storage.entities.merge_entities(keep.id, other.id)
    if keep.type != "person":
        await storage.entities.update_entity(keep.id, type="person")
    return await storage.entities.get_entity(keep.id) or keep


def _standing(entity: Entity) -> tuple[bool, int, bool, int]:
    """Sorts first the name that keeps: a person's over an untyped one's (the
    name the person was filed under, questions find), the more mentioned, a
    Latin one (both scripts read it), the older."""
    person = entity.type == "person"
    return not person, -entity.mention_count, is_russian(entity.name), entity.id


def _pair(entity: Entity, people: Iterable[Entity]) -> list[Entity] | None:
    """[the person, `entity`] when `entity` is another name of them."""
    if _lone_name(entity):
        holder = holder_of_given_name(entity, people)
        return [holder, entity] if holder is not None else None
    found = [
        p
        for p in people
        if p.id != entity.id and p.scope == entity.scope and full_twins(entity, p)
    ]
    return [entity, found[0]] if len(found) == 1 else None


async def rejoin_full_names(storage: Store) -> int:
    """Join the full names and given names filed apart, scope by scope (of
    the caller's view); returns how many entities were joined into another."""
    return await rejoin_by_scope(storage, PEOPLE_SCAN, _joinable, join_full_names)


def _joinable(entity: Entity) -> bool:
    return _full_name(entity, _NAMED) or _lone_name(entity)
