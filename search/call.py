"""What one search call finds out on its way (retrieval.py), dropped when it ends.

get_context runs the legs that need only the question (FTS, the entity leg of
the names asked) and reads the FTS hits' parts (node, supersession, entities)
while a local model embeds the question: the read thread is idle meanwhile
(~10-25 ms of e5), and most ranked hits are the FTS leg's (docs/embedder.md).
A leg started ahead is picked up only by a plan with the same key (pool,
types, window); any other is cancelled when the call ends. The window is
read once a call: get_context asks for it before the model and again in
the search (a date's "does it hold any memory" read, after the model). So
is the node ceiling the FTS legs count terms against (node_ceiling.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable, Collection, Sequence

from ..core.records import Entity, NodeType, NodeWindow
from ..store.interface import Store
from .analysis import AnalysedQuery
from .legs import HitParts, Ranked, entity_leg, hit_parts
from .node_ceiling import OnceCeiling
from .people import person_shaped
from .plan import SearchFilters
from .standing import read_ahead
from .together import question_fts
from .windowed import node_window

# Turns whose text is read ahead (standing.read_ahead) between two looks at
# the loop: ~0.5 ms, so the vector coming back waits at most that long.
READ_AHEAD_TURNS = 16

LegKey = tuple[int, tuple[NodeType, ...], NodeWindow | None]  # pool, types, window
WindowKey = tuple[float | None, float | None, int | None]  # after, before, entity


class Call:
    """One search call's query, the names it meets, the legs run ahead and
    the parts of the hits read so far."""

    def __init__(
        self,
        query: AnalysedQuery,
        terms: list[str],
        names: list[str],
        ceiling: OnceCeiling,
    ):
        self.query = query
        self.ceiling = ceiling  # the node ceiling, read once a call
        # the query's words without the names of common entities (FTS), and
        # those names when it has two or more (search/together.py)
        self.fts_terms, self.names = terms, names
        self.named: list[Entity] | None = None
        self.people: list[Entity] = []  # whom the query asks about (people.py)
        self.other_script: list[Entity] = []  # named in the other script
        self._ahead: dict[str, tuple[LegKey, asyncio.Future[Ranked]]] = {}
        self._parts = HitParts({}, set(), {})
        self._read: set[int] = set()  # the ids whose parts are in _parts
        self._reads: list[asyncio.Future[None]] = []  # parts read ahead, in turn
        self._windows: dict[WindowKey, NodeWindow | None] = {}
        # Set when the hits are being ranked: what is not read ahead by then
        # is worked out by the rules that need it.
        self.ranking = False

    async def window(
        self, storage: Store, filters: SearchFilters, entity_id: int | None = None
    ) -> NodeWindow | None:
        """The window the legs rank within (windowed.node_window), read once
        for the same time filters and entity."""
        key = (filters.after, filters.before, entity_id)
        if key not in self._windows:
            found = await node_window(storage, filters, self.query, entity_id)
            self._windows[key] = found
        return self._windows[key]

    def start_fts(
        self,
        storage: Store,
        key: LegKey,
        legs: Collection[str],
        read_ahead: bool = False,
    ) -> None:
        """Start the FTS leg now; `fts` with the same key picks it up.
        `read_ahead`: its hits' parts are read once it is in."""
        if "fts" in legs and self.has_words and not person_shaped(self.query):
            leg = functools.partial(self._question_fts, storage, key)
            self._start("fts", key, leg, storage if read_ahead else None)

    def start_entity_leg(
        self, storage: Store, key: LegKey, named: Sequence[Entity]
    ) -> None:
        """Start the entity leg of `named` now; `entity_leg` with the same key
        picks it up. Its hits' parts are not read ahead: a name's turns are
        many and few reach the fused head (compare: ~5 ms CPU more a call)."""
        if named:
            pool, types, window = key
            leg = functools.partial(
                entity_leg, storage, named, limit=pool, types=types, window=window
            )
            self._start("entity", key, leg, None)

    @property
    def has_words(self) -> bool:
        return bool(self.fts_terms or self.names)

    async def fts(self, storage: Store, key: LegKey) -> Ranked:
        ahead = await self._taken("fts", key)
        if ahead is not None:
            return ahead
        return await self._question_fts(storage, key)

    async def _question_fts(self, storage: Store, key: LegKey) -> Ranked:
        # Without words or names the leg reads nothing, the ceiling included.
        ceiling = await self.ceiling.get() if self.has_words else None
        return await question_fts(
            storage,
            self.fts_terms,
            self.names,
            *key,
            formed=self.query.formed_twins,
            ceiling=ceiling,
        )

    async def entity_leg(
        self, storage: Store, key: LegKey, named: Sequence[Entity]
    ) -> Ranked:
        ahead = await self._taken("entity", key)
        if ahead is not None:
            return ahead
        pool, types, window = key
        return await entity_leg(storage, named, limit=pool, types=types, window=window)

    async def _taken(self, name: str, key: LegKey) -> Ranked | None:
        """The leg `name` started ahead with `key`, or None."""
        found = self._ahead.get(name)
        if found is None or found[0] != key:
            return None
        del self._ahead[name]
        return await found[1]

    def _start(
        self,
        name: str,
        key: LegKey,
        leg: Callable[[], Awaitable[Ranked]],
        read_ahead: Store | None,
    ) -> None:
        old = self._ahead.get(name)
        if old is not None:
            if old[0] == key:
                return
            old[1].cancel()  # sized for another plan, never picked up
        task = asyncio.ensure_future(leg())
        task.add_done_callback(_retrieved)  # a failure surfaces where it is awaited
        self._ahead[name] = (key, task)
        if read_ahead is not None:
            before = self._reads[-1] if self._reads else None
            self._reads.append(
                asyncio.ensure_future(self._read_after(read_ahead, task, before))
            )

    async def _read_after(
        self,
        storage: Store,
        leg: asyncio.Future[Ranked],
        before: asyncio.Future[None] | None,
    ) -> None:
        """Read the parts of `leg`'s hits once it is in (after the read
        started `before`: one read at a time, no id read twice)."""
        if before is not None:
            await asyncio.wait([before])
        # A failure is met again where it matters: a leg's where it is
        # awaited, a read's when parts_of reads those ids.
        with contextlib.suppress(Exception):
            ranked = await asyncio.shield(leg)
            ids = [node_id for node_id, _ in ranked]
            parts = await self._read_parts(storage, ids)
            await self._read_texts(parts, ids)

    async def _read_texts(self, parts: HitParts, ids: Sequence[int]) -> None:
        """What the rules ask of the hits' texts (standing.read_ahead), best
        hits first, while the model embeds the question; stops once the
        hits are being ranked."""
        texts = [
            text
            for node_id in ids
            if node_id in parts.nodes
            for text in (
                parts.nodes[node_id].content,
                *(
                    n
                    for e in parts.entities.get(node_id, ())
                    for n in (e.name, *e.aliases)
                ),
            )
        ]
        for start in range(0, len(texts), READ_AHEAD_TURNS):
            if self.ranking:
                return
            read_ahead(self.query.text, texts[start : start + READ_AHEAD_TURNS])
            await asyncio.sleep(0)

    async def parts_of(self, storage: Store, ids: Sequence[int]) -> HitParts:
        """The parts of `ids` (with those read before): only the unread are read."""
        await self._reads_done()
        return await self._read_parts(storage, ids)

    async def entities_of(
        self, storage: Store, ids: Sequence[int]
    ) -> dict[int, list[Entity]]:
        """The entities of `ids` (a graph walk's seeds): those of the ids
        whose parts are read, and one read for the rest (no more statements
        than reading them all: on PostgreSQL each is a round trip)."""
        await self._reads_done()
        unread = [i for i in ids if i not in self._read]
        out = {i: self._parts.entities.get(i, []) for i in ids if i in self._read}
        if unread:
            out.update(await storage.entities.entities_of_nodes(unread))
        return out

    async def _reads_done(self) -> None:
        if self._reads:
            # Not awaited directly: a read ahead cancelled (its leg sized for
            # another plan) leaves its ids to be read here.
            await asyncio.wait(self._reads)
            self._reads.clear()

    async def _read_parts(self, storage: Store, ids: Sequence[int]) -> HitParts:
        unread = [i for i in dict.fromkeys(ids) if i not in self._read]
        if unread:
            await hit_parts(storage, unread, self._parts)
            self._read.update(unread)
        return self._parts

    def close(self) -> None:
        """Cancel the work started ahead that the call never picked up."""
        for _, task in self._ahead.values():
            task.cancel()
        self._ahead.clear()
        for read in self._reads:
            read.cancel()
        self._reads.clear()


def _retrieved(task: asyncio.Future[Ranked]) -> None:
    # Mark a failure as seen: a task started ahead may never be awaited.
    if not task.cancelled():
        task.exception()
