"""Write functions that run inside the writer's transaction (see writer.py).

Each takes the write connection and returns plain values. The episode writer is
the hot path's other half: it assigns ids itself, inside the transaction, so a
whole burst of turns (their nodes, temporal edges, neighbour context and thread
rows) goes to SQLite as a handful of `executemany` calls.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Sequence

import aiosqlite

from ..core.records import (
    EntityType,
    EpisodeDraft,
    NodeDraft,
    dump_attributes,
    name_key,
)
from ..core.scope import DEFAULT_SCOPE
from ..core.text import clean_text
from .rows import SQL_NEXT_NODE_ID, marks

Turn = tuple[int, str, float]  # (node id, text, event time) of a thread's turn
NEIGHBOURS = 2  # turns on each side kept in an episode's context column
NEIGHBOUR_CHARS = 400  # of each neighbour's text


async def insert_episodes(
    db: aiosqlite.Connection, drafts: Sequence[EpisodeDraft]
) -> list[int]:
    """Write a burst of turns; returns their node ids in order."""
    # Ids are assigned here, inside the write transaction (the only writer
    # holds it), so edges and context for the whole burst can be computed
    # first and written with executemany.
    (row,) = await db.execute_fetchall(f"select {SQL_NEXT_NODE_ID}")
    first = int(row[0])
    return await write_episodes(db, drafts, range(first, first + len(drafts)))


async def write_episodes(
    db: aiosqlite.Connection, drafts: Sequence[EpisodeDraft], new_ids: Sequence[int]
) -> list[int]:
    """Write a burst of turns under the given new node ids."""
    now = time.time()
    threads = await _recent_episodes(
        db, list(dict.fromkeys(d.session_id for d in drafts)), 2 * NEIGHBOURS
    )
    known = {s: len(turns) for s, turns in threads.items()}
    ids, edges = [], []
    for next_id, draft in zip(new_ids, drafts, strict=True):
        turns = threads[draft.session_id]
        if turns:
            edges.append((turns[-1][0], next_id, "temporal", draft.event_time, now))
        turns.append((next_id, clean_text(draft.content), draft.event_time))
        ids.append(next_id)
    contexts = {
        turns[i][0]: _context(turns, i)
        for s, turns in threads.items()
        for i in range(max(known[s] - NEIGHBOURS, 0), len(turns))
    }
    texts = {node_id: text for turns in threads.values() for node_id, text, _ in turns}
    await db.executemany(
        "insert into nodes (id, type, content, context, event_time, created_at,"
        " valid_from, decay_rate, source_type, source_role, session_id, attributes,"
        " scope) values (?, 'episodic', ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)",
        [
            (
                node_id,
                texts[node_id],
                contexts[node_id],
                d.event_time,
                now,
                d.event_time,
                d.source_type,
                d.source_role,
                d.session_id,
                dump_attributes(d.attributes),
                d.scope,
            )
            for node_id, d in zip(ids, drafts, strict=True)
        ],
    )
    # Turns stored before this burst gain later neighbours: refresh them.
    fresh = set(ids)
    await db.executemany(
        "update nodes set context = ? where id = ?",
        [(ctx, node_id) for node_id, ctx in contexts.items() if node_id not in fresh],
    )
    await db.executemany(
        "insert or ignore into edges (src_id, dst_id, type, valid_from, created_at)"
        " values (?, ?, ?, ?, ?)",
        edges,
    )
    await db.executemany(
        "insert into sessions_consolidations (session_id, first_seen, last_activity,"
        " episode_count) values (?, ?, ?, 1) on conflict (session_id) do update set"
        " last_activity = max(sessions_consolidations.last_activity,"
        " excluded.last_activity),"
        " episode_count = sessions_consolidations.episode_count + 1,"
        " status = 'pending'",
        [(d.session_id, d.event_time, d.event_time) for d in drafts],
    )
    return ids


async def _recent_episodes(
    db: aiosqlite.Connection, sessions: Sequence[str], count: int
) -> dict[str, list[Turn]]:
    """The last `count` valid turns of each thread, oldest first, in one query."""
    one = (
        "select * from (select session_id, id, content,"
        " coalesce(event_time, created_at) from nodes where session_id = ?"
        " and type = 'episodic' and valid_until is null order by id desc limit ?)"
    )
    threads: dict[str, list[Turn]] = {s: [] for s in sessions}
    for start in range(0, len(sessions), 200):
        chunk = sessions[start : start + 200]
        rows = await db.execute_fetchall(
            " union all ".join([one] * len(chunk)),
            [value for s in chunk for value in (s, count)],
        )
        for row in rows:
            threads[row[0]].append((row[1], row[2], row[3]))
    for turns in threads.values():
        turns.sort()
    return threads


def _context(thread: Sequence[Turn], position: int) -> str:
    """The turn's date, then its neighbouring turns' text (the turn left out)."""
    lo, hi = max(position - NEIGHBOURS, 0), position + NEIGHBOURS + 1
    lines = [
        text[:NEIGHBOUR_CHARS]
        for index, (_, text, _) in enumerate(thread[lo:hi], start=lo)
        if index != position
    ]
    # The turn's own date leads the column: +0.8 R@10 on LoCoMo (docs/retrieval.md).
    return "\n".join([readable_date(thread[position][2]), *lines])


def readable_date(when: float) -> str:
    """The turn's day as people write it ("8 May 2023"), so that a search for
    "May 2023" or "8 May" finds the turns of that day (UTC)."""
    moment = dt.datetime.fromtimestamp(when, dt.UTC)
    return f"{moment.day} {moment:%B %Y}"


async def refresh_context_around(
    db: aiosqlite.Connection, session_id: str, node_id: int
) -> None:
    """Rebuild the context of the valid turns around `node_id` (after a delete)."""
    rows = await db.execute_fetchall(
        "select * from (select id, content, coalesce(event_time, created_at)"
        " from nodes where session_id = ?"
        " and type = 'episodic' and valid_until is null and id < ?"
        " order by id desc limit ?) union all select * from (select id, content,"
        " coalesce(event_time, created_at)"
        " from nodes where session_id = ? and type = 'episodic'"
        " and valid_until is null and id > ? order by id limit ?)",
        (session_id, node_id, 2 * NEIGHBOURS, session_id, node_id, 2 * NEIGHBOURS),
    )
    thread = sorted((row[0], row[1], row[2]) for row in rows)
    await db.executemany(
        "update nodes set context = ? where id = ?",
        [(_context(thread, i), thread[i][0]) for i in range(len(thread))],
    )


async def insert_nodes(
    db: aiosqlite.Connection, drafts: Sequence[NodeDraft]
) -> list[int]:
    now = time.time()
    ids = []
    for d in drafts:
        (row,) = await db.execute_fetchall(
            "insert into nodes (id, type, content, event_time, created_at,"
            " valid_from, confidence, base_confidence, decay_rate, source_type,"
            " source_role, session_id, attributes, scope, expires_at) values"
            f" ({SQL_NEXT_NODE_ID}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " returning id",
            (
                d.type,
                clean_text(d.content),
                d.event_time,
                now,
                now,
                d.confidence,
                d.confidence,
                d.decay_rate,
                d.source_type,
                d.source_role,
                d.session_id,
                dump_attributes(d.attributes),
                d.scope or DEFAULT_SCOPE,
                d.expires_at,
            ),
        )
        ids.append(int(row[0]))
    return ids


async def drop_vectors(
    db: aiosqlite.Connection, ids: Sequence[int], has_vectors: bool
) -> None:
    if ids and has_vectors:
        await db.executemany(
            "delete from vec_nodes where node_id = ?", [(i,) for i in ids]
        )
        await db.executemany(
            "delete from vec_nodes_bit where node_id = ?", [(i,) for i in ids]
        )


async def upsert_entity_row(
    db: aiosqlite.Connection,
    names: Sequence[str],
    type: EntityType,
    mentions: int,
    scope: str = DEFAULT_SCOPE,
) -> int:
    """The id of the entity of `scope` known by one of `names`, created if new."""
    now = time.time()
    keys = [name_key(n) for n in names if name_key(n)]
    rows = list(
        await db.execute_fetchall(
            "select id from entities where scope = ?"
            f" and name_key in ({marks(len(keys))})"
            " union all select entity_id from entity_aliases where scope = ?"
            f" and alias_key in ({marks(len(keys))}) limit 1",
            (scope, *keys, scope, *keys),
        )
    )
    if rows:
        entity_id = int(rows[0][0])
        await db.execute(
            "update entities set mention_count = mention_count + ?, updated_at = ?"
            " where id = ?",
            (mentions, now, entity_id),
        )
    else:
        (row,) = await db.execute_fetchall(
            "insert into entities (name, name_key, type, mention_count, created_at,"
            " updated_at, scope) values (?, ?, ?, ?, ?, ?, ?) returning id",
            (names[0], keys[0], type, mentions, now, now, scope),
        )
        entity_id = int(row[0])
    (canonical,) = list(
        await db.execute_fetchall(
            "select name_key from entities where id = ?", (entity_id,)
        )
    )
    await db.executemany(
        "insert or ignore into entity_aliases (alias_key, alias, entity_id, scope)"
        " values (?, ?, ?, ?)",
        [
            (name_key(n), n, entity_id, scope)
            for n in names
            if name_key(n) != canonical[0]
        ],
    )
    return entity_id


async def soft_delete_rows(
    db: aiosqlite.Connection, node_ids: Sequence[int], when: float, has_vectors: bool
) -> int:
    """Mark nodes invalid; returns how many were still valid.

    They leave the vector indexes (the FTS index by trigger), and their text
    leaves the context column of neighbouring turns.
    """
    ids = list(node_ids)
    rows = list(
        await db.execute_fetchall(
            "select id, session_id, type from nodes"
            f" where id in ({marks(len(ids))}) and valid_until is null",
            ids,
        )
    )
    live = [row["id"] for row in rows]
    if not live:
        return 0
    await db.executemany(
        "update nodes set valid_until = ? where id = ?",
        [(when, node_id) for node_id in live],
    )
    await unmention(db, live)
    await drop_vectors(db, live, has_vectors)
    for row in rows:
        if row["type"] == "episodic" and row["session_id"] is not None:
            await refresh_context_around(db, row["session_id"], row["id"])
    return len(live)


async def unmention(db: aiosqlite.Connection, node_ids: Sequence[int]) -> None:
    """The valid nodes `node_ids` stop counting as mentions of their entities
    (called before they are soft-deleted or purged): a forgotten fact no
    longer makes its people look talked about."""
    for start in range(0, len(node_ids), 500):
        chunk = list(node_ids[start : start + 500])
        await db.execute(
            "update entities set mention_count = max(0, mention_count -"
            " (select count(*) from node_entities ne where ne.entity_id = entities.id"
            f" and ne.node_id in ({marks(len(chunk))})))"
            " where id in (select entity_id from node_entities"
            f" where node_id in ({marks(len(chunk))}))",
            (*chunk, *chunk),
        )


async def link_rows(db: aiosqlite.Connection, pairs: Sequence[tuple[int, int]]) -> None:
    """Link (node id, entity id) pairs; each new link is one more mention."""
    wanted = list(dict.fromkeys(pairs))
    if not wanted:
        return
    nodes = list(dict.fromkeys(node_id for node_id, _ in wanted))
    rows = await db.execute_fetchall(
        "select node_id, entity_id from node_entities"
        f" where node_id in ({marks(len(nodes))})",
        nodes,
    )
    known = {(row["node_id"], row["entity_id"]) for row in rows}
    entities = list(dict.fromkeys(entity_id for _, entity_id in wanted))
    node_scopes = await _scopes_of(db, "nodes", nodes)
    entity_scopes = await _scopes_of(db, "entities", entities)
    # A link never crosses scopes: it would carry one person's node into
    # another's entity page.
    new = [
        (n, e)
        for n, e in wanted
        if (n, e) not in known
        and n in node_scopes
        and node_scopes[n] == entity_scopes.get(e)
    ]
    await db.executemany(
        "insert into node_entities (node_id, entity_id) values (?, ?)", new
    )
    await db.executemany(
        "update entities set mention_count = mention_count + 1 where id = ?",
        [(entity_id,) for _, entity_id in new],
    )


async def _scopes_of(
    db: aiosqlite.Connection, table: str, ids: Sequence[int]
) -> dict[int, str]:
    rows = await db.execute_fetchall(
        f"select id, scope from {table} where id in ({marks(len(ids))})", ids
    )
    return {row[0]: row[1] for row in rows}
