"""The names of the months, in English and Russian: their one home.

A question names a month in full ("in March", «в марте», «10 октября»:
search/when.py reads its window); a turn often shortens it ("Nov 20",
«26 ноя»: search/moved_booking.py reads the day it books). Both read the
names from here, so a month is spelt, shortened and numbered in one place.
"""

from __future__ import annotations

MONTHS_EN = (
    "january february march april may june july august september october"
    " november december"
).split()
# as a date in a turn shortens them ("Jan 5", "5 Sept 2024"); May has none
MONTHS_EN_SHORT = "jan feb mar apr jun jul aug sep sept oct nov dec".split()
# prepositional: «в марте»
MONTHS_RU_IN = (
    "январе феврале марте апреле мае июне июле августе сентябре октябре ноябре декабре"
).split()
# genitive: «10 октября», «в начале марта»
MONTHS_RU_OF = (
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря"
).split()

# A month as a turn writes it, full or short, in any case: "Nov", "Sept",
# "December", «ноя», «ноября», «май» (a regex alternation, ungrouped).
MONTH_PATTERN = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
    r"|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
    r"|январ\w*|феврал\w*|март\w*|апрел\w*|ма[яй]|июн\w*|июл\w*|август\w*"
    r"|сентябр\w*|октябр\w*|ноябр\w*|декабр\w*"
)
# A Russian month by its first letters, as the English one's ("ноя": "nov");
# May by two («мая», «май»), its third letter being its case ending.
_RUSSIAN_KEYS = dict(
    zip(
        "янв фев мар апр ма июн июл авг сен окт ноя дек".split(),
        [name[:3] for name in MONTHS_EN],
        strict=True,
    )
)


def month_key(word: str) -> str:
    """A month's name as its first three English letters ("ноября": "nov",
    "September": "sep")."""
    word = word.lower()
    return _RUSSIAN_KEYS.get(word[:3], _RUSSIAN_KEYS.get(word[:2], word[:3]))


def month_number(name: str) -> int:
    """1-12 of a month's full name: English, Russian prepositional or genitive."""
    name = name.lower()
    for names in (MONTHS_EN, MONTHS_RU_IN, MONTHS_RU_OF):
        if name in names:
            return 1 + names.index(name)
    raise ValueError(name)
