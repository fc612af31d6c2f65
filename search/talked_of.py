"""The names a turn says as what was talked about: "we talked about the
Fallas", "told the class about the scooter", «рассказала про Русафу».

A class, a meeting or a call is told by what was said there, and the
subject of the talk is no thing of the class: "saturday spanish, we had a
debate about the Fallas" names the city's festival, not the Spanish class,
and the festival's own turns ("the streets are closed for the Fallas") say
nothing of when the class is. Only after a word of talk: "no regrets about
the Getz" and "thinking about Haarlem" still name the car and the town.
"""

from __future__ import annotations

import re

from .cross_script import loose_key

_NAME = r"[A-ZА-ЯЁ][\w-]*"
# a word of talk, up to three words, then "about" / «про» / «о(б)» and the
# names: "talked about", "told the class about", «рассказала Инес про»
_TALKED_OF = re.compile(
    r"(?<!\w)(?i:talk\w*|chat\w*|debat\w*|discuss\w*|told|tell\w*|joke\w*"
    r"|argu\w*|говори\w*|рассказ\w*|спорил\w*|обсужда\w*|шутил\w*|болтал\w*)"
    r"(?:\s+[\w-]+){0,3}?\s+(?:about|про|об?)\s+(?:the\s+)?"
    rf"({_NAME}(?:(?:\s*,\s*|\s+(?:and|и)\s+){_NAME})*)"
)


def talked_of_keys(text: str) -> set[str]:
    """The loose keys of the names `text` says as what was talked about."""
    said = (match[1] for match in _TALKED_OF.finditer(text))
    keys = {loose_key(name) for names in said for name in re.findall(_NAME, names)}
    return keys - {""}
