"""The parts whose SQLite queries have no PostgreSQL translation: episode ids
from a sequence (many writers), walks over an id array, entity attribute
merges in jsonb, pgvector entity embeddings, and the catalog-reading admin.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from typing import Any

from pgvector import Vector

from ...core.records import EdgeType, EntityType, EpisodeDraft, dump_attributes
from ...core.text import clean_text
from ..admin import SqliteAdmin, _scope_where, _table
from ..entities import SqliteEntities
from ..graph import SqliteGraph, reached_from, walk_sql
from ..interface import EXPORT_TABLES
from ..nodes import SqliteNodes
from ..rows import pack_vector, unpack_vector
from ..writes import write_episodes
from .db import Pool


async def pg_insert_episodes(db: Any, drafts: Sequence[EpisodeDraft]) -> list[int]:
    """Episodes with ids from the nodes sequence: other processes insert too."""
    rows = await db.execute_fetchall(
        "select nextval(pg_get_serial_sequence('nodes', 'id'))"
        " from generate_series(1, ?)",
        (len(drafts),),
    )
    return await write_episodes(db, drafts, [int(r[0]) for r in rows])


class PgNodes(SqliteNodes):
    def submit_episode(
        self, draft: EpisodeDraft, *, hold: bool = False
    ) -> asyncio.Future[int]:
        return self._conn.writer.submit(pg_insert_episodes, draft, hold=hold)


class PgGraph(SqliteGraph):
    async def walk_from_each(
        self,
        start_ids: Sequence[int],
        edge_type: EdgeType,
        *,
        forward: bool,
        depth: int,
    ) -> dict[int, list[tuple[int, int]]]:
        if not start_ids or depth <= 0:
            return {}
        starts = "select s, s, 0 from unnest(?::bigint[]) as s"
        rows = await self._conn.rows(
            walk_sql(forward, starts, "e.type"),
            ([int(i) for i in start_ids], edge_type, depth),
        )
        return reached_from(rows)


class PgEntities(SqliteEntities):
    async def update_entity(
        self,
        entity_id: int,
        *,
        summary: str | None = None,
        type: EntityType | None = None,
        embedding: Sequence[float] | None = None,
        attributes: Mapping[str, Any] | None = None,
    ) -> None:
        dim = self._conn.dim
        if embedding is not None and len(embedding) != dim:
            raise ValueError(f"entity embedding must have {dim} dimensions")
        sets: list[str] = []
        params: list[Any] = []
        if summary is not None:
            sets.append("summary = ?")
            params.append(clean_text(summary))
        if type is not None:
            sets.append("type = ?")
            params.append(type)
        if attributes:
            # a merge patch: given keys replace, null removes
            sets.append("attributes = jsonb_strip_nulls(attributes::jsonb || ?::jsonb)")
            params.append(dump_attributes(attributes))
        if embedding is not None:
            sets.append("embedding = ?")
            params.append(Vector(list(embedding)))
        if not sets:
            return
        if summary is not None or type is not None or attributes:
            sets.append("updated_at = ?")
            params.append(time.time())

        async def op(db: Any) -> None:
            await db.execute(
                f"update entities set {', '.join(sets)} where id = ?",
                (*params, entity_id),
            )

        await self._conn.write(op)


class PgAdmin(SqliteAdmin):
    @property
    def _pool(self) -> Pool:
        pool: Pool = self._conn.pool  # type: ignore[attr-defined]
        return pool

    _SIZE_SQL = "pg_database_size(current_database())"

    def _unlisted_bytes(self) -> int:
        return 0

    async def table_columns(self, table: str) -> list[str]:
        rows = await self._conn.rows(
            "select column_name from information_schema.columns"
            " where table_name = ? and table_schema = current_schema()"
            " and is_generated = 'NEVER' order by ordinal_position",
            (_table(table),),
        )
        return [row[0] for row in rows]

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[None]:
        async with self._pool.snapshot():
            yield

    async def iter_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]:
        columns = ", ".join(await self.table_columns(table))
        rows = await self._conn.rows(
            f"select {columns} from {_table(table)}{_scope_where(table)} order by 1"
        )
        for row in rows:
            yield tuple(_portable(v) for v in row)

    async def count_rows(self, table: str) -> int:
        rows = await self._conn.rows(
            f"select count(*) from {_table(table)}{_scope_where(table)}"
        )
        return int(rows[0][0])

    async def is_empty(self) -> bool:
        checks = " or ".join(f"exists (select 1 from {t})" for t in EXPORT_TABLES)
        rows = await self._conn.rows(f"select {checks}")
        return not rows[0][0]

    async def import_chunks(
        self,
        chunks: Callable[[], Iterable[tuple[str, Sequence[str], list[Any]]]],
        node_id_floor: int = 0,
    ) -> dict[str, int]:

        def portable_chunks() -> Iterable[tuple[str, Sequence[str], list[Any]]]:
            for table, columns, rows in chunks():
                if "embedding" not in columns:
                    yield table, columns, rows
                    continue
                at = list(columns).index("embedding")
                yield table, columns, [_with_vector(row, at) for row in rows]

        counts = await super().import_chunks(portable_chunks, node_id_floor)

        async def op(db: Any) -> None:
            # Imported rows keep their ids: move the sequences past them (and
            # past the ids the source gave to nodes it has since purged).
            for table in ("nodes", "edges", "entities", "entity_edits"):
                floor = node_id_floor if table == "nodes" else 0
                await db.execute(
                    f"select setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" greatest((select coalesce(max(id), 0) from {table}), ?) + 1,"
                    " false)",
                    (floor,),
                )

        await self._conn.write(op)
        return counts


def _portable(value: Any) -> Any:
    """Column values as SQLite holds them: a vector as float32 bytes, so an
    export from either backend imports into the other."""
    return pack_vector(value.to_list()) if isinstance(value, Vector) else value


def _with_vector(row: Sequence[Any], at: int) -> list[Any]:
    values = list(row)
    if isinstance(values[at], bytes | bytearray | memoryview):
        values[at] = Vector(unpack_vector(bytes(values[at])))
    return values
