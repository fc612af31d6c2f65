"""Words of speech said as their written form: «щас» is «сейчас».

People type to their assistant as they speak: «какая у нас щас машина?», «с
кем я щас учу английский?». Every reader of "now" (the stance, the categories,
the changes) knows «сейчас», not its spoken forms, and the spoken form was
searched as a word of the topic (it found «щас выезжаю»). The question is
read with the written word instead, once, before anything else reads it.
"""

from __future__ import annotations

import re

# «щас», «ща», «счас», «щя»: "now" as spoken (never another word).
_SPOKEN_NOW = re.compile(r"(?<!\w)(?:щас|ща|щя|счас|сичас)(?!\w)", re.I)


def spoken_plain(text: str) -> str:
    """`text` with a spoken word said as written: «а щас?» -> «а сейчас?»."""
    return _SPOKEN_NOW.sub("сейчас", text)
