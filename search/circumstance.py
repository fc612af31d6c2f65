"""The circumstance of a question: "What do I play now that Otar's gone?".

A clause saying that someone has left — "now that Otar's gone", "since my
brother moved out", «теперь, когда Отар уехал», «раз Отара больше нет» —
is not what the question asks about: it asks what the user does in the
new situation, and the turns that answer ("table tennis with Levan")
name neither the one who left nor the leaving. Searched, the clause's
words become words a hit must share (search/support.py), and the turns
about the one who left (the chess with Otar, the older state) fill the
keyword leg. The clause is read as a circumstance and left out of the
words searched; its "now" / «теперь» stays, as it asks the present.
"""

from __future__ import annotations

import re

from ..core.relations import UNIQUE_RELATIONS

# A relation one has once, said without "my": "after dad moved out",
# «после того как папа уехал».
_ONE_S_OWN = "|".join(sorted(map(re.escape, UNIQUE_RELATIONS), key=len, reverse=True))
# Who left: a name (capitalised, perhaps with a surname) or one's own
# relative or friend ("my brother", «мой сосед», «папа»).
_SOMEONE = (
    r"(?:(?i:my|our|мо[йяеёи]\w*|наш\w*)\s+\w+"
    rf"|(?i:{_ONE_S_OWN})(?![\w-])"
    r"|[A-ZА-ЯЁ][\w-]+(?:\s+[A-ZА-ЯЁ][\w-]+)?)"
)
# The leaving, in English: "'s gone", "has left", "moved away", "passed away".
_LEFT_EN = (
    r"(?i:(?:'s|’s|\s+is|\s+has|\s+had)?\s*"
    r"(?:gone|left|moved(?:\s+(?:away|out|abroad|back))?"
    r"|went\s+(?:away|back|home|abroad)|passed\s+away|died|away"
    r"|(?:not|no\s+longer)\s+(?:here|around)))"
)
# The leaving, in Russian: «уехал», «ушла», «переехали», «умер», «нет».
_LEFT_RU = (
    r"(?i:(?:уехал\w*|уш[её]л|ушл\w*|переехал\w*|умер\w*|не\s+стало"
    r"|(?:больше\s+)?нет(?:\s+рядом)?))"
)
# Opened by "now that", «теперь, когда», «раз»: the present is asked.
_NOW_OPENING_EN = r"(?i:(?P<now>now)\s+that)"
_NOW_OPENING_RU = r"(?i:(?P<teper>теперь),?\s+когда|раз)"
# Opened by "since", "after", «после того как»: a time, of now or of then.
_TIME_OPENING_EN = r"(?i:since|after|with)"
_TIME_OPENING_RU = r"(?i:после\s+того,?\s+как|с\s+тех\s+пор,?\s+как)"
_LEAVING_RU = rf"(?:{_SOMEONE}\s+{_LEFT_RU}|{_LEFT_RU}\s+{_SOMEONE})"
_CLAUSE = re.compile(
    rf"(?<!\w)(?:{_NOW_OPENING_EN}|(?P<time_en>{_TIME_OPENING_EN}))"
    rf"\s+{_SOMEONE}{_LEFT_EN}(?!\w)"
    rf"|(?<!\w)(?:{_NOW_OPENING_RU}|(?P<time_ru>{_TIME_OPENING_RU}))"
    rf"\s+{_LEAVING_RU}(?!\w)"
)

# The one who does, in a Russian question, and perhaps a word before the
# verb («я теперь играю», «мы с Ниной ходили»).
_SUBJECT_RU = r"(?:я|мы|ты|вы|он|она|они)\s+(?:(?:со?\s+)?\w+\s+)?"
# The rest of the question asks the present: a now-word, or a present verb
# ("do I play", "am I", "who cooks", «я играю», «мы ходим»)...
_PRESENT = re.compile(
    r"\b(?:now|nowadays|these\s+days|currently|any\s?more|at\s+the\s+moment"
    r"|(?:do|does|am|are)\s+(?:i|we|you|they|he|she)|i['’]m|i\s+am|we['’]re"
    r"|(?:who|what)\s+\w+s)\b"
    rf"|(?<!\w)(?:сейчас|теперь|нынче|в\s+последнее\s+время"
    rf"|{_SUBJECT_RU}\w+(?:у|ю|ем|ём|им)(?:сь|ся)?)(?!\w)",
    re.I,
)
# ... and no past one: "did", "was", a verb in "-ed" ("played"), a Russian
# past after its subject («я играл», «мы ходили»: alone, «футбол» or
# «спортзал» would read as one).
_PAST = re.compile(
    r"\b(?:did|was|were|had|used\s+to|\w+[^e\W]ed)\b"
    rf"|(?<!\w){_SUBJECT_RU}\w*(?:[аяиеёуы]л|шл|шёл)[аио]?(?:сь|ся)?(?!\w)",
    re.I,
)

# the space and comma a clause left behind ("now ?", ", с кем я играю?")
_LOOSE = re.compile(r"\s+(?=[?!.,;])|,(?=\s*[?!.])")


def _asks_now(rest: str) -> bool:
    """The question, its clause left out, asks the present."""
    return bool(_PRESENT.search(rest)) and not _PAST.search(rest)


def _tidy(text: str) -> str:
    return _LOOSE.sub("", " ".join(text.split())).lstrip(" ,")


def _kept(match: re.Match[str]) -> str:
    """What stays of a clause: its "now" / «теперь», which asks the present."""
    return f" {match['now'] or match['teper'] or ''} "


def without_circumstance(text: str) -> str:
    """`text` without the clause saying someone has left, when the question
    asks of the new situation ("now that Otar's gone" → "now"; "Who do I
    play with, since Anna left?" → "Who do I play with?"); a question of
    the past keeps it ("What did I do after Dad moved out?")."""
    found = _CLAUSE.search(text)
    if found is None:
        return text
    kept = _tidy(_CLAUSE.sub(_kept, text))
    by_time = found["time_en"] or found["time_ru"]
    return text if by_time and not _asks_now(kept) else kept
