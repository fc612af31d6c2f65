"""Everyday categories and their well-known members: "phone" is an iPhone, a Pixel.

"What phone do I have now?" and «Какой у меня сейчас телефон?» name the
category; the turns that answer name the member ("My iPhone battery died
again", "The Pixel lasts two days on one charge") and never the category's
word. A model knows that a Pixel is a phone; without one on the read path,
a small world-knowledge lexicon does (search/kind_table.py): for each
everyday category its words
in both languages (any form, by the light stem of search/morphology.py) and
its best-known kinds and brands. When a question names a category, the
members join its FTS terms (bounded, MAX_KIND_TERMS) and a turn naming one
counts as saying the category's word for the never-said gate
(search/support.py): "What phone do I have?" is answered by "Bought a Pixel
8", and still by nothing in a memory without a phone.

A member that is also a common word ("Pixel", "Focus", "Golf") is written
capitalised in the table: it counts as the category only where a turn
writes it as a name, capitalised inside a sentence and not the head of a
compound ("a pixel-perfect mockup", "Golf on Sunday" say nothing of a
phone or a car). Pets reuse the kinds of core/relations.py.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from ..core.relations import CAT_BREEDS, DOG_BREEDS, PET_KINDS
from .compound_names import part_stems
from .getting_about import (
    COMMUTE_ASKED,
    DRIVING_ASKED,
    DRIVING_WORDS,
    rides_car,
    says_driving,
)
from .kind_table import MORE, TABLE
from .leisure import LEISURE, WORKING_OUT
from .morphology import is_russian, stem
from .slots import RU_DRINK_ASKED, about_user
from .twin_words import searchable

# The FTS leg counts each term's rows: a question naming a category or two
# searches at most this many of their members (the most common first).
MAX_KIND_TERMS = 40

_PET_MEMBERS = sorted(PET_KINDS - set(DOG_BREEDS) - set(CAT_BREEDS))

# "What do I play?", "What did I use to play?": what one plays, asked
_WHAT_PLAY = r"\bwhat\s+(?:do|did|does|can)\s+(?:i|we|you|\w+)\s+(?:\w+\s+){0,2}play\b"

# Categories a question names by a phrase rather than a word: how the user
# gets to work is their commute (search/getting_about.py).
_PHRASES = {
    # "Who does my hair?", "get my hair cut": who does it is the hairdresser
    "hairdresser": re.compile(
        r"\b(?:do|does|did|doing|done|cuts?|cutting|colou?rs?|colou?red)\s+my\s+hair\b"
        r"|\bmy\s+hair\s+(?:cut|done|coloured|colored|dyed)\b",
        re.I,
    ),
    "commute": COMMUTE_ASKED,
    # "What do we drive now?", «На чём мы сейчас ездим?»: what one drives or
    # rides is a car as often as a tram (the commute's phrase names that);
    # not where to («На чём я езжу в универ?» is the commute's alone)
    "car": re.compile(
        r"\bwhat\s+(?:do|did|does|are|were)\s+(?:i|we|you)\s+(?:\w+\s+)?driv\w*"
        r"|(?<!\w)на\s+ч[её]м\s+(?:\w+\s+){0,3}(?:езд|езж|ката)\w*(?!\w)"
        r"(?!\s+(?:на|до|в|во)\s)"
        rf"|{DRIVING_ASKED.pattern}",  # "Do I still drive?", «Я за рулём?»
        re.I,
    ),
    # «Куда я хожу заниматься?»: where one goes to exercise (not «заниматься
    # английским»), "where do I work out?", «качаюсь» (leisure.py)
    "sport": re.compile(
        r"(?<!\w)(?:хож\w*|ход\w*|езж\w*|езд\w*)\s+занима(?:ться|юсь)(?!\s*\w)"
        rf"|{LEISURE.pattern}|{WORKING_OUT.pattern}",
        re.I,
    ),
    "hobby": LEISURE,  # "What do I do for fun?": a hobby or a sport
    # «Что я пью по утрам?», «Что я пила раньше?»: "What do I drink?" names
    # the drink by its verb in English ("drink" is the category's word); the
    # Russian verb does so after «что» only: «Какой статин я пью?» is a pill
    "drink": re.compile(RU_DRINK_ASKED, re.I),
    # "What am I allowed to eat now?", «Что мне теперь можно есть?»: what one
    # may eat or drink is one's diet, which its turns say by what is cut
    # ("zero salt", «никакой соли»), never by the permission asked
    "diet": re.compile(
        r"\b(?:allowed|supposed|meant)\s+to\s+(?:eat|drink)\b"
        r"|\b(?:can(?:'t|not)?|may)\s+(?:i|we)\s+(?:still\s+)?(?:eat|drink)\b"
        r"|(?<!\w)(?:можно|нельзя)\s+(?:\w+\s+)?(?:есть|кушать|пить)(?!\w)"
        r"|(?<!\w)(?:есть|кушать|пить)\s+(?:\w+\s+)?(?:можно|нельзя)(?!\w)",
        re.I,
    ),
    # «На чём ты играешь?», «На чём я учусь играть?», "What do I play?": what
    # one plays, asked; a turn's "playing" says no instrument ("my knee is
    # playing up", «играю в шахматы»), nor «трубу» (a pipe as often as a trumpet)
    "instrument": re.compile(
        rf"(?<!\w)на\s+ч[её]м\s+(?:\w+\s+){{0,3}}игра\w*|{_WHAT_PLAY}", re.I
    ),
    # "What do I play now?", «Во что я теперь играю?»: a game (a ball game
    # too) as often as an instrument ("table tennis at Levan's", "chess in
    # the park"); in Russian «во что» asks the game alone
    "game": re.compile(
        rf"{_WHAT_PLAY}|(?<!\w)во\s+что\s+(?:\w+\s+){{0,3}}игра\w*", re.I
    ),
    # "Who's my TV provider?", «Какое у меня телевидение?»: the service, not
    # the set ("TV" alone is as often what one watched, or the set repaired);
    # the turns name the company ("Went back to HOT") or its channels
    "телевидение": re.compile(
        r"\b(?:tv|television|cable|satellite)\s+(?:providers?|compan(?:y|ies)"
        r"|packages?|subscriptions?|services?|operators?)\b"
        r"|(?<!\w)(?:кабельн|спутников)\w*\s+(?:тв|телевидени\w*)(?!\w)",
        re.I,
    ),
    # "my mobile carrier", «сотовый оператор»: the adjective says which
    # operator, a turn never says it ("Перешла на Koodo" answers both words)
    "carrier": re.compile(
        r"\b(?:mobile|cell(?:ular)?|phone)\s+(?:carriers?|operators?|providers?"
        r"|networks?)\b|\b(?:phone|mobile)\s+compan(?:y|ies)\b"
        r"|(?<!\w)(?:мобильн|сотов)\w*\s+(?:оператор|связ)\w*"
        r"|(?<!\w)оператор\w*\s+связ\w*",
        re.I,
    ),
}


# A question about the present or an older state of someone in the user's
# life ("Which school is Nika at now?", «В какой школе Ника училась
# раньше?») is about the life the user tells, as one with "I" or "my" is.
_STATE_ASKED = re.compile(
    r"\b(?:now|these days|nowadays|currently|any ?more|used to|before|previously)\b"
    r"|(?<!\w)(?:сейчас|теперь|нынче|раньше|прежде|до этого)(?!\w)",
    re.I,
)
# A search of a word or two, no question ("врач", "dentist" with a time
# window): the user looking through their own life, as "my doctor" does.
_KEYWORDS = 2


def _keyword_search(text: str) -> bool:
    return "?" not in text and 0 < len(re.findall(r"\w+", text)) <= _KEYWORDS


@dataclass(frozen=True, slots=True)
class _Kind:
    words: frozenset[str]  # stems of the category's words
    members: tuple[str, ...]  # searched as written (lower case), in order
    plain: frozenset[str]  # stems of the members counted in any case
    names: frozenset[str]  # members counted only as names ("Pixel")
    # members of two words ("check-up", "e-bike"), said with a hyphen, a
    # space or as one word: the text is tokenised into their halves
    compounds: re.Pattern[str] | None
    phrase: re.Pattern[str] | None
    head: str  # the stem of its first word ("commute")
    # a way of the category said by a phrase, not a member (the commute's
    # driving: search/getting_about.py), and the words a question names it by
    way_said: re.Pattern[str] | None = None
    way_words: tuple[str, ...] = ()
    way_things: tuple[str, ...] = ()  # what one goes by: the car's makes


def _parse(block: str) -> _Kind:
    head, _, tail = block.partition("=")
    words = head.split()
    members = tail.split()
    return _Kind(
        words=frozenset(map(stem, words)),
        members=tuple(dict.fromkeys(m.lower() for m in members)),
        plain=frozenset(stem(m) for m in members if not m[0].isupper()),
        names=frozenset(m for m in members if m[0].isupper()),
        compounds=_compounds([m for m in members if "-" in m]),
        phrase=_PHRASES.get(words[0]),
        head=stem(words[0]),
    )


def _compounds(members: list[str]) -> re.Pattern[str] | None:
    if not members:
        return None
    halves = (m.split("-", 1) for m in members)
    either = "|".join(rf"{re.escape(a)}[-\s]?{re.escape(b)}" for a, b in halves)
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)", re.I)


def _blocks() -> list[str]:
    table = TABLE + " ".join(_PET_MEMBERS) + "\n" + MORE
    return [b for b in (raw.strip() for raw in table.split("\n\n")) if b]


def _with_driving(kinds: list[_Kind]) -> tuple[_Kind, ...]:
    """The kinds, the commute said by driving too: by its verb or by
    riding in a car of the car category's makes."""
    cars = next(kind.members for kind in kinds if kind.head == "car")
    return tuple(
        replace(
            kind, way_said=rides_car(cars), way_words=DRIVING_WORDS, way_things=cars
        )
        if kind.head == stem("commute")
        else kind
        for kind in kinds
    )


