"""A place or thing named in the other script: "Lisbon" and "Лиссабон".

A bilingual user tells the same change in both languages ("We cancelled the
Lisbon trip", "Поездку в Лиссабон отменили") and asks in either; the offline
extractor files each spelling as its own entity, and the FTS leg matches only
the script the question is written in, so half of what answers it never
becomes a candidate. An exonym is not a letter-by-letter transliteration
(search/spellings.py generates "лисбон", not "лиссабон"; "Vienna" is "Вена"),
so the question's words are compared with the names the memory already holds:
both reduced to a loose Latin key (Russian case ending off, transliterated,
c/k and h/g as one, doubled letters once, final vowels off), equal or one
letter inserted ("vien" / "ven", "lisbon" / "lisabon"). A substituted letter
is a different name: "Лина" is not "Lena". A Latin name is heard the English
way ("John" «Джон», "Kate" «Кейт», "Hale" «Хейл»), also as spelled, and the
Portuguese and Spanish way ("Henrique" «Энрике», "Lopes" «Лопеш»), and
without its accents ("Kraków" «Краков», "Artūrs" «Артур»).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Iterable

from ..core.records import Entity
from ..core.text import strip_accents
from ..store.interface import Store
from .morphology import is_russian, russian_stem

INDEX_TTL = 60.0  # seconds: the names a memory holds change slowly
INDEX_ENTITIES = 5000  # the most mentioned entities, the ones asked about
MIN_KEY = 3  # shorter keys match too much ("an", "ли")

_LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        "a b v g d e e zh z i i k l m n o p r s t u f h"
        " ts ch sh shch - i - e iu ia".split(),
        strict=True,
    )
)
# Spelling variants of one sound, on both sides (after transliteration):
# «дж» is the English "j" ("John" «Джон», "Jennifer" «Дженнифер»), where
# letter by letter it would be "dzh".
_SAME = (("dzh", "j"), ("ee", "i"), ("ph", "f"), ("ck", "k"), ("kh", "h"),
         ("c", "k"), ("q", "k"), ("w", "v"), ("x", "ks"), ("y", "i"),
         ("h", "g"))  # fmt: skip
_VOWELS = "aeiou"
# An English "ie" ending a syllable is one «и» ("Leslie" «Лесли»), also
# inside a compound ("Leslieville" «Лесливилл», "Kieran" «Киран»): before
# one consonant and a vowel. Not before two ("Vienna" «Вена», "Pierce"),
# nor at the end, where the final vowels go anyway.
_IE_SAID_I = re.compile(r"(?<=\w)ie(?=[b-df-hj-np-tv-z][aeiouy])")
# How English says a Latin name where its spelling misleads: an "h" after a
# vowel and before no vowel is silent ("John" «Джон», "Sarah" «Сара", also
# German: "Lehmann" «Леман»; "kh", "sh", "ch" are no vowel's h), and the "a"
# of a one-syllable word ending in one consonant and a silent "e" is «ей»
# ("Kate" «Кейт», "Hale" «Хейл», "James" «Джеймс»; not before "r": "Clare"
# «Клэр»; a longer word is as often German: "Renate" «Рената»).
_ENGLISH = (
    (re.compile(r"(?<=[aeiou])h(?![aeiouy])"), ""),
    (re.compile(r"^([^aeiouy]*)a([bcdfgklmnpstvz])e(s?)$"), r"\1ei\2\3"),
)
# How Portuguese and Spanish (French for the H) say a Latin name, where
# English-like spelling misleads: an opening H before a vowel is silent
# ("Henrique" «Энрике», "Helena" «Елена»), "qu" before e/i is «к»
# ("Henrique", "Joaquim"), "ch" is «ш» ("Rocha" «Роша»), a final "s" is «ш»
# ("Lopes" «Лопеш») and an "s" between vowels «з» ("Sousa" «Соуза»); in
# Spanish a "j" is «х» ("Jordi" «Хорди», "Alejandro" «Алехандро») and a "z"
# is «с» ("Martínez" «Мартинес», "Zaragoza" «Сарагоса»).
_ROMANCE = (
    (re.compile(r"^h(?=[aeiou])"), ""),
    (re.compile(r"qu(?=[ei])"), "k"),
    (re.compile(r"ch"), "sh"),
    (re.compile(r"(?<=[aeiou])s$"), "sh"),
    (re.compile(r"(?<=[aeiou])s(?=[aeiou])"), "z"),
    (re.compile(r"j"), "h"),
    (re.compile(r"z"), "s"),
    (re.compile(r"c(?=[ei])"), "s"),
)
# What stands before a person's name without being it ("Dona Fernanda" is
# «Фернанда» in the other script, "Dr. Lopes" «Лопеш», "Kyria Androula"
# «кирия Андрула»), in Russian in its cases («внук кирии Андрулы»).
HONORIFICS = frozenset(
    """mr mrs ms miss dr dra prof sir madam dona dom don doña señor señora
    senhor senhora sr sra srta herr frau madame monsieur mme signor signora
    kyria kyrie kyrios кирия кирии кирию кирией кирие кирье кириос пани пан
    пана пану паном донья доньи донье донью доньей дон""".split()
)


@functools.lru_cache(maxsize=8192)  # words repeat: names, the question's words
def loose_key(word: str) -> str:
    """The word's key for matching across scripts; "" for anything but one
    Latin or Cyrillic word."""
    word = strip_accents(word.casefold())
    if not word.isalpha():
        return ""
    if is_russian(word):
        word = case_stem(word)
    return sound_key(english_said(word)).rstrip(_VOWELS)


def case_stem(word: str) -> str:
    """The Russian word without its case ending; a final «л» is kept where
    the suffix stripper takes it for a past tense: a name or a noun ends in
    it («Хейл», «Павел», «Михаил», «сериал»), and is said in cases
    («Хейлу», «Павла»), where a verb's past is no name anyone asks about.
    A final «-ов»/«-ев» is a name's own («Краков», «Иванов»: «Кракова» is
    its case), not the plural ending the stripper takes it for."""
    stem = russian_stem(word)
    if word[len(stem) :] in _NAME_ENDINGS:
        return word
    return stem + "л" if word[len(stem) : len(stem) + 1] == "л" else stem


_NAME_ENDINGS = frozenset({"ов", "ев", "ёв"})


def english_said(word: str) -> str:
    """A Latin word as English says it (`_ENGLISH`): "John" -> "jon",
    "Hale" -> "heil"; any other word as it is."""
    if not (word.isascii() and word.isalpha()):
        return word
    for pattern, sound in _ENGLISH:
        word = pattern.sub(sound, word)
    return word


def loose_keys(word: str) -> set[str]:
    """`loose_key`, and for a word with «ё» also its key with «ё» said "yo":
    «Лёва» is "Lev" and "Lyova", «Тёма» is "Tyoma", «Артём» "Artyom". A Latin
    name's opening H before a vowel may be silent (Portuguese, Spanish,
    French): "Henrique" is also «Энрике», "Helena" «Елена», besides «Генри».
    A Latin word is also read letter by letter, without `english_said`:
    "Kate" is «Кейт», and also the «Катя» who is Kate in English. An English
    "aur" is «ор» as often as «аур»: "Maura" «Мора», "Laura" «Лора»,
    "Lauren" «Лорен» (and "Mauro" «Мауро» as spelled)."""
    folded = word.casefold()
    keys = {loose_key(word)}
    if folded.isascii():
        keys.add(sound_key(folded).rstrip(_VOWELS))
    if "ё" in folded:
        keys.add(loose_key(folded.replace("ё", "йо")))
    if (
        "w" in folded
    ):  # English "w" is «у» as often as «в»: Owen «Оуэн», Edward «Эдвард»
        keys.add(loose_key(folded.replace("w", "u")))
    if folded.isascii() and "aur" in folded:
        keys.add(loose_key(folded.replace("aur", "or")))
    if _SHORT_A.match(folded):  # "Gav" «Гэв», "Sam" «Сэм», "Jack" «Джек»
        keys.add(loose_key(_SHORT_A.sub(r"\1e\2", folded)))
    if _OPEN_A.match(folded):  # "Jamie" «Джейми», "Amy" «Эйми»
        keys.add(loose_key(_OPEN_A.sub(r"\1ei", folded)))
    if folded.isascii():
        keys |= {loose_key(said) for said in _english_loan_readings(folded)}
    return keys | {loose_key(said) for said in romance_readings(folded)}


# The English short "a" of a one-syllable name closed by one consonant is
# heard as «э» ("Gav" «Гэв», "Sam" «Сэм», "Pat" «Пэт», "Jack" «Джек»); not
# before "l", "r", "w", "y" or "h", which make it another vowel ("Walt"
# «Уолт», "Bart" «Барт»).
_SHORT_A = re.compile(r"^([b-df-hj-np-tv-z]+)a([bdfgkmnpstvxz]|ck)$")
# ... and its first "a" before one consonant and a vowel, the open syllable,
# may be «ей» ("Jamie" «Джейми», "Amy" «Эйми», "Stacy" «Стейси»,
# "Dana" «Дейна» besides «Дана»).
_OPEN_A = re.compile(r"^([b-df-hj-np-tv-z]*)a(?=[bcdfgkmnpstvz][aeiouy])")


# An English "g" opening a name before "e" or "i" is «дж» ("Geoff" «Джефф»,
# "Gemma" «Джемма», "Gina" «Джина», "Gillian" «Джиллиан»): one more reading,
# "Gerhard" is «Герхард» as spelled.
_SOFT_G = re.compile(r"^g(?=[ei])")


def _english_loan_readings(word: str) -> set[str]:
    """The Latin word with its opening soft "g" said «дж», if it has one."""
    said = _SOFT_G.sub("j", word)
    return {said} - {word}


@functools.lru_cache(maxsize=8192)
def romance_readings(word: str) -> frozenset[str]:
    """How a Latin name may be said the Portuguese or Spanish way (`_ROMANCE`,
    each habit the spelling gives a chance to, in every combination), or the
    South Slavic and Czech way (slavic_reading), in Latin letters, the word
    itself excluded: "Henrique" -> "enrique", "henrike", "enrike"; "Dejan"
    -> "deian"; nothing for a Cyrillic word."""
    folded = strip_accents(word.casefold())
    if not (folded.isascii() and folded.isalpha()):
        return frozenset()
    found = {folded}
    for pattern, sound in _ROMANCE:
        found |= {pattern.sub(sound, said) for said in found}
    return frozenset((found | {slavic_reading(word)}) - {folded, ""})


# How Serbian, Croatian, Czech or Slovak Latin letters sound: the letters with
# a háček or an acute are «ч», «ш», «ж», «дж» ("Nikolić" «Николич»,
# "Snežana" «Снежана», "Đorđe" «Джордже»), a "j" is «й» and softens the
# consonant before it ("Dejan" «Деян», "Nemanja" «Неманья», "Ljiljana"
# «Лиляна»: "lj" said as one soft «л»), a "c" is «ц» ("Milica" «Милица»).
_SLAVIC = (("c", "ts"), ("č", "ch"), ("ć", "ch"), ("š", "sh"), ("dž", "dzh"),
           ("ž", "zh"), ("đ", "dzh"), ("j", "i"))  # fmt: skip
_SLAVIC_SPELLING = re.compile(r"[čćšžđ]|(?<=\w)j")
# An opening "j" is «й» too in a woman's name ending in "-a" ("Jana" «Яна»,
# "Jarmila" «Ярмила», "Julia" «Юлия»): Czech, Polish, German, Scandinavian.
_OPENING_J = re.compile(r"^j(?=[aeiou]).*[^aeiou]i?a$")


def slavic_reading(word: str) -> str:
    """The Latin name as a South Slavic or Czech speaker says it, in loose
    Latin letters ("Dejan" -> "deian", "Nikolić" -> "nikolich"); "" for a
    word that is no Latin name or shows no such spelling: one of those
    letters, a "j" past the first letter, or opening a woman's name
    (`_OPENING_J`; "Jan", "Jack", "July" are said the English way too often
    to be «Ян», «Як», «Юля»)."""
    said = word.casefold()
    if not (_SLAVIC_SPELLING.search(said) or _OPENING_J.match(said)):
        return ""
    for letter, sound in _SLAVIC:
        said = said.replace(letter, sound)
    said = strip_accents(said)
    return said if said.isascii() and said.isalpha() else ""


def sound_key(word: str) -> str:
    """The whole word as it sounds, in loose Latin ("Вена" "vena", "Vienna"
    "viena"); "" for anything but one Latin or Cyrillic word."""
    word = strip_accents(word.casefold())
    if not word.isalpha():
        return ""
    if is_russian(word):
        word = "".join(_LATIN.get(ch, ch) for ch in word).replace("-", "")
    elif not word.isascii():
        return ""
    word = _IE_SAID_I.sub("i", word)
    for spelled, sound in _SAME:
        word = word.replace(spelled, sound)
    return "".join(ch for i, ch in enumerate(word) if i == 0 or ch != word[i - 1])


def _deletions(key: str) -> set[str]:
    """The key with one letter left out, each way."""
    return {key[:i] + key[i + 1 :] for i in range(len(key))}


def same_key(one: str, other: str) -> bool:
    """Equal, or one letter inserted, the same first letter; both ≥ MIN_KEY.
    The inserted letter is no half of an "ei": «ей» is a vowel of its own,
    neither «е» nor «и» ("Jane" «Джейн» is not «Джин», "Dane" not «Дина»)."""
    if min(len(one), len(other)) < MIN_KEY or one[0] != other[0]:
        return False
    short, long = sorted((one, other), key=len)
    if one == other:
        return True
    if len(long) != len(short) + 1:
        return False
    return any(
        long[:at] + long[at + 1 :] == short
        and "ei" not in long[max(at - 1, 0) : at + 2]
        for at in range(len(long))
    )


def whole_key(word: str) -> str:
    """The key of a name whose loose key is too short ("Priya" and «Прия»
    both lose all but "pr"): the whole sound, matched exactly ("=priia")."""
    sound = _FINAL_IE.sub("i", sound_key(english_said(word.casefold())))
    return "=" + sound if sound else ""


# A name's final English "-ie" is one «и» ("Eddie" «Эдди», "Jamie"
# «Джейми», "Amy" «Эйми»).
_FINAL_IE = re.compile(r"(?<=[^aeiou])ie$")


def _word_keys(name: str) -> set[str]:
    """The loose keys of the name's words and each with a letter left out."""
    keys = {loose_key(word) for word in name.split()}
    return {at for key in keys if len(key) >= MIN_KEY for at in {key, *_deletions(key)}}


