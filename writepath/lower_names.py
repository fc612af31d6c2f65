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
from ..search.query_text import STOP_WORDS
from ..search.twin_words import twins
from ..search.word_names import is_word_name
from ..store.interface import Store
from .names import COMMON_CAPITALISED, KIN_NAMES, KIN_TITLES

# A whole word in lower case, not inside a handle, tag, path or address.
_LOWER_WORD = re.compile(rf"(?<![\w@#/.])([{LOWER_LETTERS}]{{3,}})(?![\w@])")


def _maybe_name(word: str) -> bool:
    """`word` (lower case) may be a name: no function, kin or everyday word,
    no given name that is also a word."""
    if word in STOP_WORDS or word in COMMON_CAPITALISED or word in KIN_NAMES:
        return False
    if word in KIN_TITLES or word in RELATIONS:
        return False
    return not is_word_name(word) and not twins(word)


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
