"""The offline mention extractor: names found by pattern in one text.

Capitalised names, @handles, e-mails, URLs, dates and #tags, each with a
first guess at its type ("my dog Pepper" a pet, "moved to Vienna" a place,
"my wife Lena" a person with a relation). writepath/entities.py files them.

A capitalised word that opens a sentence is usually just a capitalised word
("Thanks", "Maybe"), so such a word is marked `sentence_start` and counts only
when it is already a known entity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.months import MONTHS_EN, MONTHS_EN_SHORT, MONTHS_RU_OF
from ..core.name_forms import same_name
from ..core.records import EntityType
from ..core.relations import PET_KINDS, RELATIONS
from ..core.text import LOWER_LETTERS, UPPER_LETTERS
from ..search.cross_script import sound_key
from ..search.name_cases import looks_nominative
from .aside_relation import past_address_title, relation_in_aside
from .boss_titles import boss_after, boss_before, boss_over_qualified
from .cues import (
    SENTENCE_OPENERS,
    acts_as_person,
    at_a_place,
    everyday_word,
    home_of,
    not_a_name,
    opens_english_sentence,
    opens_on_gerund,
    opens_russian_sentence,
    patronymic,
    russian_verb,
    russian_word,
)
from .guessed_relations import with_guessed_relations
from .kin_mentions import kin_mentions
from .kin_owners import with_kin_owners
from .landlords import landlord_before
from .mention import Mention, once_each
from .names import (
    COMMON_CAPITALISED,
    GIVEN_NAMES,
    IDIOMS,
    KIN_NAMES,
    KIN_TITLES,
    LABELS,
    NAME_CONNECTORS,
    PARTICLES,
    TITLE_AFTER,
    TITLE_BEFORE,
    VOCATIVE,
)
from .nicknames import shortens
from .pets import owned_kind_beside, pet_in_aside, pet_named, pet_word_beside
from .pronoun_relation import with_pronoun_relations
from .relations import (
    relation_after,
    relation_after_verb,
    relation_before,
    relation_by_subject,
    said_new,
)

_UPPER = UPPER_LETTERS
_LOWER = LOWER_LETTERS
# "Spider-Man", "O'Neil", "Middle-earth"; a trailing quote or dash is not part of it.
# "O'Keeffe" (one capital before the quote), "McDonald" (a capital inside).
_WORD_CHARS = (
    rf"[{_UPPER}](?:[{_LOWER}]+(?:[{_UPPER}][{_LOWER}]+)?|(?=['’][{_UPPER}]))"
    rf"(?:['’\-][{_UPPER}{_LOWER}][{_LOWER}]*)*"
)
_NAME_WORD = rf"(?:{_WORD_CHARS}|[{_UPPER}]{{2,}})(?!\w)"
# Names glued by a colon ("CS:GO", "Counter Strike:Global Offensive") are one
# token the pattern cannot read; they are left out whole; not a clock time.
_GLUED_AFTER = re.compile(r":\w")
_GLUED_BEFORE = re.compile(r"\w:(?!\d\d(?:am|pm)?\b)\S+\s*$", re.IGNORECASE)
_CONNECTOR = "|".join(sorted(NAME_CONNECTORS))
_NAME = re.compile(
    rf"(?<![\w@#/.:])((?:{_NAME_WORD})"
    rf"(?:\s+(?:(?:{_CONNECTOR})\s+){{0,2}}(?:{_NAME_WORD})){{0,3}})"
)
# The same, a possessive ending a name: "Kostya's Christmas visit" is Kostya's
# visit at Christmas, "Quinta do Vale's Lisbon office" the estate's office.
_NAME_TO_POSSESSIVE = re.compile(
    rf"(?<![\w@#/.:])((?:{_NAME_WORD})"
    rf"(?:(?<!['’]s)\s+(?:(?:{_CONNECTOR})\s+){{0,2}}(?:{_NAME_WORD})){{0,3}})"
)
_INNER_POSSESSIVE = re.compile(r"['’]s\s")
_ARTICLES = frozenset("the a an".split())
_HANDLE = re.compile(r"(?<![\w.])@([A-Za-z0-9_]{2,32})")
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_URL = re.compile(r"\bhttps?://[^\s<>()\"']+", re.IGNORECASE)
_TAG = re.compile(r"(?<![\w#&])#([^\W\d_][\w-]{1,40})")
# A date names its month capitalised in English ("March 3", "Sept 5"), in
# the genitive in Russian («3 марта»).
_MONTHS = "|".join(name.capitalize() for name in (*MONTHS_EN, *MONTHS_EN_SHORT))
_MONTHS_RU = "|".join(MONTHS_RU_OF)
_DATE = re.compile(
    rf"\b(\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}} (?:{_MONTHS}),? \d{{4}}"
    rf"|(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?"
    rf"|\d{{1,2}} (?:{_MONTHS_RU})(?: \d{{4}})?)\b"
)
# A colon also opens a sentence: transcripts read "Tim: Yeah, sure".
# A quote may close the sentence before it ("…?» Ответила"); a Russian one
# opens a sentence after a colon (": «Вау»"), a title inside one («Шрека»).
_SENTENCE_START = re.compile(
    r"(?:^|[.!?…:;—–][»\"”’)]*\s+|\n\s*|[\"“(]\s*|(?:^|[.!?…:;—–]\s*)[«„]\s*)$"
)
# A chat line may open on a lower-case filler before its capitalised verb
# ("btw Called the bank", "ugh, Booked the dentist"):
# a word the article or possessive of its object follows opens the sentence
# all the same (a name after a filler stays one: "so Pepper's vet moved").
_FILLER_OPENS = re.compile(
    r"^\s*(?:so|btw|ok|okay|lol|right|anyway|well|also|oh|ugh|hmm|yeah|omg"
    r"|haha)\s*[,.!…]?\s+$"
)
_OBJECT_FOLLOWS = re.compile(r"\s+(?:the|a|an|my|our|his|her|their)\b")
# "Caroline: ..." at the start of a text is a transcript's speaker, whose
# words open a sentence; after a topic ("Pottery: my first go", «Гончарка:
# забрала из печи») the text goes on in lower case.
_SPEAKER = re.compile(rf"^\s*([{_UPPER}][{_LOWER}]+(?: [{_UPPER}][{_LOWER}]+)?):\s")
_TOPIC_GOES_ON = re.compile(rf"\s*[{_LOWER}]")
# A polite address is a title as "Mrs" is: "Kyria Androula" is «Андрула».
_TITLES = {"mr", "mrs", "ms", "dr", "dra", "prof", "sir", "madam"} | set(
    """доктор доктора доктору доктором докторе kyria kyrie kyrios кирия кирии
    кирию кирией кирие кирье кириос пани донья доньи донье донью доньей""".split()
)
# A trade or post said as a title before the name: "Director Tamaz Beridze",
# «Мастер Лука» (a barber), «директор Тамаз». The person is the name; the
# title kept in it files a concept ("Director Tamaz Beridze") that none of
# the person's other turns share.
_TITLES |= set(
    """director professor директор директора директору директором директоре
    профессор профессора профессору профессором мастер мастера мастеру
    мастером""".split()
)
_POSSESSIVE = re.compile(r"['’]s$")
_SUFFIX = re.compile(r"-(?:related|based|themed|inspired|like|style|free)$")
_VOWELS = set("AEIOUYАЕЁИОУЫЭЮЯ")
_ASIDE = re.compile(r"^\s*\([^()]{0,60}\)")
# A Russian name's genitive ends: Оуэна, Олега, Игоря, Иры, Кати
_GENITIVE_ENDS = tuple("аяыи")
# ", Линда," right after a name: another name set beside it
_APPOSITION = re.compile(rf"\s*,\s*([{_UPPER}][{_LOWER}]+)\b")
# Relations English also says as a title of no relation to the user.
# "moving to Marta's", "at Marta's place": a person's home, not a place's name
_HOME_OF = re.compile(
    r"['’]s(?:\s+(?:place|flat|house|apartment|home))?(?:\s*[,.;:!?)]|\s*$)"
)
_TITLE_WORDS = frozenset(
    """mother father sister brother doctor coach boss uncle aunt dad mom mum
    mama papa daddy mummy mommy teacher tutor mentor manager therapist dog cat
    gran granny grandma grandpa grandad granddad""".split()
)
# A number of one to three digits right after a name, not a time, a decimal,
# a year or "4am".
_NUMBERED = re.compile(r" \d{1,3}(?![\w]|[.,:]\d)")
# "Carol of the Bells", "Lord of the Flies": a person's name has no "of the".
_A_WORK = re.compile(r"\bof the\b", re.IGNORECASE)
_QUOTE_OPENS = re.compile(r"[\"“«'‘(]\s*$")
_IDIOM = re.compile("|".join(re.escape(i) for i in IDIOMS), re.IGNORECASE)


def extract_mentions(text: str) -> list[Mention]:
    """Mentions in `text`, each name once, in order of first appearance."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, mention: Mention) -> None:
        if any(start < b and a < end for a, b in taken):
            return
        taken.append((start, end))
        found.append(mention)

    for match in _URL.finditer(text):
        add(*match.span(), Mention(match.group(0).rstrip(".,;:!?"), "tool", "url"))
    for match in _EMAIL.finditer(text):
        add(*match.span(), Mention(match.group(0), "person", "email"))
    for match in _HANDLE.finditer(text):
        add(*match.span(), Mention("@" + match.group(1), "person", "handle"))
    for match in _TAG.finditer(text):
        add(*match.span(), Mention("#" + match.group(1), "concept", "tag"))
    for match in _DATE.finditer(text):
        add(*match.span(), Mention(match.group(0), "concept", "date"))
    speaker = _SPEAKER.match(text)
    if speaker is not None and not _a_label(speaker.group(1)):  # "Придумали:"
        topic = _TOPIC_GOES_ON.match(text, speaker.end()) and not any(
            w.casefold() in GIVEN_NAMES for w in speaker.group(1).split()
        )  # "Melanie: thanks, Caroline!" is still Melanie speaking
        kind: EntityType = "concept" if topic else "person"
        add(*speaker.span(1), Mention(speaker.group(1), kind, "name"))
    # "Mark my words": the name in a saying is nobody (same length, so the
    # spans of everything else stay where they are).
    plain = _IDIOM.sub(lambda m: " " * len(m.group(0)), text)
    for start, end, kin in kin_mentions(plain):  # «у мамы», "called mum"
        add(start, end, kin)
    for whole in _NAME.finditer(plain):
        for match in _cut_at_possessive(plain, whole):
            mention = _name_mention(plain, match)
            if mention is not None:
                add(match.start(1), match.end(1), mention)
    found_sorted = with_pronoun_relations(
        plain, sorted(zip(taken, found, strict=True), key=lambda pair: pair[0])
    )
    unique = once_each(mention for _, mention in found_sorted)
    return with_kin_owners(text, with_guessed_relations(plain, unique))


