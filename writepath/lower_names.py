"""A person's name written in lower case: "doreen took in our parcel".

People typing fast on a phone drop the capital of a name they use daily
(«петрович сказал…», "doreen popped round"). The pattern reader
(writepath/mentions.py) sees only capitalised names, so such a turn was
linked to nobody and a question naming the person missed it. A lower-case
word counts as a person's mention only when the memory already holds it,
capitalised, as a person's one-word name or alias, and it is no ordinary
word: a name that is also a word ("will", "mark", «вера» as faith, «света»
as "of light") stays a word unless capitalised.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, name_key
from ..core.relations import RELATIONS
from ..core.text import LOWER_LETTERS
from ..search.morphology import is_russian, russian_stem
from ..search.query_text import STOP_WORDS
from ..search.twin_words import twins
from ..store.interface import Store
from .names import COMMON_CAPITALISED, KIN_NAMES, KIN_TITLES

# A whole word in lower case, not inside a handle, tag, path or address.
_LOWER_WORD = re.compile(rf"(?<![\w@#/.])([{LOWER_LETTERS}]{{3,}})(?![\w@])")

# Given names that are also ordinary words: written in lower case, they are
# the word. English, then Russian (matched by stem: «веру», «свету»).
_WORD_NAMES_EN = frozenset(
    """will may mark bill frank rose grace hope joy faith pat sue art ray lily
    ivy dawn summer june april august chase drew max nick sandy jack penny rob
    bob don dean gene guy miles hunter holly ruby amber iris daisy violet jade
    pearl crystal angel sky river rusty sunny rich jean jay robin carol eve
    harmony heather bud buddy cliff dale glen lance norm peg reed rocky storm
    wade warren woody win gay roman herb brook brandy candy cherry ginger honey
    misty olive pepper poppy star destiny dusty sage autumn melody charity
    patience page mason cook baker porter archer fisher smith marina bella
    rocky sandy""".split()
)
_WORD_NAMES_RU = frozenset(
    """вера надежда любовь слава мила роман лев роза лилия резеда булат алмаз
    лада ника эля аля динара рада люба света тома тема рома катя лева мира
    дина зоря заря""".split()
)
_WORD_STEMS_RU = frozenset(russian_stem(word) for word in _WORD_NAMES_RU)


def _maybe_name(word: str) -> bool:
    """`word` (lower case) may be a name: no function, kin or everyday word,
    no given name that is also a word."""
    if word in STOP_WORDS or word in COMMON_CAPITALISED or word in KIN_NAMES:
        return False
    if word in KIN_TITLES or word in RELATIONS or word in _WORD_NAMES_EN:
        return False
    if is_russian(word) and (
        word in _WORD_NAMES_RU or russian_stem(word) in _WORD_STEMS_RU
    ):
        return False
    return not twins(word)


def lower_case_words(text: str) -> set[str]:
    """The lower-case words of `text` that may be a name written small."""
    return {w for w in _LOWER_WORD.findall(text) if _maybe_name(w)}


async def lower_case_people(
    storage: Store, texts: Sequence[str]
) -> list[dict[int, Entity]]:
    """For each of `texts`, the people it names in lower case (by id): one
    read for all of them, of the words that may be names."""
    words = [lower_case_words(text) for text in texts]
    wanted = set().union(*words)
    if not wanted:
        return [{} for _ in texts]
    person_of: dict[str, Entity] = {}
    for entity in await storage.entities.entities_by_keys(sorted(wanted)):
        if entity.type != "person":
            continue
        for name in (entity.name, *entity.aliases):
            # held capitalised, one word: a name the user wrote as a name
            if name[:1].isupper() and " " not in name.strip():
                person_of.setdefault(name_key(name), entity)
    return [
        {e.id: e for w in sorted(ws) if (e := person_of.get(name_key(w))) is not None}
        for ws in words
    ]
