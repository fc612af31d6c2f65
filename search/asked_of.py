"""What a question asks of someone or something it names by name.

"What is Owen's blood type?", «Какая у Оуэна группа крови?»: the words after
the name are the thing asked; the person's own turns ("Owen booked the
train") answer only by saying it, and said of that person («Мама Оуэна» is
no answer to «мама Ксюши»). "How much is the rent in Leslieville?": a place
named answers nothing of itself; its turns must say the rent. "Which
university did Owen go to?": Owen's turns must say a university.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import RELATIONS
from .compound_head import MEASURE_STEMS
from .cross_script import MIN_KEY, loose_key, loose_keys, same_key, whole_key
from .morphology import NAME_POSSESSIVE, declined_name, relation_base_forms, stem
from .name_cases import possessive_nominatives, says_possessive_of
from .own_relation import says_own
from .query_text import STOP_WORDS
from .when import CARDINALS

_SYNONYMS = (
    "mother mom mum",
    "father dad",
    "grandmother grandma granny",
    "grandfather grandpa",
    "мама мать",
    "папа отец",
)
# the other words for the same relative ("mother" → "mom", "mum")
SAME_WORDS = {
    stem(word): {stem(other) for other in group.split()}
    for group in _SYNONYMS
    for word in group.split()
}
# "When is Graham's birthday?", «Как зовут отца Оськи?»: what is asked of a
# person the question names. Their turns ("Cooked Graham a pie") answer
# only by saying it: a person's being known is not their birthday's.
_ATTRIBUTES = frozenset(
    stem(word)
    for word in """birthday birthdays born age address phone рождения родился
    родилась возраст адрес телефон""".split()
)


# "How old is Halina?", «Сколько лет Ильдару?»: her age, which a turn says by
# a number of years, not by the word "age" ("The old man in the cap")
_HOW_OLD = re.compile(
    r"\bhow old\b|\bwhat age\b|(?<!\w)сколько (?:\w+ )?(?:лет|годиков)(?!\w)"
    r"|(?<!\w)какого возраста(?!\w)",
    re.I,
)
AGE = stem("age")
_ENGLISH_CARDINALS = [w for w in CARDINALS if w.isascii()]
_RUSSIAN_CARDINALS = [w for w in CARDINALS if not w.isascii()]
_EN_NUMBERS = (
    r"(?:\d{1,3}|"
    + "|".join([*_ENGLISH_CARDINALS, "eleven", "twelve"])
    + r"|\w+teen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?)"
)
# a Russian age goes without «лет» as often as with it: «Лёве семь», «ему
# тридцать»; any cardinal counts (a turn naming the person is asked)
_RU_NUMBERS = (
    r"(?:"
    + "|".join([*_RUSSIAN_CARDINALS, "одна"])
    + r"|\w+надцать|двадцать|тридцать|сорок|пятьдесят|шестьдесят|семьдесят"
    r"|восемьдесят|девяносто|сто)"
)
# A bare number is an age only when no counted thing follows it: «Лёве
# семь», "he's forty and", not «сорок коробок» nor "there's forty boxes".
# What may follow an age: its unit, a particle ("тридцать восемь" is read
# at its last word).
_AFTER_AGE = (
    r"years?|yrs?|year-old|months?|and|now|already|this|next|last|today|soon"
    r"|лет|год\w*|годик\w*|месяц\w*|и|а|но|уже|же|ведь|вроде|теперь|скоро|будет"
    r"|с\s+половиной"
)
_NO_COUNT = rf"(?!\s+(?!(?:{_AFTER_AGE})(?!\w))[^\W\d_])"
_AGE_SAID = re.compile(
    rf"\b\d{{1,3}}\s*-?\s*(?:years?|yrs?|year-old|лет|год\w*)(?!\w)"
    rf"|\b(?:aged?|turn(?:ed|s|ing))\s+{_EN_NUMBERS}\b(?!\s*(?:%|:))"
    rf"|\b(?:is|['’]s|now)\s+{_EN_NUMBERS}\b(?!\s*(?:%|:)){_NO_COUNT}"
    rf"|(?<!\w){_RU_NUMBERS}(?!\w){_NO_COUNT}"
    rf"|(?<!\w)(?:исполни\w*|стукнуло)(?!\w)"
    # a bracket right after a name: «(Олег, 61)», "Oleg (61)"
    rf"|\((?-i:[A-ZА-ЯЁ])\w+,\s*\d{{1,3}}\s*[),]"
    rf"|(?-i:\b[A-ZА-ЯЁ])\w+\s*\(\d{{1,3}}\)",
    re.I,
)


def asked_age(text: str) -> set[str]:
    """{AGE} when the question asks how old someone is, else empty."""
    return {AGE} if _HOW_OLD.search(text) else set()


def says_age(text: str) -> bool:
    """The text says an age: "she's 71 years old", "turned seventy",
    «ему тридцать лет», «исполнилось»."""
    return bool(_AGE_SAID.search(text))


def asked_attribute(terms: Sequence[str], text: str = "") -> set[str]:
    """The stems of a personal attribute or a relative the terms ask for
    ("birthday", «отца» → отец, with the other words for the relative); not
    a relation `text` says is the user's own: "Who was my GP before Dr
    Aydın?" asks the user's doctor, no relative of Aydın's."""
    kin = {base for base in relation_base_forms(list(terms)) if base in RELATIONS}
    kin = {base for base in kin if not says_own(text, {base})}
    found = {stem(t) for t in terms} & _ATTRIBUTES | {stem(k) for k in kin}
    return found.union(*(SAME_WORDS.get(word, ()) for word in found))


