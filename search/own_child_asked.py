"""A present question about the user's own child asks of the user's life.

"Which school is Lev at?", "Which nursery does Oscar go to?", «В какую школу
ходит Лёва?», «В какой садик ходит Тёма?»: a parent asks of their child by
name, in the plain present, and means what holds now, as "Which school is
my son at now?" does. A question naming someone without "my" or a time word
names no category of the user's (search/kinds.py: LoCoMo's "What pets does
Melanie have?" is Melanie's life); the memory tells the child apart, filed
as a son or a daughter (search/own_children.py). Only for a question asked
of now that names a category once read as the user's, so the one lookup of
the children is made for few questions.
"""

from __future__ import annotations

import re

from ..core.records import Entity, name_key
from ..store.interface import Store
from .morphology import is_russian, russian_stem
from .names_asked import stems_of
from .own_children import children_words, own_children

_WORD = re.compile(r"\w+")


async def names_own_child(storage: Store, text: str) -> bool:
    """The question names one of the user's sons or daughters, by a name or
    an alias, a Russian one in any case («у Лёвы»)."""
    children = await own_children(storage)
    return bool(children) and _names_one(text, children)


def _names_one(text: str, children: list[Entity]) -> bool:
    keys = set(children_words(children))
    stems = set().union(*(stems_of(child) for child in children))
    return any(
        name_key(word) in keys or (is_russian(word) and russian_stem(word) in stems)
        for word in _WORD.findall(text)
        if word[0].isupper()
    )
