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

# Who left: a name (capitalised, perhaps with a surname) or one's own
# relative or friend ("my brother", «мой сосед»).
_SOMEONE = (
    r"(?:(?i:my|our|мо[йяеёи]\w*|наш\w*)\s+\w+"
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
_OPENING_EN = r"(?i:(now)\s+that|since|after|with)"
_OPENING_RU = r"(?i:(теперь),?\s+когда|после\s+того,?\s+как|с\s+тех\s+пор,?\s+как|раз)"
_CLAUSE = re.compile(
    rf"(?<!\w){_OPENING_EN}\s+{_SOMEONE}{_LEFT_EN}(?!\w)"
    rf"|(?<!\w){_OPENING_RU}\s+(?:{_SOMEONE}\s+{_LEFT_RU}|{_LEFT_RU}\s+{_SOMEONE})"
    r"(?!\w)"
)

# the space and comma a clause left behind ("now ?", ", с кем я играю?")
_LOOSE = re.compile(r"\s+(?=[?!.,;])|,(?=\s*[?!.])")


def _kept(match: re.Match[str]) -> str:
    """What stays of a clause: its "now" / «теперь», which asks the present."""
    return f" {match[1] or match[2] or ''} "


def without_circumstance(text: str) -> str:
    """`text` without the clause saying someone has left ("now that Otar's
    gone" → "now"): the question asked of the new situation."""
    kept, found = _CLAUSE.subn(_kept, text)
    if not found:
        return text
    return _LOOSE.sub("", " ".join(kept.split())).lstrip(" ,")