def measure_parts(asked: AbstractSet[str]) -> list[AbstractSet[str]]:
    """The parts of what is asked, each of which a turn must say: a measure
    and what it measures are one thing ("the Getz's plate number" is not
    "his private number" nor "a plate"; «группа крови у Йоси» is not "blood"
    among his tests), anything else is said by any of its words."""
    measures = asked & MEASURE_STEMS
    rest = asked - measures
    return [measures, rest] if measures and rest else [asked]


def personal_attribute(text: str, terms: Sequence[str]) -> set[str]:
    """A birthday, an age, an address, a phone, a relative, a measure asked
    of a name ("When is Yossi's birthday?", «Мишиного сына», "the Fiesta's
    plate number"), asked even when no entity is linked (a husband in every
    other turn is too common for the entity leg): "Sonya's birthday" is not
    his. Other words asked of an unlinked name are not required ("Caroline's
    suggestion" is answered by the book she suggested: LoCoMo)."""
    of_name = asked_of_name(text)
    if not of_name:
        return set()
    measured = of_name if of_name & MEASURE_STEMS else set()
    return asked_attribute(terms) | asked_age(text) | measured


# "Lev's best friend", «лучшая подруга Нади»: a word picking one among a
# person's friends, which a turn on their friends ("all his friends have a
# garden") does not pick; each with the other language's word
_PICKS = {"best": "лучш", "closest": "ближайш"}
_PICKS |= {ru: en for en, ru in _PICKS.items()}
_PICKED = re.compile(r"(?<!\w)(best|closest|лучш\w*|ближайш\w*)\s+(\w+)", re.I)
_RELATION_STEMS = frozenset(map(stem, RELATIONS))


def picked_relation(text: str) -> set[str]:
    """The stems of a word picking one relative or friend in the text, right
    before the relation ("Who's Lev's best friend?" → best, лучш): a turn
    answers a question picking one only by picking one too ("the best book"
    from "a friend" picks no friend); empty when it picks none."""
    found = set()
    for match in _PICKED.finditer(text):
        relation = relation_base_forms([match[2].casefold()])[0]
        if stem(relation) in _RELATION_STEMS:
            picked = stem(match[1])
            found |= {picked, _PICKS.get(picked, picked)}
    return found


