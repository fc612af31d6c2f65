"""Case forms of one Russian name join one entity: "Лена", "Лены", "Лене",
"Лену", "Леной" are the user's wife once, not five people.

The offline extractor files each written form as it is. Here a Cyrillic name
of one or two words ("Лена", "Галина Петровна") joins the entities of its
other case forms, inside one scope
(search/name_cases.py lists the forms a nominative declines to). The rule is
careful where two names share a stem:
- a form both names decline to ("Вите": Вита or Витя?) joins neither;
- a form that is itself a given name ("Яна" beside "Ян") is a name, not a
  case, and two people both named in a nominative-looking form stay apart;
- a place joins only a place (or an untyped concept), a person or pet only a
  person or pet;
- a form a user split out or deleted (toolkit/entity_edits.py) is never
  joined again.
The entity keeps the nominative as its name ("Лена", not "Леной"): an entity
first filed under an oblique form is renamed when the nominative comes.

New names are joined as they are filed (`join_case_forms`, next to
nicknames.join_people); `rejoin_case_forms` joins those filed apart before,
after a reindex and in the nightly entity step.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import product

from ..core.records import Entity, name_key
from ..core.scope import using_view, view_of_scope
from ..search.cross_script import OtherScriptNames
from ..search.name_cases import (
    is_name_key,
    looks_nominative,
    name_forms,
    nominatives,
    possessive_forms,
    possessive_nominatives,
)
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .names import GIVEN_NAMES
from .nicknames import pet_name_stem
from .oblique import name_obliques
from .pet_forms import pet_form_stem

# Entities a rejoin looks through, the most mentioned first.
REJOIN_SCAN = 50_000
_KINDS = {"person": "being", "pet": "being", "place": "place"}


def _key(entity: Entity) -> str:
    return name_key(entity.name)


def _word_lemmas(word: str) -> set[str]:
    """The nominatives one word may be a form of (itself if it looks one); a
    given name is its own nominative, not another name's case."""
    found = {word} if looks_nominative(word) else set()
    if word not in GIVEN_NAMES:
        found |= nominatives(word) | possessive_nominatives(word)
    return found


def _forms(lemma: str) -> set[str]:
    """The case forms of `lemma`, and for a one-word name its possessives
    ("Лёвином" is said of Лёва: «на Лёвином диване»)."""
    return name_forms(lemma) | possessive_forms(lemma)


def _lemmas(key: str, guarded: Collection[str]) -> set[str]:
    """The nominatives `key` may be a form of, word by word."""
    found = {" ".join(words) for words in product(*map(_word_lemmas, key.split()))}
    return {n for n in found if n not in guarded}


def _fits(entity: Entity, lemma: str) -> bool:
    """`entity` is `lemma`'s: it holds the nominative, or its name is a case
    form of it that is not a given name of its own."""
    key = _key(entity)
    if lemma in {key, *(name_key(a) for a in entity.aliases)}:
        return True
    return key in _forms(lemma) and key not in GIVEN_NAMES


def _holds_pet_form(entity: Entity, lemmas: Collection[str]) -> bool:
    """`entity` holds one of the nominatives, a pet form (pet_forms.py), as
    an alias: "Zarina", who holds «Заринка», is the person of «с Заринкой»
    though her name is in Latin. Only a pet form: the cases of a Latin
    name's own twin («Тимура» of "Timur") are twins.py's and oblique.py's."""
    pets = {n for n in lemmas if pet_form_stem(n)}
    return any(name_key(a) in pets for a in entity.aliases)


def _compatible(a: Entity, b: Entity) -> bool:
    if "concept" in (a.type, b.type):
        return True
    if _KINDS.get(a.type, a.type) != _KINDS.get(b.type, b.type):
        return False
    # "Иван" and "Ивана" both said as people: perhaps two of them
    both_named = looks_nominative(_key(a)) and looks_nominative(_key(b))
    return not (a.type == b.type == "person" and both_named)


async def _kin(
    storage: Store, entity: Entity, guarded: Collection[str]
) -> tuple[str, list[Entity]]:
    """The nominative and the other entities `entity` is a case form of, or
    ("", []) when none or when it could be two names' form."""
    key = _key(entity)
    if not is_name_key(key) or key in guarded:
        return "", []
    lemmas = _lemmas(key, guarded)
    keys = {form for n in lemmas for form in (n, *_forms(n))}
    if not keys:
        return "", []
    found = [
        other
        for other in await storage.entities.entities_by_keys(sorted(keys))
        if other.id != entity.id
        and other.scope == entity.scope
        and _key(other) not in guarded
        and (is_name_key(_key(other)) or _holds_pet_form(other, lemmas))
        and _compatible(entity, other)
    ]
    by_lemma = {n: [o for o in found if _fits(o, n)] for n in lemmas}
    kin = {o.id: o for group in by_lemma.values() for o in group}
    # one nominative must account for every entity found: "Вите" beside
    # both "Витя" and "Вита" is left alone
    shared = [n for n, group in by_lemma.items() if len(group) == len(kin) and kin]
    if not shared:
        return "", []
    held = [n for n in shared if any(n == _key(o) for o in kin.values())]
    lemma = (held or sorted(shared))[0]
    group = {entity.id, *kin}
    return lemma, [
        o for o in kin.values() if not await _claimed(storage, o, lemma, group, guarded)
    ]


