"""An ordinal said as a noun is an occasion: "Mum's seventieth" is her
seventieth birthday, «мамино семидесятилетие» her jubilee.

People name a round birthday or anniversary by its number alone ("How are we
celebrating Mum's seventieth?", "plans for my 40th", «как отметим папино
шестидесятилетие?»), while the turns that planned it say "birthday", "party",
«юбилей», «день рождения» or the age itself ("Mum turned seventy today", «в
феврале ей семьдесят»). No word of the question then meets them: the
question reads as one about something never said. The ordinal standing
alone after its owner brings the word of the occasion ("birthday", whose
Russian twins are search/twin_phrases.py's) and the number it counts
("seventy"). An ordinal followed by its own noun ("my tenth marathon", "the
25th of May") or without an owner ("on the twentieth") is not an occasion.
"""

from __future__ import annotations

import re

# English ordinals from ten on (a "first" or "second" after an owner is
# anything: "her second" child, job, try); the cardinal each counts.
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_ORDINAL_TENS = {
    "twentieth": "twenty",
    "thirtieth": "thirty",
    "fortieth": "forty",
    "fiftieth": "fifty",
    "sixtieth": "sixty",
    "seventieth": "seventy",
    "eightieth": "eighty",
    "ninetieth": "ninety",
    "hundredth": "hundred",
}
_ORDINAL_TEENS = {
    "tenth": "ten",
    "eleventh": "eleven",
    "twelfth": "twelve",
    "thirteenth": "thirteen",
    "fourteenth": "fourteen",
    "fifteenth": "fifteen",
    "sixteenth": "sixteen",
    "seventeenth": "seventeen",
    "eighteenth": "eighteen",
    "nineteenth": "nineteen",
}
_UNITS = "first second third fourth fifth sixth seventh eighth ninth".split()
_WORD_ORDINAL = (
    r"(?:(?:" + "|".join(_TENS) + r")[- ](?:" + "|".join(_UNITS) + r")"
    r"|" + "|".join([*_ORDINAL_TENS, *_ORDINAL_TEENS]) + r")"
)
_DIGIT_ORDINAL = r"(?:[1-9]\d{1,2})(?:st|nd|rd|th)"
_OWNER = r"(?:\w+'s|\w+s'|my|your|his|her|our|their)"
# The ordinal ends its phrase, or the occasion's own word follows it.
_AFTER = r"(?=\s*(?:$|[?!.,;:)]|(?:birthday|anniversary|party|bash)\b|(?:and|or)\b))"
_ENGLISH = re.compile(
    rf"\b{_OWNER}\s+({_WORD_ORDINAL}|{_DIGIT_ORDINAL}){_AFTER}", re.IGNORECASE
)

# A Russian year-count noun: «семидесятилетие», «70-летие» (its cases too).
# Not «десятилетие» / «столетие» (a decade, a century), nor «летие» alone.
_RUSSIAN = re.compile(r"(?<![\w-])(\d{2,3}-|[а-яё]{3,}?)лети[еяюи]\w*", re.IGNORECASE)
_RUSSIAN_NOT = ("деся", "сто", "тыся", "много", "долго", "совершенно")
_RUSSIAN_TENS = {
    "двадцати": "двадцать",
    "тридцати": "тридцать",
    "сорока": "сорок",
    "пятидесяти": "пятьдесят",
    "шестидесяти": "шестьдесят",
    "семидесяти": "семьдесят",
    "восьмидесяти": "восемьдесят",
    "девяноста": "девяносто",
}

ENGLISH_OCCASION = "birthday"
RUSSIAN_OCCASION = "юбилей"


def occasion_words(text: str) -> tuple[list[str], list[str]]:
    """(the ordinals that stand for an occasion, the occasion and the number
    they say): "Mum's seventieth" → (["seventieth"], ["birthday", "seventy"]);
    empty lists when the text names none."""
    ordinals: list[str] = []
    found: list[str] = []
    for match in _ENGLISH.finditer(text):
        ordinals.append(match[1].lower())
        found += [ENGLISH_OCCASION, *_english_cardinal(match[1].lower())]
    for match in _RUSSIAN.finditer(text):
        head = match[1].lower()
        if head.startswith(_RUSSIAN_NOT):
            continue
        ordinals.append(match[0].lower())
        found += [RUSSIAN_OCCASION, *_russian_cardinal(head)]
    return ordinals, list(dict.fromkeys(found))


def _english_cardinal(ordinal: str) -> list[str]:
    """ "seventieth" → "seventy"; "70th" → "70"; "twenty-first" → none (its
    cardinal is two words, one of them in every count)."""
    if ordinal[:1].isdigit():
        return [ordinal[:-2]]
    cardinal = _ORDINAL_TENS.get(ordinal) or _ORDINAL_TEENS.get(ordinal)
    return [cardinal] if cardinal else []


def _russian_cardinal(head: str) -> list[str]:
    """«семидесяти» → «семьдесят»; «70-» → «70»."""
    if head.endswith("-"):
        return [head[:-1]]
    cardinal = _RUSSIAN_TENS.get(head)
    return [cardinal] if cardinal else []
