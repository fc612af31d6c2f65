"""What an English possessive asks for when a measure of a thing follows it.

"What's my blood type?", "What is my shoe size?", "my phone number": English
puts the thing asked last, and when that is a measure of the word before
(its type, size, number, colour), the word before only says of what. A turn
on a blood test or new shoes says what is measured, not the measure, and is
no answer; a turn saying the type ("the type on my donor card") is. Other
compounds keep their first noun: "my dentist appointment" is answered by
"Dentist on Thursday at 4", not by an appointment with the physio; "my
climbing partner" by a turn on climbing. Russian names the measure first
(«группа крови», «размер обуви»): the possessive's first word already is it.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from .frame_words import GENERIC_STEMS
from .morphology import stem
from .query_text import STOP_WORDS

# nouns that measure or class what stands before them; "type of pottery" is
# a question's frame ("What type of pottery..."), not a measure
_MEASURES = frozenset(
    """type types size sizes number numbers colour color group model make
    brand grade score rank code height weight length width shade""".split()
)
# the measures' stems in both languages: "plate number", «группа крови» are
# one thing asked, said only by both words (asked_of.measure_parts)
MEASURE_STEMS = frozenset(map(stem, _MEASURES)) | frozenset(
    map(stem, "группа размер номер цвет марка модель рост вес код".split())
)
_RU_MEASURES = frozenset(s for s in MEASURE_STEMS if not s.isascii())
_NEXT = re.compile(r"[ \t]+([a-z]+)\b(?!['’-])(?!\s+of\b)")


def compound_head(possessive: re.Match[str]) -> str:
    """The word a possessive points at: its match's first word (group 1), or
    the measure after it when an English one follows ("my blood type")."""
    first = possessive[1]
    if not first.isascii():
        return first
    found = _NEXT.match(possessive.string, possessive.end(1))
    return found[1] if found and found[1] in _MEASURES else first


# "Which choir do I sing in now?", «В каком хоре я пою?»: the noun after
# "which" names the thing asked; a turn on it answers without the verb
# ("Choir tonight: the conductor moved me", «репетиция хора»).
# Russian puts the owner and the time between the two freely: «Какой у меня
# сейчас участок?», «Какая теперь у нас машина?» ask the plot, the car.
_BETWEEN = r"(?:\s+(?:у\s+(?:меня|нас|тебя|него|неё|нее|них)|сейчас|теперь|щас|нынче))*"
_WHICH = re.compile(
    r"\b(?:which|what)\s+(\w+)"
    r"|(?<!\w)(?:как(?:ой|ая|ое|ие|ого|ую|ом|ой|им|их|ому)|котор\w+)"
    + _BETWEEN
    + r"\s+(\w+)",
    re.I,
)
# "Which pension fund am I with?": two nouns before the verb are a compound,
# said only by both («на пенсии» is no fund, «в команде данных» no football
# team); "Which bus goes..." has a verb second, not a compound
_WHICH_COMPOUND = re.compile(
    r"\b(?:which|what)\s+([a-z]+)\s+([a-z]+)\s+(?:am|is|are|was|were|do|does|did"
    r"|have|has|had|will|would|can|could|should)\b",
    re.I,
)


def asked_head(text: str) -> set[str]:
    """The stem of the noun a "which"/«какой» question asks about, if any
    (of an English compound, both its nouns); not a time's unit (`asked_unit`),
    nor a Russian measure, whose thing follows it («номер паспорта»,
    «размер обуви»: a turn saying «номер» of a phone says nothing of it)."""
    return _which_nouns(text) - _TIME_UNITS - _RU_MEASURES


# "What year did I serve in the navy?", «В какой день у меня хор?»: the unit
# is the form of the answer (a date), not what it is about; a turn saying
# "year" («через год посмотрим») tells nothing of the navy. So is a dose:
# "What dose of amlodipine am I on?", «Какая доза метформина?» are answered
# by "upped the amlodipine to 10 mg", which never says "dose".
_TIME_UNITS = frozenset(
    map(
        stem,
        """year years month day week date год году месяц месяце день дня неделя
        неделе число числа dose doses dosage доза дозу дозы дозировка
        дозировку""".split(),
    )
)


def asked_unit(text: str) -> set[str]:
    """The stem of the unit a "which" question asks in ("what year", «в каком
    месяце», "what dose"): no word a turn must share."""
    return _which_nouns(text) & _TIME_UNITS


def said_units(text: str) -> set[str]:
    """The stems of the units the text says anywhere ("my metformin dose at
    first"): the measure asked, not the thing measured."""
    return {stem(word) for word in re.findall(r"\w+", text)} & _TIME_UNITS


def _which_nouns(text: str) -> set[str]:
    compound = _WHICH_COMPOUND.search(text)
    if compound and compound[2].lower() not in STOP_WORDS:
        words = iter([compound[1], compound[2]])
    else:
        words = (m[1] or m[2] for m in _WHICH.finditer(text))
    return {stem(w) for w in words if w.lower() not in STOP_WORDS} - GENERIC_STEMS


# "plot 27", "flat 4B", "route 42": a noun with its number names one of its
# kind, the one the user has, and the compound's other noun was said when it
# was first named ("swap to allotment plot 27", then "plot 27 with Stan").
_NUMBERED = re.compile(r"\b([^\W\d_]+)\s+(?:no\.?\s*|№\s*)?\d+[a-z]?\b", re.I)


def names_numbered(nouns: AbstractSet[str], text: str) -> bool:
    """The text says one of `nouns` (stems, a "which" question's compound)
    followed by its number."""
    return any(stem(m[1]) in nouns for m in _NUMBERED.finditer(text))
