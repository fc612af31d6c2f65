"""The schema of memory.db and the forward migrations that bring old files to it.

`migrate` runs once per open, on the write connection, in one transaction:
numbered migrations first (only for files older than SCHEMA_VERSION), then the
idempotent DDL of schema.sql, then the sqlite-vec tables when vectors are on.
A file newer than this code is refused rather than downgraded. Nothing here
ever deletes stored vectors: vec tables of another width are left as they are.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

SCHEMA_VERSION = 5
SCHEMA = (Path(__file__).parent.parent / "schema.sql").read_text(encoding="utf-8")


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


async def _m003_scopes(db: aiosqlite.Connection) -> None:
    """v3 gives every node and entity a scope (core/scope.py); everything that
    exists moves into the default scope. Entity names and aliases become
    unique per scope, so both tables are rebuilt (foreign keys are off while
    migrating: dropping the old table must not cascade to node_entities)."""
    await db.execute(
        "alter table nodes add column scope text not null default 'default'"
    )
    await db.execute(
        "create table entities_v3 (id integer primary key, name text not null,"
        " name_key text not null, type text not null default 'concept'"
        " check (type in ('person', 'project', 'organization', 'place',"
        " 'concept', 'tool')), summary text, embedding blob,"
        " mention_count integer not null default 0, created_at real not null,"
        " updated_at real not null, attributes text not null default '{}',"
        " scope text not null default 'default', unique (scope, name_key))"
    )
    await db.execute(
        "insert into entities_v3 (id, name, name_key, type, summary, embedding,"
        " mention_count, created_at, updated_at, attributes) select id, name,"
        " name_key, type, summary, embedding, mention_count, created_at,"
        " updated_at, attributes from entities"
    )
    await db.execute("drop table entities")
    await db.execute("alter table entities_v3 rename to entities")
    await db.execute(
        "create table entity_aliases_v3 (alias_key text not null,"
        " alias text not null, entity_id integer not null"
        " references entities (id) on delete cascade,"
        " scope text not null default 'default', primary key (scope, alias_key))"
    )
    await db.execute(
        "insert into entity_aliases_v3 (alias_key, alias, entity_id)"
        " select alias_key, alias, entity_id from entity_aliases"
    )
    await db.execute("drop table entity_aliases")
    await db.execute("alter table entity_aliases_v3 rename to entity_aliases")


async def _m004_expiry(db: aiosqlite.Connection) -> None:
    """v4 lets a fact expire (`expires_at`); nothing stored before expires."""
    await db.execute("alter table nodes add column expires_at real")


async def _m005_entity_edits(db: aiosqlite.Connection) -> None:
    """v5 knows pets (`pet`, a type the check constraint must allow: the
    table is rebuilt as in v3); the `entity_edits` table comes from schema.sql."""
    await db.execute(
        "create table entities_v5 (id integer primary key, name text not null,"
        " name_key text not null, type text not null default 'concept'"
        " check (type in ('person', 'project', 'organization', 'place',"
        " 'concept', 'tool', 'pet')), summary text, embedding blob,"
        " mention_count integer not null default 0, created_at real not null,"
        " updated_at real not null, attributes text not null default '{}',"
        " scope text not null default 'default', unique (scope, name_key))"
    )
    await db.execute(
        "insert into entities_v5 (id, name, name_key, type, summary, embedding,"
        " mention_count, created_at, updated_at, attributes, scope) select id,"
        " name, name_key, type, summary, embedding, mention_count, created_at,"
        " updated_at, attributes, scope from entities"
    )
    await db.execute("drop table entities")
    await db.execute("alter table entities_v5 rename to entities")


MIGRATIONS: dict[int, Callable[[aiosqlite.Connection], Any]] = {
    2: _m002_consolidation_progress,
    3: _m003_scopes,
    4: _m004_expiry,
    5: _m005_entity_edits,
}


async def migrate(db: aiosqlite.Connection, dim: int, has_vec: bool) -> int | None:
    """Bring the file to SCHEMA_VERSION: forward migrations, then the idempotent DDL.

    Returns the width of the file's vector tables (None without sqlite-vec).
    """
    version = list(await db.execute_fetchall("pragma user_version"))[0][0]
    if version > SCHEMA_VERSION:
        raise RuntimeError(
            f"memory.db has schema version {version}, newer than this agent-memory "
            f"({SCHEMA_VERSION}); upgrade agent-memory instead of downgrading the file"
        )
    fresh = not await _has_table(db, "nodes")
    # Table rebuilds (v3) must not cascade; the pragma is a no-op in a transaction.
    await db.execute("pragma foreign_keys = off")
    width: int | None = None
    await db.execute("begin immediate")
    try:
        if not fresh:
            for target in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                log.info("migrating memory.db to schema version %d", target)
                await MIGRATIONS[target](db)
        await _apply_schema(db)
        if has_vec:
            width = await _open_vector_tables(db, dim)
        await db.execute(f"pragma user_version = {SCHEMA_VERSION}")
        await db.execute("commit")
    except BaseException:
        await db.execute("rollback")
        raise
    finally:
        await db.execute("pragma foreign_keys = on")
    return width


async def stored_vector_width(db: aiosqlite.Connection) -> int | None:
    rows = list(
        await db.execute_fetchall("select value from meta where key = 'vector_dim'")
    )
    return int(rows[0][0]) if rows else None


async def _open_vector_tables(db: aiosqlite.Connection, dim: int) -> int:
    """The vec tables' width: created at `dim` when new, else as stored.

    Opening with another `embedding_dimensions` (a typo, a read-only CLI
    command with other settings) must not cost the user their vectors: the
    tables and the stored vectors are kept and only `reindex` re-embeds.
    """
    stored = await stored_vector_width(db)
    if stored is not None and stored != dim:
        log.warning(
            "memory.db vectors are %d-d but embedding_dimensions is %d: the stored"
            " vectors are kept and search runs without them; set"
            " embedding_dimensions back to %d, or run `agent-memory reindex` to"
            " re-embed everything at %d",
            stored,
            dim,
            stored,
            dim,
        )
        return stored
    await create_vector_tables(db, dim)
    return dim


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


async def create_vector_tables(db: aiosqlite.Connection, dim: int) -> None:
    """The vec tables at `dim` (kept if they exist), recorded in meta."""
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
