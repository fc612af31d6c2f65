"""Questions that name several frequent names: the turns where they meet.

A name in over FTS_COMMON_NAME_SHARE of the memory is left out of the FTS
query (retrieval.py): bm25 over its thousands of rows is slow, and alone it
tells little. But "When did Anton go to Lima?" names two such names: each is
in thousands of turns, both in a few, and those few are what is asked (the
words left, "go", are not in "I went to Lima"). So when a question names two
or more of them, the rows holding every name are found by an FTS AND (SQLite
intersects the postings before bm25 scores a row) and lead the FTS leg,
ranked by bm25 over the names and the question's other words. Frequency
lowers a name's weight in that bm25; it never removes the person. A name in
most turns (over COMMON_ENTITY_SHARE: either speaker of a two-person chat)
meets the other in most of its turns and narrows nothing, as in the entity
leg: it stays out (kept, LoCoMo hybrid R@10 fell 82.8 -> 82.4).
One frequent name alone stays out of the FTS query: a question about a
person is answered from the person (search/people.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection, Sequence

from ..core.records import NodeType, NodeWindow
from ..store.interface import Store
from ..store.term_counts import UNCAPPED
from .legs import (
    COMMON_ENTITY_FLOOR,
    COMMON_ENTITY_SHARE,
    Ranked,
    fts_leg,
    newest_start,
)
from .query_text import fts_match, fts_term

# A name in over 1 % of the nodes (idf under ln 100) is left out of the FTS
# query: bm25 over its thousands of rows costs ~6 µs each (75 ms for 12k at
# 100k nodes) and barely moves the ranking; the boosts reward the name.
FTS_COMMON_NAME_SHARE = 0.01
COMMON_NAMES_TTL = 60.0
# The postings of the rarest name read to find where the names meet.
MEET_ROW_CAP = 20_000


class CommonNames:
    """The name keys as frequent as stop words, cached for COMMON_NAMES_TTL
    (which names are common changes slowly): `frequent`, in over
    FTS_COMMON_NAME_SHARE of the nodes, and `everywhere`, in over
    COMMON_ENTITY_SHARE (a speaker of most turns, the entity leg's rule)."""

    def __init__(self) -> None:
        self.frequent: frozenset[str] = frozenset()
        self.everywhere: frozenset[str] = frozenset()
        self._at = -1e9

    async def refresh(self, storage: Store) -> None:
        now = time.monotonic()
        if now - self._at < COMMON_NAMES_TTL:
            return
        entities = storage.entities
        self.frequent = frozenset(
            await entities.common_entity_keys(
                share=FTS_COMMON_NAME_SHARE, floor=COMMON_ENTITY_FLOOR
            )
        )
        self.everywhere = frozenset(
            await entities.common_entity_keys(
                share=COMMON_ENTITY_SHARE, floor=COMMON_ENTITY_FLOOR
            )
        )
        self._at = now

    def split(
        self, terms: Sequence[str], words_only: Collection[str] = ()
    ) -> tuple[list[str], list[str]]:
        """(the words for the FTS query, the frequent names to meet, none in
        most turns: two or more, or one with words to meet it; else none).
        `words_only`: terms that are words here, though a name elsewhere
        ("husband" in "Katya's husband" names no user's husband)."""
        words = [t for t in terms if t not in self.frequent or t in words_only]
        names = [
            t
            for t in terms
            if t in self.frequent and t not in self.everywhere and t not in words_only
        ]
        return words, names if len(names) > 1 or (names and words) else []


async def question_fts(
    storage: Store,
    words: Sequence[str],
    names: Sequence[str],
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None,
    *,
    formed: Collection[str] = (),
    ceiling: int | None = None,
) -> Ranked:
    """The FTS leg of `words`, led by the rows that hold all `names` (the
    question's frequent names) and, for a lone name, one of the words
    ("Where does Sam live?": Sam's turns that say "live"). The words of
    `formed` are searched by their noun forms (query_text.fts_match)."""
    if names and words:
        # names_met counts the words in full (`weightless`), the words leg to
        # its budget: counted in full first, the budget's count is the cache's
        # (a common word was read twice, to the budget and again in full:
        # ~25k postings of a who-question's "went", "hiking" at 100k); the
        # node ceiling, read here when not given, is the legs' too.
        _, ceiling = await storage.index.term_rows(words, cap=UNCAPPED, ceiling=ceiling)
    words_alone = _words_leg(storage, words, limit, types, window, formed, ceiling)
    if not names:
        return await words_alone
    # Each leg needs only the question: awaited together, their statements
    # queue on the read thread back to back instead of one leg waiting for
    # the loop to take the other's rows (a "when" question: ~6 round trips).
    alone, met = await asyncio.gather(
        words_alone,
        names_met(
            storage,
            names,
            words,
            limit=limit,
            types=types,
            window=window,
            formed=formed,
            ceiling=ceiling,
        ),
    )
    if not met:
        return alone
    # Ahead of every row that matched the words alone, in their own order.
    floor = max((score for _, score in alone), default=0.0)
    ids = {node_id for node_id, _ in met}
    return [(node_id, floor + score) for node_id, score in met] + [
        pair for pair in alone if pair[0] not in ids
    ]


async def _words_leg(
    storage: Store,
    words: Sequence[str],
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None,
    formed: Collection[str] = (),
    ceiling: int | None = None,
) -> Ranked:
    if not words:
        return []
    return await fts_leg(
        storage,
        words,
        limit=limit,
        types=types,
        window=window,
        formed=formed,
        ceiling=ceiling,
    )


async def names_met(
    storage: Store,
    names: Sequence[str],
    words: Sequence[str],
    *,
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None = None,
    formed: Collection[str] = (),
    ceiling: int | None = None,
) -> Ranked:
    """(id, -bm25) of the rows holding every name, best first. bm25 counts the
    other words too (an OR that every such row already satisfies); when even
    the rarest name is in over FTS_ROW_BUDGET rows, only its newest matches
    are scored. A word in most rows ("said", "feel") adds nothing to that
    bm25 and is left out of it (SqliteIndex.weightless)."""
    (rows, ceiling), weightless = await asyncio.gather(
        storage.index.term_rows(names, cap=MEET_ROW_CAP, ceiling=ceiling),
        storage.index.weightless(words, ceiling=ceiling),
    )
    every = " AND ".join(dict.fromkeys(fts_term(name) for name in names))
    weighty = [w for w in words if w not in weightless]
    if len(names) == 1:
        # a lone name meets the words: without one, its rows are the entity leg's
        ranking = fts_match(weighty, formed=formed)
        if ranking is None:
            return []
    else:
        # With words, the first name is in the OR too (twice in the score):
        # kept so when every word is left out.
        ranking = fts_match([names[0], *weighty], formed=formed)
    match = f"{every} AND ({ranking})" if words else every
    if len(names) == 1 and window is None:
        # A lone name's rows that say a word, newest first: bm25 would count
        # the postings of the name and of every word for their idf (~4 ms at
        # 100k for a name in 2k turns); the ranking after the legs weighs them.
        newest = await storage.index.fts_newest(match, limit=limit, types=types)
        return [(node_id, 1.0 / (1 + rank)) for rank, node_id in enumerate(newest)]
    start = 0 if window is not None else newest_start(ceiling, min(rows.values()))
    found = await storage.index.fts_search(
        match, limit=limit, types=types, min_id=start, window=window
    )
    return [(node_id, -score) for node_id, score in found]