def _one_word_name(entity: Entity) -> str:
    """The name a lone word may match: the whole one-word name, or a person's
    given name ("Галина Петровна" is "Galina" in the other script, "Dona
    Fernanda" «Фернанда»; "Ford Focus" is not "Ford")."""
    words = entity.name.split()
    if entity.type == "person":
        words = _untitled(words)
    if len(words) == 1:
        return words[0]
    return words[0] if entity.type == "person" else ""


def _untitled(words: list[str]) -> list[str]:
    """The name's words past its honorifics ("Dona Fernanda" → "Fernanda")."""
    at = 0
    while at < len(words) - 1 and words[at].casefold().rstrip(".") in HONORIFICS:
        at += 1
    return words[at:]


def _lone_names(entity: Entity) -> list[str]:
    """The names a lone word may match: `_one_word_name`, and a person's
    one-word aliases ("Dimon" is «Димон», the nickname of «Дима»)."""
    first = _one_word_name(entity)
    names = [first] if first else []
    if entity.type == "person":
        names += [a for a in entity.aliases if " " not in a.strip() and a != first]
    return names


# A Russian speaker's pet name for a thing is its foreign name with a
# diminutive suffix: "Getz" is «Гетзик», "Golf" «Гольфик». Not of a
# person: a name's «-ик» is as often its own («Эрик»).
_PET_SUFFIX = re.compile(r"(?:ч?ик|[оё]к|очк[аи])$")