def _cut_at_possessive(text: str, match: re.Match[str]) -> list[re.Match[str]]:
    """The name `match` found, cut after a possessive inside it ("Kostya's
    Christmas visit"), unless it is a work's title ("reading «Charlotte's
    Web»", "the Philosopher's Stone", "the Queen's Gambit series")."""
    if not _INNER_POSSESSIVE.search(match.group(1)):
        return [match]
    before = text[: match.start(1)]
    previous = (before.split()[-1:] or [""])[0].strip(",.!?").casefold()
    following = text[match.end(1) :].split()[:1] or [""]
    if (
        _QUOTE_OPENS.search(before)
        or _unclosed_quote(before)
        or previous in _ARTICLES
        or previous in TITLE_BEFORE
        or following[0].strip(",.!?").casefold() in TITLE_AFTER
    ):
        return [match]
    return list(_NAME_TO_POSSESSIVE.finditer(text, match.start(1), match.end(1)))


def _unclosed_quote(before: str) -> bool:
    """A quotation is open where the name starts ("“Harry Potter and the …")."""
    straight = before.count('"') % 2 == 1
    return (
        straight
        or before.count("“") > before.count("”")
        or (before.count("«") > before.count("»"))
    )


def _common(word: str) -> bool:
    return _POSSESSIVE.sub("", word).casefold() in COMMON_CAPITALISED