_CAR = stem("car")
_KINDS = _with_driving([_parse(block) for block in _blocks()])


# Categories whose members are common things, never named by a brand or a
# place of their own: a drink is coffee or tea, not the school named beside
# "staff drinks". Not a sport (its gym, its studio), a bank or a phone.
_COMMON_THINGS = frozenset(
    map(stem, "drink diet dairy instrument music language allergy plant".split())
)


def kind_stems(head: str) -> frozenset[str]:
    """The stems of a category's words and of its members said in any case
    (the category headed by the word `head`: "doctor" → «врач», "dentist")."""
    return frozenset().union(
        *(kind.words | kind.plain for kind in _KINDS if kind.head == stem(head))
    )


def kind_members(head: str) -> frozenset[str]:
    """A category's members, lower case ("focus" of "car")."""
    return frozenset(
        m for kind in _KINDS if kind.head == stem(head) for m in kind.members
    )


def kind_words(head: str) -> frozenset[str]:
    """The stems of a category's own words, not its members ("vet",
    «ветеринар»; not "deworming")."""
    return frozenset().union(
        *(kind.words for kind in _KINDS if kind.head == stem(head))
    )


def kin_stems(stems: AbstractSet[str]) -> frozenset[str]:
    """The stems of every category a stem of `stems` is a word or a member
    of ("vegetarian" → the diets, «мясо», "pescatarian")."""
    return frozenset().union(
        *(
            kind.words | kind.plain
            for kind in _KINDS
            if not (kind.words | kind.plain).isdisjoint(stems)
        )
    )


