"""Who owns the user's workplace now, asked as the boss.

"Who owns the bistro now?", "who runs the restaurant these days",
«Кто сейчас владелец бистро?», «Кому теперь принадлежит кафе?»: when the
place the user works at changes hands, the new owner is filed as the boss
(writepath/workplace_owners.py), and the turns about them ("Ana wants a
spring menu", «первый рабочий день при Ане») never say "owner" again. The
question then asks the relation as "Who's my boss now?" does, so its
turns are read from the person who holds it (search/people.py). Only of
the present, asked with its time word: "who owned the bistro before Ana"
asks of an older owner, whom the memory may never have filed as a boss.
Only with a boss on file, too (search/question.py): else the place is none
the user works at, and its owner is asked in the question's own words.
"""

from __future__ import annotations

import re

from ..core.workplaces import WORKPLACES

_NOW = r"(?:now|currently|these\s+days|nowadays|сейчас|теперь|нынче)"
_WHEN = rf"(?:{_NOW}\s+)?"
_EN = re.compile(
    # "who owns the bistro", "who now runs our cafe"
    rf"\bwho\s+{_WHEN}(?:owns|runs)\s+(?:the|our)\s+(?:{WORKPLACES})\b"
    # "who's the owner of the bistro", "who is the new owner of our shop"
    rf"|\bwho(?:['’]s|\s+is)\s+{_WHEN}(?:the\s+)?(?:new\s+)?owner\s+of\s+"
    rf"(?:the|our)\s+(?:{WORKPLACES})\b",
    re.I,
)
_RU = re.compile(
    # «кто сейчас владелец бистро», «кто теперь владеет рестораном»,
    # «кто новый хозяин кафе»
    rf"(?<!\w)кто\s+{_WHEN}(?:(?:нов\w+|у\s+нас)\s+)?"
    r"(?:владел\w*|владеет|хозя(?:ин|йка))\s+"
    rf"{_WHEN}(?:нашего\s+|нашей\s+|нашим\s+|нашу\s+)?(?:{WORKPLACES})\w*"
    # «кому сейчас принадлежит бистро»
    rf"|(?<!\w)кому\s+{_WHEN}принадлеж\w*\s+{_WHEN}(?:наш\w*\s+)?(?:{WORKPLACES})\w*",
    re.I,
)
_ASKED_NOW = re.compile(rf"(?<!\w){_NOW}(?!\w)", re.I)


def _as_boss(match: re.Match[str], boss: str) -> str:
    """The boss question, with the time word the owner's question put
    inside its phrase (kept: it tells now from before, search/standing.py)."""
    when = _ASKED_NOW.search(match[0])
    return f"{boss} {when[0]}" if when else boss


def boss_phrased(text: str) -> str:
    """The question with its workplace's owner asked as the boss, when it
    asks of now: "Who owns the bistro now?" -> "who is my boss now?",
    «кто сейчас владелец бистро» -> «кто мой начальник сейчас»; any other
    text as it is."""
    if not _ASKED_NOW.search(text):
        return text
    text = _EN.sub(lambda m: _as_boss(m, "who is my boss"), text)
    return _RU.sub(lambda m: _as_boss(m, "кто мой начальник"), text)
