"""Questions that name several frequent names: the turns where they meet.

A name in over FTS_COMMON_NAME_SHARE of the memory is left out of the FTS
query (retrieval.py): bm25 over its thousands of rows is slow, and alone it
tells little. But "When did Anton go to Lima?" names two such names: each is
in thousands of turns, both in a few, and those few are what is asked (the
words left, "go", are not in "I went to Lima"). So when a question names two
or more of them, the rows holding every name are found by an FTS AND (SQLite
intersects the postings before bm25 scores a row) and lead the FTS leg,
ranked by bm25 over the names and the question's other words. Frequency
lowers a name's weight in that bm25; it never removes the person.
One frequent name alone stays out of the FTS query: a question about a
person is answered from the person (search/people.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.records import NodeType, NodeWindow
from ..store.interface import Store
from .legs import Ranked, fts_leg, newest_start
from .query_text import fts_match, fts_term

# The postings of the rarest name read to find where the names meet.
MEET_ROW_CAP = 20_000


async def question_fts(
    storage: Store,
    words: Sequence[str],
    names: Sequence[str],
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None,
) -> Ranked:
    """The FTS leg of `words`, led by the rows that hold all `names` (the
    question's frequent names) when there are two or more."""
    alone = (
        await fts_leg(storage, words, limit=limit, types=types, window=window)
        if words
        else []
    )
    if len(names) < 2:
        return alone
    met = await names_met(
        storage, names, words, limit=limit, types=types, window=window
    )
    if not met:
        return alone
    # Ahead of every row that matched the words alone, in their own order.
    floor = max((score for _, score in alone), default=0.0)
    ids = {node_id for node_id, _ in met}
    return [(node_id, floor + score) for node_id, score in met] + [
        pair for pair in alone if pair[0] not in ids
    ]


async def names_met(
    storage: Store,
    names: Sequence[str],
    words: Sequence[str],
    *,
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None = None,
) -> Ranked:
    """(id, -bm25) of the rows holding every name, best first. bm25 counts the
    other words too (an OR that every such row already satisfies); when even
    the rarest name is very common, only its newest matches are scored."""
    rows, ceiling = await storage.index.term_rows(names, cap=MEET_ROW_CAP)
    every = " AND ".join(dict.fromkeys(fts_term(name) for name in names))
    ranking = fts_match([names[0], *words])
    match = f"{every} AND ({ranking})" if words else every
    start = 0 if window is not None else newest_start(ceiling, min(rows.values()))
    found = await storage.index.fts_search(
        match, limit=limit, types=types, min_id=start, window=window
    )
    return [(node_id, -score) for node_id, score in found]


def split_names(
    terms: Sequence[str], common: frozenset[str]
) -> tuple[list[str], list[str]]:
    """(the words for the FTS query, the frequent names to meet: two or more,
    else none, and that one name is left out)."""
    names = [term for term in terms if term in common]
    return [t for t in terms if t not in common], names if len(names) > 1 else []
