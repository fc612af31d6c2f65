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
from ..core.relations import (
    RELATION_OWNERS,
    UNIQUE_RELATIONS,
    owner_word,
    same_relation,
)
from .morphology import relation_base_forms
from .name_cases import case_forms

# The newest turns stating the relation, not linked to the person, read per
# question: a relation said without a name is rare next to the named ones.
OWN_RELATION_TURNS = 50
_WORD = re.compile(r"\w+", re.UNICODE)


# Russian in-laws said without "моя" ("Тёща звонила"), and not filed as a
# name the way "Мама звонила" is: the turn is about the user's own.
_SAID_BARE = frozenset("тёща теща свекровь тесть свёкор свекор".split())
# Possessives that make a Russian relation someone else's ("его тёща").
_THEIRS = frozenset(
    """его её ее их твой твоя твою твоей твоего твоему твоим ваш ваша вашу
    вашей вашего вашему вашим свой своя свою своей своего своему своим""".split()
)
_CHANGING = frozenset("boss manager начальник начальница босс".split())


# Kin one may have more than one of: "my sister" in a turn is one of them,
# the one asked about only when the question itself asks by that relation
# ("what's my sister called?", «как зовут мою сестру?»): an unnamed "my
# sister" turn answers it whichever sister it is, and is no news of a sister
# asked by her name.
_SEVERAL_KIN = frozenset().union(
    *map(
        same_relation,
        "brother sister cousin aunt uncle niece nephew grandson granddaughter".split(),
    )
)


def lifelong(relations: Collection[str]) -> frozenset[str]:
    """The relations among `relations` one has once and keeps."""
    return frozenset(r for r in relations if r in UNIQUE_RELATIONS - _CHANGING)


def joined_by_relation(
    relations: Collection[str], asked: Collection[str]
) -> frozenset[str]:
    """The relations whose unnamed turns ("my sister booked the venue") join
    the person asked about: the lifelong ones among `relations`, and the kin
    one has several of that the question `asked` by."""
    return lifelong(relations) | _SEVERAL_KIN.intersection(asked)


def own_phrases(relations: Collection[str]) -> str:
    """An FTS match of "my <relation>" for `relations` ("my mom", "our mom",
    "моя мама"), each a quoted phrase; a Russian in-law in any case and
    without the possessive Russian leaves out ("Возил тёщу на рынок")."""
    phrases = []
    for relation in sorted(relations):
        if relation.isascii():
            phrases += [f'"{owner} {relation}"' for owner in ("my", "our")]
        elif relation in _SAID_BARE:
            phrases += [
                f'"{form}"' for form in sorted({relation, *case_forms(relation)})
            ]
        else:
            phrases.append(f'"{owner_word(relation)} {relation}"')
    return " OR ".join(phrases)


def says_own(text: str, relations: Collection[str]) -> bool:
    """The text says "my <relation>" ("my mom", "с моей мамой") for one of
    `relations` (base forms), or a Russian in-law with no one else's
    possessive before it ("Тёща звонила", not "его тёща")."""
    words = relation_base_forms(_WORD.findall(text.lower()))
    return any(
        word in relations
        and (owner in RELATION_OWNERS or (word in _SAID_BARE and owner not in _THEIRS))
        for owner, word in zip(["", *words], words, strict=False)
    )


def is_own_relative(
    node: Node, entities: list[Entity], relations: Collection[str]
) -> bool:
    """The node speaks of the user's one `relations` relative and names no
    person (the offline extractor's people and anyone with a relation)."""
    if any(e.type == "person" or e.attributes.get("relation") for e in entities):
        return False
    return says_own(node.content, relations)
