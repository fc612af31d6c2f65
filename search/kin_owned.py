"""A thing a relative owns is said with the relative.

"What car does dad drive?", «На какой машине ездит папа?», «Какая машина у
брата?»: a turn on dad that says no car («папа спросил, когда я выйду
замуж»), or on someone else's machine («мама купила новую стиральную
машину»), tells nothing of his car, yet each shares a word with the
question, so the relevance gate (search/support.py) let them through. A turn
that says the relative and the thing, by its word or its make ("Dad still
drives the old Lada", «папа поменял машину на Камри»), answers. A name
asked the same way is read by search/owned_things.py; this is its twin for
the relatives, who are asked by their relation, not by a name. Only the
things one owns and uses as one's own (a car, a bike, a phone, a laptop);
a question on the user's own one ("my car") is not a relative's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.records import SearchHit
from ..core.relations import RELATION_OWNERS, RELATIONS, same_relation
from .morphology import relation_base_forms, stem
from .owned_things import OWNED_HEADS, says_owned

_WORD = re.compile(r"\w+", re.UNICODE)
# "what car", "which phone", «какая машина», «на какой машине»: which one
_WHICH = re.compile(r"(?<!\w)(?:what|which|как(?:ой|ая|ое|ие|ую|ого|ом))(?!\w)", re.I)
# «мою машину», «моей машине»: the owner words in Russian cases too
_OWNER = re.compile(r"^(?:мо[йяеёию]\w*|наш\w*|my|our)$")


@dataclass(frozen=True, slots=True)
class KinThing:
    """The owned things asked (their head stems) and the relatives asked of
    (every word of each relation, both languages)."""

    things: frozenset[str]
    relatives: frozenset[str]


def kin_thing_asked(text: str) -> KinThing | None:
    """Which owned thing the question asks a relative has (`KinThing`);
    None when it asks no such thing, or the user's own ("my car")."""
    if not _WHICH.search(text):
        return None
    words = [w.casefold() for w in _WORD.findall(text)]
    things = {
        stem(word)
        for at, word in enumerate(words)
        if stem(word) in OWNED_HEADS and not (at and _OWNER.match(words[at - 1]))
    }
    if not things:
        return None
    asked = [w for w in relation_base_forms(words) if w in RELATIONS]
    if not asked:
        return None
    relatives = frozenset().union(*(same_relation(word) for word in asked))
    return KinThing(frozenset(things), frozenset(relatives) - RELATION_OWNERS)


def says_kin_thing(hit: SearchHit, asked: KinThing) -> bool:
    """The hit says the asked relative (in its text, or as one of its
    people's aliases) and the owned thing."""
    return says_owned(asked.things, hit.node.content) and _says_relative(hit, asked)


def _says_relative(hit: SearchHit, asked: KinThing) -> bool:
    words = [w.casefold() for w in _WORD.findall(hit.node.content)]
    if not asked.relatives.isdisjoint(relation_base_forms(words)):
        return True
    aliases = {a.casefold() for e in hit.entities for a in (e.name, *e.aliases)}
    return not asked.relatives.isdisjoint(aliases)