def _pet_name_keys(name: str, entity: Entity) -> set[str]:
    """The loose key of a thing's Cyrillic pet name without its diminutive
    suffix ("getz" for «Гетзик»); none for a person or another name."""
    folded = name.casefold()
    if entity.type == "person" or not is_russian(folded):
        return set()
    bare = _PET_SUFFIX.sub("", folded)
    if bare == folded or len(bare) < MIN_KEY:
        return set()
    return {sound_key(bare).rstrip(_VOWELS)}


class OtherScriptNames:
    """The memory's one-word entity names by loose key (and each key with a
    letter left out, so a lookup is a few dict reads), cached INDEX_TTL."""

    def __init__(self) -> None:
        self._index: dict[str, list[tuple[str, bool, Entity]]] = {}
        self._words: dict[str, list[Entity]] = {}  # a thing's name words
        self._at = -1e9

    async def refresh(self, storage: Store) -> list[Entity] | None:
        """Read the memory's names again once INDEX_TTL has passed: the
        entities read (for the other indexes of names), None when fresh."""
        now = time.monotonic()
        if now - self._at < INDEX_TTL:
            return None
        entities = await storage.entities.list_entities(limit=INDEX_ENTITIES)
        self._index, self._words = {}, {}
        self.add(entities)
        self._at = now
        return entities

    def add(self, entities: Iterable[Entity]) -> None:
        """Index `entities` too (filed since the last refresh)."""
        for entity in entities:
            for name in _lone_names(entity):
                self._add_name(name, entity)
            if entity.type != "person":
                for at in _word_keys(entity.name):
                    self._words.setdefault(at, []).append(entity)

    def _add_name(self, name: str, entity: Entity) -> None:
        cyrillic = is_russian(name)
        for key in loose_keys(name) | _pet_name_keys(name, entity):
            if len(key) >= MIN_KEY:
                entry = (key, cyrillic, entity)
                for at in {key, *_deletions(key)}:
                    self._index.setdefault(at, []).append(entry)
            elif len(whole := whole_key(name)) > MIN_KEY:
                self._index.setdefault(whole, []).append((whole, cyrillic, entity))

    def named_in_other_script(self, names: Iterable[str]) -> list[Entity]:
        """Entities whose name is one of the query's one-word, capitalised
        `names` written in the other script (a lower-case word is more often
        a word than a name: "марка" is not Mark)."""
        found: dict[int, Entity] = {}
        for word in names:
            if " " in word or not word[:1].isupper():
                continue
            cyrillic = is_russian(word)
            for key in loose_keys(word):
                for entity in self._named_by(key, word, cyrillic):
                    found.setdefault(entity.id, entity)
        return list(found.values())

    def _named_by(self, key: str, word: str, cyrillic: bool) -> list[Entity]:
        """The entities of the other script whose key is `key` (of `word`)."""
        if len(key) < MIN_KEY:
            whole = self._index.get(whole_key(word), ())
            return [entity for _, other, entity in whole if other != cyrillic]
        return [
            entity
            for at in {key, *_deletions(key)}
            for other, other_cyrillic, entity in self._index.get(at, ())
            if other_cyrillic != cyrillic and same_key(key, other)
        ]

    def people_called(self, word: str) -> list[Entity]:
        """The people whose one-word name (or given name) has the loose key
        of `word`, in either script: «Хаддада» and "Haddad" for «Хаддад»."""
        key = loose_key(word)
        if len(key) < MIN_KEY:
            return []
        found = {
            entity.id: entity
            for at in {key, *_deletions(key)}
            for other, _, entity in self._index.get(at, ())
            if entity.type == "person" and other == key
        }
        return list(found.values())

    def things_with_words(self, words: Iterable[str]) -> list[Entity]:
        """Things (no person) with a name word of the same loose key as one of
        `words`, in either script: «Форд» finds "Ford Focus", "Focus" finds
        "Ford Focus" and "Focus" (the caller decides which are one thing)."""
        found: dict[int, Entity] = {}
        for word in words:
            key = loose_key(word)
            if len(key) < MIN_KEY:
                continue
            for at in {key, *_deletions(key)}:
                for entity in self._words.get(at, ()):
                    names = entity.name.split()
                    if any(same_key(key, loose_key(w)) for w in names):
                        found.setdefault(entity.id, entity)
        return list(found.values())
