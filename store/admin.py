"""Whole-database operations: stats, export and import, read snapshots.

Export and import work on whole
rows with the columns the table has *now* (read from `pragma table_info`), so a
column a later migration adds travels without touching this file. Imports keep
ids, which is why they are only allowed into an empty database.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Any

import aiosqlite

from ..core.records import Stats
from .base import Connections
from .interface import EXPORT_TABLES, NotEmptyError
from .rows import NODE_ID_FLOOR_KEY, SQL_TOP_NODE_ID, in_scope, marks, valid
from .sessions import SqliteSessions


def _table(name: str) -> str:
    # Table names are spliced into SQL: only our own, never user text.
    if name not in EXPORT_TABLES:
        raise ValueError(f"unknown table {name!r}")
    return name


class SqliteAdmin:
    def __init__(self, conn: Connections, sessions: SqliteSessions) -> None:
        self._conn = conn
        self._read = conn.read
        self._sessions = sessions

    async def _fetch(self, sql: str) -> list[Any]:
        return await self._conn.rows(sql)

    async def stats(self) -> Stats:
        """Counts for memory_stats (of the current view's scopes)."""
        scoped = in_scope("n.")
        by_type = dict(
            await self._fetch(
                f"select type, count(*) from nodes n where 1 = 1{valid(False, 'n.')}"
                " group by type"
            )
        )
        edge_nodes = " join nodes n on n.id = e.src_id" if scoped else ""
        edges = dict(
            await self._fetch(
                f"select e.type, count(*) from edges e{edge_nodes}"
                f" where e.valid_until is null{scoped} group by e.type"
            )
        )
        (row,) = await self._fetch(
            "select (select count(*) from entities n"
            f" where n.mention_count > 0{scoped}) as entities,"
            f" (select count(*) from nodes n where 1 = 1{valid(False, 'n.')}"
            "  and not exists (select 1 from edges e where e.src_id = n.id"
            "   or e.dst_id = n.id)"
            "  and not exists (select 1 from node_entities x where x.node_id = n.id))"
            "  as orphan_nodes,"
            " (select count(*) from nodes n where valid_until is not null"
            f"{scoped}) as soft_deleted_nodes,"
            " (select count(*) from sessions_consolidations s where status = 'pending'"
            + (
                " and exists (select 1 from nodes n where n.session_id = s.session_id"
                f"{scoped})"
                if scoped
                else ""
            )
            + ") as unconsolidated_threads,"
            " (select count(*) from nodes n where embedding is not null"
            f"{valid(False, 'n.')}) as embedded_nodes,"
            f" {self._SIZE_SQL} as db_size_bytes"
        )
        counts = dict(zip(row.keys(), row, strict=True))
        counts["db_size_bytes"] += self._unlisted_bytes()
        return Stats(
            nodes_by_type=by_type,
            edges_by_type=edges,
            maintenance=await self._sessions.maintenance_runs(),
            **counts,
        )

    # The database's size (a backend's own catalog read).
    _SIZE_SQL = (
        "(select page_count * page_size from pragma_page_count, pragma_page_size)"
    )

    def _unlisted_bytes(self) -> int:
        """Bytes the size query does not see: SQLite's write-ahead log."""
        wal = self._conn.path.with_name(self._conn.path.name + "-wal")
        return wal.stat().st_size if wal.exists() else 0

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
            f"select {columns} from {_table(table)}{_scope_where(table)} order by 1"
        ) as cursor:
            async for row in cursor:
                yield tuple(row)

    async def count_rows(self, table: str) -> int:
        rows = list(
            await self._read.execute_fetchall(
                f"select count(*) from {_table(table)}{_scope_where(table)}"
            )
        )
        return int(rows[0][0])

    async def top_node_id(self) -> int:
        """The highest node id ever given (purged ones too): an export carries
        it so the copy never gives a purged id again (rows.SQL_TOP_NODE_ID)."""
        rows = await self._conn.rows(f"select {SQL_TOP_NODE_ID}")
        return int(rows[0][0])

    async def get_meta(self, key: str) -> str | None:
        """A value of the small key-value table (owner, vector width, ...)."""
        rows = await self._conn.rows("select value from meta where key = ?", (key,))
        return None if not rows else str(rows[0]["value"])

    async def set_meta(self, key: str, value: str) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "insert or replace into meta (key, value) values (?, ?)", (key, value)
            )

        await self._conn.write(op)

    async def is_empty(self) -> bool:
        """True when no table that an import writes holds a row."""
        checks = " or ".join(f"exists (select 1 from {t})" for t in EXPORT_TABLES)
        rows = list(await self._read.execute_fetchall(f"select {checks}"))
        return not rows[0][0]

    async def import_chunks(
        self,
        chunks: Callable[[], Iterable[tuple[str, Sequence[str], list[Any]]]],
        node_id_floor: int = 0,
    ) -> dict[str, int]:
        """Insert (table, columns, rows) chunks, ids as given, in ONE transaction.

        `chunks` is a factory so a retried transaction starts from the beginning.
        Raises NotEmptyError unless the database is empty; any failure rolls
        everything back, so a bad file never leaves half an import behind.
        New nodes get ids above `node_id_floor` (the source's top_node_id).
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
            await db.execute(
                "insert or replace into meta (key, value) values (?, ?)",
                (NODE_ID_FLOOR_KEY, str(node_id_floor)),
            )
            return counts

        return dict(await self._conn.write(op))


# Rows of each exported table that belong to the current view's scopes: tables
# without a scope column follow the nodes they hang from.
_SCOPED_BY_NODE = {
    "edges": "src_id",
    "node_entities": "node_id",
    "causal_checked": "src_id",
}


def _scope_where(table: str) -> str:
    """` where ...` keeping the current view's rows of `table` ("" = all)."""
    scoped = in_scope()
    if not scoped:
        return ""
    if table in ("nodes", "entities", "entity_aliases", "entity_edits"):
        return f" where 1 = 1{scoped}"
    if table in _SCOPED_BY_NODE:
        return (
            f" where {_SCOPED_BY_NODE[table]} in"
            f" (select id from nodes where 1 = 1{scoped})"
        )
    if table == "sessions_consolidations":
        return (
            f" where session_id in (select session_id from nodes where 1 = 1{scoped})"
        )
    return ""
