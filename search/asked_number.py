"""A question asking for a number is answered only by a turn that says one.

"What's my gym membership number?", «Какой номер у моего абонемента?»: a
turn on the gym ("Signed up at a boxing gym") tells of it without its
number, and is no answer. A turn answers by saying digits ("48213",
"AB-123-C", "bus 7") in a sentence that says the thing or a word of the
question; a date («на 12 мая»), a clock time ("at 7:30"), a measure ("40
minutes") or an amount ("€40") is no number of a thing. A count ("the
number of times", "how many") is not asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from .asked_amount import CURRENCY_SIGNS, says_stem, without_dates
from .asked_name import sentences

# not "number one" ("John's number one goal"): the first, no number
_ASKED = re.compile(
    r"\bnumber\b(?!\s+(?:of|one|1)\b)"
    r"|(?<!\w)номер(?:а|у)?(?!\w)(?!\s+(?:в|на|один|1)(?!\w))",
    re.I,
)
_COUNT = re.compile(r"\bhow\s+many\b|(?<!\w)сколько(?!\w)", re.I)
# a count or a measure after digits ("40 minutes", "35 lengths", «5 км»):
# how long or how much, no number of a thing
_UNITS = (
    r"am|pm|min\w*|h|hours?|hrs?|sec\w*|km|kg|m|cm|mi|miles?|lengths?|laps?|"
    r"reps?|sets?|times?|days?|weeks?|months?|years?|%|"
    r"мин\w*|час\w*|сек\w*|км|кг|м|см|раз\w*|дн\w*|день|недел\w*|месяц\w*|"
    r"лет|год\w*|круг\w*|бассейн\w*"
)
# digits that are no clock time ("7:30"), no amount ("€40") nor measure
_DIGITS = re.compile(
    rf"(?<![\d:{CURRENCY_SIGNS}])\d+(?!\d)"
    rf"(?!\s*(?::\d|(?:{_UNITS})(?!\w)|[{CURRENCY_SIGNS}]))",
    re.I,
)


def with_numbers(
    question: str, hits: Sequence[SearchHit], thing: AbstractSet[str]
) -> Sequence[SearchHit]:
    """The hits that may answer: all, unless the question asks a number,
    then those saying one by the thing (`gives_number`)."""
    if not asks_number(question):
        return hits
    return [hit for hit in hits if gives_number(hit.node.content, thing)]


def asks_number(text: str) -> bool:
    """The question asks a thing's number ("What's Dr Lowe's number?",
    «Какой у меня номер абонемента?»), not a count ("How many...")."""
    return bool(_ASKED.search(text)) and not _COUNT.search(text)


def gives_number(text: str, thing: AbstractSet[str]) -> bool:
    """Some sentence of the text says digits, not as a date or a time, and
    one of the `thing`'s stems."""
    return any(
        _DIGITS.search(without_dates(sentence)) and says_stem(sentence, thing)
        for sentence in sentences(text)
    )