# the stems of every category's own words ("diet", «диет», "phone")
_CATEGORY_WORDS = frozenset().union(*(kind.words for kind in _KINDS))


def names_category(word_stem: str) -> bool:
    """The stem is a category's word, said by its members ("diet" by
    "low-carb", "phone" by "Pixel") more often than by itself."""
    return word_stem in _CATEGORY_WORDS


@dataclass(frozen=True, slots=True)
class AskedKinds:
    """The categories a question names: their members to search and, per
    category, the question's stems of it (what a member stands for)."""

    kinds: tuple[tuple[frozenset[str], _Kind], ...] = ()
    russian: bool = False  # asked in Russian: its members are searched first
    # the stems of the words of a phrase that named a category ("ride to
    # uni", «езжу в универ»): they stand for the category, as a member does
    phrased: frozenset[str] = frozenset()
    # the members some turn of the memory says (search/question.py), when
    # known: searched first, the cap spent on words that can match
    held: frozenset[str] | None = None
    # the car models this memory names after a make (search/car_models.py):
    # held by their making, searched first and said as the car
    models: tuple[str, ...] = ()

    @property
    def searched(self) -> tuple[str, ...]:
        """Every member the full-text search can look for, each once."""
        found = (m for _, kind in self.kinds for m in kind.members)
        return tuple(dict.fromkeys(m for m in found if searchable(m)))

    @property
    def terms(self) -> tuple[str, ...]:
        """The members to search for, at most MAX_KIND_TERMS: those in the
        question's script first (the cap cuts the other language's), unless
        the memory holds none of those: then the held ones of the other
        script come first (an English question of a life told in Russian
        searches «хавейл» before "camry"). Where the question's script is
        held too, the other's would only dilute its matches."""
        found = sorted(self.searched, key=lambda m: is_russian(m) != self.russian)
        held = self.held or frozenset()
        if held and all(m not in held for m in found if is_russian(m) == self.russian):
            found.sort(key=lambda member: member not in held)
        return tuple(dict.fromkeys((*self.models, *found)))[:MAX_KIND_TERMS]

    @property
    def asked(self) -> frozenset[str]:
        """The question's stems of the categories it names."""
        return frozenset(word for asked, _ in self.kinds for word in asked)

    @property
    def word_stems(self) -> frozenset[str]:
        """The stems of the categories' own words, in both languages: a
        Russian turn says «школа» of "school"."""
        return frozenset(word for _, kind in self.kinds for word in kind.words)

    @property
    def members(self) -> tuple[str, ...]:
        """Every member, lower case, uncapped."""
        return tuple(m for _, kind in self.kinds for m in kind.members)

    @property
    def thing_names(self) -> tuple[str, ...]:
        """Every member and every thing one goes by in a way of the
        categories (the car driven to work: "Skoda" of the commute)."""
        return tuple(
            m for _, kind in self.kinds for m in (*kind.members, *kind.way_things)
        )

    @property
    def of_common_things(self) -> bool:
        """Every category asked is one of common things (`_COMMON_THINGS`):
        no brand, shop or place stands for its members."""
        return bool(self.kinds) and all(
            kind.head in _COMMON_THINGS for _, kind in self.kinds
        )

    @property
    def member_stems(self) -> frozenset[str]:
        """Every member's stem: words that count only through `said`."""
        return frozenset(map(stem, self.members))

    @property
    def way_stems(self) -> frozenset[str]:
        """The stems of the members and of the ways said by a phrase
        ("drive" of the commute's driving)."""
        ways = (word for _, kind in self.kinds for word in kind.way_words)
        return self.member_stems | frozenset(map(stem, ways))

    def said(
        self, stems: AbstractSet[str], text: str, members_only: bool = False
    ) -> set[str]:
        """The question's category stems whose member or other word a text
        names (`stems`, its words' stems): "Bought a Pixel 8" says "phone",
        «к доктору» says «врач» (not `members_only`); a name-like member only
        as a name; a brand with the category's word ("ActivoBank") always."""
        if not self.kinds:
            return set()
        # a brand carrying the category's word is a member ("ActivoBank")
        branded = part_stems(text)
        models = frozenset(map(stem, self.models))
        return {
            word
            for asked, kind in self.kinds
            if not kind.plain.isdisjoint(stems - _misread(kind, text))
            or (kind.way_said is not None and says_driving(text, kind.way_said))
            or (not members_only and not kind.words.isdisjoint(stems))  # «доктор»
            or not kind.words.isdisjoint(branded)
            or any(_as_name(name, text) for name in kind.names)
            or (kind.compounds is not None and kind.compounds.search(text))
            or (kind.head == _CAR and not models.isdisjoint(stems))
            for word in asked
        }


