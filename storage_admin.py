"""Storage-layer SQL for stats, export, import and reindex (mixed into MemoryStorage).

Split from storage.py only to keep files small. Export and import work on whole
rows with the columns the table has *now* (read from `pragma table_info`), so a
column a later migration adds travels without touching this file. Imports keep
ids, which is why they are only allowed into an empty database. The search
indexes are derived data: `rebuild_fts` and `rebuild_vectors` recreate them from
the nodes and entities tables.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .records import MaintenanceRun, Stats
from .storage_reads import marks

# Dependency order: a row's foreign keys point only at tables listed before it.
EXPORT_TABLES = (
    "nodes",
    "entities",
    "entity_aliases",
    "edges",
    "node_entities",
    "sessions_consolidations",
    "causal_checked",
    "maintenance_runs",
)


class NotEmptyError(RuntimeError):
    """An import was asked into a database that already holds memories."""


def _table(name: str) -> str:
    # Table names are spliced into SQL: only our own, never user text.
    if name not in EXPORT_TABLES:
        raise ValueError(f"unknown table {name!r}")
    return name


class StorageAdmin:
    """Whole-table reads and writes; needs MemoryStorage's connections."""

    _read: aiosqlite.Connection
    has_vectors: bool
    dim: int
    path: Path

    async def maintenance_runs(self) -> dict[str, MaintenanceRun]:
        raise NotImplementedError  # StorageReads provides it

    async def _fetch(self, sql: str) -> list[Any]:
        return list(await self._read.execute_fetchall(sql))

    async def stats(self) -> Stats:
        """Counts for memory_stats."""
        by_type = dict(
            await self._fetch(
                "select type, count(*) from nodes where valid_until is null"
                " group by type"
            )
        )
        edges = dict(
            await self._fetch(
                "select type, count(*) from edges where valid_until is null"
                " group by type"
            )
        )
        (row,) = await self._fetch(
            "select (select count(*) from entities),"
            " (select count(*) from nodes n where valid_until is null"
            "  and not exists (select 1 from edges e where e.src_id = n.id"
            "   or e.dst_id = n.id)"
            "  and not exists (select 1 from node_entities x where x.node_id = n.id)),"
            " (select count(*) from nodes where valid_until is not null),"
            " (select count(*) from sessions_consolidations where status = 'pending'),"
            " (select count(*) from nodes where embedding is not null"
            "  and valid_until is null),"
            " (select page_count * page_size from pragma_page_count, pragma_page_size)"
        )
        wal = self.path.with_name(self.path.name + "-wal")
        size = int(row[5]) + (wal.stat().st_size if wal.exists() else 0)
        return Stats(
            nodes_by_type=by_type,
            edges_by_type=edges,
            entities=row[0],
            orphan_nodes=row[1],
            soft_deleted_nodes=row[2],
            db_size_bytes=size,
            unconsolidated_threads=row[3],
            embedded_nodes=row[4],
            maintenance=await self.maintenance_runs(),
        )

    async def run_write(
        self, op: Callable[[aiosqlite.Connection], Awaitable[Any]]
    ) -> Any:
        raise NotImplementedError  # MemoryStorage's writer provides it

    async def table_columns(self, table: str) -> list[str]:
        rows = await self._read.execute_fetchall(
            f"select name from pragma_table_info('{_table(table)}') order by cid"
        )
        return [row[0] for row in rows]

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[None]:
        """Reads inside see one consistent state of the file (a read transaction)."""
        await self._read.execute("begin")
        try:
            yield
        finally:
            await self._read.execute("commit")

    async def iter_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        """Every row of a table, in rowid/key order, streamed."""
        columns = ", ".join(await self.table_columns(table))
        async with self._read.execute(
            f"select {columns} from {_table(table)} order by 1"
        ) as cursor:
            async for row in cursor:
                yield tuple(row)

    async def count_rows(self, table: str) -> int:
        rows = list(
            await self._read.execute_fetchall(f"select count(*) from {_table(table)}")
        )
        return int(rows[0][0])

    async def is_empty(self) -> bool:
        """True when no table that an import writes holds a row."""
        checks = " or ".join(f"exists (select 1 from {t})" for t in EXPORT_TABLES)
        rows = list(await self._read.execute_fetchall(f"select {checks}"))
        return not rows[0][0]

    async def import_chunks(
        self, chunks: Callable[[], Iterable[tuple[str, Sequence[str], list[Any]]]]
    ) -> dict[str, int]:
        """Insert (table, columns, rows) chunks, ids as given, in ONE transaction.

        `chunks` is a factory so a retried transaction starts from the beginning.
        Raises NotEmptyError unless the database is empty; any failure rolls
        everything back, so a bad file never leaves half an import behind.
        """
        checks = " or ".join(f"exists (select 1 from {t})" for t in EXPORT_TABLES)

        async def op(db: aiosqlite.Connection) -> dict[str, int]:
            (row,) = list(await db.execute_fetchall(f"select {checks}"))
            if row[0]:
                raise NotEmptyError("the database already holds memories")
            counts: dict[str, int] = {}
            for table, columns, rows in chunks():
                await db.executemany(
                    f"insert into {_table(table)} ({', '.join(columns)})"
                    f" values ({marks(len(columns))})",
                    rows,
                )
                counts[table] = counts.get(table, 0) + len(rows)
            return counts

        return dict(await self.run_write(op))

    async def rebuild_fts(self) -> int:
        """Re-index valid nodes only; returns how many were indexed.

        FTS5's own 'rebuild' would read every row of the content table,
        soft-deleted ones included, so we clear the index and insert valid rows.
        """

        async def op(db: aiosqlite.Connection) -> int:
            await db.execute("insert into nodes_fts (nodes_fts) values ('delete-all')")
            cursor = await db.execute(
                "insert into nodes_fts (rowid, content, context)"
                " select id, content, context from nodes where valid_until is null"
            )
            return int(cursor.rowcount)

        return int(await self.run_write(op))

    async def rebuild_vectors(self) -> tuple[int, int]:
        """Refill vec_nodes, vec_nodes_bit and vec_entities from the embedding columns.

        Returns (nodes, entities) indexed; vectors of the wrong width are left out
        (they get re-embedded, see `clear_wrong_width_embeddings`).
        """
        if not self.has_vectors:
            return (0, 0)
        width = 4 * self.dim

        async def op(db: aiosqlite.Connection) -> tuple[int, int]:
            await db.execute("delete from vec_nodes")
            await db.execute("delete from vec_nodes_bit")
            await db.execute("delete from vec_entities")
            nodes = await db.execute(
                "insert into vec_nodes (node_id, embedding) select id, embedding"
                " from nodes where valid_until is null and embedding is not null"
                " and length(embedding) = ?",
                (width,),
            )
            await db.execute(
                "insert into vec_nodes_bit (node_id, embedding)"
                " select node_id, vec_quantize_binary(embedding) from vec_nodes"
            )
            entities = await db.execute(
                "insert into vec_entities (entity_id, embedding) select id, embedding"
                " from entities where embedding is not null and length(embedding) = ?",
                (width,),
            )
            return (int(nodes.rowcount), int(entities.rowcount))

        result = await self.run_write(op)
        return (int(result[0]), int(result[1]))

    async def clear_wrong_width_embeddings(self) -> int:
        """Drop stored vectors whose width is not `dim` so they can be re-embedded."""
        width = 4 * self.dim

        async def op(db: aiosqlite.Connection) -> int:
            nodes = await db.execute(
                "update nodes set embedding = null"
                " where embedding is not null and length(embedding) != ?",
                (width,),
            )
            entities = await db.execute(
                "update entities set embedding = null"
                " where embedding is not null and length(embedding) != ?",
                (width,),
            )
            return int(nodes.rowcount) + int(entities.rowcount)

        return int(await self.run_write(op))

    async def count_missing_embeddings(self) -> int:
        rows = list(
            await self._read.execute_fetchall(
                "select count(*) from nodes where embedding is null"
                " and valid_until is null"
            )
        )
        return int(rows[0][0])
