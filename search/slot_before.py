"""The older value of any slot asked of as "before" the new one, read by the slot.

"What did I do on weekends before tennis?", «Чем я занимался по выходным до
тенниса?» name the later value; when no turn of change leaves the older one
behind (search/earlier_value.py), the slot the question asks is still told
before the later value began: "weekend chess with Otar", «по выходным
шахматы». The user's turns from before the later value's first turn among
the hits that say each of the question's other words (in either language;
a relation by any of its words: "boss" is «заведующий») join the
candidates; the stance's weighting ranks them. Homes have a reading of
their own (search/older_home.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..core.records import NodeWindow, SearchHit
from ..core.relations import RELATIONS, same_relation
from ..store.interface import Store
from .frame_words import GENERIC_STEMS
from .morphology import relation_base_forms, stem
from .query_text import STOP_WORDS, fts_match
from .twin_words import twins
from .windowed import USER_ROLE

# The turns read from before the later value by the slot's words: bounded,
# as search/earlier_value.py's EARLIER_TURNS.
SLOT_TURNS = 20
# Words that frame a question but name its slot: "What did I do for work",
# «Чем я занимался»: the frame words (search/frame_words.py) leave them out.
_SLOT_FRAMES = frozenset(
    stem(word)
    for word in """work job работа работу работал работала занимался занималась
    занимались""".split()
)
_FRAME_STEMS = GENERIC_STEMS - _SLOT_FRAMES
# The verbs of a question's frame that tell no slot: "use to", "have".
_NOT_SLOT = frozenset("use used have had do did done".split())


def slot_words(text: str, names_later: Callable[[str], bool]) -> list[str]:
    """The question's words that name its slot ("boss", "sport", "evenings",
    «выходным», «занимался»): not the later value's, not frame nor stop words."""
    said = re.findall(r"\w+", text)
    # a name is whose slot it is («Чем Лёва занимался»), not the slot
    words = [w.casefold() for i, w in enumerate(said) if i == 0 or not w[0].isupper()]
    return list(
        dict.fromkeys(
            word
            for word in words
            if word not in STOP_WORDS
            and word not in _NOT_SLOT
            and not word.isdigit()
            and stem(word) not in _FRAME_STEMS
            and not names_later(word)
        )
    )


def slot_relations(words: Sequence[str]) -> frozenset[str]:
    """The relations the slot's words name ("boss", «врачом»), with their
    same words in either language ("начальник", "doctor")."""
    based = [w for w in relation_base_forms(list(words)) if w in RELATIONS]
    return frozenset().union(*(same_relation(word) for word in based))


async def slot_turns(storage: Store, words: list[str], window: NodeWindow) -> list[int]:
    """Ids of the user's turns in `window` (before the later value began)
    that say every slot word, each in either language or, for a relation,
    by any of its words ("boss": «заведующий»)."""
    match = _all_words(words, slot_relations(words))
    if match is None:
        return []
    ranked = await storage.index.fts_search(
        match, limit=SLOT_TURNS, types=("episodic",), window=window
    )
    return [node_id for node_id, _ in ranked]


def _all_words(words: list[str], relations: frozenset[str]) -> str | None:
    """The FTS query for turns saying every slot word, each in either
    language ("bistro" alone would bring every turn of the bistro for "who
    owned the bistro"); a relation's word by any of its same words."""
    groups = []
    for word in words:
        same = relations if relations & set(relation_base_forms([word])) else set()
        forms = [word, stem(word), *twins(word), *same]  # "evenings": "evening"
        match = fts_match(list(dict.fromkeys(forms)))
        if match is not None:
            groups.append(f"({match})")
    return " AND ".join(groups) or None


def first_later(hits: list[SearchHit], names_later: Callable[[str], bool]) -> float:
    """When the later value began: the user's earliest hit naming it (0: none)."""
    naming = [
        h.node.when
        for h in hits
        if h.node.source_role == USER_ROLE and names_later(h.node.content)
    ]
    return min(naming, default=0.0)
