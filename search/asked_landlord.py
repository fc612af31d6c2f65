"""A question about the landlord asked without the word "landlord".

"Who do I rent from now?", "Who do we pay the rent to?", «Кому мы сейчас
платим за аренду?», «У кого я снимала комнату раньше?»: people ask whom
they rent their home from by the renting itself, and the memory files that
person under the relation "landlord" (writepath/landlords.py, "my
landlady"). The question then asks the relation as "Who's my landlord?"
does, so its turns are read from the person (search/people.py), now or
before (search/past_holder.py).
"""

from __future__ import annotations

import re

# The time words a question may put between the asker and the renting; kept,
# they still tell now from before (search/standing.py).
_WHEN = r"(?P<when>(?:now|currently|still|before|previously|сейчас|теперь|раньше)\s+)?"
_EN = re.compile(
    # "who do I rent from", "who did we rent the flat from"
    r"\bwho(?:m)?\s+(?:do|did)\s+(?:i|we)\s+"
    + _WHEN
    + r"(?:rent\b(?:\s+\w+){0,3}?\s+from"
    + r"|pay\s+(?:the\s+|my\s+|our\s+)?rent(?:\s+to)?)\b",
    re.I,
)
_RU = re.compile(
    # «кому я плачу за квартиру», «кому мы сейчас платим за аренду»
    r"(?<!\w)кому\s+(?:(?:я|мы)\s+)?"
    + _WHEN
    + r"(?:(?:я|мы)\s+)?пла[тч]\w*\s+(?:за\s+)?(?:квартир|аренд|комнат|жиль)\w*"
    # «у кого я снимаю», «у кого мы снимали квартиру»
    r"|(?<!\w)у\s+кого\s+(?:(?:я|мы)\s+)?"
    + _WHEN.replace("when", "when2")
    + r"(?:(?:я|мы)\s+)?(?:снима|снял|арендова)\w*(?:\s+(?:квартир|комнат|жиль)\w*)?",
    re.I,
)


# A verb in the past asks the former landlord: "did", «снимала», «платили».
_PAST = re.compile(r"\bdid\b|(?<!\w)(?:снимал|снял|платил|арендовал)\w*", re.I)


def _asked_by(match: re.Match[str], now: str, past: str) -> str:
    head = past if _PAST.search(match[0]) else now
    when = match.groupdict().get("when") or match.groupdict().get("when2") or ""
    return f"{head} {when}".rstrip()


def landlord_phrased(text: str) -> str:
    """The question with its renting said as the landlord: "Who do I rent
    from now?" -> "who is my landlord now?", «У кого я снимала комнату
    раньше?» -> «кто мой бывший хозяин раньше?»; any other text as
    it is."""
    text = _EN.sub(
        lambda m: _asked_by(m, "who is my landlord", "who was my previous landlord"),
        text,
    )
    return _RU.sub(
        lambda m: _asked_by(m, "кто мой хозяин", "кто мой бывший хозяин"), text
    )
