"""PgStorage: the memory graph in a PostgreSQL database (pgvector required).

A `Store` to every layer above (the same parts, records and lifecycle);
only the connections differ: a bounded psycopg pool instead of two SQLite
connections, and a write queue that commits each batch on a
pooled connection with retries (writer.py). Open through storage.open_store.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import psycopg
from pgvector.psycopg import register_vector_async
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool

from ..base import Connections, VectorTables
from ..root import StoreRoot
from ..sessions import SqliteSessions
from .db import PgDb, Pool, Row
from .index import PgIndex
from .parts import PgAdmin, PgEntities, PgGraph, PgNodes
from .purge import PgPurge
from .schema import SETTLE, mark_settled, migrate
from .writer import PgWriteQueue

log = logging.getLogger(__name__)

POOL_SIZE = 10  # connections per process; the server's max_connections is 100


@dataclass(frozen=True)
class PgConnections(Connections):
    pool: Pool | None = None

    @property
    def has_vectors(self) -> bool:
        return self.vec.width == self.dim

    @property
    def vector_tables(self) -> bool:
        return False  # vectors live in the node rows (partial HNSW index)

    async def rows(self, sql: str, params: Any = ()) -> list[Row]:
        assert self.pool is not None
        return await self.pool.rows(sql, params)


async def _configure(conn: Any) -> None:
    await register_vector_async(conn)
    # Filtered (scoped) nearest-neighbour queries keep scanning the HNSW
    # graph until they have `limit` rows instead of stopping at ef_search.
    await conn.execute("set hnsw.iterative_scan = relaxed_order")


class PgStorage(StoreRoot):
    """Open with `await PgStorage.open_url(url, dim=...)`."""

    def __init__(self, conn: PgConnections) -> None:
        self._conn = conn
        self._index_problem: str | None = None
        self.nodes = PgNodes(conn)
        self.graph = PgGraph(conn, self.nodes)
        self.entities = PgEntities(conn, self.nodes)
        self.index = PgIndex(conn)
        self.sessions = SqliteSessions(conn)
        self.admin = PgAdmin(conn, self.sessions)
        assert conn.pool is not None
        self.purge = PgPurge(conn, conn.pool)

    @classmethod
    async def open_url(
        cls, url: str, *, dim: int = 256, batch_size: int = 512
    ) -> PgStorage:
        # Migrate first on a plain connection: the pool's connections
        # register the vector type, which the first migration creates.
        conn = await psycopg.AsyncConnection.connect(url)
        async with conn:
            async with conn.transaction():
                width, unsettled = await migrate(PgDb(conn), dim)
            if unsettled:
                log.info("vacuuming the upgraded PostgreSQL memory")
                await conn.set_autocommit(True)
                await conn.execute(SETTLE)
                await mark_settled(PgDb(conn))
        pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"autocommit": True},
            configure=_configure,
            open=False,
        )
        await pool.open(wait=True)
        pool_view = Pool(pool)
        writer = PgWriteQueue(pool_view, batch_size=batch_size)
        writer.start()
        name = conninfo_to_dict(url).get("dbname") or "postgres"
        conn_set = PgConnections(
            Path(f"postgresql/{name}"),
            cast(Any, None),  # no SQLite read connection
            writer,
            dim,
            VectorTables(True, width),
            pool_view,
        )
        return cls(conn_set)

    async def close(self) -> None:
        await self._conn.writer.close()
        pool = self._pg.pool
        if not pool.closed:
            await pool.close()

    @property
    def _pg(self) -> Pool:
        assert isinstance(self._conn, PgConnections) and self._conn.pool is not None
        return self._conn.pool

    async def check_indexes(self) -> str | None:
        """The indexes are PostgreSQL's own: check they answer."""
        problem: str | None = None
        try:
            await self.index.fts_search('"probe"', limit=1)
            if self.has_vectors:
                await self.index.knn_search([1.0] + [0.0] * (self.dim - 1), limit=1)
        except Exception as exc:
            problem = f"a PostgreSQL index does not answer ({exc}); run reindex"
        self._index_problem = problem
        return problem
