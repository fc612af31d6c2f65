"""Questions about a person: found from the person, not from the name's rarity.

A bare name ("Lena", "Caroline"), "Tell me about Sam", "What do you know
about X?", "Who is X?", "my wife", "моя жена", "расскажи о Лене" ask about
one person and nothing else. The hybrid search cannot answer them: the name
is its only word, and a person the user talks about often is in so many turns
that FTS leaves the name out (search/together.py FTS_COMMON_NAME_SHARE) and the entity
leg drops them (legs.COMMON_ENTITY_SHARE) — the most frequent people were the
ones it could not find. Here such a question is answered from the person:
the nodes linked to them (turns by them and about them, facts), ranked by how
much a node says (facts first, long statements before "ok!" and questions),
its own standing, recency, and variety over threads and months.

The people a question names are found by search/names_asked.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, SearchHit, name_key
from ..core.relations import PROVIDERS, RELATION_OWNERS, RELATIONS
from ..store.interface import Store
from .analysis import AnalysedQuery
from .asked_of import asked_age
from .asked_relation import (
    asked_qualifiers,
    asked_relations,
    asks_relatives_name,
    by_relation,
    names_former,
    same_relation_aliases,
)
from .full_names import first_names, full_names
from .kin_asked import relatives_asked
from .morphology import is_russian, relation_base_forms, russian_stem
from .names_asked import (
    FRAME_WORDS,
    MAX_INFLECTED,
    TELLING_WORDS,
    is_person,
    stem_named,
    stems_of,
    words_of,
)
from .qualified_relation import asked_subject
from .relation_place import service_in_place
from .spellings import other_script_spellings
from .standing import stance
from .twin_words import twins, typed_as_word

ASKS_ABOUT_EVENTS = ("when", "why")
MAX_TOPIC = 1  # words asked about a person named by relation ("live")
MAX_PEOPLE = 3  # a question naming more people is about them together
_WORD = re.compile(r"\w+", re.UNICODE)


def relation_word(entity: Entity) -> str:
    """The relation filed on the entity, its last word ("oldest friend" →
    friend); "" for none or a former one."""
    relation = str(entity.attributes.get("relation") or "")
    return (
        ""
        if relation.startswith("former")
        else relation.split()[-1:][0]
        if relation
        else ""
    )


def telling_relation(entity: Entity) -> str:
    """The filed relation whose word in a turn says who the entity is to the
    user ("wife" in "Lena, my wife, …"); none for a pet: its kind is said of
    every animal met ("Bublik met a cat", «Бублик и такса Муся»), and the turn
    introducing it ("Бублик (наш пёс, …)", "our dog Pepper") is found by its
    name beside the kind (introductions.introduces)."""
    return "" if entity.type == "pet" else relation_word(entity)


def asked_about(
    query: AnalysedQuery, named: Sequence[Entity], other_script: Sequence[Entity] = ()
) -> list[Entity]:
    """The people (or things) the query asks about and nothing else; [] for
    any other query. `other_script`: those of `named` the query names in the
    other script ("Киви" names Kiwi), named as fully as by their own name.

    Every word of the query must be a frame word ("tell", "know", "расскажи"),
    a possessive ("my", "моей") or a word of a named person's name or alias
    (`topic_terms`), but one, for a person named by their relation.
    """
    # Not only `person`: the offline extractor files many people (and the
    # dog) as concepts, and "Tell me about Berlin" is answered the same way.
    names = [e.name for e in named]
    people = [e for e in named if not typed_as_word(e.name, query.text, names)]
    if not people or len(people) > MAX_PEOPLE * 2 or not query.terms:
        return []
    # "When was Jon in Paris?" names only entities but asks about an event.
    # "How old is Halina?" asks one thing of her, which her turns must say
    if query.intent in ASKS_ABOUT_EVENTS or asked_age(query.text):
        return []
    # "Matěj's mum", her owner alias found: each turn of hers names her
    relatives = relatives_asked(query.text, people)
    if asks_relatives_name(query):
        return [e for e in people if e.id in relatives]
    extra = topic_terms(query, people)
    if relatives and TELLING_WORDS.issuperset(extra):
        return [e for e in people if e.id in relatives]
    # "Where does my boss live?": a person named by their relation, and one
    # thing asked about them; "What risotto did Lena cook?" stays a search.
    # "Кто был моим начальником раньше?" asks for the older one: a search.
    named_by_relation = by_relation(query) and (
        stance(query.text) != "past" or names_former(query)
    )
    if extra and not (len(extra) <= MAX_TOPIC and named_by_relation):
        return []
    # «Кто у меня сейчас терапевт?» owns the relation by «у меня», not «мой»
    if not extra and _asks_provider_now(query):
        return []  # a search: the one filed may be the one left behind
    if named_by_relation and names_former(query):  # not the one who holds it now
        people = [e for e in people if _former(e)] or people
    if named_by_relation:  # "my friend from nursing college" is no "College"
        people = [e for e in people if is_person(e) or _said_as_name(query, e)]
        # "our doctor in Haarlem": Haarlem says where, the doctor is searched
        if not people or service_in_place(query, people):
            return []
    # "Matěj's mum": she is asked, found by her owner's name, not Matěj
    if relatives:  # and not the user's own mum the word "mum" named too
        return [e for e in people if e.id in relatives]
    # "Anna Petrova" matched as "Anna Petrova" and as "Anna": one person.
    keys = {name_key(n) for n in (*query.names, *same_relation_aliases(query))}
    also = {e.id for e in other_script}
    return [
        e
        for e in people
        if e.id in also or _named_fully(e, keys) or _pet_form_of(query, e)
    ] or people


def answered(
    query: AnalysedQuery, people: Sequence[Entity], hits: list[SearchHit]
) -> bool:
    """The people's hits answer the query, or their none does: "my tennis
    coach", the coach known tells of judo only (`about_people`): no search."""
    return bool(hits) or bool(people and asked_subject(query))


