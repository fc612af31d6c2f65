"""The turns that name a thing in either script: "the Passat" and «Пассат».

A bilingual user names a car, a firm or a club in the script of the turn
("Took Polina back… in the Passat", «Мой Пассат B5»), and the offline
extractor files an entity for each spelling, so the thing's entity reaches
only half its turns. A named thing's words are also searched by their
prefixes in the other script (a case ending is no part of the prefix,
«Пассата»); the search reads a turn's neighbours too, so only the turns
that say the thing are kept.
"""

from __future__ import annotations

import re

from ..core.records import Node, NodeWindow
from ..store.interface import Store
from .morphology import stem
from .query_text import fts_match
from .spellings import other_script_spellings

# The shortest word spelled in the other script: a shorter prefix opens
# common words ("AMU" as «ему»).
SHORTEST_SPELLED = 4


def _spelled(word: str) -> list[str]:
    """A named word's prefixes in the other script (none for an acronym: a
    Russian turn keeps it in Latin letters, «С AMU ухожу»)."""
    if word.isupper() or len(word) < SHORTEST_SPELLED:
        return []
    return other_script_spellings(stem(word))


def _other_script(thing: str) -> list[str]:
    """The prefixes of a named thing's words in the other script, as FTS
    terms (a common word, "knitting", has no other spelling to read)."""
    if not thing[0].isupper():
        return []
    return [f'"{spelled}"*' for word in thing.split() for spelled in _spelled(word)]


def _prefixes(thing: str) -> list[str]:
    """The openings of the thing's words in both scripts, as a turn says them."""
    own = [stem(word) for word in thing.split()]
    if not thing[0].isupper():
        return own
    return [*own, *(p for word in thing.split() for p in _spelled(word))]


def says_thing(text: str, thing: str) -> bool:
    """The text has a word opening with the thing's word in either script."""
    prefixes = _prefixes(thing)
    words = re.findall(r"\w+", text.casefold())
    return any(word.startswith(prefix) for word in words for prefix in prefixes)


async def spelled_turns(
    storage: Store, thing: str, window: NodeWindow, limit: int, other_only: bool = False
) -> list[Node]:
    """The turns in `window` that say `thing` (in either script; with
    `other_only`, by its other-script spellings alone: its own are read
    by its entity), at most `limit` searched."""
    other = _other_script(thing)
    own = None if other_only else fts_match([w.casefold() for w in thing.split()])
    terms = [*([own] if own else []), *other]
    if not terms:
        return []
    ranked = await storage.index.fts_search(
        " OR ".join(terms), limit=limit, types=("episodic",), window=window
    )
    found = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    return [node for node in found.values() if says_thing(node.content, thing)]
