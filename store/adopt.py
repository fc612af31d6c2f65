"""Adopting the host's own memory ("memory v2") file, and refusing foreign ones.

A user who switches from the host's built-in memory to ours already has a
`memory.db` in the host's format in the same folder (contract §10). Opening it
as ours would fail (`no such table: sessions_consolidations`) and hide their
memories, so before the normal open we look at what the file is:

- empty or ours: nothing to do (a second start after adoption lands here);
- the host's memory v2: back the file up next to it, then convert it in place
  in ONE transaction (store/adopt_rows.py copies the rows), so a failure
  leaves the original bytes as they were;
- anything else: refuse with the file's name and touch nothing.

Detection and the conversion use plain connections without our pragmas: the
WAL switch in store/db.py would rewrite the header of a file we refuse.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

from ..core.errors import InputError
from .adopt_rows import HOST_RENAMES, copy_host_rows, drop_host_tables
from .db import Driver, open_connection
from .migrations import (
    SCHEMA_VERSION,
    _apply_schema,
    _has_table,
    create_vector_tables,
)

log = logging.getLogger(__name__)

# Columns only the host's memory v2 has (contract §10): TEXT ids, thread_id,
# relation_type, canonical_name.
HOST_SIGNATURE = {
    "nodes": {"id", "content", "thread_id"},
    "edges": {"source_id", "target_id", "relation_type"},
    "entities": {"canonical_name", "aliases"},
}
HOST_VEC_TABLES = ("vec_nodes", "vec_entities")


def _plain(path: Path, driver: Driver, *, with_vec: bool) -> Callable[[], Any]:
    def connect() -> Any:
        conn = driver.module.connect(
            str(path), timeout=30.0, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = driver.module.Row
        if with_vec and driver.vec_path is not None:
            conn.enable_load_extension(True)
            conn.load_extension(driver.vec_path)
            conn.enable_load_extension(False)
        conn.execute("pragma foreign_keys = off")
        return conn

    return connect


def _columns(conn: Any, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f'pragma table_info("{table}")')}


def classify(path: Path, driver: Driver) -> str:
    """'fresh' (no file or no tables), 'ours', 'host-v2' or 'unknown'."""
    if not path.exists() or path.stat().st_size == 0:
        return "fresh"
    conn = _plain(path, driver, with_vec=False)()
    try:
        tables = {
            row[0]
            for row in conn.execute(
                "select name from sqlite_master where type = 'table'"
                " and name not like 'sqlite_%'"
            )
        }
        if not tables:
            return "fresh"
        if "nodes" in tables and "session_id" in _columns(conn, "nodes"):
            return "ours"
        if all(
            table in tables and need <= _columns(conn, table)
            for table, need in HOST_SIGNATURE.items()
        ):
            return "host-v2"
        return "unknown"
    except sqlite3.DatabaseError as exc:
        raise InputError(f"{path} is not a SQLite database we can read: {exc}") from exc
    finally:
        conn.close()


async def adopt_host_memory(
    path: Path, driver: Driver, dim: int, model: str | None = None
) -> bool:
    """Convert a host memory v2 file to our schema; True when it did.

    `model` is the embedding model our queries use: the host's vectors are kept
    only where they are in its space (adopt_rows.HostVectors). A caller that
    does not know it passes None and every node is re-embedded by the backfill.
    Raises InputError (touching nothing) for a file that is neither ours,
    empty, nor the host's memory v2.
    """
    kind = classify(path, driver)
    if kind in ("fresh", "ours"):
        return False
    if kind == "unknown":
        raise InputError(
            f"{path} holds tables agent-memory does not recognise (neither its own "
            "schema nor the host's memory v2); it was left untouched. Move it away "
            "or point data_dir elsewhere."
        )
    _require_vec_if_needed(path, driver)
    backup = _backup(path, driver)
    log.info("adopting the host's memory v2 in %s (backup: %s)", path, backup.name)
    started = time.monotonic()
    counts, vectors = await _convert(path, driver, dim, model, backup)
    log.info(
        "adopted the host's memory from %s in %.1f s: %d nodes, %d edges, %d "
        "entities (%d aliases), %d node-entity links, %d thread consolidation "
        "states; backup at %s",
        path,
        time.monotonic() - started,
        counts["nodes"],
        counts["edges"],
        counts["entities"],
        counts["aliases"],
        counts["links"],
        counts["threads"],
        backup,
    )
    log.info("%s", vectors)
    return True


def _require_vec_if_needed(path: Path, driver: Driver) -> None:
    """The host's vec0 tables can only be dropped with sqlite-vec loaded."""
    if driver.has_vec:
        return
    conn = _plain(path, driver, with_vec=False)()
    try:
        found = [
            row[0]
            for row in conn.execute(
                "select name from sqlite_master where name in (?, ?)", HOST_VEC_TABLES
            )
        ]
    finally:
        conn.close()
    if found:
        raise InputError(
            f"{path} is the host's memory with sqlite-vec tables ({', '.join(found)}),"
            " and no sqlite3 build here can load sqlite-vec to convert them; "
            "install pysqlite3-binary and start again (the file was left untouched)"
        )


def _backup(path: Path, driver: Driver) -> Path:
    """Copy the file (after a WAL checkpoint) to a dated name next to it."""
    conn = _plain(path, driver, with_vec=False)()
    try:
        conn.execute("pragma wal_checkpoint(truncate)")
    finally:
        conn.close()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.host-v2-backup-{stamp}")
    serial = 1
    while backup.exists():
        serial += 1
        backup = path.with_name(f"{path.name}.host-v2-backup-{stamp}-{serial}")
    shutil.copy2(path, backup)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            shutil.copy2(side, backup.with_name(backup.name + suffix))
    return backup


async def _convert(
    path: Path, driver: Driver, dim: int, model: str | None, backup: Path
) -> tuple[dict[str, int], str]:
    db = await open_connection(_plain(path, driver, with_vec=True))
    try:
        await db.execute("begin immediate")
        try:
            await _set_host_tables_aside(db)
            await _apply_schema(db)
            if driver.has_vec:
                await create_vector_tables(db, dim)
            counts = await copy_host_rows(db, dim, driver.has_vec, model)
            await db.execute(
                "insert or replace into meta (key, value) values ('adopted_from', ?)",
                (f"host memory v2, backup {backup.name}",),
            )
            await drop_host_tables(db)
            await db.execute(f"pragma user_version = {SCHEMA_VERSION}")
            await db.execute("commit")
        except BaseException:
            await db.execute("rollback")
            raise
    finally:
        await db.close()
    return counts


async def _set_host_tables_aside(db: aiosqlite.Connection) -> None:
    """Free our table and index names: drop the host's triggers, indexes, FTS
    and vector tables (their content is rebuilt from the rows), rename the rest."""
    hosts = tuple(HOST_RENAMES)
    rows = list(
        await db.execute_fetchall(
            "select type, name from sqlite_master where type in ('trigger', 'index')"
            f" and sql is not null and tbl_name in ({', '.join('?' * len(hosts))})",
            hosts,
        )
    )
    for kind, name in rows:
        await db.execute(f'drop {kind} if exists "{name}"')
    await db.execute("drop table if exists nodes_fts")
    for table in HOST_VEC_TABLES:
        await db.execute(f"drop table if exists {table}")
    for old, new in HOST_RENAMES.items():
        if await _has_table(db, old):
            await db.execute(f"alter table {old} rename to {new}")
