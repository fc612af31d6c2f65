"""The SQLite-shaped connection the shared store queries run on, over psycopg.

The parts of the store are written against aiosqlite (`execute`,
`executemany`, `execute_fetchall`, rows readable by name and position).
`PgDb` offers the same calls on a psycopg async connection and translates the
few dialect differences of those queries in one place (`translate`), so every
query keeps one home. Reads take a pooled connection each; `snapshot` pins
one connection in a REPEATABLE READ transaction for a consistent export.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg import errors
from psycopg_pool import AsyncConnectionPool

from ..rows import SQL_NEXT_NODE_ID, SQL_TOP_NODE_ID

log = logging.getLogger(__name__)
T = TypeVar("T")

# Keys of the tables written with SQLite's `insert or replace`.
_REPLACE_KEYS = {"meta": ("key",), "maintenance_runs": ("step",)}
_RULES = (
    # `+col` keeps SQLite's planner off an index; PostgreSQL needs no hint.
    (re.compile(r"(?<=[\s(])\+(?=[a-z])"), ""),
    (re.compile(r"\binstr\("), "strpos("),
    (re.compile(r"\bjson_group_array\((\w+)\)"), r"json_agg(\1)::text"),
    # scalar max(a, b) (aggregate max has one argument)
    (re.compile(r"\bmax\(([\w.]+), ([\w.%s]+)\)"), r"greatest(\1, \2)"),
    (re.compile(r" and 0\b"), " and false"),
    (re.compile(r"\bmax\(0, "), "greatest(0, "),
    # rows.SQL_NEXT_NODE_ID / SQL_TOP_NODE_ID: a sequence never gives an id twice
    (
        re.compile(re.escape(SQL_NEXT_NODE_ID)),
        "nextval(pg_get_serial_sequence('nodes', 'id'))",
    ),
    (
        re.compile(re.escape(SQL_TOP_NODE_ID)),
        "greatest((select coalesce(max(id), 0) from nodes), coalesce(pg_sequence_"
        "last_value(pg_get_serial_sequence('nodes', 'id')::regclass), 0))",
    ),
    # rows.SQL_NOW: unix seconds now
    (
        re.compile(re.escape("((julianday('now') - 2440587.5) * 86400.0)")),
        "extract(epoch from now())::double precision",
    ),
    # purge.IDS: a set of ids passed as one JSON array
    (
        re.compile(re.escape("(select value from json_each(%s))")),
        "(select value::bigint from json_array_elements_text(%s::json))",
    ),
    # rows.in_scope: `+scope` keeps SQLite off the scope index; PostgreSQL
    # has no unary plus on text and plans from its statistics
    (re.compile(r"\+(\w+\.)?scope in \("), r"\1scope in ("),
    # `cross join t x on` fixes SQLite's join order; PostgreSQL allows no ON
    # there and plans the order from its statistics
    (re.compile(r"\bcross join (\w+ \w+ on )"), r"join \1"),
    # an empty list: SQLite allows `in ()`, PostgreSQL wants an empty array
    (re.compile(r"\bnot in \(\)"), "<> all('{}')"),
    (re.compile(r"\bin \(\)"), "= any('{}')"),
)
_OR_IGNORE = re.compile(r"\binsert or ignore into\b")
_OR_REPLACE = re.compile(r"\binsert or replace into (\w+) \(([^)]*)\)")


@functools.lru_cache(maxsize=2048)
def translate(sql: str) -> str:
    """SQLite's dialect of the shared queries to PostgreSQL's."""
    out = _placeholders(sql)
    for pattern, repl in _RULES:
        out = pattern.sub(repl, out)
    if _OR_IGNORE.search(out):
        out = _OR_IGNORE.sub("insert into", out) + " on conflict do nothing"
    replace = _OR_REPLACE.search(out)
    if replace:
        table, columns = replace[1], [c.strip() for c in replace[2].split(",")]
        keys = _REPLACE_KEYS[table]
        sets = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in keys)
        out = (
            _OR_REPLACE.sub(r"insert into \1 (\2)", out)
            + f" on conflict ({', '.join(keys)}) do update set {sets}"
        )
    return out


def _placeholders(sql: str) -> str:
    """`?` to `%s` and `%` to `%%`, outside quoted literals."""
    parts = sql.split("'")
    for i in range(0, len(parts), 2):  # even parts are outside quotes
        parts[i] = parts[i].replace("%", "%%").replace("?", "%s")
    for i in range(1, len(parts), 2):
        parts[i] = parts[i].replace("%", "%%")
    return "'".join(parts)


class Row(tuple[Any, ...]):
    """A row readable by position and by column name, like sqlite3.Row."""

    _names: tuple[str, ...]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names.index(key))
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


def row_factory(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    names = tuple(c.name for c in cursor.description or ())

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row._names = names
        return row

    return make


class Cursor:
    """What the shared queries read of a cursor: rows, rowcount, lastrowid."""

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = rows[0][0] if rows else None

    async def fetchall(self) -> list[Row]:
        return self._rows

    async def fetchone(self) -> Row | None:
        return self._rows[0] if self._rows else None


class PgDb:
    """aiosqlite's calls on one psycopg connection (inside a transaction)."""

    def __init__(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self.conn = conn
        self.total_changes = 0

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> Cursor:
        cur = self.conn.cursor(row_factory=row_factory)
        await cur.execute(translate(sql), tuple(params))
        rows = await cur.fetchall() if cur.description else []
        self.total_changes += max(cur.rowcount, 0)
        return Cursor(rows, cur.rowcount)

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await (await self.execute(sql, params)).fetchall()

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(r) for r in rows]
        if not batch:
            return
        cur = self.conn.cursor()
        await cur.executemany(translate(sql), batch)
        self.total_changes += max(cur.rowcount, 0)


# Worth another try: the server went away, a serialization or deadlock
# victim, a unique race with another writer.
TRANSIENT = (
    psycopg.OperationalError,
    errors.SerializationFailure,
    errors.DeadlockDetected,
    errors.UniqueViolation,
)
ATTEMPTS = 5


class Pool:
    """The bounded connection pool and the read side of the store."""

    def __init__(self, pool: AsyncConnectionPool[Any]) -> None:
        self.pool = pool
        self._pinned: contextvars.ContextVar[PgDb | None] = contextvars.ContextVar(
            "pinned", default=None
        )

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        pinned = self._pinned.get()
        if pinned is not None:
            return await pinned.execute_fetchall(sql, params)
        # One statement needs no transaction around it (autocommit).
        return await self.retrying(
            lambda db: db.execute_fetchall(sql, params), transaction=False
        )

    async def retrying(
        self, op: Callable[[PgDb], Awaitable[T]], *, transaction: bool = True
    ) -> T:
        """`op` in one transaction on a pooled connection, retried when transient."""
        for attempt in range(1, ATTEMPTS + 1):
            try:
                async with self.pool.connection() as conn:
                    if not transaction:
                        return await op(PgDb(conn))
                    async with conn.transaction():
                        return await op(PgDb(conn))
            except TRANSIENT as exc:
                if attempt == ATTEMPTS:
                    raise
                log.info("retrying a PostgreSQL transaction after %r", exc)
                await asyncio.sleep(0.05 * 2**attempt)
        raise AssertionError("unreachable")

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[PgDb]:
        async with self.pool.connection() as conn:
            await conn.execute("begin isolation level repeatable read read only")
            db = PgDb(conn)
            token = self._pinned.set(db)
            try:
                yield db
            finally:
                self._pinned.reset(token)
                await conn.execute("commit")
