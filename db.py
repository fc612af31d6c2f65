"""Opening the database file: a sqlite3 build that can load sqlite-vec, and the schema.

Many Python builds (pyenv, macOS) ship a `sqlite3` without extension loading, and
Debian's SQLite 3.40 is older than some sqlite-vec query forms. So we try the
stdlib module first, then the bundled `pysqlite3` (SQLite 3.51), and when neither
can load sqlite-vec we open the stdlib one without vectors: search then runs on
FTS5 and the graph, announced by one warning.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
SCHEMA = (Path(__file__).parent / "schema.sql").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Driver:
    """A sqlite3-compatible module and whether it loads sqlite-vec."""

    module: ModuleType
    vec_path: str | None  # loadable path of sqlite-vec, None = FTS only

    @property
    def has_vec(self) -> bool:
        return self.vec_path is not None


def _can_load(module: ModuleType, vec_path: str) -> bool:
    try:
        conn = module.connect(":memory:")
        try:
            conn.enable_load_extension(True)
            conn.load_extension(vec_path)
            conn.execute("select vec_version()").fetchone()
            fts = conn.execute("pragma compile_options").fetchall()
            return any("FTS5" in str(row[0]) for row in fts)
        finally:
            conn.close()
    except Exception:  # any failure means: this build cannot do it
        return False


_driver: Driver | None = None


def find_driver() -> Driver:
    """The best sqlite3 build here; found once per process."""
    global _driver
    if _driver is not None:
        return _driver
    vec_path: str | None = None
    try:
        import sqlite_vec

        vec_path = str(sqlite_vec.loadable_path())
    except ImportError:
        log.warning("sqlite-vec is not installed: vector search is off")
    candidates: list[ModuleType] = [sqlite3]
    with contextlib.suppress(ImportError):
        candidates.append(importlib.import_module("pysqlite3.dbapi2"))
    if vec_path is not None:
        for module in candidates:
            if _can_load(module, vec_path):
                _driver = Driver(module, vec_path)
                return _driver
        log.warning(
            "no sqlite3 build here can load sqlite-vec (install pysqlite3-binary); "
            "memory search runs on FTS5 and the graph only"
        )
    _driver = Driver(sqlite3, None)
    return _driver


def _connector(path: Path, driver: Driver, readonly: bool) -> Callable[[], Any]:
    def connect() -> Any:
        conn = driver.module.connect(
            str(path), timeout=30.0, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = driver.module.Row
        if driver.vec_path is not None:
            conn.enable_load_extension(True)
            conn.load_extension(driver.vec_path)
            conn.enable_load_extension(False)
        conn.execute("pragma journal_mode = wal")
        # WAL + NORMAL: a committed transaction survives a process crash or kill;
        # only an OS crash or power loss can drop the last commits.
        conn.execute("pragma synchronous = normal")
        conn.execute("pragma foreign_keys = on")
        conn.execute("pragma busy_timeout = 30000")
        conn.execute("pragma temp_store = memory")
        conn.execute("pragma cache_size = -32000")
        if readonly:
            conn.execute("pragma query_only = on")
        return conn

    return connect


async def connect(path: Path, driver: Driver, *, readonly: bool = False) -> Any:
    """An open aiosqlite connection (autocommit; callers write BEGIN themselves)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return await aiosqlite.Connection(
        _connector(path, driver, readonly), iter_chunk_size=64
    )


async def _has_table(db: aiosqlite.Connection, name: str) -> bool:
    rows = list(
        await db.execute_fetchall("select 1 from sqlite_master where name = ?", (name,))
    )
    return bool(rows)


async def _m002_consolidation_progress(db: aiosqlite.Connection) -> None:
    """v1 marked whole threads done; v2 remembers how far each was consolidated,
    so a thread that continues after consolidation is picked up again."""
    await db.execute(
        "alter table sessions_consolidations add column "
        "consolidated_until_id integer not null default 0"
    )
    await db.execute(
        "update sessions_consolidations set consolidated_until_id = "
        "(select coalesce(max(id), 0) from nodes "
        " where nodes.session_id = sessions_consolidations.session_id) "
        "where status = 'consolidated'"
    )


