"""A child's age said of a name: the user's child, as a guess.

«Лёве семь, в школе он Leo», «Соне девять, она в четвёртом классе», "Mila
turned nine", "Tom is 8 now": a parent tells the child's age and school
without saying "my son". The relation is only a guess (Mention.tentative):
one filed before stays («Мише четырнадцать, он мой сын» keeps «сын»), and a
child said to be someone else's («дочь соседки», "her son") is none of the
user's.
"""

from __future__ import annotations

import re

from .aside_relation import MINOR_AGE
from .mention import Mention

_AGE_WORDS = {
    word: age
    for age, words in enumerate(
        (
            "",
            "one один одна",
            "two два две",
            "three три",
            "four четыре",
            "five пять",
            "six шесть",
            "seven семь",
            "eight восемь",
            "nine девять",
            "ten десять",
            "eleven одиннадцать",
            "twelve двенадцать",
            "thirteen тринадцать",
            "fourteen четырнадцать",
            "fifteen пятнадцать",
            "sixteen шестнадцать",
            "seventeen семнадцать",
        )
    )
    for word in words.split()
}
# what may follow the age: the clause ends, or the years are said
_AGE_CLOSES = re.compile(
    r"\s*(?:$|[,.!;:—–]|\s-\s|(?:лет|год|года|years?\s+old|now|today|теперь|уже)\b)",
    re.I,
)
_AGE_VERBS = frozenset("is turned turns исполнилось исполнится".split())
# A turn about the user's own child's day: school, the kindergarten, the
# class or group the child is in, the kids (a parent's word).
_PARENT_CUES = re.compile(
    r"(?<!\w)(?:школ\w*|класс\w*|садик\w*|детсад\w*|групп\w*|дет(?:и|ей|ям|ьми)"
    r"|school|class|grade|year \d|nursery|kindergarten|daycare|the kids|our kids"
    r")(?!\w)",
    re.I,
)
# the child is someone else's: «дочь соседки», "her son", "Ana's daughter"
_OTHERS_CHILD = re.compile(
    r"(?<!\w)(?:(?:дочь|дочка|сын|ребёнок|ребенок)\s+(?!мо[йяеи])[а-яё]+(?:и|ы|а|ей|ов)\b"
    r"|(?:его|её|ее|их)\s+(?:сын|дочь|дочка)"
    r"|(?:his|her|their|\w+'s)\s+(?:son|daughter|kid|boy|girl))",
    re.I,
)
_SENTENCE_OPENS = re.compile(r"(?:^|[.!?]\s+)")
_PRONOUNS = {"он": "сын", "она": "дочь", "he": "son", "she": "daughter"}
_PRONOUN = re.compile(r"(?<!\w)(он|она|he|she)(?!\w)", re.I)


def child_by_age_word(text: str, name: str) -> str:
    """The son, daughter or child `name` is when the text opens a sentence
    on it and its age under 18, and the text speaks of a child's day at
    school or of the kids; "" when the child is said to be someone else's."""
    if not _PARENT_CUES.search(text) or _OTHERS_CHILD.search(text):
        return ""
    for opened in _SENTENCE_OPENS.finditer(text):
        if text.startswith(name, opened.end()):
            sentence = text[opened.end() + len(name) :]
            if _age_follows(sentence):
                return _child_word(sentence)
    return ""


def _age_follows(sentence: str) -> bool:
    """ "turned nine", «семь, в школе», "is 8 now": an age under 18 said
    right after the name (after "turned" any word may follow it)."""
    words = sentence.split()[:2]
    verb = words[0].casefold() if words and words[0].casefold() in _AGE_VERBS else ""
    if verb:
        words = words[1:]
    if not words or not _age_of(words[0].rstrip(",.!;:")):
        return False
    return verb not in ("", "is") or _closes_age(sentence, words[0])


def _age_of(word: str) -> int:
    age = int(word) if word.isdigit() else _AGE_WORDS.get(word.casefold(), 0)
    return age if 0 < age <= MINOR_AGE else 0


def _closes_age(sentence: str, word: str) -> bool:
    """The age word ends the clause or takes its years ("nine years old"),
    not a count of things («Миша восемь раз упал»)."""
    at = sentence.find(word) + len(word.rstrip(",.!;:"))
    return _AGE_CLOSES.match(sentence, at) is not None


def _child_word(sentence: str) -> str:
    """«сын» / «дочь», "son" / "daughter" by the pronoun the sentence goes on
    with («Соне девять, она в четвёртом классе»); "child" when none is said."""
    clause = re.split(r"[.!?]", sentence, maxsplit=1)[0]
    pronoun = _PRONOUN.search(clause)
    return _PRONOUNS[pronoun.group(1).casefold()] if pronoun else "child"


# «Лёве семь»: Russian tells an age in the name's dative, which opens the
# sentence as a word of no known name yet
_DATIVE_ENDS = tuple("еиую")


def may_be_child(mention: Mention) -> bool:
    """A named person, or a Cyrillic word in the dative opening a sentence
    (read as a thing until its age is seen)."""
    if mention.type == "person":
        return True
    name = mention.name
    return (
        mention.sentence_start
        and name.isalpha()
        and not name.isascii()
        and name.casefold().endswith(_DATIVE_ENDS)
    )
