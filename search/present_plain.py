"""Questions about a standing state asked in the plain present, without
"now": "Which school is Lev at?", "Who's our internet with?", «В какой школе
Лёва?», «Кто у нас провайдер?». People ask of where someone is, or with whom
a service is held, in the present tense and mean the present; read as no
stance, the old state's introduction (often the longest turn) ranked first.

Only a standing state: a named person's place (a name, case-sensitive) and
a held service ("with" whom), what a held thing is about and how long a held
document runs, not a single event ("What did Lev eat?").
"""

from __future__ import annotations

import re

from ..core.text import UPPER_LETTERS
from .own_children import CHILDREN_EN, CHILDREN_RU

_RULES = (
    # "Which school is Lev at?", "What team are the Hoffmanns in?"; the
    # user's children are asked of by name or as "the kids"
    re.compile(
        r"\b(?:[Ww]hich|[Ww]hat) \w+ (?:is|are) (?:the )?[A-Z]\w+ (?:at|in|on)\b"
        rf"|\b(?:[Ww]hich|[Ww]hat) \w+ (?:is|are) {CHILDREN_EN} (?:at|in|on)\b"
    ),
    # "Who's our internet with?", "Who is my car insured with?"
    re.compile(r"\bwho(?:'s| is| are) (?:my|our) [\w ]+? with\s*[?.!]*$", re.I),
    # «В какой школе Лёва?», «В каком классе Соня?»: a Russian present has
    # no verb "to be", the place and the name alone
    re.compile(
        rf"^\W*в как\w+ \w+ (?:(?-i:[{UPPER_LETTERS}])\w+|{CHILDREN_RU})\s*[?.!]*$",
        re.I,
    ),
    # «Кто у нас провайдер?», «Какой у меня тариф?»: what one has now
    re.compile(r"^\W*(?:кто|как(?:ой|ая|ое|ие)) у (?:меня|нас) \w+\s*[?.!]*$", re.I),
    # «Про что у меня диплом?», «О чём у нас договор?»: what a held thing is
    # about, asked without "now"
    re.compile(r"^\W*(?:про что|о ч[её]м) у (?:меня|нас) \w+\s*[?.!]*$", re.I),
    # «До какого числа мой ВНЖ?»: how long a held document runs is its
    # newest term, not the first one told
    re.compile(
        r"^\W*до как(?:ого|ой) (?:числа|срока|даты|месяца|года)"
        r" (?:мо[йяеи]|у (?:меня|нас)) \w+\s*[?.!]*$",
        re.I,
    ),
)


def asks_present_plainly(text: str) -> bool:
    """The question asks a standing state in the plain present."""
    return any(rule.search(text) for rule in _RULES)