def _pet_form_of(query: AnalysedQuery, entity: Entity) -> bool:
    """The query says a pet form of the person's name («Кирюша» of «Киря»,
    «Кирилл»), filed apart from it: the same person, asked as fully."""
    stems = stems_of(entity)
    return is_person(entity) and any(
        stem_named(word, stems) and russian_stem(word) not in stems
        for word in query.names
        if is_russian(word)
    )


def _asks_provider_now(query: AnalysedQuery) -> bool:
    """ "Who's my family doctor now?", «Кто у меня теперь репетитор?»: who
    serves the user now, of people changed without being named by the
    relation again (core/relations.py PROVIDERS)."""
    asked = asked_relations(query)
    return not asked.isdisjoint(PROVIDERS) and stance(query.text) == "now"


def _former(entity: Entity) -> bool:
    return str(entity.attributes.get("relation") or "").startswith("former ")


def _said_as_name(query: AnalysedQuery, entity: Entity) -> bool:
    """The query says the thing's name capitalised, as a name: "my boss at
    Pebble" names Pebble, "my friend from college" no street "College". A
    relation written in capitals ("our GP") is the relation, not a name: the
    entity filed as "GP" is no holder of it."""
    return any(
        n[:1].isupper()
        and n.casefold() not in RELATIONS
        and _named_fully(entity, {name_key(n)})
        for n in query.names
    )


def person_shaped(query: AnalysedQuery) -> bool:
    """The query may be one `asked_about` answers from people alone, judged
    before its entities are looked up: beyond frame words it has only
    capitalised words (names) or names someone by relation (and one word
    more). Its FTS leg is then not run ahead: a person's answer never reads
    it (~6 ms at 100k for "tell" in "Tell me about Lars"); when it is no
    person's question, the leg runs when the search asks for it."""
    if query.intent in ASKS_ABOUT_EVENTS or asked_age(query.text):
        return False
    capitalised = {w.lower() for w in _WORD.findall(query.text) if w[:1].isupper()}
    named_by_relation = by_relation(query)
    if not (capitalised - FRAME_WORDS or named_by_relation):
        return False
    extra = [t for t in topic_terms(query, []) if t not in capitalised]
    return not extra or (len(extra) <= MAX_TOPIC and named_by_relation)