# "Owen's blood type", «у Оуэна группа крови»: up to two words after the
# name; «Полиного учителя», «Светиной машины»: after a name made a
# possessive (morphology.NAME_POSSESSIVE);
# «Какой группы крови Марта?», «Какая машина у Марты?»: between the
# question word and the name (not «лет»: an age is `asked_age`'s)
_OF_NAME = re.compile(
    r"\b(?!(?:What|Who|Where|When|How|Which|Why|That|It)\W)"
    r"[A-ZА-ЯЁ]\w+['’]s\s+(\w+)(?:\s+(\w+))?"
    # "what is Timur favourite book": the possessive's "'s" left out, as a
    # learner of English says it, before a liking word
    r"|(?<=\w\s)(?!(?:What|Who|Where|When|How|Which|Why|That|It|I)\W)[A-Z]\w+"
    r"\s+(favou?rite|fave)\s+(\w+)"
    r"|(?<!\w)[Уу]\s+[A-ZА-ЯЁ]\w+\s+(\w+)(?:\s+(\w+))?"
    rf"|(?<!\w){NAME_POSSESSIVE}\s+(\w+)(?:\s+(\w+))?"
    r"|(?<!\w)(?i:как(?:ой|ая|ое|ие|ого|ую|их))\s+(?!(?:лет|годиков)\b)"
    r"(\w+)(?:\s+(?!(?:у|лет)\b)(\w+))?\s+(?:у\s+)?[А-ЯЁ]\w+[\s?.!]*$"
)
# "Which university did Owen go to?", «В каком вузе учился Оуэн?»: the place
# one went to or studied at (not a time: "What year did Tim go..."), which
# the person's turns must say ("work" is said by every turn: not asked)
_WHERE_ONE_GOES = re.compile(
    r"\b(?i:which|what)\s+(?!(?:year|month|week|day|time|date)s?\b)(\w+)\s+"
    r"(?:did|does|do)\s+[A-Z]\w+\s+(?:go|attend|study|graduate)\w*"
    r"|(?<!\w)(?i:в|на)\s+как\w+\s+(\w+)\s+(?:учи|ход)\w*\s+[А-ЯЁA-Z]"
)
# "What car does Kostya drive?", "Which phone has Lena got?": the thing asked
# between the question word and the person doing something with it
_WHAT_ONE_HAS = re.compile(
    r"\b(?i:which|what)\s+(\w+)\s+(?:does|did|do|has|had|is|was)\s+"
    r"[A-Z]\w+\s+\w+"
)
_WORD = re.compile(r"\w+", re.UNICODE)
# the verbs that ask a name, said after what is named in spoken Russian
_NAMING = frozenset(map(stem, "зовут звали называется".split()))
_NAME = re.compile(r"(?<=\w)\W+([A-ZА-ЯЁ]\w+)")


# What one thinks or feels of something is told, not named: "Melanie's
# reaction to the Grand Canyon" is answered by what she said of it.
_TOLD = frozenset(
    stem(word)
    for word in """reaction reactions response opinion opinions thoughts thought
    feelings feeling feel view views take impression attitude advice idea ideas
    reason reasons plan plans experience goal goals dream dreams hope hopes
    реакция реакции мнение отношение впечатление впечатления совет идея причина
    план планы мечта""".split()
)


# «день рождения»: the day of a birthday is no word of its own; a turn saying
# «каждый день» with the name says no birthday
_BIRTH = stem("рождения")
_DAY_OF_BIRTH = frozenset(map(stem, "день дня дне днём днем".split()))


def asked_of_name(text: str) -> set[str]:
    """Stems of the words a question asks of a name ("Owen's blood type" →
    blood, type); stop words and what is told rather than named (`_TOLD`)
    are not asked."""
    words = (w for m in _OF_NAME.finditer(text) for w in m.groups() if w)
    found = {stem(w) for w in words if w.lower() not in STOP_WORDS} - _TOLD
    found -= _NAMING  # «как Борину жену зовут»: «зовут» is nothing of Borya's
    if _BIRTH in found:
        found -= _DAY_OF_BIRTH
    return found | asked_place_of_name(text)


