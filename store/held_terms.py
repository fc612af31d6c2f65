"""Which of many search terms the memory holds, asked once and cached.

A question naming a category ("what car do I drive now?") searches the
category's members, at most MAX_KIND_TERMS of them (search/kinds.py). A
memory written in Russian answers an English question by «Хавейл»; the
English makes fill the cap and push it out, though not one of them occurs
here. Asked which members occur, the search spends the cap on those.

One statement asks it of every term not yet known to occur, each only in
the rows added since it was last asked (a rowid range FTS5 seeks): a term
is held once a row holds it, and a new row can only add held terms. Given
the call's node ceiling, nothing is asked when no row was added since: the
warm path of a question asked again costs no statement. A
row removed may leave a term held that no row holds now: it then costs
its slot, never a match.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from .base import Connections


class HeldTerms:
    """The held terms of the text index over `conn` (SqliteIndex's part)."""

    def __init__(self, conn: Connections) -> None:
        self._conn = conn
        # match expression -> the node ceiling up to which no row held it
        self._absent_to: dict[str, int] = {}
        self._held: set[str] = set()
        self._holding = asyncio.Lock()  # the legs share one answer

    async def held_matches(
        self, matches: Sequence[str], *, ceiling: int | None = None
    ) -> set[str]:
        """Those of `matches` (FTS5 MATCH expressions, as the search leg
        writes its terms) that some row of the text index matches: none
        asked again once held, the others only in rows added since.
        `ceiling`: the node ceiling as the caller read it (once a search
        call); a term not held up to it is not asked again."""
        async with self._holding:
            unknown = [
                m
                for m in dict.fromkeys(matches)
                if m not in self._held
                and (ceiling is None or self._absent_to.get(m, -1) < ceiling)
            ]
            if unknown:
                found, asked_to = await self._rows_holding(
                    unknown, [self._absent_to.get(m, 0) for m in unknown]
                )
                for match, held in zip(unknown, found, strict=True):
                    if held:
                        self._held.add(match)
                        self._absent_to.pop(match, None)
                    else:
                        self._absent_to[match] = asked_to
            return {m for m in matches if m in self._held}

    async def _rows_holding(
        self, matches: Sequence[str], after: Sequence[int]
    ) -> tuple[list[bool], int]:
        """(whether a row past `after` matches each, the node ceiling):
        one statement, the ceiling read in it (no row is missed between)."""
        holds = ", ".join(
            f"exists(select 1 from nodes_fts where nodes_fts match ?"
            f" and rowid > ?) as h{i}"
            for i in range(len(matches))
        )
        params = [p for pair in zip(matches, after, strict=True) for p in pair]
        row = (
            await self._conn.rows(
                f"select (select coalesce(max(id), 0) from nodes) as top, {holds}",
                params,
            )
        )[0]
        return [bool(row[f"h{i}"]) for i in range(len(matches))], int(row["top"])
