"""Turns that speak of a one-of-a-kind relative by the relation alone.

"My mom lives in Kazan", "моя мама звонила": no name follows, so the offline
extractor links the turn to nobody, and a question about the person ("Where
does my mother live?", "Где живёт моя мама?") read only the turns linked to
them, never the one that answers. For a relation one has once and keeps (a
parent, a spouse: UNIQUE_RELATIONS but the work ones), "my <relation>" in a
turn is that person, unless the turn names a person. Not "my boss": an
unnamed "my boss" of last spring may be the former one.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ..core.records import Entity, Node
from ..core.relations import RELATION_OWNERS, UNIQUE_RELATIONS, owner_word
from .morphology import relation_base_forms

# The newest turns stating the relation, not linked to the person, read per
# question: a relation said without a name is rare next to the named ones.
OWN_RELATION_TURNS = 50
_WORD = re.compile(r"\w+", re.UNICODE)


_CHANGING = frozenset("boss manager начальник начальница босс".split())


def lifelong(relations: Collection[str]) -> frozenset[str]:
    """The relations among `relations` one has once and keeps."""
    return frozenset(r for r in relations if r in UNIQUE_RELATIONS - _CHANGING)


def own_phrases(relations: Collection[str]) -> str:
    """An FTS match of "my <relation>" for the lifelong `relations` ("my mom",
    "our mom", "моя мама"; another case of the Russian is left to the linked
    turns), each a quoted phrase."""
    phrases = [
        f'"{owner} {relation}"'
        for relation in sorted(lifelong(relations))
        for owner in (("my", "our") if relation.isascii() else (owner_word(relation),))
    ]
    return " OR ".join(phrases)


def says_own(text: str, relations: Collection[str]) -> bool:
    """The text says "my <relation>" ("my mom", "с моей мамой") for one of
    `relations` (base forms)."""
    words = relation_base_forms(_WORD.findall(text.lower()))
    return any(
        owner in RELATION_OWNERS and word in relations
        for owner, word in zip(words, words[1:], strict=False)
    )


def is_own_relative(
    node: Node, entities: list[Entity], relations: Collection[str]
) -> bool:
    """The node speaks of the user's one `relations` relative and names no
    person (the offline extractor's people and anyone with a relation)."""
    if any(e.type == "person" or e.attributes.get("relation") for e in entities):
        return False
    return says_own(node.content, relations)
