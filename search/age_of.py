"""Whose age a turn says: the age asked of a person is said of them.

"How old is Halina?": «Tomek's mum Halina called. She wants a photo of
every meal to make sure her son isn't starving. He's thirty-eight.» says
the son's age, not hers. An age is the named person's when said in a
sentence naming them («Мама, Валентина Петровна, восемьдесят один»), or
in a later one with no one else spoken of since ("Lunch with Halina.
She's 80 now.").
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from ..core.relations import RELATIONS
from .asked_name import sentences
from .asked_of import says_age, says_name
from .morphology import relation_base_forms

_WORD = re.compile(r"\w+", re.UNICODE)


def says_age_of(text: str, names: AbstractSet[str]) -> bool:
    """The text says an age of one of the `names` (see the module); any age
    it says when it names them only by another name (an entity's alias)."""
    if not says_name([text], names):
        return says_age(text)
    theirs = False
    for sentence in sentences(text):
        if says_name([sentence], names):
            theirs = True
        elif _someone_else(sentence):
            theirs = False
        if theirs and says_age(sentence):
            return True
    return False


def _someone_else(sentence: str) -> bool:
    """The sentence speaks of another person: by a relative's word ("her
    son", «сына») or by a name inside it."""
    words = _WORD.findall(sentence)
    kin = relation_base_forms([w.casefold() for w in words])
    named = any(w[:1].isupper() for w in words[1:])
    return named or any(base in RELATIONS for base in kin)