def _is_shouted(word: str) -> bool:
    """An all-caps word that reads as a word ("DOING", "GO"), not an acronym."""
    if not word.isupper():
        return False
    if word.casefold() in COMMON_CAPITALISED:
        return True
    vowels = sum(ch in _VOWELS for ch in word)
    return len(word) >= 5 and vowels / len(word) >= 0.4


def _name_mention(text: str, match: re.Match[str]) -> Mention | None:
    if _GLUED_AFTER.match(text, match.end(1)) or _GLUED_BEFORE.search(
        text, 0, match.start(1)
    ):
        return None
    words = match.group(1).split()
    before = text[: match.start(1)]
    opens = bool(_SENTENCE_START.search(before)) or bool(
        _FILLER_OPENS.match(before) and _OBJECT_FOLLOWS.match(text, match.end(1))
    )
    # a quotation opens on a title's own word: "Becoming Nicole" is a book
    quoted = bool(_QUOTE_OPENS.search(text, 0, match.start(1)))
    if opens and (
        opens_russian_sentence(words, GIVEN_NAMES)
        or opens_english_sentence(words, GIVEN_NAMES)
        or (not quoted and opens_on_gerund(words, GIVEN_NAMES))
    ):
        words, opens = words[1:], False  # what follows is mid-sentence
    # "Доктор Лопеш сказала", "Dr Rocha": the title is no part of the name
    if len(words) > 1 and words[0].casefold() in _TITLES:
        words = words[1:]
    titled = (
        bool(words)
        and not _common(words[0])
        and any(w in NAME_CONNECTORS for w in words)
    )
    # "Бабушка Зина", "Aunt May", "my aunt May": the kin title is no part of
    # the name, and what follows it is a name even if it is a word ("May")
    title = _kin_title(text[: match.start(1)], words)
    if title is not None and len(words) > 1 and words[0].casefold() == title:
        words = words[1:]
        if _owner_of_relation(words, text[match.end(1) :]):
            title = ""  # a person all the same, of no relation to the user
    kin = title is not None
    # Drop leading common words ("Hey Caroline" -> "Caroline"), and a
    # sentence's opening adverb or imperative ("First,", "Book Lello"), but
    # keep titles whole ("Game of Thrones").
    while (
        words
        and not titled
        and not kin
        and (
            _common(words[0])
            or _is_shouted(words[0])
            or (opens and words[0].casefold() in SENTENCE_OPENERS)
            or (opens and len(words) > 1 and russian_word(words[0]))  # "Билеты TAP"
        )
    ):
        words = words[1:]
    while words[1 if kin else 0 :] and (
        _common(words[-1])
        or words[-1].casefold() in NAME_CONNECTORS
        or _is_shouted(words[-1])
    ):
        words = words[:-1]
    if not words or (
        words[0].casefold() in NAME_CONNECTORS
        and not (len(words) > 1 and words[0].casefold() in PARTICLES)  # Van Gogh
    ):
        return None
    # "Pepper's vet" is about Pepper, "Star Wars-related" about Star Wars.
    possessive = _POSSESSIVE.search(words[-1]) is not None
    words[-1] = _SUFFIX.sub("", _POSSESSIVE.sub("", words[-1]))
    name = " ".join(words)
    start = match.start(1) + match.group(1).find(words[0])
    # "Ward 4", "Terminal 5": the noun and its number are a thing's name
    # together (a person's age is not: "Tom 5 and Mia 3", «Бабушке Зине 85!»)
    numbered = _NUMBERED.match(text, start + len(name))
    number = numbered.group(0) if numbered else ""
    before_words = text[:start].split()
    raw_previous = before_words[-1] if before_words else ""
    previous = raw_previous.rstrip(".,!").casefold()
    # "What Console does..." opens a sentence too, after its common word.
    at_start = opens and len(words) == 1
    if at_start and (not_a_name(words[0]) or words[0].casefold() in LABELS):
        return None
    if at_start and everyday_word(words[0]):  # «Ветеринар сказал»: the vet
        return Mention(name + number, "concept", "name", sentence_start=True)
    # "Мелани (все зовут её Мел) — моя коллега": the aside is skipped
    after_words = _ASIDE.sub("", text[start + len(name) :]).split()[:4]
    if pet_word_beside(before_words, after_words):  # "our dog Pepper"
        relation = (
            relation_before(before_words)
            or relation_after(after_words)
            or owned_kind_beside(before_words, after_words)
        )
        return Mention(name, "pet", "name", relation=relation)
    if aside_kind := pet_in_aside(text[start + len(name) :]):  # «Кузя (кот, …)»
        return Mention(name, "pet", "name", relation=aside_kind)
    if named_kind := pet_named(
        before_words, text[start + len(name) :]
    ):  # «взяли кошку… назвали Ната»
        return Mention(name, "pet", "name", relation=named_kind)
    if len(words) > 1 and _a_title(previous, after_words):
        return Mention(name, "concept", "name")
    # "van Gogh", "da Vinci" alone: the particle belongs to the name.
    if previous in PARTICLES and raw_previous == previous and not at_start:
        before = before_words[-2] if len(before_words) > 1 else ""
        if not before[:1].isupper():
            name = f"{raw_previous} {name}"
    # "my family doctor, Dra. Teresa Lopes": the relation is read past the title
    # "my neighbour čika Bora": past the title one calls an older person by
    untitled = (
        before_words[:-1] if previous in _TITLES else past_address_title(before_words)
    )
    relation = (
        # "our head of primary Graham Hale", "my line manager Tom": the boss
        boss_over_qualified(relation_before(untitled, possessive), untitled, text)
        or relation_after(after_words)
        or relation_in_aside(text[start + len(name) :], before_words)  # «Алия (6)»
        or relation_by_subject(before_words)  # "My manager is Jonas"
        or relation_after_verb(before_words, text[start + len(name) :].split())
        # "Director Tamaz Beridze", «директор Тамаз»: the post cut as a title
        or (boss_before(before_words, text) if untitled is not before_words else "")
        or landlord_before(before_words, text)  # "The owner is Manana"
        or _title_relation(title or "", text[: match.start(1)])
        or boss_after(after_words, text)  # "Ingrid Vos, head of primary"
    )
    if relation in PET_KINDS:  # "Our dog is Ponchik": the user's dog
        return Mention(name, "pet", "name", relation=relation)
    if not relation and at_a_place(before_words):  # "moved to Vienna"
        kind: EntityType = "person" if home_of(text, start + len(name)) else "place"
        return Mention(name, kind, "name")  # "moving to Marta's": her home
    # "Hey Mel", "thanks, Mel" address a person; "Thanks! Keep going" does not.
    # "Wow, Chicago sounds great" is about the name, not to it.
    addressed = not after_words or after_words[0][:1] in ",!?.:;)"
    vocative = (
        previous in VOCATIVE
        and not raw_previous.endswith(("!", "?", "."))
        and addressed
    )
    if (
        previous in _TITLES
        or kin
        or relation
        or (
            words[0].split("-")[0].casefold() in GIVEN_NAMES  # Jean-Luc
            and not _A_WORK.search(name)  # "Carol of the Bells"
        )
        or name.casefold() in KIN_NAMES
        or patronymic(words)  # «Зоя Михайловна»
        or (vocative and len(words) == 1)
        or acts_as_person(after_words, previous)  # "Tomasz moved to ..."
    ):
        new = said_new(relation, before_words, after_words)
        return Mention(name, "person", "name", relation=relation, replaces=new)
    return Mention(name + number, "concept", "name", sentence_start=at_start)


