"""Purge: forgetting for good, as opposed to `soft_delete` (history kept).

A purge selects what goes (always inside the caller's scopes), then deletes
the node rows with their FTS rows (by trigger), vectors, edges, entity links,
the neighbours' copies of their text (the `context` column), the entities
left with no other mention (with their aliases and vectors) and the recorded
edits that name them (`entity_edits`: a whole scope's all go), the facts whose
every `derived_from` source goes, and the thread rows left empty. Then it
makes the bytes unrecoverable: secure_delete zeroes freed pages, FTS5
'optimize' rewrites the index without the old segments, VACUUM rebuilds the
file and a TRUNCATE checkpoint empties the WAL, which still held the text.

`plan` runs the same selection on the read connection, so a caller can show
what would go before asking for confirmation.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import aiosqlite

from ..core.errors import InputError
from ..core.records import PurgePlan, PurgeTarget, name_key
from ..core.scope import thread_key, write_scope
from ..core.text_caches import forget_cached_texts
from .base import Connections
from .rows import NODE_ID_FLOOR_KEY, SQL_TOP_NODE_ID, in_scope, json_ids
from .writes import drop_vectors, refresh_context_around, unmention

log = logging.getLogger(__name__)

Fetch = Callable[[str, Sequence[Any]], Awaitable[list[Any]]]
# The selection and deletes of one purge, run inside the backend's transaction.
Delete = Callable[[Any], Awaitable[PurgePlan]]
PREVIEW = 5
PREVIEW_CHARS = 80
IDS = "(select value from json_each(?))"  # a set of ids passed as one JSON array
DERIVED_ROUNDS = 20  # derived facts of derived facts: bounded


@dataclass(frozen=True)
class _Scope:
    """The caller's scope filters (plain and on the `n` alias) and its write
    scope, read in the caller's task: the writer's task has no view."""

    plain: str
    n: str
    write: str


@dataclass
class _Selection:
    node_ids: list[int] = field(default_factory=list)
    derived: int = 0
    entity_ids: list[int] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    edit_ids: list[int] = field(default_factory=list)


class SqlitePurge:
    def __init__(self, conn: Connections) -> None:
        self._conn = conn

    async def plan(self, target: PurgeTarget) -> PurgePlan:
        """What `execute(target)` would remove now, counted."""
        scope = _scope_sql(target)
        fetch = self._conn.rows
        chosen = await _select(fetch, target, scope, time.time())
        return await _count(fetch, chosen)

    async def execute(self, target: PurgeTarget) -> PurgePlan:
        """Remove for good what `plan(target)` shows; returns what went."""
        scope = _scope_sql(target)  # here: the writer task has no view
        vector_tables = self._conn.vector_tables
        now = time.time()

        async def delete(db: aiosqlite.Connection) -> PurgePlan:
            async def fetch(sql: str, params: Sequence[Any]) -> list[Any]:
                return list(await db.execute_fetchall(sql, tuple(params)))

            chosen = await _select(fetch, target, scope, now)
            plan = await _count(fetch, chosen)
            await _delete(db, fetch, chosen, vector_tables)
            return plan

        done = await self._erase(delete)
        forget_cached_texts()  # the process keeps no copy of the words either
        return done

    async def _erase(self, delete: Delete) -> PurgePlan:
        """Run `delete` in one transaction, then leave no copy in the file:
        alone in the writer, since VACUUM cannot run inside a transaction."""
        path = self._conn.path

        async def op(db: aiosqlite.Connection) -> PurgePlan:
            before = _file_bytes(path)
            await db.execute("pragma secure_delete = on")
            try:
                await db.execute("begin immediate")
                try:
                    plan = await delete(db)
                    await db.execute("commit")
                except BaseException:
                    await db.execute("rollback")
                    raise
                if not plan.empty:
                    await _scrub_files(db)
            finally:
                await db.execute("pragma secure_delete = off")
            return replace(
                plan, done=True, bytes_before=before, bytes_after=_file_bytes(path)
            )

        result: PurgePlan = await self._conn.writer.run_alone(op)
        return result


def _scope_sql(target: PurgeTarget) -> _Scope:
    """The current view's scopes. Purging a whole scope needs a view: an
    unrestricted caller (maintenance, `--scope all`) may not erase everything."""
    scope = _Scope(in_scope(), in_scope("n."), write_scope())
    if target.kind == "scope" and not scope.plain:
        raise InputError("purging a whole scope needs a scope (e.g. --scope user:ID)")
    return scope


# -- selection -------------------------------------------------------------------


async def _select(
    fetch: Fetch, target: PurgeTarget, scope: _Scope, now: float
) -> _Selection:
    chosen = _Selection()
    named = name_key(target.entity or "")
    if target.kind == "entity":
        chosen.entity_ids = await _entity_ids(fetch, named, scope.plain)
    sql, params = _roots(target, scope, now, chosen.entity_ids)
    roots = [row[0] for row in await fetch(sql, params)]
    chosen.node_ids = await _with_derived(fetch, roots, scope.n)
    chosen.derived = len(chosen.node_ids) - len(roots)
    ids = json_ids(chosen.node_ids)
    if target.kind == "scope":
        rows = await fetch(f"select id from entities where 1 = 1{scope.plain}", ())
    else:
        # Entities mentioned only by what goes: their names came from it.
        rows = await fetch(
            "select distinct entity_id from node_entities ne"
            f" where node_id in {IDS} and not exists (select 1 from node_entities o"
            f" where o.entity_id = ne.entity_id and o.node_id not in {IDS})",
            (ids, ids),
        )
    chosen.entity_ids = list(dict.fromkeys([*chosen.entity_ids, *(r[0] for r in rows)]))
    # Threads left without a single node.
    rows = await fetch(
        f"select distinct session_id from nodes n where id in {IDS}"
        " and session_id is not null and not exists (select 1 from nodes o"
        f" where o.session_id = n.session_id and o.id not in {IDS})",
        (ids, ids),
    )
    chosen.sessions = [row[0] for row in rows]
    chosen.edit_ids = await _edit_ids(fetch, target, scope, chosen.entity_ids, named)
    if target.kind == "entity" and not (chosen.entity_ids or chosen.edit_ids):
        raise InputError(f"no person or thing called {target.entity!r} in this memory")
    return chosen


def _roots(
    target: PurgeTarget, scope: _Scope, now: float, entity_ids: list[int]
) -> tuple[str, list[Any]]:
    """The query of the node ids the target names, before derived facts."""
    kind, scoped = target.kind, scope.plain
    if kind == "fact":
        # The fact and the older versions it replaced (they say nearly the same).
        return (
            # bigint: PostgreSQL types the recursive term by its first row
            "with recursive v(id) as (select cast(? as bigint)"
            " union select e.dst_id from edges e"
            " join v on e.src_id = v.id where e.type = 'supersedes')"
            f" select n.id from v join nodes n on n.id = v.id where 1 = 1{scope.n}",
            [target.fact_id],
        )
    if kind == "entity":
        # Nodes linked to this entity and to no other.
        return (
            "select n.id from node_entities ne join nodes n on n.id = ne.node_id"
            f" where ne.entity_id in {IDS}{scope.n}"
            " and not exists (select 1 from node_entities o where o.node_id = n.id"
            f" and o.entity_id not in {IDS})",
            [json_ids(entity_ids), json_ids(entity_ids)],
        )
    if kind == "thread":
        thread = target.thread_id or ""
        return (
            f"select id from nodes where session_id in (?, ?){scoped}",
            [thread, thread_key(thread, scope.write)],
        )
    if kind == "range":
        return (
            "select id from nodes where coalesce(event_time, created_at) >= ?"
            f" and coalesce(event_time, created_at) < ?{scoped}",
            [
                float("-inf") if target.after is None else target.after,
                float("inf") if target.before is None else target.before,
            ],
        )
    if kind == "scope":
        return f"select id from nodes where 1 = 1{scoped}", []
    if kind == "expired":
        return (
            f"select id from nodes where expires_at <= ?{scoped}",
            [now if target.before is None else target.before],
        )
    raise InputError(f"unknown purge kind {kind!r}")


async def _entity_ids(fetch: Fetch, key: str, scoped: str) -> list[int]:
    rows = await fetch(
        "select id from entities where (name_key = ? or id in (select entity_id"
        f" from entity_aliases where alias_key = ?)){scoped}",
        (key, key),
    )
    return [row[0] for row in rows]


async def _edit_ids(
    fetch: Fetch, target: PurgeTarget, scope: _Scope, entity_ids: list[int], named: str
) -> list[int]:
    """The recorded entity edits that go: all of a purged scope's; else those
    naming (as the entity or the value) a name or alias of an entity that
    goes, or the name purged (an entity deleted earlier has only its edits),
    each in its own scope. Names are compared folded (name_key), in Python."""
    if target.kind == "scope":
        rows = await fetch(f"select id from entity_edits where 1 = 1{scope.plain}", ())
        return [row[0] for row in rows]
    ids = json_ids(entity_ids)
    names = await fetch(
        f"select scope, name_key from entities where id in {IDS}"
        " union all select scope, alias_key from entity_aliases"
        f" where entity_id in {IDS}",
        (ids, ids),
    )
    gone = {(row[0], row[1]) for row in names}
    edits = await fetch(
        f"select id, scope, name, value from entity_edits where 1 = 1{scope.plain}", ()
    )
    return [
        row[0]
        for row in edits
        if {(row[1], name_key(row[2])), (row[1], name_key(row[3]))} & gone
        or (target.kind == "entity" and named in (name_key(row[2]), name_key(row[3])))
    ]


async def _with_derived(fetch: Fetch, roots: list[int], scoped_n: str) -> list[int]:
    """`roots` plus the facts every `derived_from` source of which goes."""
    chosen = list(dict.fromkeys(roots))
    for _ in range(DERIVED_ROUNDS):
        ids = json_ids(chosen)
        rows = await fetch(
            "select distinct e.src_id from edges e join nodes n on n.id = e.src_id"
            f" where e.type = 'derived_from' and e.dst_id in {IDS}"
            f" and e.src_id not in {IDS}{scoped_n}"
            " and not exists (select 1 from edges o where o.src_id = e.src_id"
            f" and o.type = 'derived_from' and o.dst_id not in {IDS})",
            (ids, ids, ids),
        )
        if not rows:
            break
        chosen.extend(row[0] for row in rows)
    return chosen


async def _count(fetch: Fetch, chosen: _Selection) -> PurgePlan:
    ids, entities = json_ids(chosen.node_ids), json_ids(chosen.entity_ids)
    by_type = {
        row[0]: row[1]
        for row in await fetch(
            f"select type, count(*) from nodes where id in {IDS} group by type", (ids,)
        )
    }
    (row,) = await fetch(
        f"select (select count(*) from entity_aliases where entity_id in {IDS}),"
        f" (select count(*) from edges where src_id in {IDS} or dst_id in {IDS}),"
        f" (select count(*) from node_entities where node_id in {IDS}"
        f"  or entity_id in {IDS})",
        (entities, ids, ids, ids, entities),
    )
    preview = await fetch(
        f"select content from nodes where id in {IDS} order by id limit ?",
        (ids, PREVIEW),
    )
    return PurgePlan(
        nodes_by_type=by_type,
        derived=chosen.derived,
        entities=len(chosen.entity_ids),
        aliases=row[0],
        edges=row[1],
        links=row[2],
        threads=len(chosen.sessions),
        edits=len(chosen.edit_ids),
        preview=tuple(r[0][:PREVIEW_CHARS] for r in preview),
    )


# -- deletion --------------------------------------------------------------------


async def _delete(
    db: aiosqlite.Connection, fetch: Fetch, chosen: _Selection, vector_tables: bool
) -> None:
    ids = json_ids(chosen.node_ids)
    await db.execute(  # the purged ids are never given again (rows.py)
        "insert or replace into meta (key, value)"
        f" select '{NODE_ID_FLOOR_KEY}', {SQL_TOP_NODE_ID}"
    )
    live = [
        row[0]
        for row in await fetch(
            f"select id from nodes where id in {IDS} and valid_until is null", (ids,)
        )
    ]
    await unmention(db, live)  # soft-deleted ones were uncounted already
    episodes = await fetch(
        f"select id, session_id from nodes where id in {IDS}"
        " and type = 'episodic' and session_id is not null",
        (ids,),
    )
    await drop_vectors(db, chosen.node_ids, vector_tables)
    for sql in (
        f"delete from edges where src_id in {IDS}",
        f"delete from edges where dst_id in {IDS}",
        f"delete from node_entities where node_id in {IDS}",
        f"delete from causal_checked where src_id in {IDS} or dst_id in {IDS}",
        f"delete from nodes where id in {IDS}",  # the FTS row goes by trigger
    ):
        await db.execute(sql, (ids,) * sql.count("json_each"))
    await _refresh_neighbours(db, episodes, set(chosen.sessions))
    entities = json_ids(chosen.entity_ids)
    if vector_tables:
        await db.execute(
            f"delete from vec_entities where entity_id in {IDS}", (entities,)
        )
    for sql in (
        f"delete from entity_aliases where entity_id in {IDS}",
        f"delete from node_entities where entity_id in {IDS}",
        f"delete from entities where id in {IDS}",
    ):
        await db.execute(sql, (entities,))
    await db.execute(
        f"delete from entity_edits where id in {IDS}", (json_ids(chosen.edit_ids),)
    )
    await db.executemany(
        "delete from sessions_consolidations where session_id = ?",
        [(s,) for s in chosen.sessions],
    )


async def _refresh_neighbours(
    db: aiosqlite.Connection, episodes: Sequence[Any], emptied: set[str]
) -> None:
    """The turns around each purged one held its text in their `context`:
    rebuild the valid ones', and empty the retired ones' (history needs no
    neighbour text, and nothing would rebuild it)."""
    threads = {row[1] for row in episodes} - emptied
    for row in episodes:
        if row[1] in threads:
            await refresh_context_around(db, row[1], row[0])
    await db.executemany(
        "update nodes set context = '' where session_id = ? and type = 'episodic'"
        " and valid_until is not null",
        [(thread,) for thread in threads],
    )


async def _scrub_files(db: aiosqlite.Connection) -> None:
    """Leave no copy of deleted text in the file or the WAL."""
    await db.execute("insert into nodes_fts (nodes_fts) values ('optimize')")
    await db.execute("vacuum")
    for _ in range(50):
        rows = list(await db.execute_fetchall("pragma wal_checkpoint(truncate)"))
        if not rows or rows[0][0] == 0:
            return
        await asyncio.sleep(0.1)  # a reader was in the WAL: wait for it
    log.warning("purge: the WAL could not be emptied (a reader kept it open)")


def _file_bytes(path: Path) -> int:
    total = 0
    for suffix in ("", "-wal"):
        file = path.with_name(path.name + suffix)
        total += file.stat().st_size if file.exists() else 0
    return total
