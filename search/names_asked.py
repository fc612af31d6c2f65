"""The people and things a question names, by any form of their name.

`named_entities` finds them by the name or an alias as asked, by the other
language's word for an everyday name ("Christmas", «Рождество»), by a Russian
name in any case ("с Леной", "Лены", "Лене" → Лена: its stem,
morphology.py), by a pet form the user never wrote («Верочка» → Вера,
name_cases.diminutive_bases) and by another form of the name ("Alex" of
«Саша», name_forms.py), for every search.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Entity, name_key
from ..core.relations import RELATION_OWNERS, RELATIONS, own_names, same_relation
from ..store.interface import Store
from .analysis import AnalysedQuery
from .asked_relation import same_relation_aliases, without_other_holders
from .kin_asked import asked_kin, owner_forms, relative_keys
from .morphology import is_russian, russian_stem
from .name_cases import diminutive_bases, short_pet_base, short_pet_of
from .name_forms import person_by_other_form
from .query_text import STOP_WORDS
from .twin_words import twins

# Words that frame a question about someone without asking anything more.
FRAME_WORDS = frozenset(
    """tell told know knows remember remind say said describe info information
    everything talk talked person guy girl
    name named called
    расскажи расскажите рассказать знаешь знаете помнишь помните такой такая
    такие известно всё все говорил говорила зовут звали звать имя""".split()
)
# «что я рассказывала про маму Матея?»: telling frames a question about a
# relative found by her owner (search/kin_asked.py) only. Of a person named,
# «что я рассказывал про петровича» stays a search: the turns typing the name
# small are linked to nobody, and only a search finds them
TELLING_WORDS = frozenset("рассказывал рассказывала рассказывали".split())
MAX_INFLECTED = 3  # Russian words looked up by stem, per query
_WORD = re.compile(r"\w+", re.UNICODE)


async def named_entities(storage: Store, query: AnalysedQuery) -> list[Entity]:
    """Entities the query names, with the other cases of a Russian name: the
    offline extractor files "с Леной" as an entity "Леной" of its own."""
    keys = [*query.names, *same_relation_aliases(query), *_twin_names(query.names)]
    found = {e.id: e for e in await storage.entities.entities_by_keys(keys)}
    for word in _russian_names(query.text):
        stem = russian_stem(word)
        named = await _named_by_stem(storage, stem)
        # «Верочка» of «Вера»: a pet form names the person of the name it is
        # made of, whether or not the user wrote it too (the pet form filed
        # apart: «Кирюша» beside «Киря», «Кирилл»)
        for base in diminutive_bases(stem):
            named += [e for e in await _named_by_stem(storage, base) if is_person(e)]
        named += await _named_by_short_pet(storage, word)  # «Ленкой» of «Лена»
        found.update((entity.id, entity) for entity in named if entity.id not in found)
    # "Who is Alex?" of «Саша»: another form of the name (search/name_forms.py)
    for entity in await person_by_other_form(storage, query.names, found.values()):
        found.setdefault(entity.id, entity)
    # "Matěj's mum", «маму Матея»: the relative filed under her owner's name,
    # and not the user's own mum, whom the word alone names
    asked = asked_kin(query.text)
    if relatives := await _relatives_asked(storage, asked):
        kins = {same for _, kin in asked for same in same_relation(kin)}
        found = {i: e for i, e in found.items() if not _holds_kin(e, kins)}
        found.update((e.id, e) for e in relatives)
    return await without_other_holders(storage, query, list(found.values()))


async def _relatives_asked(
    storage: Store, asked: Sequence[tuple[str, str]]
) -> list[Entity]:
    """The relatives of someone else's the question names by their owner
    (`asked`: owner as said, relation; search/kin_asked.py); none for an
    owner not known."""
    found: list[Entity] = []
    for said, kin in asked:
        owners = await storage.entities.entities_by_keys(owner_forms(said))
        if not owners and is_russian(said):  # «Ленки»: the name by its stem
            owners = await _named_by_stem(storage, russian_stem(said.casefold()))
        if owners:
            keys = relative_keys(owners, kin)
            found += await storage.entities.entities_by_keys(keys)
    return found


def _holds_kin(entity: Entity, kins: AbstractSet[str]) -> bool:
    """The entity holds, to the user, one of the relations `kins` the
    question asks of someone else ("mum" of "Matěj's mum")."""
    held = str(entity.attributes.get("relation") or "").split()[-1:]
    return bool(held) and held[0] in kins


async def _named_by_stem(storage: Store, stem: str) -> list[Entity]:
    """The entities one of whose Russian names has the stem `stem`."""
    like = await storage.entities.entities_named_like(stem, limit=20)
    return [entity for entity in like if stem in stems_of(entity)]


async def _named_by_short_pet(storage: Store, word: str) -> list[Entity]:
    """The people a short pet form in «-ка» asks about («что с Ленкой?» of
    «Лена», never written so): only a known person whose first name is the
    form's stem; a kin word is no one's pet name («дочка»)."""
    folded = word.lower()
    base = short_pet_base(russian_stem(folded))
    if not base or folded in RELATIONS or folded in RELATION_OWNERS:
        return []
    like = await storage.entities.entities_named_like(base, limit=20)
    return [e for e in like if is_person(e) and _first_named(e, base)]


def _first_named(entity: Entity, base: str) -> bool:
    names = own_names((entity.name, *entity.aliases))
    firsts = (name_key(n).split()[:1] for n in names)
    return any(short_pet_of(base, first[0]) for first in firsts if first)


def _twin_names(names: Sequence[str]) -> list[str]:
    """The other language's word for a one-word name that is an everyday
    word ("Christmas" is «Рождество», search/twin_words.py): a bilingual user
    tells the holiday in both, and the extractor files each as its own."""
    return [name_key(t) for name in names if " " not in name for t in twins(name)]


def _russian_names(text: str) -> list[str]:
    """Russian words that may be a name: capitalised ones (every word of a
    question of three words or fewer, "лена?")."""
    words = _WORD.findall(text)
    short = len(words) <= 3
    out = [
        w
        for w in words
        if is_russian(w)
        and len(w) >= 3
        and (short or w[0].isupper())
        and w.lower() not in FRAME_WORDS
        and w.lower() not in STOP_WORDS
    ]
    return list(dict.fromkeys(out))[:MAX_INFLECTED]


def words_of(entity: Entity) -> set[str]:
    names = own_names((entity.name, *entity.aliases))
    return {w.lower() for n in names for w in _WORD.findall(n)}


def stems_of(entity: Entity) -> set[str]:
    """The stems of the entity's Russian names ("моя жена" names the wife but
    is no name of hers: "моя подруга" is someone else)."""
    return {
        russian_stem(w)
        for w in words_of(entity) - RELATION_OWNERS - RELATIONS
        if is_russian(w)
    }


def is_person(entity: Entity) -> bool:
    return entity.type == "person" or bool(entity.attributes.get("relation"))


def stem_named(word: str, stems: AbstractSet[str]) -> bool:
    """`word` is a case of one of the names of `stems`, or a pet form of one
    («Леночка», «Ленкой» of «Лена»)."""
    stem = russian_stem(word)
    if stem in stems or diminutive_bases(stem) & stems:
        return True
    base = short_pet_base(stem)
    return any(short_pet_of(base, name) for name in stems)
