"""A question about the boss asked without the word "boss".

"Who do I report to now?", "who did I work under before?", "my line
manager", «Кому я сейчас подчиняюсь?», «Кому я отчитывалась раньше?», «Под
кем я работаю?»: people ask who their boss is by the reporting itself, and
the memory files that person under the relation "boss" ("she's my manager
now", «теперь она моя начальница»). The question then asks the relation as
"Who's my boss?" does, so its turns are read from the person who holds it
(search/people.py), now or before (search/past_holder.py), as
search/asked_landlord.py does for the renting.
"""

from __future__ import annotations

import re

# The time words a question may put between the asker and the reporting;
# kept, they still tell now from before (search/standing.py).
_WHEN = (
    r"(?P<when>(?:now|currently|still|before|previously|these\s+days"
    r"|сейчас|теперь|раньше)\s+)?"
)
_EN = re.compile(
    # "who do I report to", "whom did I work under", "who am I reporting to"
    r"\bwho(?:m)?\s+(?:do|did|am|was)\s+i\s+"
    + _WHEN
    + r"(?:report(?:ing)?\s+to|work(?:ing|ed)?\s+under|answer(?:ing|ed)?\s+to)\b",
    re.I,
)
_RU = re.compile(
    # «кому я подчиняюсь», «кому я сейчас отчитываюсь»
    r"(?<!\w)кому\s+(?:(?:я|мы)\s+)?"
    + _WHEN
    + r"(?:(?:я|мы)\s+)?(?:подчиня|отчитыва)\w*"
    # «под кем я работала» (not «кому я работу отдала»: the work, given)
    r"|(?<!\w)под\s+кем\s+(?:(?:я|мы)\s+)?"
    + _WHEN.replace("when", "when2")
    + r"(?:(?:я|мы)\s+)?работа\w*",
    re.I,
)
# "my line manager", «мой непосредственный начальник»: the boss, said
# precisely, is still the one boss (no other relation is "line" anything)
_LINE = re.compile(r"\bline\s+(?=manager\b)", re.I)

# A verb in the past asks the former boss: "did", "was", «подчинялась».
_PAST = re.compile(
    r"\b(?:did|was|worked)\b|(?<!\w)\w+(?:лся|лась|лись|ла|л)(?!\w)", re.I
)


def _asked_by(match: re.Match[str], now: str, past: str) -> str:
    head = past if _PAST.search(match[0]) else now
    when = match.groupdict().get("when") or match.groupdict().get("when2") or ""
    return f"{head} {when}".rstrip()


def boss_reported_to(text: str) -> str:
    """The question with its reporting said as the boss: "Who do I report to
    now?" -> "who is my boss now", «Кому я подчинялась раньше?» -> «кто был
    мой бывший начальник раньше»; any other text as it is."""
    text = _LINE.sub("", text)
    text = _EN.sub(
        lambda m: _asked_by(m, "who is my boss", "who was my previous boss"), text
    )
    return _RU.sub(
        lambda m: _asked_by(m, "кто мой начальник", "кто мой бывший начальник"), text
    )
