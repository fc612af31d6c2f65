"""MemoryStorage: the graph in one SQLite file, written by one queue, read freely.

Writes are queued (writer.py) and grouped into transactions, so the hot path
costs a `put_nowait` and the disk sees a few large commits instead of many small
ones. Reads (storage_reads.py) use a second, read-only connection. Callers get
dataclasses (records.py), never rows.

Each episode's `context` column holds the text of up to two turns before and two
after it in the same thread; it is the second FTS column, so a turn is also found
by the words around it. The writer fills it as turns arrive and refreshes the
two previous turns when a new one lands.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from . import decay
from .db import Driver, connect, find_driver, migrate
from .records import (
    EdgeDraft,
    Entity,
    EntityType,
    EpisodeDraft,
    NodeDraft,
    dump_attributes,
)
from .storage_admin import StorageAdmin
from .storage_reads import StorageReads, marks, pack_vector
from .storage_retrieval import RetrievalReads
from .storage_writes import (
    clean_text,
    drop_vectors,
    insert_episodes,
    insert_nodes,
    refresh_context_around,
    upsert_entity_row,
)
from .writer import WriteQueue

log = logging.getLogger(__name__)

_UPDATABLE = {
    "content",
    "confidence",
    "base_confidence",
    "decay_rate",
    "attributes",
    "event_time",
    "last_accessed",
    "access_count",
}


class MemoryStorage(StorageReads, RetrievalReads, StorageAdmin):
    """The memory graph. Open with `await MemoryStorage.open(path, dim=...)`."""

    def __init__(
        self,
        path: Path,
        write_db: aiosqlite.Connection,
        read_db: aiosqlite.Connection,
        driver: Driver,
        *,
        dim: int,
        batch_size: int,
    ) -> None:
        self.path = path
        self.dim = dim
        self.has_vectors = driver.has_vec
        self._write_db = write_db
        self._read = read_db
        self._writer = WriteQueue(write_db, batch_size=batch_size)
        self._writer.start()

    @classmethod
    async def open(
        cls, path: Path, *, dim: int = 256, batch_size: int = 512
    ) -> MemoryStorage:
        driver = find_driver()
        write_db = await connect(path, driver)
        try:
            await migrate(write_db, dim, driver.has_vec)
            read_db = await connect(path, driver, readonly=True)
        except BaseException:
            await write_db.close()
            raise
        return cls(path, write_db, read_db, driver, dim=dim, batch_size=batch_size)

    async def drain(self) -> None:
        """Wait until every write queued so far is committed."""
        await self._writer.drain()

    async def close(self) -> None:
        """Drain the queue and close both connections. Idempotent."""
        await self._writer.close()
        for db in (self._read, self._write_db):
            if db._connection is not None:
                await db.close()

    @property
    def healthy(self) -> bool:
        """The writer is running, so acknowledged turns keep reaching the disk."""
        return self._writer.alive

    @property
    def pending_writes(self) -> int:
        return self._writer.pending

    async def run_write(
        self, op: Callable[[aiosqlite.Connection], Awaitable[Any]]
    ) -> Any:
        """Run a write function inside the writer (tests and migrations use it)."""
        return await self._writer.run(op)

    # -- hot path ------------------------------------------------------------

    def submit_episode(self, draft: EpisodeDraft) -> asyncio.Future[int]:
        """Queue one turn and return at once; the future gives its node id.

        Writes the episodic node, a temporal edge from the thread's previous
        episode and the thread's row in sessions_consolidations, in one batch.
        """
        return self._writer.submit(insert_episodes, draft)

    async def add_episode(self, draft: EpisodeDraft) -> int:
        return int(await self.submit_episode(draft))

    # -- nodes ---------------------------------------------------------------

    async def add_nodes(self, drafts: Sequence[NodeDraft]) -> list[int]:
        futures = [self._writer.submit(insert_nodes, d) for d in drafts]
        return [int(i) for i in await asyncio.gather(*futures)]

    async def add_node(self, draft: NodeDraft) -> int:
        (node_id,) = await self.add_nodes([draft])
        return node_id

    async def update_node(self, node_id: int, **fields: Any) -> None:
        """Set some columns of a node (content, confidence, decay_rate, ...)."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"cannot update node fields: {sorted(unknown)}")
        if "attributes" in fields:
            fields["attributes"] = dump_attributes(fields["attributes"])
        if "content" in fields:
            fields["content"] = clean_text(fields["content"])
        assignments = ", ".join(f"{key} = ?" for key in fields)

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                f"update nodes set {assignments} where id = ?",
                (*fields.values(), node_id),
            )

        await self._writer.run(op)

    async def update_confidences(self, values: Sequence[tuple[int, float]]) -> None:
        """Set (node id, confidence) pairs in one transaction (nightly decay)."""

        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany(
                "update nodes set confidence = ? where id = ?",
                [(conf, node_id) for node_id, conf in values],
            )

        await self._writer.run(op)

    async def soft_delete(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> int:
        """Mark nodes invalid (history kept); returns how many were still valid.

        They leave the FTS and vector indexes, and their text leaves the
        context column of neighbouring turns.
        """
        when = time.time() if at is None else at
        ids = list(node_ids)
        has_vectors = self.has_vectors

        async def op(db: aiosqlite.Connection) -> int:
            rows = list(
                await db.execute_fetchall(
                    "select id, session_id, type from nodes"
                    f" where id in ({marks(len(ids))}) and valid_until is null",
                    ids,
                )
            )
            live = [row[0] for row in rows]
            if not live:
                return 0
            await db.executemany(
                "update nodes set valid_until = ? where id = ?",
                [(when, node_id) for node_id in live],
            )
            await drop_vectors(db, live, has_vectors)
            for row in rows:
                if row[2] == "episodic" and row[1] is not None:
                    await refresh_context_around(db, row[1], row[0])
            return len(live)

        return int(await self._writer.run(op))

    async def save_embeddings(
        self, items: Sequence[tuple[int, Sequence[float]]]
    ) -> None:
        """Store vectors in the node column and the vector index, one transaction."""
        rows = [
            (pack_vector(vec), node_id)
            for node_id, vec in items
            if len(vec) == self.dim
        ]
        if len(rows) != len(items):
            log.warning(
                "skipped %d embeddings of the wrong width", len(items) - len(rows)
            )
        has_vectors = self.has_vectors

        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany(
                "update nodes set embedding = ? where id = ? and valid_until is null",
                rows,
            )
            if has_vectors:
                ids = [node_id for _, node_id in rows]
                await drop_vectors(db, ids, True)
                await db.executemany(
                    "insert into vec_nodes (node_id, embedding) select id, embedding"
                    " from nodes where id = ? and embedding is not null"
                    " and valid_until is null",
                    [(node_id,) for node_id in ids],
                )
                await db.executemany(
                    "insert into vec_nodes_bit (node_id, embedding)"
                    " select id, vec_quantize_binary(embedding) from nodes"
                    " where id = ? and embedding is not null and valid_until is null",
                    [(node_id,) for node_id in ids],
                )

        await self._writer.run(op)

    async def record_access(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> None:
        """Reinforce nodes handed to the agent (queued; the caller need not wait)."""
        when = time.time() if at is None else at
        ids = list(dict.fromkeys(node_ids))

        async def op(db: aiosqlite.Connection) -> None:
            rows = await db.execute_fetchall(
                "select id, base_confidence, decay_rate, access_count,"
                " coalesce(last_accessed, created_at) from nodes"
                f" where id in ({marks(len(ids))}) and valid_until is null",
                ids,
            )
            updates = []
            for node_id, base, _rate, count, _since in rows:
                new = decay.on_access(base, count + 1)
                updates.append((new, new, count + 1, when, node_id))
            await db.executemany(
                "update nodes set confidence = ?, base_confidence = ?,"
                " access_count = ?, last_accessed = ? where id = ?",
                updates,
            )

        if ids:
            await self._writer.run(op)

    # -- edges ---------------------------------------------------------------

    async def add_edges(self, drafts: Sequence[EdgeDraft]) -> int:
        """Insert edges; an edge that exists (same ends and type) is kept as is.

        Returns how many were new.
        """
        now = time.time()
        rows = [
            (
                d.src_id,
                d.dst_id,
                d.type,
                d.predicate,
                d.weight,
                d.confidence,
                now,
                d.evidence,
                now,
            )
            for d in drafts
            if d.src_id != d.dst_id
        ]

        async def op(db: aiosqlite.Connection) -> int:
            before = db.total_changes
            await db.executemany(
                "insert or ignore into edges (src_id, dst_id, type, predicate, weight,"
                " confidence, valid_from, evidence, created_at)"
                " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            return int(db.total_changes - before)

        return int(await self._writer.run(op)) if rows else 0

    # -- entities ------------------------------------------------------------

    async def upsert_entity(
        self,
        name: str,
        *,
        type: EntityType = "concept",
        aliases: Sequence[str] = (),
        mentions: int = 1,
    ) -> Entity:
        """The entity known by `name` or any alias, created if new.

        New aliases are merged in and mention_count grows by `mentions` (linkers
        pass 0: `link_entities` counts each new link as a mention).
        """
        name = clean_text(name).strip()
        if not name:
            raise ValueError("an entity needs a name")
        names = [name, *(clean_text(a).strip() for a in aliases)]

        async def op(db: aiosqlite.Connection) -> int:
            return await upsert_entity_row(db, names, type, mentions)

        entity_id = int(await self._writer.run(op))
        entity = await self.get_entity(entity_id)
        assert entity is not None
        return entity

    async def link_entities(self, pairs: Sequence[tuple[int, int]]) -> None:
        """Link (node id, entity id) pairs; each new link is one more mention.

        A link that exists already changes nothing, so linking again (a retried
        consolidation, a re-indexed episode) never inflates mention counts.
        """
        wanted = list(dict.fromkeys(pairs))

        async def op(db: aiosqlite.Connection) -> None:
            nodes = list(dict.fromkeys(node_id for node_id, _ in wanted))
            rows = await db.execute_fetchall(
                "select node_id, entity_id from node_entities"
                f" where node_id in ({marks(len(nodes))})",
                nodes,
            )
            known = {(row[0], row[1]) for row in rows}
            new = [pair for pair in wanted if pair not in known]
            await db.executemany(
                "insert into node_entities (node_id, entity_id) values (?, ?)", new
            )
            await db.executemany(
                "update entities set mention_count = mention_count + 1 where id = ?",
                [(entity_id,) for _, entity_id in new],
            )

        if wanted:
            await self._writer.run(op)

    async def update_entity(
        self,
        entity_id: int,
        *,
        summary: str | None = None,
        type: EntityType | None = None,
        embedding: Sequence[float] | None = None,
    ) -> None:
        now = time.time()
        if embedding is not None and len(embedding) != self.dim:
            raise ValueError(f"entity embedding must have {self.dim} dimensions")
        has_vectors = self.has_vectors

        async def op(db: aiosqlite.Connection) -> None:
            if summary is not None:
                await db.execute(
                    "update entities set summary = ?, updated_at = ? where id = ?",
                    (clean_text(summary), now, entity_id),
                )
            if type is not None:
                await db.execute(
                    "update entities set type = ?, updated_at = ? where id = ?",
                    (type, now, entity_id),
                )
            if embedding is not None:
                blob = pack_vector(embedding)
                await db.execute(
                    "update entities set embedding = ? where id = ?", (blob, entity_id)
                )
                if has_vectors:
                    await db.execute(
                        "delete from vec_entities where entity_id = ?", (entity_id,)
                    )
                    await db.execute(
                        "insert into vec_entities (entity_id, embedding) values (?, ?)",
                        (entity_id, blob),
                    )

        await self._writer.run(op)

    # -- sessions, maintenance -------------------------------------------------

    async def mark_session_consolidated(self, session_id: str, until_id: int) -> None:
        """Record that the thread is consolidated up to episode `until_id`.

        The thread becomes pending again only if it has episodes after that.
        """
        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "update sessions_consolidations set consolidated_at = ?,"
                " consolidated_until_id = max(consolidated_until_id, ?),"
                " last_error = null, status = case when exists (select 1 from nodes"
                "  where session_id = ? and type = 'episodic' and id > ?)"
                "  then 'pending' else 'consolidated' end"
                " where session_id = ?",
                (now, until_id, session_id, until_id, session_id),
            )

        await self._writer.run(op)

    async def record_session_failure(self, session_id: str, error: str) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "update sessions_consolidations set attempts = attempts + 1,"
                " last_error = ? where session_id = ?",
                (error[:1000], session_id),
            )

        await self._writer.run(op)

    async def mark_causal_checked(self, pairs: Sequence[tuple[int, int]]) -> None:
        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany(
                "insert or ignore into causal_checked (src_id, dst_id, checked_at)"
                " values (?, ?, ?)",
                [(a, b, now) for a, b in pairs],
            )

        await self._writer.run(op)

    async def record_maintenance(
        self, step: str, duration_ms: float, counts: dict[str, Any], error: str | None
    ) -> None:
        import json

        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "insert or replace into maintenance_runs"
                " (step, finished_at, duration_ms, counts, error)"
                " values (?, ?, ?, ?, ?)",
                (step, now, duration_ms, json.dumps(counts), error),
            )

        await self._writer.run(op)
