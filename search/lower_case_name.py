"""Is a word a question types in lower case someone's name? ("jamie",
«петрович").

Someone who types everything small writes names small too, and the readers
of a question know a name by its capital. Two frames write such a word as
the name it may be: a person question ("who's jamie?", «кто такой
петрович», search/asked_person_lower.py) and the owner of a thing only a
person has ("jamie's birthday", "what does callum do for a living?",
search/asked_lower_names.py). This is their one reading of the word and
their one way of writing it as a name; the query analysis applies both once
(search/analysis.py) and every reader, the relevance gate too, reads the
result. Pure text, no read.
"""

from __future__ import annotations

import re

from ..core.relations import RELATIONS
from .morphology import relation_base_forms
from .query_text import STOP_WORDS
from .twin_words import twins
from .when import relative_window
from .word_names import is_word_name

# "what's", "when's": a question word before its "'s" owns nothing
_QUESTION_WORDS = frozenset(("what", "when", "where", "who", "how"))
# "everyone", "anything", «никто»: pronouns, whoever they stand for
_PRONOUN = re.compile(r"(?:every|any|some|no)(?:one|body|thing)|все|всех|никто")


def may_be_name(word: str, *, owner: bool = False) -> bool:
    """`word` may be someone's name: no function or question word, no
    relative's word ("mum", «маму»). Asked about alone ("who was mark",
    "tell me about football", "tell me about yesterday") a name that is also
    a word, an everyday word with a twin in the other language, a day and a
    pronoun are read as what they say; as the `owner` of what only a person
    has ("mark's birthday") the frame has already said it is a person."""
    folded = word.casefold()
    if folded in STOP_WORDS or folded in _QUESTION_WORDS:
        return False
    if relation_base_forms([folded])[0] in RELATIONS:
        return False
    if owner:
        return True
    # "tell me about yesterday", «расскажи про вчера»: a day, not a name
    if _PRONOUN.fullmatch(folded) or relative_window(folded, 0.0) is not None:
        return False
    return not is_word_name(folded) and not twins(folded)


def as_name(word: str) -> str:
    """`word` written as a name: its first letter capital ("jamie" → "Jamie")."""
    return word[:1].upper() + word[1:]
