"""The turns that write a person's Russian name in Latin letters.

A bilingual user writes a name capitalised in Russian turns («Ирина дала
домашку») and often in lower case in English ones ("did irina's homework",
"mum's physio is a guy called derek"): the offline extractor files the
Cyrillic name as an entity and no Latin one, so the English turns are linked
to nobody, and a question about «Ирина» (or "Derek", crossing to «Дерек»)
read by her links misses half of what the user told. A person's one-word
Cyrillic name is spelled in Latin letters (spellings.py) and the turns saying
one of those words, whole, count as hers: one indexed read per question about
people, none for any other question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, NodeType
from ..store.interface import Store
from .morphology import is_russian
from .spellings import other_script_spellings

# A shorter name spells common words ("Ян" "ian", «Ли» "li").
MIN_NAME = 3
_CONSONANTS = set("bcdfghjklmnpqrstvwxz")
_WORD = re.compile(r"\w+")


def latin_spellings(name: str) -> list[str]:
    """The Latin words the one-word Cyrillic `name` may be written as
    ("derek", "gav" for «Гэв»); a spelling with an "e" added after a final
    consonant is left out: it names a Latin reading of the name ("Майк"
    "Mike"), and as a turn's word it is mostly an English one ("gave")."""
    if " " in name.strip() or len(name) < MIN_NAME or not is_russian(name):
        return []
    return [
        spelled
        for spelled in other_script_spellings(name)
        if not (spelled.endswith("e") and spelled[-2:-1] in _CONSONANTS)
    ]


def _match(words: Sequence[str]) -> str:
    """The FTS expression for any of `words`, whole, in a turn's own text."""
    return "content : (" + " OR ".join(f'"{w}"' for w in words) + ")"


def _latin_names(entities: Sequence[Entity]) -> set[str]:
    """The Latin names and aliases `entities` are held by, folded."""
    names = (n for e in entities for n in (e.name, *e.aliases))
    return {n.casefold() for n in names if n.isascii()}


async def latin_named_turns(
    storage: Store,
    people: Sequence[Entity],
    known: Sequence[Entity] = (),
    *,
    limit: int,
    types: Sequence[NodeType] = (),
) -> dict[int, Entity]:
    """The newest turns (at most `limit`) that write one of `people`'s
    Cyrillic names in Latin letters, each with the person it names. A person
    the memory already holds by a Latin name (theirs or one of `known`, the
    entities asked with them) is left out: the extractor links the turns
    that name them so, and the spelling may be a word ("Nata", the cat, and
    "pastel de nata")."""
    held = _latin_names([*people, *known])
    spelled: dict[str, Entity] = {}
    for person in people:
        words = latin_spellings(person.name)
        if held.isdisjoint(words):
            for word in words:
                spelled.setdefault(word, person)
    if not spelled:
        return {}
    ids = await storage.index.fts_newest(
        _match(list(spelled)), limit=limit, types=types
    )
    if not ids:
        return {}
    nodes = await storage.nodes.get_nodes(ids)
    found: dict[int, Entity] = {}
    for node_id, node in nodes.items():
        said = set(_WORD.findall(node.content.casefold()))
        for word in said & spelled.keys():
            found.setdefault(node_id, spelled[word])
    return found