MIGRATIONS: dict[int, Callable[[aiosqlite.Connection], Any]] = {
    2: _m002_consolidation_progress,
}


async def migrate(db: aiosqlite.Connection, dim: int, has_vec: bool) -> None:
    """Bring the file to SCHEMA_VERSION: forward migrations, then the idempotent DDL."""
    version = list(await db.execute_fetchall("pragma user_version"))[0][0]
    if version > SCHEMA_VERSION:
        raise RuntimeError(
            f"memory.db has schema version {version}, newer than this agent-memory "
            f"({SCHEMA_VERSION}); upgrade agent-memory instead of downgrading the file"
        )
    fresh = not await _has_table(db, "nodes")
    await db.execute("begin immediate")
    try:
        if not fresh:
            for target in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                log.info("migrating memory.db to schema version %d", target)
                await MIGRATIONS[target](db)
        await _apply_schema(db)
        if has_vec:
            await _create_vector_tables(db, dim)
        await db.execute(f"pragma user_version = {SCHEMA_VERSION}")
        await db.execute("commit")
    except BaseException:
        await db.execute("rollback")
        raise


async def _apply_schema(db: aiosqlite.Connection) -> None:
    # executescript would COMMIT our open transaction; run statement by statement.
    for statement in _split_sql(SCHEMA):
        await db.execute(statement)


def _split_sql(script: str) -> list[str]:
    """Statements of a script; triggers (begin ... end;) stay whole."""
    statements: list[str] = []
    buffer: list[str] = []
    for line in script.splitlines():
        stripped = line.strip()
        if not buffer and (not stripped or stripped.startswith("--")):
            continue
        buffer.append(line)
        text = "\n".join(buffer)
        if sqlite3.complete_statement(text):
            statements.append(text)
            buffer = []
    return statements


async def _create_vector_tables(db: aiosqlite.Connection, dim: int) -> None:
    rows = list(
        await db.execute_fetchall("select value from meta where key = 'vector_dim'")
    )
    stored = int(rows[0][0]) if rows else None
    if stored is not None and stored != dim:
        # A different width needs a re-embed; `agent-memory reindex` does it.
        log.warning(
            "memory.db vectors are %d-d but embedding_dimensions is %d: dropping "
            "the vector index; run `agent-memory reindex` to rebuild it",
            stored,
            dim,
        )
        await db.execute("drop table if exists vec_nodes")
        await db.execute("drop table if exists vec_nodes_bit")
        await db.execute("drop table if exists vec_entities")
        await db.execute("update nodes set embedding = null")
        await db.execute("update entities set embedding = null")
    width = int(dim)
    await db.execute(
        "create virtual table if not exists vec_nodes using vec0("
        f"node_id integer primary key, embedding float[{width}] distance_metric=cosine)"
    )
    await _create_bit_index(db, width)
    await db.execute(
        "create virtual table if not exists vec_entities using vec0("
        f"entity_id integer primary key, embedding float[{width}] "
        "distance_metric=cosine)"
    )
    await db.execute(
        "insert into meta (key, value) values ('vector_dim', ?) "
        "on conflict (key) do update set value = excluded.value",
        (str(width),),
    )


async def _create_bit_index(db: aiosqlite.Connection, width: int) -> None:
    """vec_nodes_bit: the node vectors as sign bits (width / 8 bytes each).

    A float scan of 100k 256-d vectors takes ~65 ms here; the bit scan a few
    ms. Retrieval takes its nearest candidates and re-scores them with the
    float vectors in `nodes.embedding`. Filled from vec_nodes when new.
    """
    existed = await _has_table(db, "vec_nodes_bit")
    await db.execute(
        "create virtual table if not exists vec_nodes_bit using vec0("
        f"node_id integer primary key, embedding bit[{width}])"
    )
    if not existed:
        await db.execute(
            "insert into vec_nodes_bit (node_id, embedding)"
            " select node_id, vec_quantize_binary(embedding) from vec_nodes"
        )