async def _claimed(
    storage: Store,
    form: Entity,
    lemma: str,
    group: Collection[int],
    guarded: Collection[str],
) -> bool:
    """Another filed name, besides `lemma`, that `form` may be a case of:
    "Вите" found from "Витей" while "Вита" is known too."""
    key = _key(form)
    if lemma in {key, *(name_key(a) for a in form.aliases)}:
        return False
    others = _lemmas(key, guarded) - {lemma, key}
    if not others:
        return False
    return any(
        o.id not in group and o.scope == form.scope
        for o in await storage.entities.entities_by_keys(sorted(others))
    )


async def _join(
    storage: Store, entity: Entity, guarded: Collection[str]
) -> tuple[Entity, list[int]] | None:
    """Join `entity` and its case forms; the entity kept and the ids dropped."""
    lemma, kin = await _kin(storage, entity, guarded)
    if not kin:
        return None
    group = [entity, *kin]
    # the entity with its type and most links stays (its id, its relation);
    # it takes the nominative's name after
    keep = max(group, key=lambda e: (e.type != "concept", e.mention_count, -e.id))
    for other in group:
        if other.id != keep.id:
            await storage.entities.merge_entities(keep.id, other.id)
    typed = sorted(
        (e for e in group if e.type != "concept"), key=lambda e: -e.mention_count
    )
    if keep.type == "concept" and typed:
        await storage.entities.update_entity(keep.id, type=typed[0].type)
    joined = await storage.entities.get_entity(keep.id) or keep
    names = {name_key(a) for a in joined.aliases}
    if _renamed(_key(joined), lemma, names):
        await storage.entities.rename_entity(keep.id, _alias(joined, lemma))
        joined = await storage.entities.get_entity(keep.id) or joined
    return joined, [e.id for e in group if e.id != keep.id]


def _renamed(key: str, lemma: str, aliases: Collection[str]) -> bool:
    """The entity named `key` takes the nominative `lemma` it holds as an
    alias: "Лена" came after "Леной", «Саша» after "Александр" (the name said
    every day); never a pet name for its full name ("Оскар" stays beside
    «Оськой», writepath/nicknames.py), nor a possessive of a name it holds
    («Мишкин» of «Мишка»: «Мишкину форму» reads like a surname's dative)."""
    if key == lemma or lemma not in aliases or not is_name_key(key):
        return False  # "Zarina" keeps her Latin name beside «Заринкой»
    if possessive_nominatives(lemma) & {key, *aliases}:
        return False
    return key in name_forms(lemma) or not pet_name_stem(lemma)


def _alias(entity: Entity, key: str) -> str:
    return next(a for a in entity.aliases if name_key(a) == key)


async def join_case_forms(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each newly filed name of `fresh` with its case forms; returns the
    entity each id of `fresh` now is (those that changed)."""
    now: dict[int, Entity] = {}
    for entity in fresh:
        if entity.id in now:
            continue
        done = await _join(storage, entity, guarded)
        if done is None:
            continue
        joined, dropped = done
        now.update({i: joined for i in (*dropped, joined.id)})
    # a later join may have moved an earlier one's entity again
    return {i: await storage.entities.get_entity(e.id) or e for i, e in now.items()}


async def rejoin_case_forms(storage: Store) -> int:
    """Join the case forms filed apart, scope by scope (of the caller's view);
    returns how many entities were joined into another."""
    names: dict[str, list[Entity]] = {}
    for entity in await storage.entities.list_entities(limit=REJOIN_SCAN):
        if is_name_key(_key(entity)):
            names.setdefault(entity.scope, []).append(entity)
    joined = 0
    for scope, group in names.items():
        deleted, split = await edit_guards(storage, scope)
        # nominatives first: each gathers its forms in one join
        group.sort(key=lambda e: (not looks_nominative(_key(e)), -e.mention_count))
        with using_view(view_of_scope(scope)):
            for entity in group:
                current = await storage.entities.get_entity(entity.id)
                if current is None:
                    continue  # joined into another already
                done = await _join(storage, current, deleted | split)
                joined += len(done[1]) if done else 0
            # "Самары" beside "Samara" is Самара (not a join: not counted)
            scoped = await storage.entities.list_entities(limit=REJOIN_SCAN)
            by_sound = OtherScriptNames()
            await name_obliques(storage, scoped, by_sound, deleted | split)
    return joined