NO_KINDS = AskedKinds()


def _misread(kind: _Kind, text: str) -> set[str]:
    """The stems of the kind's members the text says only in another
    word's -ing form: "hurling training" is no train, "a yoga" class no
    "swimming"; a member in -ing ("cycling") is its own member."""
    words = re.findall(r"\w+", text.casefold())
    of_ing = {stem(w) for w in words if w.endswith("ing") and w not in kind.members}
    plain_forms = {stem(w) for w in words if not w.endswith("ing")}
    return (of_ing & kind.plain) - plain_forms


def _as_name(name: str, text: str) -> bool:
    """`name` is written as a name in `text`: capitalised, not the first
    word of a sentence, not the head of a compound ("Pixel-perfect")."""
    for match in re.finditer(rf"(?<!\w){re.escape(name)}(?![\w-])", text):
        before = text[: match.start()].rstrip(" «\"'(")
        if before and before[-1] not in ".!?:":
            return True
    return False


def asked_kinds(
    text: str, terms: tuple[str, ...], *, own_child: bool = False
) -> AskedKinds:
    """The categories the question's `terms` (or a phrase of `text`) name,
    of a question about the user's own life ("What phone do I have?"), or
    about the user's own child (`own_child`: "Which school is Lev at?", the
    memory files Lev as a son, search/question.py): on questions about others
    (LoCoMo's "What pets does Melanie have?") the members cost 0.3 points
    of R@10."""
    if not (own_child or _of_own_life(text)):
        return NO_KINDS
    stems = {stem(term) for term in terms}
    found = []
    phrased: set[str] = set()
    named_by_phrase: frozenset[str] = frozenset()
    for kind in _KINDS:
        asked = frozenset(stems & kind.words)
        phrases = [] if kind.phrase is None else kind.phrase.findall(text)
        if phrases:
            # a phrase names it; one phrase naming two ("На чём мы ездим?":
            # a car or a tram) asks one thing, which a member of either says
            named_by_phrase = named_by_phrase or frozenset({kind.head})
            asked = asked or named_by_phrase
            phrased |= {stem(w) for p in phrases for w in re.findall(r"\w+", p)}
        if asked:
            found.append((asked, kind))
    return AskedKinds(tuple(found), is_russian(text), frozenset(phrased))


