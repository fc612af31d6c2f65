"""How many rows of the text index a term matches, counted once and cached.

The search leg keeps a question's rarest terms within a row budget and the
names leg leaves out the words in most rows (`weightless`): both need each
term's row count before the MATCH. A count reads the term's postings (~1 ms
for 10k rows) but bm25 scores rows ~10x slower, so knowing which terms are
common first pays for itself; counted again only once the memory has grown
by TERM_RECOUNT_SHARE.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from .base import Connections

# A term's row count is recounted once the memory has grown by this share
# since it was counted (or by TERM_RECOUNT_NODES, whichever is larger).
TERM_RECOUNT_SHARE = 0.1
TERM_RECOUNT_NODES = 100
COUNT_BATCH = 64  # terms counted in one statement
UNCAPPED = 1 << 62  # a count cap no memory reaches: the term's every row


def _counts_to(cached: tuple[int, int, int], cap: int) -> bool:
    """A cached (rows, ceiling, cap) counted to `cap`, or exact (under its cap)."""
    rows, _, counted_to = cached
    return counted_to >= cap or rows < counted_to


class TermCounts:
    """The term counts of the text index over `conn` (SqliteIndex's part)."""

    def __init__(self, conn: Connections) -> None:
        self._conn = conn
        # term -> (rows it matches, node ceiling when counted, count cap)
        self._term_rows: dict[str, tuple[int, int, int]] = {}
        # One count at a time: the legs of a question ask at once, mostly
        # for the same words, and each would count what the other is counting.
        self._counting = asyncio.Lock()

    async def term_rows(
        self, terms: Sequence[str], *, cap: int, ceiling: int | None = None
    ) -> tuple[dict[str, int], int]:
        """(rows of the text index each term matches, at most `cap`; the node
        ceiling). Counted with the index's own tokenizer (a MATCH per term,
        stems included), cached in memory until the memory has grown by
        TERM_RECOUNT_SHARE. A count under its cap is the term's every row, so
        it serves a larger cap too (the search leg counts to its budget,
        `weightless` in full: one count, not two). `ceiling`: the node
        ceiling as the caller read it (a search reads it once a call, not
        once a leg: a round trip each); read here when not given."""
        async with self._counting:
            if ceiling is None:
                ceiling = await self._read_ceiling()
            return await self._term_rows_now(terms, cap, ceiling)

    async def _read_ceiling(self) -> int:
        rows = await self._conn.rows("select coalesce(max(id), 0) as top from nodes")
        return int(rows[0]["top"])

    async def _term_rows_now(
        self, terms: Sequence[str], cap: int, ceiling: int
    ) -> tuple[dict[str, int], int]:
        stale = ceiling - max(TERM_RECOUNT_NODES, int(TERM_RECOUNT_SHARE * ceiling))
        missing = []
        for term in dict.fromkeys(terms):
            cached = self._term_rows.get(term)
            if cached is None or cached[1] < stale or not _counts_to(cached, cap):
                missing.append(term)
        counts = [
            n
            for at in range(0, len(missing), COUNT_BATCH)
            for n in await self._count_terms(missing[at : at + COUNT_BATCH], cap)
        ]
        for term, n in zip(missing, counts, strict=True):
            self._term_rows[term] = (n, ceiling, cap)
        return {term: min(self._term_rows[term][0], cap) for term in terms}, ceiling

    async def weightless(
        self, terms: Sequence[str], *, ceiling: int | None = None
    ) -> set[str]:
        """Those of `terms` that bm25 gives no weight: in half the indexed
        rows or more, FTS5 clamps a phrase's idf, log((N - n + 0.5) /
        (n + 0.5)), to 1e-6. bm25 still reads all of such a phrase's postings
        to count them, in every statement that holds it (~4 ms a word in
        90 % of 100k turns), so a ranking-only OR leaves it out: the scores
        move by under 1e-5. Counted in full once (cached as `term_rows`);
        `2n >= ceiling` implies n >= N / 2 as the ceiling is at least N."""
        counts, ceiling = await self.term_rows(terms, cap=UNCAPPED, ceiling=ceiling)
        return {term for term, n in counts.items() if n and 2 * n >= ceiling}

    async def _count_terms(self, terms: Sequence[str], cap: int) -> list[int]:
        """Rows of the text index each term matches, counting at most `cap`:
        one statement for all (a question's new words were a round trip each)."""
        counts = ", ".join(
            f"(select count(*) from (select rowid from nodes_fts"
            f" where nodes_fts match ? limit ?)) as n{i}"
            for i in range(len(terms))
        )
        params = [
            p for term in terms for p in ('"' + term.replace('"', '""') + '"', cap)
        ]
        row = (await self._conn.rows(f"select {counts}", params))[0]
        return [int(row[i]) for i in range(len(terms))]
