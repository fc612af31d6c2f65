"""A question about a person whose name is typed in lower case: "who's
jamie?", "tell me about callum", «кто такой петрович».

Someone who types everything small asks about people the same way. The
readers of a person question know a name by its capital (the cross-script
spellings that find «Джейми» for "Jamie", the entity lookups), so "who's
jamie?" was searched as a plain word and missed the turns that write the
name in the other script or link the person. Only a person-shaped question
is read here (who is X, tell me about X, what do you know about X, and
their Russian forms), and only its last word: a lower-case word that may be
a name (no function, kin or everyday word, no given name that is also a
word: search/word_names.py) is written capitalised, as a name. Pure
text, no read: nothing is added to any other question.
"""

from __future__ import annotations

import re

from ..core.relations import RELATIONS
from .morphology import relation_base_forms
from .query_text import STOP_WORDS
from .twin_words import twins
from .when import relative_window
from .word_names import is_word_name

# "everyone", "anything", «никто»: pronouns, whoever they stand for
_PRONOUN = re.compile(r"(?:every|any|some|no)(?:one|body|thing)|все|всех|никто")

# the question's frame, then one lower-case word, then at most "again"/"now"
_PERSON_ASKED = re.compile(
    r"^\s*(?:who\s*(?:['’]s|is|was)|tell\s+me\s+about|what\s+do\s+you\s+know\s+about"
    r"|кто\s+(?:такой|такая|такие|это)|расскажи(?:те)?\s+(?:мне\s+)?(?:про|о|об)"
    r"|что\s+ты\s+знаешь\s+(?:про|о|об))"
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
    if not word.islower() or not _may_be_person(word.casefold()):
        return text
    start, end = match.span(1)
    return text[:start] + word[:1].upper() + word[1:] + text[end:]


def _may_be_person(word: str) -> bool:
    """A word a person may be called by: no function word, no relative's
    word ("mum", «маму»), no everyday word with a twin in the other language
    ("football", «работу»), no given name that is also a word ("mark")."""
    if word in STOP_WORDS or relation_base_forms([word])[0] in RELATIONS:
        return False
    # "tell me about yesterday", «расскажи про вчера»: a day, not a name
    if _PRONOUN.fullmatch(word) or relative_window(word, 0.0) is not None:
        return False
    return not is_word_name(word) and not twins(word)