def _of_own_life(text: str) -> bool:
    return bool(about_user(text) or _STATE_ASKED.search(text) or _keyword_search(text))


# Categories of things one does (a sport, a hobby): their members are no
# names of their own, a doing said by its word ("Boxing with Dima", «Футзал»).
_DOINGS = frozenset(map(stem, "sport hobby dance instrument game".split()))


def asks_doings(kinds: AskedKinds) -> bool:
    """The question asks a category of doings (`_DOINGS`)."""
    return any(kind.head in _DOINGS for _, kind in kinds.kinds)


def doings_said(kinds: AskedKinds, stems: AbstractSet[str], text: str) -> set[str]:
    """The members of the asked categories of doings (`_DOINGS`) a text
    names, by their stems («бокс» of «боксу»); an English one in -ing only
    as written: its stem is another word ("a roof box", "a table row")."""
    words = {w.casefold() for w in re.findall(r"\w+", text)}
    return {
        stem(member)
        for _, kind in kinds.kinds
        if kind.head in _DOINGS
        for member in kind.members
        if (member in words if member.endswith("ing") else stem(member) in stems)
    }


def doing_lookalikes(kinds: AskedKinds, stems: AbstractSet[str], text: str) -> set[str]:
    """The asked members in -ing a text holds only the stem of ("Packing
    boxes" for boxing, "a table row" for rowing): no doing, yet the full-text
    index's stemmer (porter, PostgreSQL's english) reads it as the doing's
    word, and on a short turn its match can weigh as much as the doing's."""
    words = {w.casefold() for w in re.findall(r"\w+", text)}
    # the index's stemmer cuts every "-ing" ("boxing" → "box"), where ours
    # keeps a doing whole that names a common thing (search/morphology.py)
    return {
        member
        for _, kind in kinds.kinds
        if kind.head in _DOINGS
        for member in kind.members
        if member.endswith("ing") and member not in words and stem(member[:-3]) in stems
    }


# Every category of doings, as if asked: what sport, hobby or game a text
# names, whatever the question ("Signed up at a boxing gym").
ALL_DOINGS = AskedKinds(
    tuple((frozenset({kind.head}), kind) for kind in _KINDS if kind.head in _DOINGS)
)
# The stems of the doings' category words and members ("sport", «шахмат»).
DOING_STEMS = frozenset().union(
    *(kind.words | kind.plain for kind in _KINDS if kind.head in _DOINGS)
)
# The stems of the categories of things that are no doings (a drink, a
# phone): a doing begun before such a thing's end is no new state of it.
NON_DOING_STEMS = frozenset().union(
    *(kind.words | kind.plain for kind in _KINDS if kind.head not in _DOINGS)
)
