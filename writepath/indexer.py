"""The slow path: embeds new episodes off the hot path, in batches.

The hot path only queues a turn. This task waits for the turn's commit, then
embeds everything that has piled up in one call and stores the vectors. Other
per-episode enrichment (offline entity extraction) plugs in as `after_commit`
hooks. Nothing here is on the user's critical path; a failure is logged and the
episode stays searchable by FTS and graph, and is picked up again by `backfill`.

The hooks' work is tracked by a mark in the meta table: every episode up to
`LINKED_KEY` has been through the hooks. The task first catches up from the
mark (episodes stored while no indexer ran, or when a process was killed
before their entities were linked), then follows new commits; `catch_up` is
also what `reindex` runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from ..core.embeddings import MAX_BATCH, EmbeddingService
from ..core.records import Node
from ..store.interface import Store

if TYPE_CHECKING:
    from .vector_model import Reembed

log = logging.getLogger(__name__)

# Episodes indexed together: the embedder gets them in chunks of MAX_BATCH;
# the writes and lookups of the hooks cost per batch more than per episode.
INDEX_BATCH = 512
LINKED_KEY = "episodes_linked_through"  # meta: hooks ran for every id up to it

EpisodeHook = Callable[[Sequence[Node]], Awaitable[None]]


class EpisodeIndexer:
    """Owns one background task; `add()` hands it an episode's commit future."""

    def __init__(
        self,
        storage: Store,
        embedder: EmbeddingService | None,
        hooks: Sequence[EpisodeHook] = (),
        *,
        reembed: Reembed | None = None,
    ) -> None:
        self._storage = storage
        self._embedder = embedder
        # A switch of embedding model under way: the backfill runs it first.
        self._reembed = reembed
        self._hooks = list(hooks)
        self._queue: asyncio.Queue[asyncio.Future[int]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.indexed = 0  # episodes handled since start (a progress bar reads it)
        self._watchers: list[Callable[[int], None]] = []
        self._mark: int | None = None  # LINKED_KEY, once read
        self._lock = asyncio.Lock()  # the task and `catch_up` move the mark
        self._caught_up = asyncio.Event()  # the task's first catch_up ended

    def watch(self, callback: Callable[[int], None]) -> None:
        """Call `callback(indexed)` after each batch (the CLI's progress bar)."""
        self._watchers.append(callback)

    @property
    def _batch(self) -> int:
        """Episodes per embedding call: the provider's batch size."""
        return self._embedder.max_batch if self._embedder else MAX_BATCH

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="memory-indexer")

    def add(self, committed: asyncio.Future[int]) -> None:
        self._queue.put_nowait(committed)

    async def drain(self) -> None:
        """Wait until every queued episode has been indexed (tests, shutdown)."""
        if self._task is not None and not self._task.done():
            await self._caught_up.wait()
            await self._queue.join()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def backfill(self, limit: int | None = None) -> int:
        """Embed valid nodes that have no vector yet (after a crash, a reindex,
        an adoption, or an embedder that was down), all of them unless `limit`:
        a start-up backfill that stopped at a thousand left an adopted memory
        of 10k nodes mostly without vectors until the next restart.

        A switch of model under way (writepath/vector_model.Reembed) runs
        first; once done, new episodes get the new model's vectors."""
        if self._reembed is not None:
            await self._reembed.run()
            if not self._reembed.done:
                return 0
            self._embedder, self._reembed = self._reembed.embeddings, None
        if self._embedder is None:
            return 0
        done = 0
        while limit is None or done < limit:
            nodes = await self._storage.index.nodes_missing_embedding(self._batch)
            if not nodes:
                break
            saved = await self._embed(nodes)
            done += len(nodes)
            if saved == 0:
                break  # the embedder gives nothing for these: do not spin
        return done

    async def catch_up(self) -> int:
        """Run the hooks over episodes past the mark; returns how many."""
        if not self._hooks:
            return 0
        done = 0
        async with self._lock:
            mark = await self._read_mark()
            while nodes := await self._storage.index.episodes_after(mark, INDEX_BATCH):
                for hook in self._hooks:
                    await hook(nodes)
                mark = nodes[-1].id
                await self._save_mark(mark)
                done += len(nodes)
        if done:
            log.info("memory: linked entities of %d episodes left unlinked", done)
        return done

    async def _read_mark(self) -> int:
        if self._mark is None:
            saved = await self._storage.admin.get_meta(LINKED_KEY)
            self._mark = (
                int(saved)
                if saved and saved.isdigit()
                else await self._storage.index.last_linked_episode()
            )
        return self._mark

    async def _save_mark(self, mark: int) -> None:
        self._mark = mark
        await self._storage.admin.set_meta(LINKED_KEY, str(mark))

    async def _run(self) -> None:
        try:
            await self.catch_up()
        except Exception:
            log.exception("catching up on unlinked episodes failed")
        self._caught_up.set()
        while True:
            futures = [await self._queue.get()]
            while len(futures) < INDEX_BATCH and not self._queue.empty():
                futures.append(self._queue.get_nowait())
            try:
                await self._index(futures)
            except Exception:
                log.exception("indexing %d episodes failed", len(futures))
            finally:
                self.indexed += len(futures)
                for watcher in self._watchers:
                    watcher(self.indexed)
                for _ in futures:
                    self._queue.task_done()

    async def _index(self, futures: list[asyncio.Future[int]]) -> None:
        results = await asyncio.gather(*futures, return_exceptions=True)
        ids = [r for r in results if isinstance(r, int)]
        nodes = list((await self._storage.nodes.get_nodes(ids)).values())
        if not nodes:
            return
        if self._embedder is not None:
            await self._embed(nodes)
        if not self._hooks:
            return
        async with self._lock:
            mark = await self._read_mark()
            fresh = [n for n in nodes if n.id > mark]  # catch_up did the others
            for hook in self._hooks if fresh else ():
                await hook(fresh)
            newest = max(n.id for n in nodes)
            if newest > mark:
                await self._save_mark(newest)

    async def _embed(self, nodes: Sequence[Node]) -> int:
        assert self._embedder is not None
        vectors = await self._embedder.embed_batch([n.content for n in nodes])
        pairs = [
            (node.id, vector)
            for node, vector in zip(nodes, vectors, strict=False)
            if vector is not None
        ]
        if pairs:
            await self._storage.index.save_embeddings(pairs)
        return len(pairs)
