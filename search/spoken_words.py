"""Words of speech said as their written form: «щас» is «сейчас».

People type to their assistant as they speak: «какая у нас щас машина?», «с
кем я щас учу английский?». Every reader of "now" (the stance, the categories,
the changes) knows «сейчас», not its spoken forms, and the spoken form was
searched as a word of the topic (it found «щас выезжаю»). The question is
read with the written word instead, once, before anything else reads it.
So is a word of a dialect: in Scotland and the north of England one "stays"
where one lives ("Where do you stay now?"), and every reader of a home asked
(the home's words, the moves) knows "live".
"""

from __future__ import annotations

import re

# «щас», «ща», «счас», «щя»: "now" as spoken (never another word).
_SPOKEN_NOW = re.compile(r"(?<!\w)(?:щас|ща|щя|счас|сичас)(?!\w)", re.I)


# "Where do I stay now?", "Where does your gran stay?": "stay" of a home,
# asked in the present. Not of a trip's night, said by what follows ("Where
# do we stay in Rome?", "stay over", "stay tonight") or in the past ("Where
# did we stay?": a hotel).
_STAY_AS_LIVE = re.compile(
    r"\b(where\s+(?:do|does)\s+(?:\w+\s+){1,2}?)stay\b"
    r"(?!\s+(?:in|at|on|over|during|for|when|while|tonight|overnight|the\s+night)\b)",
    re.I,
)


def spoken_plain(text: str) -> str:
    """`text` with a spoken word said as written: «а щас?» -> «а сейчас?»,
    "Where do I stay?" -> "Where do I live?"."""
    return _STAY_AS_LIVE.sub(r"\1live", _SPOKEN_NOW.sub("сейчас", text))
