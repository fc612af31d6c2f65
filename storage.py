"""MemoryStorage: the graph in one SQLite file, the root of the store layer.

`open()` builds the shared connections (store/base.py) and the parts: `nodes`,
`graph`, `entities`, `index`, `sessions`, `admin`, `purge`. Upper layers see it as a
`Store` (store/interface.py) and call `storage.<part>.<method>(...)`.

Writes are queued (store/writer.py) and grouped into transactions, so the hot
path costs a `put_nowait` and the disk sees a few large commits instead of many
small ones. Reads use a second, read-only connection. Callers get dataclasses
(core/records.py), never rows.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .core.errors import InputError, OperationError, install_hint
from .store.admin import SqliteAdmin
from .store.adopt import adopt_host_memory
from .store.base import Connections, VectorTables
from .store.db import connect, connect_read_only, find_driver
from .store.entities import SqliteEntities
from .store.graph import SqliteGraph
from .store.index import SqliteIndex
from .store.interface import Store
from .store.migrations import SCHEMA_VERSION, migrate, stored_vector_width
from .store.nodes import SqliteNodes
from .store.purge import SqlitePurge
from .store.root import StoreRoot
from .store.sessions import SqliteSessions
from .store.writer import WriteQueue, storage_failure


class MemoryStorage(StoreRoot):
    """The memory graph. Open with `await MemoryStorage.open(path, dim=...)`."""

    def __init__(self, conn: Connections) -> None:
        self._conn = conn
        self._index_problem: str | None = None  # from the last check_indexes()
        self.nodes = SqliteNodes(conn)
        self.graph = SqliteGraph(conn, self.nodes)
        self.entities = SqliteEntities(conn, self.nodes)
        self.index = SqliteIndex(conn)
        self.sessions = SqliteSessions(conn)
        self.admin = SqliteAdmin(conn, self.sessions)
        self.purge = SqlitePurge(conn)

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        dim: int = 256,
        batch_size: int = 512,
        read_only: bool = False,
        embedding_model: str | None = None,
    ) -> MemoryStorage:
        driver = find_driver()
        if read_only:
            return await cls._open_read_only(path, dim, driver)
        # A memory.db left by the host's built-in memory becomes ours first;
        # a foreign file is refused before anything opens it for writing. The
        # model decides which of its vectors are in our query space (None: none).
        await adopt_host_memory(path, driver, dim, embedding_model)
        write_db = await connect(path, driver)
        try:
            width = await migrate(write_db, dim, driver.has_vec)
            read_db = await connect(path, driver, readonly=True)
        except BaseException:
            await write_db.close()
            raise
        writer = WriteQueue(write_db, batch_size=batch_size)
        writer.start()
        vec = VectorTables(driver.has_vec, width)
        return cls(Connections(path, read_db, writer, dim, vec))

    @classmethod
    async def _open_read_only(cls, path: Path, dim: int, driver: Any) -> MemoryStorage:
        """Reads only, on a file (or folder) that may be read-only: no adoption,
        no migration, a writer that refuses every write (ReadOnlyMemory)."""
        db = await connect_read_only(path, driver)
        try:
            rows = list(await db.execute_fetchall("pragma user_version"))
            if rows[0][0] != SCHEMA_VERSION:
                raise OperationError(
                    f"{path} has schema version {rows[0][0]}, this agent-memory reads"
                    f" {SCHEMA_VERSION}: open it once with a writing command"
                    " (e.g. `agent-memory reindex`) to upgrade it"
                )
            width = await stored_vector_width(db) if driver.has_vec else None
        except BaseException:
            await db.close()
            raise
        writer = WriteQueue(db, read_only=True)
        writer.start()  # idle, but alive: health_check stays true
        vec = VectorTables(driver.has_vec, width)
        return cls(Connections(path, db, writer, dim, vec))

    async def close(self) -> None:
        """Drain the queue and close both connections. Idempotent."""
        await self._conn.writer.close()
        for db in {id(c): c for c in (self._conn.read, self._conn.writer.db)}.values():
            if db._connection is not None:
                await db.close()

    async def check_indexes(self) -> str | None:
        """Check the FTS index and the vector index; remember the problem, if any.

        FTS5's integrity-check reads the whole index (about a second per
        100k nodes), so it runs in the background, never from `healthy`.
        """
        problem: str | None = None
        try:
            await self._conn.write(_fts_integrity_check)
        except Exception as exc:
            # A disk that refuses writes is the writer's to report, not damage.
            if not storage_failure(exc):
                problem = f"the full-text index is damaged ({exc}); run reindex"
        if problem is None and self.has_vectors:
            try:
                await self.index.knn_search([1.0] + [0.0] * (self.dim - 1), limit=1)
            except Exception as exc:
                problem = f"the vector index is unusable ({exc}); run reindex"
        self._index_problem = problem
        return problem


async def _fts_integrity_check(db: Any) -> None:
    await db.execute("insert into nodes_fts (nodes_fts) values ('integrity-check')")


DATABASE_URL_ENV = "AGENT_MEMORY_DATABASE_URL"


async def open_store(
    path: Path,
    *,
    dim: int = 256,
    batch_size: int = 512,
    database_url: str | None = None,
    read_only: bool = False,
    embedding_model: str | None = None,
) -> Store:
    """The memory: in PostgreSQL when a database URL is set (the
    AGENT_MEMORY_DATABASE_URL environment variable, else the `database_url`
    setting), else in the SQLite file `path`. The one place that chooses."""
    url = os.environ.get(DATABASE_URL_ENV) or database_url
    if not url:
        return await MemoryStorage.open(
            path,
            dim=dim,
            batch_size=batch_size,
            read_only=read_only,
            embedding_model=embedding_model,
        )
    try:
        from .store.postgres.storage import PgStorage
    except ImportError as exc:
        raise InputError(
            f"database_url is set but the PostgreSQL backend is not installed"
            f" ({exc.name} is missing): {install_hint('postgres')}"
        ) from exc
    return await PgStorage.open_url(url, dim=dim, batch_size=batch_size)
