"""A question about a person whose name is typed in lower case: "who's
jamie?", "tell me about callum", «кто такой петрович».

Someone who types everything small asks about people the same way. The
readers of a person question know a name by its capital (the cross-script
spellings that find «Джейми» for "Jamie", the entity lookups), so "who's
jamie?" was searched as a plain word and missed the turns that write the
name in the other script or link the person. Only a person-shaped question
is read here (who is X, tell me about X, what do you know about X, and
their Russian forms), and only its last word: a lower-case word that may be
a name (search/lower_case_name.py: no function, kin or everyday word, no
given name that is also a word) is written capitalised, as a name. Pure
text, no read: nothing is added to any other question.
"""

from __future__ import annotations

import re

from .frame_words import ASKING_ABOUT
from .lower_case_name import as_name, may_be_name

# the question's frame, then one lower-case word, then at most "again"/"now"
_PERSON_ASKED = re.compile(
    r"^\s*(?:who\s*(?:['’]s|is|was)|кто\s+(?:такой|такая|такие|это)"
    rf"|{ASKING_ABOUT})"
    r"\s+([^\W\d_]{2,})"
    r"(?=\s*(?:,?\s*(?:again|now|снова|опять))?\s*[?.!]*\s*$)",
    re.IGNORECASE | re.UNICODE,
)


def with_person_capitalised(text: str) -> str:
    """`text` with the lower-case name a person question asks about written
    capitalised ("who's jamie?" → "who's Jamie?"); `text` itself otherwise."""
    match = _PERSON_ASKED.match(text)
    if match is None:
        return text
    word = match[1]
    if not word.islower() or not may_be_name(word):
        return text
    start, end = match.span(1)
    return text[:start] + as_name(word) + text[end:]
