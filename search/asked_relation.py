"""The relations a question asks about: "my wife", «моей маме», "Oscar's father".

Read by search/people.py, which answers a question about a person from the
person, and names them by relation as well as by name.
"""

from __future__ import annotations

import functools
import re

from ..core.records import Entity
from ..core.relations import (
    ONE_AT_A_TIME,
    PET_KINDS,
    RELATION_OWNERS,
    RELATIONS,
    SAME_RELATION_WORDS,
    UNIQUE_RELATIONS,
    in_law_names,
    owner_word,
    relation_aliases,
    relation_signs,
    said_in_two,
    same_qualified,
    same_relation,
    wider_relations,
)
from ..core.text import strip_accents
from ..store.interface import Store
from .analysis import AnalysedQuery
from .cross_script import HONORIFICS
from .morphology import (
    NAME_POSSESSIVE,
    OWNER_STEMS,
    declined_name,
    is_russian,
    relation_base_forms,
    russian_stem,
)
from .past_holder import past_holder_relation
from .query_text import INNER_NAME

_WORD = re.compile(r"\w+", re.UNICODE)
# "What's Oscar's father called?", «Как зовут отца Оськи?»: a name asked
# "Oscar's father": someone else's relation ("what's", "who's" own nothing;
# "the dog's name" asks the household's dog's)
_POSSESSIVE = re.compile(
    r"\b(?!(?i:what|who|that|it|he|she|there|where|how|here)['’]s)"
    r"(?<!\bthe )(?<!\bThe )\w+['’]s\b"
    rf"|(?<!\w){NAME_POSSESSIVE}(?!\w)",
)
_ASKS_NAME = re.compile(r"\b(?:name|names|called)\b|(?<!\w)(?:зовут|имя)(?!\w)", re.I)


def asked_relations(query: AnalysedQuery) -> frozenset[str]:
    """The relation words the query asks about ("my wife" → wife, жена)."""
    in_laws, heads = in_law_names(query.text)  # "mother-in-law", not "mother"
    based = [*relation_base_forms(list(query.terms)), *in_laws[1::2]]
    return frozenset(
        same
        for term in based
        if term in RELATIONS and term not in heads
        for same in relation_signs(term)
    )


def bare_own_relation(query: AnalysedQuery) -> str:
    """The relation a name question asks without an owner word, the user's
    own: «Как зовут соседку из Граси?» (my neighbour, from Graça), "What's
    the neighbour called?"; not "Oscar's father", «отца Оськи» (a name right
    after it owns the relation). "" for none."""
    if _POSSESSIVE.search(query.text):
        return ""
    if not _ASKS_NAME.search(query.text):
        return _bare_relation(query.text)
    words = _WORD.findall(query.text)
    based = relation_base_forms([w.lower() for w in words])
    for at, word in enumerate(based):
        if word not in RELATIONS or word in RELATION_OWNERS:
            continue
        if at and declined_name(words[at]):  # «девушку Жени»: no «жена»
            continue
        before = based[at - 1] if at else ""
        if before not in RELATION_OWNERS and not _name_after(words, at):
            return word
    return ""


def _name_after(words: list[str], at: int) -> bool:
    """A name follows the word at `at`, maybe past a title («внука кирии
    Андрулы», «сына пани Ковальской»): it owns the relation."""
    after = at + 1
    while after < len(words) - 1 and words[after].casefold() in HONORIFICS:
        after += 1
    return after < len(words) and words[after][:1].isupper()


# "дочка", "the cat": a relation word alone, as a search of its own, is the
# user looking up their own (a personal memory has one user).
_BARE_RELATION = re.compile(r"\s*(?:the\s+)?([\w-]+)\s*", re.I)


def _bare_relation(text: str) -> str:
    typed = _BARE_RELATION.fullmatch(text)
    word = relation_base_forms([typed[1].lower()])[0] if typed else ""
    return word if word in RELATIONS and word not in RELATION_OWNERS else ""


