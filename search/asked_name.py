"""A question asking for a name is answered only by a turn that gives one.

"What's my ward manager's name?", "What's the name of Sonya's climbing
coach?", «Как зовут воспитательницу Тёмы?»: a turn on the ward manager
("My new ward manager wants us through the competencies") or on the coach
(«Тренер в Vertigo предложил ей соревнования») tells of them without naming
them, and is no answer. A turn names the thing asked when a proper name
stands next to its word, in the same sentence: "Our dog Pepper", «Мама
Оуэна, Линда», "Dona Fernanda, our neighbour", «Мама (Лариса Ивановна)».
A capitalised word after a preposition is where or when ("at Vertigo",
«в садик «Pasaciņa»»), not who; a weekday or a month is no one's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import PET_KINDS, RELATIONS, TRADE_PEOPLE, same_relation
from .asked_of import SAME_WORDS
from .cross_script import HONORIFICS, loose_key, loose_keys, same_key
from .morphology import is_russian, relation_base_forms, stem
from .name_cases import possessive_nominatives
from .next_door import NEIGHBOUR_STEMS, named_beside
from .query_text import STOP_WORDS
from .twin_words import twin_stems, twins

# the words a name may stand at from the thing's word ("Мише четырнадцать,
# он мой сын": four)
NEAR = 4
# a name the turn's entity carries may stand further off, past an apposition
# («Хозяйка — киприотка на пенсии, кирия Андрула (Androula Michael)»)
KNOWN_NEAR = 8
# a pet's name stands by its kind ("our cat Shprot", «кошка Муся», "Bublik,
# our dog", "Our dog is Ponchik"); a name further off is another animal's
# or a person's doing something with one ("Bublik met a cat on the
# stairs", «Офер подарил открытку с котиками»)
PET_NEAR = 2
_PET_STEMS = frozenset(map(stem, PET_KINDS))
_ASKED = re.compile(
    r"\bname\s+of\s+(?P<of>[^?.!]+)"
    r"|\bwhat(?:'s|’s|\s+is|\s+was|\s+are)\s+(?P<own>[^?.!]+?)['’]s\s+names?\b"
    r"|\bwhat(?:'s|’s|\s+is|\s+was)\s+(?P<called>[^?.!]+?)\s+called\b"
    r"|(?<!\w)как\s+(?:зовут|звали|называется|называют|назвали|назовут)"
    r"\s+(?P<ru>[^?.!]+)"
    # «как Борину жену зовут»: spoken Russian puts the verb last
    r"|(?<!\w)как\s+(?P<ru_last>[^?.!]+?)\s+(?:зовут|звали|называется)(?!\w)",
    re.I,
)
_WORD = re.compile(r"\w+(?:['’]s)?", re.UNICODE)
# "my", «нашего»: whose the thing is, not the thing
_OWNERS = frozenset(
    """my our his her their your the a an мой моя моё мое мои моего моей моему
    мою моих наш наша наше наши нашего нашей нашему нашу наших его её ее их""".split()
)
_PREPOSITIONS = frozenset(
    """in at on to from for with by of near into onto at about via
    в во на из к ко с со у для от до под за о об про по при возле около""".split()
)
_CALENDAR = frozenset(
    stem(word)
    for word in """monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october
    november december christmas easter today tomorrow tonight yesterday""".split()
)
# a relative's words in both languages ("son" is «сын»)
_RELATIVES = {
    stem(word): frozenset(map(stem, same_relation(word))) for word in RELATIONS
}
_KIN_PREFIX = 5
_END = re.compile(r"[.!?]+\s+|\n+")
_TITLE = re.compile(r"(?<!\w)[A-ZА-ЯЁ]\w{0,2}$")
# a sentence that says outright what someone is called ("his name is Kyle",
# "her name's Coco", "a puppy named Coco", «его зовут Кайл», «по имени Дуся»,
# «назвали Давидом»)
_NAMING = re.compile(
    r"(?:\bname(?:\s+is|['’]s)|\bnamed|\bcalled|(?<!\w)зовут|(?<!\w)звали"
    r"|(?<!\w)назвали|(?<!\w)по\s+имени)"
    r"\s+[«\"']?(?P<name>[A-ZА-ЯЁ]\w+)"
)


class AskedThing(frozenset[str]):
    """The stems of the thing whose name is asked, and in `phrase` those of
    every word of its phrase ("one-year-old child": one, year, old, child)."""

    phrase: frozenset[str]

    def __new__(cls, stems: Iterable[str], phrase: Iterable[str] = ()) -> AskedThing:
        thing = super().__new__(cls, stems)
        thing.phrase = frozenset(phrase)
        return thing


NO_NAME_ASKED = AskedThing(())


def asked_name_of(text: str) -> AskedThing:
    """Stems of the thing whose name the question asks ("my ward manager's
    name" → ward, manager; «как зовут воспитательницу Тёмы» → воспитательниц),
    with the other words for a relative and the other language's; empty when
    it asks no name, or the name of someone it names ("What's Owen's name?")."""
    found: set[str] = set()
    phrase: set[str] = set()
    for match in _ASKED.finditer(text):
        words = _WORD.findall(next(g for g in match.groups() if g))
        things = [stem(w) for w in _noun_phrase(words) if _thing_word(w)]
        # English names a compound by its last noun ("ward manager" is a
        # manager, "climbing coach" a coach); Russian's noun may come first
        english = things and not is_russian(things[-1])
        found |= set(things[-1:] if english else things)
        phrase |= set(things)
    found |= set().union(*(SAME_WORDS.get(w, ()) for w in found))
    found |= set().union(*(_RELATIVES.get(w, ()) for w in found))
    return AskedThing(found.union(*(twin_stems(w) for w in found)), phrase | found)


def _noun_phrase(words: list[str]) -> list[str]:
    """The words up to the first stop word after a thing's word: "the pet
    that John had to say goodbye to", "Maria's puppy she got two weeks
    before" name a pet and a puppy, not a goodbye or weeks."""
    for at, word in enumerate(words):
        if word.casefold() in STOP_WORDS and any(map(_thing_word, words[:at])):
            return words[:at]
    return words


def _thing_word(word: str) -> bool:
    """A word of the thing asked; not a title said with a name («внука кирии
    Андрулы» asks for a grandson, not a «кирия»)."""
    lower = word.casefold()
    return not (
        word[:1].isupper()
        or lower in _OWNERS
        or lower in STOP_WORDS
        or lower in HONORIFICS
        or word.isdigit()
    )


def names_asked(
    hit: SearchHit,
    thing: AskedThing,
    asked_names: AbstractSet[str],
    named: AbstractSet[int],
) -> bool:
    """The hit gives the name a question asks for: by the entity it links,
    when the question names no one ("What's my son called?" found by the
    son's entity), else next to the thing's word (`gives_name`)."""
    if hit.node.id in named and not asked_names:
        return True
    known = [name for e in hit.entities for name in (e.name, *e.aliases)]
    return gives_name(hit.node.content, thing, _with_aliases(hit, asked_names), known)


def _with_aliases(hit: SearchHit, asked_names: AbstractSet[str]) -> set[str]:
    """The names the question says, with every other name of the hit's
    entities they are: «Светик» is Sveta herself, no name of her husband
    («Как зовут Светиного мужа?» and «Сестра Света («Светик» для мамы):
    муж зовёт в Германию»)."""
    asked = {key for name in asked_names for key in owner_keys(name)}
    found = set(asked_names)
    for entity in hit.entities:
        names = [entity.name, *entity.aliases]
        if any(asked_of(word, asked) for n in names for word in _WORD.findall(n)):
            found |= {word for n in names for word in _WORD.findall(n)}
    return found


def gives_name(
    text: str, thing: AskedThing, asked_names: Iterable[str], known: Iterable[str]
) -> bool:
    """The text names the thing: a proper name capitalised inside the
    sentence within NEAR words of the thing's word, or `known`, a name of the
    hit's entities, within KNOWN_NEAR; none of the question's own `asked_names`."""
    asked = {key for name in asked_names for key in owner_keys(name)}
    known_names = {
        key for name in known for w in _WORD.findall(name) for key in loose_keys(w)
    }
    if not thing.isdisjoint(NEIGHBOUR_STEMS) and named_beside(text):
        return True  # "doreen next door took in our parcel"
    pet = not thing.isdisjoint(_PET_STEMS)
    said = sentences(text)
    for sentence, before in zip(said, ["", *said], strict=False):
        if _named_outright(f"{before} {sentence}", sentence, thing.phrase, asked):
            return True
        words = _WORD.findall(sentence)
        spots = [at for at, word in enumerate(words) if says_thing(word, thing)]
        if not pet and not _is_person(thing):
            spots = [at for at in spots if not _by_a_person(words, at)]
        for at, word in enumerate(words):
            reach = KNOWN_NEAR if asked_of(word, known_names) else NEAR
            reach = min(reach, PET_NEAR) if pet else reach
            if (
                any(_in_reach(words, spot, at, reach) for spot in spots)
                and _is_name(words, at, thing, known_names)
                and not asked_of(word, asked)
                and not _with_asked(words, at, asked)
            ):
                return True
    return False


# how far a person's word may stand from a place's word and make the place
# theirs ("kindergarten teacher", "teacher at the kindergarten", «воспитательница
# в садике», "kindergarten, Lika's mum")
_PERSON_REACH = 2
# with the carers of a child the relatives' table files no alias for, and
# those who treat the user: "physio with Becky" names the physio, no session
_PERSON_STEMS = frozenset(map(stem, RELATIONS | TRADE_PEOPLE))


def _person_word(word: str) -> bool:
    bare = re.sub(r"['’]s$", "", word.casefold())
    return relation_base_forms([bare])[0] in RELATIONS or stem(bare) in _PERSON_STEMS


def _is_person(thing: AbstractSet[str]) -> bool:
    return not thing.isdisjoint(_PERSON_STEMS)


def _by_a_person(words: list[str], at: int) -> bool:
    """The thing's word at `at` stands by a person's word, which a name
    near it names: "Nino, Sandro's kindergarten teacher" names the teacher,
    «Воспитательница в садике Сандро, Нино» the воспитательница, not the
    kindergarten whose name is asked."""
    near = words[max(0, at - _PERSON_REACH) : at + _PERSON_REACH + 1]
    return any(_person_word(word) for word in near if word is not words[at])


# «Толик звонил, рассказывал про внучку», "Lena told me about her son": the
# name before a thing talked about is the teller's, not the thing's
_TALKED_ABOUT = frozenset("about про о об обо насчёт насчет".split())


def _in_reach(words: list[str], spot: int, at: int, reach: int) -> bool:
    """The word at `at` stands within `reach` of the thing's word at `spot`;
    after it only, when the thing is talked about («про внучку Машу»)."""
    if spot > 0 and words[spot - 1].casefold() in _TALKED_ABOUT and at < spot:
        return False
    between = words[min(at, spot) + 1 : max(at, spot)]
    if any(word.casefold() in _NEXT_STEP for word in between):
        return False  # "Sandro to kindergarten, then the Vake market"
    return abs(at - spot) <= reach


# a day told step by step: a name after "then" is the next step's place or
# person, not the name of the thing before it
_NEXT_STEP = frozenset("then afterwards later потом затем позже".split())


_ALONG = frozenset("and & with или и с со".split())


def _with_asked(words: list[str], at: int, asked: AbstractSet[str]) -> bool:
    """The name at `at` is joined to a name the question says ("Sandro and
    Lika go to the same kindergarten", «Сандро с Ликой»): one more person
    beside them, not the name of their thing."""
    return any(
        0 <= at + 2 * side < len(words)
        and words[at + side].casefold() in _ALONG
        and asked_of(words[at + 2 * side], asked)
        for side in (-1, 1)
    )


def owner_keys(name: str) -> set[str]:
    """The loose keys of a name the question says, and of the name a
    Russian possessive is made of: «Сашиного голландца» asks of Sasha, who
    stands near «голландцем» in «Саша рассталась со своим голландцем»
    without being his name."""
    owners = possessive_nominatives(name.casefold())
    return loose_keys(name).union(*map(loose_keys, owners))


def _named_outright(
    context: str, sentence: str, phrase: AbstractSet[str], asked: AbstractSet[str]
) -> bool:
    """The sentence says what someone is called ("his name is Kyle", "Her
    name's Coco") and its `context`, the sentence with the one before, the
    thing by any word of its phrase ("Our one-year-old is so cute, his name
    is Kyle!", "I got a puppy two weeks ago! Her name's Coco"): the name
    after the cue is the thing's."""
    named = _NAMING.search(sentence)
    if named is None or asked_of(named["name"], asked):
        return False
    return any(says_thing(word, phrase) for word in _WORD.findall(context))


def says_thing(word: str, thing: AbstractSet[str]) -> bool:
    """The word is the thing's, in either language; a Russian stem the
    suffix stripper cut apart matches by its head («соседк», «сосед»)."""
    said = {stem(word)}
    said |= twin_stems(next(iter(said)))
    return any(s == t or _russian_kin(s, t) for s in said for t in thing)


def _russian_kin(said: str, asked: str) -> bool:
    if not is_russian(asked) or len(asked) < _KIN_PREFIX:
        return False
    return said.startswith(asked[: max(_KIN_PREFIX, len(asked) - 3)])


def asked_of(word: str, asked: AbstractSet[str]) -> bool:
    """The word is one of the names the question says, in either script."""
    return any(same_key(key, loose_key(word)) for key in asked)


def _is_name(
    words: list[str], at: int, thing: AbstractSet[str], known: AbstractSet[str]
) -> bool:
    word = words[at]
    # "CQC", "NHS": an acronym is an office, not someone's name
    acronym = len(word) > 1 and word.isupper()
    if says_thing(word, thing) or stem(word) in _CALENDAR or acronym:
        return False
    if word.casefold() in _OWNERS:  # "Her husband's…" opens a sentence: no name
        return False
    if word in ("I", "I'm", "I’m"):  # the writer, capitalised as English writes it
        return False
    capitalised = at > 0 and word[:1].isupper()
    if not capitalised and not asked_of(word, known):
        return _said_to_be(words, at, thing)
    # a name runs on over capitalised words ("Vertigo Climbing"): what stands
    # before its first word says whether it is a place
    start = at
    while start > 0 and words[start - 1][:1].isupper():
        start -= 1
    before = words[start - 1].casefold() if start else ""
    return not before or before not in _PREPOSITIONS or _met_with(words, start, thing)


# "gav's our captain", "jamie is my flatmate": a chat line typed in lower
# case names the holder as the subject of "is my / our <thing>"
_SAID_TO_BE = re.compile(r"^(?P<name>[a-z]{3,})(?:['’]s)?$")
_COPULA = frozenset(("is", "was"))
_OWN = frozenset(("my", "our"))


def _maybe_name(word: str) -> bool:
    """A lower-case word that may be a name: no function word ("he"), day
    ("today"), relation ("mum") or word of the twin table ("home")."""
    plain = word not in STOP_WORDS and stem(word) not in _CALENDAR
    return plain and not _person_word(word) and not twins(word)


def _said_to_be(words: list[str], at: int, thing: AbstractSet[str]) -> bool:
    """The lower-case word at `at` is said to be the user's thing ("gav's our
    captain"): no function, relation or other everyday word ("he's our
    captain", "mum's my rock")."""
    said = _SAID_TO_BE.match(words[at])
    if said is None or not _maybe_name(said["name"]):
        return False
    after = words[at + 1 : at + 5]
    if not words[at].endswith(("'s", "’s")):  # "jamie is my flatmate"
        after = after[1:] if after[:1] and after[0] in _COPULA else []
    if len(after) < 2 or after[0] not in _OWN or after[1].endswith(("'s", "’s")):
        return False  # "today is my sister's birthday": the sister's
    return says_thing(after[1], thing)


# "physio with Becky", «физиотерапия у Ирины»: a person asked for is met with
# or at someone, so a name right after the thing's word and one of these is
# theirs, not a place's ("the coach paired us with Dima" names no coach)
_MEETING = frozenset("with by с со у".split())


def _met_with(words: list[str], start: int, thing: AbstractSet[str]) -> bool:
    if start < 1 or words[start - 1].casefold() not in _MEETING:
        return False
    before = start >= 2 and says_thing(words[start - 2], thing)
    return _is_person(thing) and (before or _apposed_after(words, start, thing))


def _apposed_after(words: list[str], start: int, thing: AbstractSet[str]) -> bool:
    """The person's word follows the name that opens at `start`, as its
    apposition: «массаж у Эльвиры, массажистка на Уральской»."""
    end = start
    while end < len(words) and words[end][:1].isupper():
        end += 1
    return end < len(words) and says_thing(words[end], thing)


def sentences(text: str) -> list[str]:
    """The text's sentences; one runs on past a short title ("Dra. Teresa
    Lopes", "Mr. Reed")."""
    found, start = [], 0
    for end in _END.finditer(text):
        if not _TITLE.search(text, 0, end.start()):
            found.append(text[start : end.start()])
            start = end.end()
    return [*found, text[start:]]