def _kin_title(before: str, words: Sequence[str]) -> str | None:
    """The kin title (its word as written, casefolded) before the name: the
    name's own first word ("Бабушка Зина", or a relation opening the sentence:
    «Внук Оскар», «Сестра Ира») or the word just before it ("с тётей Мананой",
    "my aunt May", a lower-case «сын Боря» opening a line); None without one."""
    first = words[0].casefold() if len(words) > 1 else ""
    if first in KIN_TITLES or (first and _opening_relation(before, words[0])):
        return first
    previous = before.split()[-1:] or [""]
    word = previous[0].casefold()
    if previous[0] != word or not words:
        return None
    # "сын Боря в Торонто": a chat line opened in lower case on the relation;
    # a nominative only, as «сын Бори» is Borya's son (kin_owners: «мама Матея»)
    opening = _opening_relation(before[: before.rstrip().rfind(word)], word)
    named = looks_nominative(words[0].casefold()) or words[0].casefold() in GIVEN_NAMES
    return word if word in KIN_TITLES or (opening and named) else None


def _opening_relation(before: str, word: str) -> bool:
    """ "Внук Оскар, Оська, — Катин сын", "Сестра Ира живёт в Одессе",
    "Husband Graham says": a sentence opened by a relation to the user (its
    owner word left out, as Russian leaves it) and a name after it. Only the
    relation's base form, so «Сына Кати» (Katya's son) is no title; no word
    a title is said with ("Sister Mary", "Doctor Who", "Father Ted")."""
    folded = word.casefold()
    return (
        bool(_SENTENCE_START.search(before))
        and folded in RELATIONS
        and folded not in PET_KINDS
        and folded not in _TITLE_WORDS
    )