def same_relation_aliases(query: AnalysedQuery) -> list[str]:
    """ "my boss" also as "моя начальница", "мой начальник": the turns of each
    language file the relation in their own words (Ingrid and Ингрид)."""
    out: list[str] = []
    bare = bare_own_relation(query)
    if bare and not _owned_relation(query):
        out += [a for same in same_relation(bare) for a in relation_aliases(same)]
        # «как зовут внучку?»: the grandchild said without its sex too
        out += [a for wide in wider_relations(bare) for a in relation_aliases(wide)]
    # «моего бывшего начальника» is a former boss, not «моя бывшая» (the ex)
    qualifiers = {
        words[1] for words in map(_qualified, query.names) if words is not None
    }
    for name in query.names:
        words = name.lower().split()
        if len(words) == 2 and relation_base_forms(words)[1] in qualifiers:
            continue
        # a pet's kind is filed without its describing word ("our guinea
        # pig", «наша морская свинка»: my pig, моя свинка)
        described_pet = len(words) == 3 and words[-1] in PET_KINDS
        owned = (len(words) == 2 or described_pet) and words[0] in RELATION_OWNERS
        # a relation one has once is asked alone too ("тёща": "mother-in-law")
        alone = len(words) == 1 and words[0] in UNIQUE_RELATIONS
        if (owned or alone) and words[-1] in RELATIONS:
            out += [
                a for same in same_relation(words[-1]) for a in relation_aliases(same)
            ]
            # "my GP" is "my family doctor", filed as a relation of two words
            out += [a for two in said_in_two(words[-1]) for a in relation_aliases(two)]
            # "my daughter" may be the child said as "our youngest"
            out += [
                a for wide in wider_relations(words[-1]) for a in relation_aliases(wide)
            ]
        elif (based := _qualified(name)) is not None:
            # "my best friend": «моя лучшая подруга» in the other language;
            # «моего бывшего начальника»: "my former boss" in either
            qualified = same_qualified(based[1], based[2])
            if _calls_former(based):  # "my previous boss" is filed "my former boss"
                qualified += same_qualified("former", based[2])
            out += [a for relation in qualified for a in relation_aliases(relation)]
    if held := past_holder_relation(query.text):  # "Who was my boss?"
        out += [a for q in same_qualified("former", held) for a in relation_aliases(q)]
    return list(dict.fromkeys(out))


def qualified_relations(query: AnalysedQuery) -> dict[str, list[str]]:
    """{relation word: the aliases of its qualified relation} for each
    relation of its own the query names ("my late husband": husband, and
    "my first husband", «мой покойный муж», …): the bare word ("husband")
    names another holder, the present one."""
    out: dict[str, list[str]] = {}
    for words in map(_qualified, query.names):
        if words is None or words[1] in SAME_RELATION_WORDS:
            continue
        qualified = same_qualified(words[1], words[2])
        out[words[2]] = [
            a for relation in qualified for a in relation_aliases(relation)
        ]
    return out


def asked_qualifiers(query: AnalysedQuery) -> frozenset[str]:
    """The qualifiers of the relations of their own the query names ("school"
    of "my school friend"): part of whom it names, not what it asks; not of
    someone else's relation («лучший друг Оськи» asks who holds it)."""
    others = relations_of_others(query.text)
    return frozenset(
        words[1]
        for words in map(_qualified, query.names)
        if words is not None and words[2] not in others
    )


async def without_other_holders(
    storage: Store, query: AnalysedQuery, found: list[Entity]
) -> list[Entity]:
    """ "my late husband" names whoever holds that relation, and not the
    present husband its bare word ("husband") found too (when someone holds
    it: otherwise the bare word's holder is all there is)."""
    for word, aliases in qualified_relations(query).items():
        holders = {e.id for e in await storage.entities.entities_by_keys(aliases)}
        if holders:
            same = same_relation(word)
            found = [e for e in found if e.id in holders or _holds(e) not in same]
    return found


def _holds(entity: Entity) -> str:
    """The relation word filed on the entity ("первый муж": муж)."""
    return " ".join(str(entity.attributes.get("relation") or "").split()[-1:])


_RUSSIAN_QUALIFIERS = frozenset(
    "лучший лучшая первый первая покойный покойная прежний прежняя".split()
)
_FORMER = frozenset("former previous бывший бывшая прежний прежняя".split())
# "Old" is former only of a relation held one at a time: "my old boss", «мой
# старый хозяин» had a successor; "my old friend" is a friend of long standing.
_OLD = frozenset("old старый старая".split())


def names_former(query: AnalysedQuery) -> bool:
    """The query names someone by a relation they held before ("my former
    boss", «моего бывшего начальника»), filed as their alias when a newer
    holder took it (writepath/relations.py): a question about that person."""
    return any(
        words is not None and _calls_former(words)
        for words in map(_qualified, query.names)
    )


def _calls_former(words: list[str]) -> bool:
    """The qualified relation (owner, qualifier, relation) is a former one:
    "my previous boss", «мой бывший начальник», "my old landlord"."""
    if words[1] in _FORMER:
        return True
    return words[1] in _OLD and words[2] in ONE_AT_A_TIME


def _qualified(name: str) -> list[str] | None:
    """The owner, qualifier and relation of "my best friend", «моего
    бывшего начальника» (in their base forms), or None."""
    words = _former_in_base_form(relation_base_forms(name.lower().split()))
    # «первый муж», «покойная жена»: Russian leaves "мой" out
    if len(words) == 2 and words[0] in _RUSSIAN_QUALIFIERS:
        words = [owner_word(words[1]), *words]
    owned = len(words) == 3 and words[0] in RELATION_OWNERS
    return words if owned and words[2] in RELATIONS else None


