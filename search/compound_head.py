"""What an English possessive asks for when a measure of a thing follows it.

"What's my blood type?", "What is my shoe size?", "my phone number": English
puts the thing asked last, and when that is a measure of the word before
(its type, size, number, colour), the word before only says of what. A turn
on a blood test or new shoes says what is measured, not the measure, and is
no answer; a turn saying the type ("the type on my donor card") is. Other
compounds keep their first noun: "my dentist appointment" is answered by
"Dentist on Thursday at 4", not by an appointment with the physio; "my
climbing partner" by a turn on climbing. Russian names the measure first
(«группа крови», «размер обуви»): the possessive's first word already is it.
"""

from __future__ import annotations

import re

# nouns that measure or class what stands before them; "type of pottery" is
# a question's frame ("What type of pottery..."), not a measure
_MEASURES = frozenset(
    """type types size sizes number numbers colour color group model make
    brand grade score rank code height weight length width shade""".split()
)
_NEXT = re.compile(r"[ \t]+([a-z]+)\b(?!['’-])(?!\s+of\b)")


def compound_head(possessive: re.Match[str]) -> str:
    """The word a possessive points at: its match's first word (group 1), or
    the measure after it when an English one follows ("my blood type")."""
    first = possessive[1]
    if not first.isascii():
        return first
    found = _NEXT.match(possessive.string, possessive.end(1))
    return found[1] if found and found[1] in _MEASURES else first