def _owner_of_relation(words: Sequence[str], after: str) -> bool:
    """«Мама Оуэна, Линда, живёт в Гелфе»: the kin title is the name's own
    relation (Owen's mum, said in the genitive), and the other person named
    after the comma holds it. «Сестра Ира, Ирина, —» and «Внук Оскар, Оська»
    name one person twice."""
    other = _APPOSITION.match(after)
    if len(words) != 1 or not other:
        return False
    one, two = words[0].casefold(), other.group(1).casefold()
    genitive = one.endswith(_GENITIVE_ENDS) and one not in GIVEN_NAMES
    return genitive and not (
        same_name(one, two)
        or shortens(one, two)
        or shortens(two, one)
        or sound_key(one) == sound_key(two)
    )


def _title_relation(title: str, before: str) -> str:
    """The relation a kin title states ("бабушка"; "" for «тётя», said of any
    older neighbour); none in a quotation, said from its speaker's side (a
    grandchild's «привет, бабушка Надя» is no grandmother of the user's)."""
    return "" if _unclosed_quote(before) else KIN_TITLES.get(title, title)


def _a_title(previous: str, after: Sequence[str]) -> bool:
    """ "reading Harry Potter", "a Harry Potter fan": a work, not a person."""
    following = after[0].strip(",.!?").casefold() if after else ""
    return previous in TITLE_BEFORE or following in TITLE_AFTER


def _a_label(name: str) -> bool:
    """ "Updated: ...", "Reminder: ..." open a text like a speaker's name does."""
    words = name.split()
    first = words[0]
    # "Позвонил Мише: он купил ..." opens on a verb, not on a speaker's name
    verb = opens_russian_sentence(words, GIVEN_NAMES) or opens_english_sentence(
        words, GIVEN_NAMES
    )
    # "Придумали: раз мы не едем…" opens on a verb with its subject left out
    verb = verb or (
        len(words) == 1
        and russian_verb(first, GIVEN_NAMES)
        and not everyday_word(first)  # "Футбол: колено распухло"
    )
    return verb or _common(first) or not_a_name(first) or first.casefold() in LABELS
