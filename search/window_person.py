"""A person asked within a time window: the turns spent with or for them first.

«Тёма» or "Bublik" between two dates asks what the user did with them
then: "pool with Artyom", «Купили с Тёмой круассаны», «Гуляли с
Бубликом», "Artyom and I went to a jazz bar", or what they did themselves
(«Тёма приготовил котлеты», "Artyom carried it"). A turn that names them
in passing, as another's object or owner ("Dasha said Artyom's lamp is
ugly", "Yossi asked if Bublik was fed", «фото Бублика»), tells less of
them; in a window of weeks such turns filled the answer while days spent
together fell below it. Read from the person's own turns of the window
(search/people.py), a few times the answer's room, then cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, SearchHit
from ..core.relations import RELATION_OWNERS, RELATIONS
from .morphology import is_russian
from .names_asked import stem_named, stems_of, words_of

# The person's turns read to choose from: this many times the answer's room.
WIDER = 3

_TOKEN = re.compile(r"[\w'’]+")
_WITH = frozenset({"with", "for", "с", "со", "для"})
_AND = frozenset({"and", "и"})
_ME = frozenset({"i", "я", "me"})
# A verb in the past right after the name: its subject ("Artyom carried",
# «Тёма приготовил»); "was" and "is" follow a name as an object too ("if
# Bublik was fed").
_EN_DID = re.compile(
    r"^(?:\w+ed|made|took|went|came|ate|got|did|had|said|told|found|brought"
    r"|swam|ran|drove|gave|won|caught|bought|sang|slept|left)$"
)
_RU_DID = re.compile(r"^\w{2,}(?:л|ла|ли|лся|лась|лись)$")


def with_them_first(hits: list[SearchHit], people: Sequence[Entity]) -> list[SearchHit]:
    """`hits` with the turns that tell the user with one of `people`, or one
    of them doing a thing, first; each part in its order."""
    forms = {w for e in people for w in words_of(e)} - RELATION_OWNERS - RELATIONS
    stems = set().union(*(stems_of(e) for e in people)) if people else set()
    together = [hit for hit in hits if _with_them(hit.node.content, forms, stems)]
    if not together:
        return hits
    first = {hit.node.id for hit in together}
    return together + [hit for hit in hits if hit.node.id not in first]


def _with_them(text: str, forms: set[str], stems: set[str]) -> bool:
    words = [w.lower() for w in _TOKEN.findall(text)]
    for at, word in enumerate(words):
        named = word in forms or (is_russian(word) and stem_named(word, stems))
        if named and _beside_them(words, at, word in forms):
            return True
    return False


def _beside_them(words: list[str], at: int, nominative: bool) -> bool:
    """The name at `at` is the user's company ("with X", "with Y and X",
    "X and I", «с X», «мы с X») or, as named, a past verb's subject."""
    before = words[max(0, at - 3) : at]
    after = words[at + 1 : at + 3]
    if before[-1:] and before[-1] in _WITH:
        return True
    if len(before) == 3 and before[0] in _WITH and before[2] in _AND:
        return True
    if len(after) == 2 and after[0] in _AND and after[1] in _ME:
        return True
    did = after[:1] and (_EN_DID.match(after[0]) or _RU_DID.match(after[0]))
    return nominative and bool(did)