LIVING = frozenset({"person", "pet"})  # named by their own names, no word's twin


async def with_other_forms(storage: Store, people: Sequence[Entity]) -> list[Entity]:
    """The people, their names in the other script ("Sam", "Сэм") and the
    entities that are another case of their Russian names: the offline
    extractor files "с Леной", "Лены", even "Сегодня Лена" as concepts of
    their own; a person of another name stays apart."""
    found = {e.id: e for e in people}
    # "Ingrid" of "Ingrid Vos", before the other script: «Ингрид» of "Ingrid"
    for entity in await first_names(storage, people):
        found.setdefault(entity.id, entity)
    cases: set[int] = set()
    done = await _add_other_cases(storage, found, set(), cases)
    # "Сэмом" is "Сэм", and "Сэм" is "Sam" (and the other way round)
    spelled = [s for e in found.values() for s in other_script_spellings(e.name)]
    for entity in await storage.entities.entities_by_keys(spelled):
        found.setdefault(entity.id, entity)
    for entity in await full_names(storage, list(found.values())):
        found.setdefault(entity.id, entity)
    # a thing named by a word the other language says otherwise: "Pottery"
    # and «Гончарка» are one pastime (search/twin_words.py); never a person
    said = [t for e in people if e.type not in LIVING for t in twins(e.name)]
    for entity in await storage.entities.entities_by_keys(said) if said else ():
        if entity.type not in LIVING:
            found.setdefault(entity.id, entity)
    await _add_other_cases(storage, found, done, cases)
    return list(found.values())


async def _add_other_cases(
    storage: Store, found: dict[int, Entity], done: set[str], cases: set[int]
) -> set[str]:
    """Add the entities of the same Russian name stems as `found` (the stems
    in `done` already looked up; `cases`: the ids added so, kept up to date);
    returns the stems looked up by now. The stems of a case found so are not
    looked up in turn: "Купили с Ниной Маше куртку" files one concept «Ниной
    Маше», another case of Маша's name, but its «Нин» is her mother Нина, whose
    turns (and the dog's, of «Петя Барсика») are no answer about her."""
    theirs = [e for e in found.values() if e.id not in cases]
    stems = sorted({s for e in theirs for s in stems_of(e)} - done)
    for stem in stems[:MAX_INFLECTED]:
        for entity in await storage.entities.entities_named_like(stem, limit=20):
            if stem in stems_of(entity) and entity.id not in found:
                found[entity.id] = entity  # the same stem: the same name
                cases.add(entity.id)
    return done | set(stems)


def topic_terms(query: AnalysedQuery, people: Sequence[Entity]) -> list[str]:
    """The query's words beyond frame words, possessives, relations and the
    people's names (any case of a Russian one: "о моей жене" is "моя жена")."""
    theirs = {w for e in people for w in words_of(e)}
    stems = {s for e in people for s in stems_of(e)}
    out, qualifiers = [], asked_qualifiers(query)  # "my school friend": no topic
    for term in relation_base_forms(list(query.terms)):
        if term in FRAME_WORDS or term in RELATION_OWNERS or term in RELATIONS:
            continue
        if term in qualifiers or term in theirs:
            continue
        if is_russian(term) and stem_named(term, stems):
            continue
        out.append(term)
    # "tell me about callum" of «Каллум»: the name alone, in the other script
    # (only alone: "Who's Kolya's coach?" asks a relative or a role of him)
    if not out or asked_relations(query):
        return out
    spelled = {s for w in theirs for s in other_script_spellings(w)}
    return [] if spelled.issuperset(out) else out


def _named_fully(entity: Entity, keys: set[str]) -> bool:
    return any(name_key(n) in keys for n in (entity.name, *entity.aliases))
