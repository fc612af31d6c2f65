"""A question about the landlord asked without the word "landlord".

"Who do I rent from now?", "Who do we pay the rent to?", «Кому мы сейчас
платим за аренду?», «У кого я снимала комнату раньше?»: people ask whom
they rent their home from by the renting itself, and the memory files that
person under the relation "landlord" (writepath/landlords.py, "my
landlady"). The question is then asked as "Who's my landlord?" is
(search/role_by_verb.py).
"""

from __future__ import annotations

import re

from .role_by_verb import WHEN, WHEN2, RoleByVerb

_LANDLORD = RoleByVerb(
    english=re.compile(
        # "who do I rent from", "who did we rent the flat from"
        r"\bwho(?:m)?\s+(?:do|did)\s+(?:i|we)\s+"
        + WHEN
        + r"(?:rent\b(?:\s+\w+){0,3}?\s+from"
        + r"|pay\s+(?:the\s+|my\s+|our\s+)?rent(?:\s+to)?)\b",
        re.I,
    ),
    russian=re.compile(
        # «кому я плачу за квартиру», «кому мы сейчас платим за аренду»
        r"(?<!\w)кому\s+(?:(?:я|мы)\s+)?"
        + WHEN
        + r"(?:(?:я|мы)\s+)?пла[тч]\w*\s+(?:за\s+)?(?:квартир|аренд|комнат|жиль)\w*"
        # «у кого я снимаю», «у кого мы снимали квартиру»
        r"|(?<!\w)у\s+кого\s+(?:(?:я|мы)\s+)?"
        + WHEN2
        + r"(?:(?:я|мы)\s+)?(?:снима|снял|арендова)\w*"
        r"(?:\s+(?:квартир|комнат|жиль)\w*)?",
        re.I,
    ),
    # "did", «снимала», «платили»
    past=re.compile(r"\bdid\b|(?<!\w)(?:снимал|снял|платил|арендовал)\w*", re.I),
    now_en="who is my landlord",
    before_en="who was my previous landlord",
    now_ru="кто мой хозяин",
    before_ru="кто мой бывший хозяин",
)


def landlord_phrased(text: str) -> str:
    """The question with its renting said as the landlord: "Who do I rent
    from now?" -> "who is my landlord now?", «У кого я снимала комнату
    раньше?» -> «кто мой бывший хозяин раньше?»; any other text as
    it is."""
    return _LANDLORD.said_as_relation(text)
