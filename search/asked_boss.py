"""A question about the boss asked without the word "boss".

"Who do I report to now?", "who did I work under before?", "my line
manager", «Кому я сейчас подчиняюсь?», «Кому я отчитывалась раньше?», «Под
кем я работаю?»: people ask who their boss is by the reporting itself, and
the memory files that person under the relation "boss" ("she's my manager
now", «теперь она моя начальница»). The question is then asked as "Who's my
boss?" is (search/role_by_verb.py).
"""

from __future__ import annotations

import re

from .role_by_verb import WHEN, WHEN2, RoleByVerb

_BOSS = RoleByVerb(
    # "who do I report to", "whom did I work under", "who am I reporting to"
    english=re.compile(
        r"\bwho(?:m)?\s+(?:do|did|am|was)\s+i\s+"
        + WHEN
        + r"(?:report(?:ing)?\s+to|work(?:ing|ed)?\s+under|answer(?:ing|ed)?\s+to)\b",
        re.I,
    ),
    russian=re.compile(
        # «кому я подчиняюсь», «кому я сейчас отчитываюсь»
        r"(?<!\w)кому\s+(?:(?:я|мы)\s+)?"
        + WHEN
        + r"(?:(?:я|мы)\s+)?(?:подчиня|отчитыва)\w*"
        # «под кем я работала» (not «кому я работу отдала»: the work, given)
        r"|(?<!\w)под\s+кем\s+(?:(?:я|мы)\s+)?" + WHEN2 + r"(?:(?:я|мы)\s+)?работа\w*",
        re.I,
    ),
    # "did", "was", «подчинялась»
    past=re.compile(
        r"\b(?:did|was|worked)\b|(?<!\w)\w+(?:лся|лась|лись|ла|л)(?!\w)", re.I
    ),
    now_en="who is my boss",
    before_en="who was my previous boss",
    now_ru="кто мой начальник",
    before_ru="кто мой бывший начальник",
)
# "my line manager", «мой непосредственный начальник»: the boss, said
# precisely, is still the one boss (no other relation is "line" anything)
_LINE = re.compile(r"\bline\s+(?=manager\b)", re.I)


def boss_reported_to(text: str) -> str:
    """The question with its reporting said as the boss: "Who do I report to
    now?" -> "who is my boss now", «Кому я подчинялась раньше?» -> «кто был
    мой бывший начальник раньше»; any other text as it is."""
    return _BOSS.said_as_relation(_LINE.sub("", text))
