"""What one search call finds out on its way (retrieval.py), dropped when it ends."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from ..core.records import Entity, NodeType, NodeWindow
from ..store.interface import Store
from .analysis import AnalysedQuery
from .legs import HitParts, Ranked, hit_parts

FtsKey = tuple[int, tuple[NodeType, ...], NodeWindow | None]  # pool, types, window


class Call:
    """One search call's query, the names it meets, an FTS leg run ahead and
    the parts (node, supersession, entities) of the hits read so far."""

    def __init__(self, query: AnalysedQuery, terms: list[str], names: list[str]):
        self.query = query
        # the query's words without the names of common entities (FTS), and
        # those names when it has two or more (search/together.py)
        self.fts_terms, self.names = terms, names
        self.named: list[Entity] | None = None
        self.people: list[Entity] = []  # whom the query asks about (people.py)
        self.other_script: list[Entity] = []  # named in the other script
        self.fts_ahead: tuple[FtsKey, asyncio.Future[Ranked]] | None = None
        self._parts = HitParts({}, set(), {})
        self._read: set[int] = set()  # the ids whose parts are in _parts
        self._parts_ahead: asyncio.Future[None] | None = None

    def read_parts_ahead(self, storage: Store) -> None:
        """Read the parts of the FTS leg's hits as soon as it is in: the read
        thread is idle while a local model embeds the question (~20 ms), and
        most of the ranked hits are the FTS leg's (docs/embedder.md)."""
        if self.fts_ahead is None:
            return
        fts = self.fts_ahead[1]

        async def read() -> None:
            # A failure is met again where it matters: the FTS leg's where
            # the leg is awaited, a read's when parts_of reads those ids.
            with contextlib.suppress(Exception):
                ranked = await asyncio.shield(fts)
                await self._read_parts(storage, [node_id for node_id, _ in ranked])

        self._parts_ahead = asyncio.ensure_future(read())

    async def parts_of(self, storage: Store, ids: Sequence[int]) -> HitParts:
        """The parts of `ids` (with those read before): only the unread are read."""
        ahead = self._parts_ahead
        if ahead is not None:
            # Not awaited directly: a cancelled or failed read ahead (its FTS
            # leg sized for another plan) leaves its ids to be read here.
            await asyncio.wait([ahead])
            self._parts_ahead = None
        return await self._read_parts(storage, ids)

    async def _read_parts(self, storage: Store, ids: Sequence[int]) -> HitParts:
        unread = [
            node_id for node_id in dict.fromkeys(ids) if node_id not in self._read
        ]
        if unread:
            await hit_parts(storage, unread, self._parts)
            self._read.update(unread)
        return self._parts

    def close(self) -> None:
        """Cancel the work started ahead that the call never picked up."""
        if self.fts_ahead is not None:
            self.fts_ahead[1].cancel()
            self.fts_ahead = None
        if self._parts_ahead is not None:
            self._parts_ahead.cancel()
            self._parts_ahead = None