# «моего прежнего начальника», «моей бывшей начальницы»: the Russian
# qualifier in any case, between an owner and a relation word in their own
_FORMER_RU = {"прежн": "прежний", "бывш": "бывший"}
_OLD_RU = "стар"  # «моего старого начальника»: of a relation held one at a time


def _former_in_base_form(words: list[str]) -> list[str]:
    """ "моего прежнего начальник" as "мой прежний начальник"."""
    if len(words) != 3 or words[2] not in RELATIONS or words[1] in _FORMER:
        return words  # «бывшего» is read as «бывшая» (the ex) already
    owned = russian_stem(words[0]) in OWNER_STEMS
    for stem, base in _FORMER_RU.items():
        if words[1].startswith(stem) and owned:
            return [owner_word(words[2]), base, words[2]]
    if words[1].startswith(_OLD_RU) and owned and words[2] in ONE_AT_A_TIME:
        return [owner_word(words[2]), "старый", words[2]]
    return words


@functools.cache
def _russian_stems(words: frozenset[str]) -> frozenset[str]:
    """The stems of the Russian `words` (once per set: asked of every node)."""
    return frozenset(russian_stem(w) for w in words if is_russian(w))


def states_relation(text: str, relations: frozenset[str]) -> bool:
    """The text names one of `relations` (a Russian one in any case)."""
    if not relations:
        return False
    stems = _russian_stems(relations)
    text = strip_accents(text.lower())  # "my fiancé" states "fiance"
    # A word's stem is its prefix: a text holding no relation nor stem as a
    # substring names none (most turns; the word loop below is the cost).
    if not any(key in text for key in (*relations, *stems)):
        return False
    for word in _WORD.findall(text):
        if word in relations or (is_russian(word) and russian_stem(word) in stems):
            return True
    return False


def by_relation(query: AnalysedQuery) -> bool:
    """The query names someone by their relation: "my boss", "моей маме",
    or asks the name of one without an owner word (`bare_own_relation`)."""
    return _owned_relation(query) or bool(bare_own_relation(query))


def _owned_relation(query: AnalysedQuery) -> bool:
    """The query says "my <relation>" / «моей маме»."""
    return any(
        words[0] in RELATION_OWNERS and words[-1] in RELATIONS
        for words in (n.lower().split() for n in query.names)
        if len(words) >= 2
    )


# "Katya's husband", «мужа Кати», «Катиного мужа»: a relation word with the
# name that owns it, before it in English, after it (a genitive) in Russian
# (the word before may be no owner: «моего мужа Йоси» is mine, named).
_OWNED_BY_NAME = re.compile(
    r"(?<![\w'’])(?!(?i:what|who|that|it|he|she|there|where|how|here)['’])"
    r"([A-Z]\w+)['’]s\s+([\w-]+)"
    r"|(?<![\w-])(\w+\s+)?([а-яё]+)(?=\s+([А-ЯЁ][а-яё]+))"
    rf"|(?<!\w)({NAME_POSSESSIVE})\s+(\w+)",
)


_RUSSIAN_OWNER = re.compile(r"мо[йяеёи]\w*|наш\w*")


def owned_by_name(text: str) -> list[tuple[str, str]]:
    """(owner as said, relation word as written, casefolded) for each
    relative of a named person's `text` says: "Katya's husband" (Katya,
    husband), «мужа Кати» (Кати, мужа), «Катиного мужа» (Катиного, мужа)."""
    found = []
    for match in _OWNED_BY_NAME.finditer(text):
        en_owner, en_kin, before, ru_kin, ru_owner, adjective, kin = match.groups()
        if before and _RUSSIAN_OWNER.fullmatch(before.strip().casefold()):
            continue  # «моего мужа Йоси»: mine, named
        word = (en_kin or ru_kin or kin).casefold()
        if relation_base_forms([word])[0] in RELATIONS:
            found.append((en_owner or ru_owner or adjective, word))
    return found


def relations_of_others(text: str) -> frozenset[str]:
    """The relation words `text` says of a named person's relative ("Katya's
    husband": husband), as written (casefolded): the user's relation is
    not asked, so these words name no relative of the user's."""
    return frozenset(word for _, word in owned_by_name(text))


def asks_relatives_name(query: AnalysedQuery) -> bool:
    """The question asks the name of a named person's relative ("What's
    Oscar's father called?", «Как зовут отца Оськи?»): it is about the
    relative, whom the named person's turns do not name. Not "What's my
    wife Lena called?": the user's own relation names the person asked."""
    return (
        bool(_ASKS_NAME.search(query.text))
        and bool(INNER_NAME.search(query.text))
        and bool(asked_relations(query))
        and not by_relation(query)
    )