def asked_thing_of_name(text: str) -> set[str]:
    """Stems of the thing a question asks a named person does something with
    ("What car does Kostya drive?" → car); the caller keeps those it must
    find said with the person (an owned thing's word)."""
    words = (m[1] for m in _WHAT_ONE_HAS.finditer(text))
    return {stem(w) for w in words if w.lower() not in STOP_WORDS}


def asked_place_of_name(text: str) -> set[str]:
    """Stems of the place a question asks a named person went to ("Which
    university did Owen go to?" → university), a name's word when said
    ("McGill University")."""
    words = (w for m in _WHERE_ONE_GOES.finditer(text) for w in m.groups() if w)
    return {stem(w) for w in words if w.lower() not in STOP_WORDS}


def names_in(text: str) -> set[str]:
    """The capitalised words inside the question (not its first): the people
    or places it names ("Как зовут маму Ксюши?" → Ксюши)."""
    return {m[1] for m in _NAME.finditer(text)}


def without_declined_names(text: str, terms: Sequence[str]) -> list[str]:
    """The terms but the question's names that read as a relation only in
    another form («Как зовут девушку Жени?»: «Жени», Женя's genitive, is no
    «жена»; "Dad" is the relation it says): the name is whose, not what."""
    declined = {name.casefold() for name in names_in(text) if declined_name(name)}
    return [term for term in terms if term not in declined]


def says_name(texts: Iterable[str], names: AbstractSet[str]) -> bool:
    """One of the texts says one of the names, in either script ("Sonya's" by
    «Соню», «Ксюши» by «Ксюшей»: search/cross_script.py's loose keys), a
    name's possessive by the name («Мишиного сына» by «У Миши сын») and the
    name by its possessive («Тёма» by «Тёмину куртку»)."""
    # the question writes them as names: «Борину» is Боря's («Боря с женой»)
    owners = {
        owner
        for name in names
        for owner in possessive_nominatives(name.casefold(), shared=True)
    }
    keys = {key for name in names | owners for key in loose_keys(name)}
    wholes = {_short_name_key(name) for name in names | owners} - {""}
    folded = {name.casefold() for name in names | owners}
    return any(
        _said(word, keys, wholes) or _said_as_owner(word, folded)
        for text in texts
        for word in _WORD.findall(text)
    )


def _said_as_owner(word: str, names: AbstractSet[str]) -> bool:
    return any(says_possessive_of(word, name) for name in names)


def _said(word: str, keys: AbstractSet[str], wholes: AbstractSet[str]) -> bool:
    loose = loose_key(word)
    return any(same_key(key, loose) for key in keys) or bool(
        wholes and whole_key(word) in wholes
    )


def _short_name_key(name: str) -> str:
    """A short name's whole sound: its loose key is too short to match
    ("Aliya" and «Алия» keep only "al"), its whole sound is not ("=alia");
    "" for a name its loose keys find."""
    if any(len(key) >= MIN_KEY for key in loose_keys(name)):
        return ""
    whole = whole_key(name)
    return whole if len(whole) > MIN_KEY else ""


# "the rent in Leslieville", «аренда в Лесливилле»: a place said as where
# (a Russian locative ends in -е/-и: «в Лиссабон» is where to, asked of it)
_WHERE = re.compile(r"(?<!\w)(?:in|в|во|на)\s+([A-Z]\w+|[А-ЯЁ]\w+[еи])(?!\w)")
_PEOPLE = frozenset({"person", "pet"})


def places_where(text: str, hits: Iterable[SearchHit]) -> set[str]:
    """Stems of the things the question names as where something is ("in
    Leslieville"), which its named hits link as no person: the place is the
    setting, what is asked of it must be said ("Сколько мы платим за аренду
    в Лесливилле?" is not answered by a walk there)."""
    said = {stem(m[1]) for m in _WHERE.finditer(text)}
    found: set[str] = set()
    for hit in hits:
        for entity in hit.entities:
            names = {stem(n) for n in (entity.name, *entity.aliases)} & said
            if names and entity.type in _PEOPLE:
                return set()
            found |= names
    return found
