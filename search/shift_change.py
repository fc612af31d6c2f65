"""A change of shift pattern: "from next week I'm on days".

"Am I still on nights?", «Я всё ещё работаю по вечерам?» ask about one
pattern of a shift worker's hours. Its slot's words (shift, «смена») are
said of every pattern, so the day shifts that followed the nights read as
the nights going on. The change is told by the new pattern with a word of
change: "from next week I'm on days", "back on mornings", «с понедельника
на дневных», «теперь утренние», «Вернулась в свою аптеку! Утренняя смена».
That turn, the newest such, is the answer, and the turns after it that do
not name the asked pattern are the new one's.
"""

from __future__ import annotations

import re

# The patterns, each by its words in English and Russian.
_PATTERNS = {
    "night": re.compile(r"\bnights?\b|(?<!\w)ноч\w*", re.I),
    "evening": re.compile(r"\bevenings?\b|(?<!\w)вечер\w*", re.I),
    # «работаю днём» is the day pattern, «с днём рождения» is no shift
    "day": re.compile(
        r"\bdays\b|\bday shifts?\b|(?<!\w)днев\w*|(?<!\w)дн[её]м(?!\w)(?!\s+рожд)",
        re.I,
    ),
    "morning": re.compile(r"\bmornings\b|\bmorning shifts?\b|(?<!\w)утренн\w*", re.I),
}
# Words that tell a change from now on, not a repeat («снова» is again).
_CHANGE = re.compile(
    r"\bfrom (?:next \w+|now on|monday|tomorrow)\b|\bnow\b|\bback (?:on|to)\b"
    r"|(?<!\w)(?:теперь|с понедельника|со? следующей недели|с завтрашнего дня"
    r"|вернул\w*|перевели)(?!\w)",
    re.I,
)
# Someone else's words: «Лиля говорит, что теперь вечерами стоит Эден»
# tells another's shifts, not a change of the user's.
_SAYS = re.compile(
    r"\b(?:says?|said|told|tells)\b|(?<!\w)(?:говорит|сказал\w*|рассказал\w*)(?!\w)",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?…])\s+")


def asked_patterns(question: str) -> frozenset[str]:
    """The shift patterns the question names: one ("still on nights?") or
    a choice of two («ночью или днём?»)."""
    return frozenset(
        name for name, words in _PATTERNS.items() if words.search(question)
    )


def told_pattern(text: str) -> str | None:
    """The pattern a word of change tells in the text: named after it, in
    its sentence or the next, not in someone else's words."""
    sentences = _SENTENCE.split(text)
    for at, sentence in enumerate(sentences):
        change = _CHANGE.search(sentence)
        if change is None or _SAYS.search(sentence):
            continue
        rest = " ".join([sentence[change.end() :], *sentences[at + 1 : at + 2]])
        found = [(m.start(), n) for n, w in _PATTERNS.items() if (m := w.search(rest))]
        if found:
            return min(found)[1]
    return None


# The slot's own word, said of any pattern: "Morning shift", «смена».
_SHIFT = re.compile(r"\bshifts?\b|(?<!\w)смен\w*", re.I)


def of_new_pattern(text: str, new: str) -> bool:
    """The turn is of the `new` pattern: it names it, or it names a shift
    and no pattern ("Pottery night" is no night shift)."""
    named = {name for name, words in _PATTERNS.items() if words.search(text)}
    return new in named or (not named and bool(_SHIFT.search(text)))
