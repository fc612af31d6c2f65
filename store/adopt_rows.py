"""Copying the host's memory v2 rows into our schema (see store/adopt.py).

Runs inside adopt's one transaction, after the host's tables were renamed to
`host_v2_*` and ours created. The host keys everything by TEXT uuids; we give
each row a new integer id in time order (ids order episodes in a thread, see
`consolidated_until_id`) and keep the uuid as `host_v2_id` in the attributes.
Inserting nodes fires our FTS triggers, so the text index is rebuilt as rows
arrive; the vector tables are filled from the kept vectors at the end. Only
vectors in our embedding model's space are kept (HostVectors); the rest are
left to the embedding backfill.
"""

from __future__ import annotations

import datetime as dt
import json
import struct
import time
from collections import Counter
from typing import Any

import aiosqlite

from ..core.embeddings import VectorCheck, matryoshka_native_width
from ..core.records import (
    EDGE_TYPES,
    ENTITY_TYPES,
    NODE_TYPES,
    dump_attributes,
    name_key,
)
from ..core.text import clean_text
from .rows import json_ids, pack_vector

HOST_RENAMES = {
    "node_entities": "host_v2_node_entities",
    "edges": "host_v2_edges",
    "nodes": "host_v2_nodes",
    "entities": "host_v2_entities",
}
# Dropped in this order: children before the tables they point to.
HOST_TABLES = (*HOST_RENAMES.values(), "threads_consolidations", "maintenance_metadata")
CHUNK = 500


def seconds(value: Any) -> float | None:
    """A host time (unix seconds as number or text, or ISO 8601) as unix seconds."""
    if value is None or value == "":
        return None
    if isinstance(value, int | float):
        return float(value)
    text = str(value).strip()
    try:
        return float(text)
    except ValueError:
        pass
    try:
        parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=dt.UTC)
    return parsed.timestamp()


def _get(row: Any, name: str, default: Any = None) -> Any:
    # sqlite3.Row's `in` looks at values, not column names
    value = row[name] if name in row.keys() else None  # noqa: SIM118
    return default if value is None else value


def _attributes(raw: Any, host_id: str, **extra: Any) -> str:
    try:
        loaded = json.loads(raw) if raw else {}
    except (TypeError, ValueError):
        loaded = {"host_v2_attributes": str(raw)}
    attributes = loaded if isinstance(loaded, dict) else {"host_v2_attributes": loaded}
    attributes["host_v2_id"] = host_id
    attributes.update({k: v for k, v in extra.items() if v is not None})
    return dump_attributes(attributes)


class HostVectors:
    """Keeps a host vector only when it is in our embedding model's space.

    The host stored its provider's native width (often 3,072: its default is
    text-embedding-3-large). Cut to our width that is still a vector of *its*
    model, in another space than our queries: vector search would compare
    unrelated spaces, and the backfill, which fills only missing vectors, would
    never repair it. So a vector is kept only when our model is a known
    Matryoshka model and the vector has exactly that model's native width;
    every other one is dropped, and the backfill re-embeds the node with our
    model (a wrong vector costs recall, a missing one an embedding call).
    """

    def __init__(self, dim: int, model: str | None) -> None:
        self.model = model
        self.native = matryoshka_native_width(model)
        self._check = VectorCheck(dim, "the host's memory")
        self.rows = 0
        self.kept = 0
        self.foreign: Counter[int] = Counter()  # width -> vectors not in our space

    def fit(self, blob: Any) -> bytes | None:
        """Our packed unit vector for the host's float32 `blob`, or None."""
        self.rows += 1
        if not isinstance(blob, bytes) or not blob or len(blob) % 4:
            return None
        width = len(blob) // 4
        if width != self.native:
            self.foreign[width] += 1
            return None
        # Narrower than ours (a model's native width below embedding_dimensions),
        # zero or non-finite: None, logged once by the check.
        fitted = self._check.fit(struct.unpack(f"{width}f", blob))
        if fitted is None:
            return None
        self.kept += 1
        return pack_vector(fitted)

    def why_dropped(self) -> str:
        """Why the vectors that were not kept were not (empty: all were kept)."""
        if self.rows == self.kept:
            return ""
        if self.model is None:
            return "no embedding model was named, so no host vector is known to fit"
        if self.native is None:
            return (
                f"{self.model} is not a known Matryoshka model, so no host vector"
                " is known to be in its space"
            )
        reasons = []
        if self.foreign:
            widths = "/".join(str(width) for width in sorted(self.foreign))
            reasons.append(
                f"{self.foreign.total()} host vectors are {widths}-d, not"
                f" {self.model}'s native {self.native}-d: another model's space"
            )
        if rest := self.rows - self.kept - self.foreign.total():
            reasons.append(f"{rest} had no vector or an unusable one")
        return "; ".join(reasons)


def vectors_line(nodes: HostVectors, entities: HostVectors) -> str:
    """The one log line on what became of the host's vectors, and why."""
    return (
        f"adopted vectors: {nodes.kept} of {nodes.rows} nodes' and"
        f" {entities.kept} of {entities.rows} entities' kept;"
        f" {nodes.rows - nodes.kept} nodes left for the embedding backfill to"
        f" re-embed with our model"
    ) + (f" ({why})" if (why := nodes.why_dropped()) else "")


async def _rows(db: aiosqlite.Connection, sql: str) -> Any:
    """The rows of `sql` in chunks, so 10k wide vectors never sit in memory at once."""
    cursor = await db.execute(sql)
    while chunk := await cursor.fetchmany(CHUNK):
        yield chunk
    await cursor.close()


async def _table_exists(db: aiosqlite.Connection, name: str) -> bool:
    rows = await db.execute_fetchall(
        "select 1 from sqlite_master where type = 'table' and name = ?", (name,)
    )
    return bool(list(rows))


async def copy_host_rows(
    db: aiosqlite.Connection, dim: int, has_vec: bool, model: str | None
) -> tuple[dict[str, int], str]:
    """Copy every host row into our tables; the counts and the vectors' line,
    for the log. `model` is our embedding model (None: keep no vector)."""
    node_vectors = HostVectors(dim, model)
    entity_vectors = HostVectors(dim, model)
    nodes = await _copy_nodes(db, node_vectors)
    entities, aliases = await _copy_entities(db, entity_vectors)
    counts = {
        "nodes": len(nodes),
        "edges": await _copy_edges(db, nodes),
        "entities": len(set(entities.values())),
        "aliases": aliases,
        "links": await _copy_links(db, nodes, entities),
        "threads": await _copy_threads(db),
    }
    await _copy_maintenance(db)
    if has_vec:
        await _fill_vector_tables(db)
    return counts, vectors_line(node_vectors, entity_vectors)


async def _copy_nodes(db: aiosqlite.Connection, vectors: HostVectors) -> dict[str, int]:
    ids: dict[str, int] = {}
    now = time.time()
    sql = "select * from host_v2_nodes order by created_at, rowid"
    async for chunk in _rows(db, sql):
        batch = []
        for row in chunk:
            new_id = len(ids) + 1
            ids[str(row["id"])] = new_id
            kind = _get(row, "type", "semantic")
            created = seconds(_get(row, "created_at")) or now
            confidence = float(_get(row, "confidence", 1.0))
            batch.append(
                (
                    new_id,
                    kind if kind in NODE_TYPES else "semantic",
                    clean_text(str(_get(row, "content", ""))),
                    seconds(_get(row, "event_time")),
                    created,
                    seconds(_get(row, "valid_from")) or created,
                    seconds(_get(row, "valid_until")),
                    confidence,
                    confidence,
                    int(_get(row, "access_count", 0)),
                    seconds(_get(row, "last_accessed")),
                    float(_get(row, "decay_rate", 0.1)),
                    str(_get(row, "source_type", "conversation")),
                    _get(row, "source_role"),
                    _get(row, "thread_id"),
                    _attributes(
                        _get(row, "attributes"),
                        str(row["id"]),
                        host_v2_type=None if kind in NODE_TYPES else kind,
                    ),
                    vectors.fit(_get(row, "embedding")),
                )
            )
        await db.executemany(
            "insert into nodes (id, type, content, event_time, created_at, valid_from,"
            " valid_until, confidence, base_confidence, access_count, last_accessed,"
            " decay_rate, source_type, source_role, session_id, attributes, embedding)"
            " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            batch,
        )
    return ids


def _evidence(raw: Any, nodes: dict[str, int]) -> str | None:
    """The host's JSON list of node uuids as a JSON list of our ids."""
    if raw is None:
        return None
    try:
        listed = json.loads(raw)
    except (TypeError, ValueError):
        return str(raw)
    if not isinstance(listed, list):
        return str(raw)
    return json_ids(nodes[str(i)] for i in listed if str(i) in nodes)


async def _copy_edges(db: aiosqlite.Connection, nodes: dict[str, int]) -> int:
    batch = []
    async for chunk in _rows(db, "select * from host_v2_edges order by rowid"):
        for row in chunk:
            src = nodes.get(str(row["source_id"]))
            dst = nodes.get(str(row["target_id"]))
            kind = _get(row, "relation_type")
            if src is None or dst is None or kind not in EDGE_TYPES:
                continue  # dangling or unknown: nothing we could traverse
            created = seconds(_get(row, "created_at")) or time.time()
            batch.append(
                (
                    src,
                    dst,
                    kind,
                    _get(row, "predicate"),
                    float(_get(row, "weight", 1.0)),
                    float(_get(row, "confidence", 1.0)),
                    seconds(_get(row, "valid_from")) or created,
                    seconds(_get(row, "valid_until")),
                    _evidence(_get(row, "evidence"), nodes),
                    created,
                )
            )
    await db.executemany(
        "insert or ignore into edges (src_id, dst_id, type, predicate, weight,"
        " confidence, valid_from, valid_until, evidence, created_at)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        batch,
    )
    return await _count(db, "edges")


async def _count(db: aiosqlite.Connection, table: str) -> int:
    rows = list(await db.execute_fetchall(f"select count(*) from {table}"))
    return int(rows[0][0])


def _aliases(raw: Any) -> list[str]:
    try:
        listed = json.loads(raw) if raw else []
    except (TypeError, ValueError):
        return []
    return (
        [clean_text(str(a)).strip() for a in listed] if isinstance(listed, list) else []
    )


async def _copy_entities(
    db: aiosqlite.Connection, vectors: HostVectors
) -> tuple[dict[str, int], int]:
    """Entities by casefolded name: two host entities with one name become one."""
    ids: dict[str, int] = {}
    by_key: dict[str, int] = {}
    now = time.time()
    sql = "select * from host_v2_entities order by first_seen, rowid"
    async for chunk in _rows(db, sql):
        for row in chunk:
            name = clean_text(str(_get(row, "canonical_name", ""))).strip()
            key = name_key(name)
            if not key:
                continue
            mentions = int(_get(row, "mention_count", 0))
            if key in by_key:
                ids[str(row["id"])] = by_key[key]
                await db.execute(
                    "update entities set mention_count = mention_count + ?"
                    " where id = ?",
                    (mentions, by_key[key]),
                )
            else:
                kind = _get(row, "type", "concept")
                created = seconds(_get(row, "first_seen")) or now
                cursor = await db.execute(
                    "insert into entities (name, name_key, type, summary, embedding,"
                    " mention_count, created_at, updated_at, attributes)"
                    " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        name,
                        key,
                        kind if kind in _ENTITY_TYPES else "concept",
                        _get(row, "summary"),
                        vectors.fit(_get(row, "embedding")),
                        mentions,
                        created,
                        seconds(_get(row, "last_updated")) or created,
                        _attributes(_get(row, "attributes"), str(row["id"])),
                    ),
                )
                assert cursor.lastrowid is not None
                by_key[key] = ids[str(row["id"])] = cursor.lastrowid
            await db.executemany(
                "insert or ignore into entity_aliases (alias_key, alias, entity_id)"
                " values (?, ?, ?)",
                [
                    (name_key(alias), alias, ids[str(row["id"])])
                    for alias in _aliases(_get(row, "aliases"))
                    if name_key(alias) and name_key(alias) not in by_key
                ],
            )
    return ids, await _count(db, "entity_aliases")


_ENTITY_TYPES = ENTITY_TYPES


async def _copy_links(
    db: aiosqlite.Connection, nodes: dict[str, int], entities: dict[str, int]
) -> int:
    if not await _table_exists(db, "host_v2_node_entities"):
        return 0
    rows = await db.execute_fetchall(
        "select node_id, entity_id from host_v2_node_entities"
    )
    pairs = [
        (nodes[str(n)], entities[str(e)])
        for n, e in rows
        if str(n) in nodes and str(e) in entities
    ]
    await db.executemany(
        "insert or ignore into node_entities (node_id, entity_id) values (?, ?)", pairs
    )
    return await _count(db, "node_entities")


async def _copy_threads(db: aiosqlite.Connection) -> int:
    """threads_consolidations -> sessions_consolidations. A consolidated thread is
    done up to its newest episode."""
    if not await _table_exists(db, "threads_consolidations"):
        return 0
    rows = await db.execute_fetchall("select * from threads_consolidations")
    for row in rows:
        thread = str(row["thread_id"])
        first = seconds(_get(row, "first_seen_at")) or time.time()
        done = seconds(_get(row, "consolidated_at"))
        stats = list(
            await db.execute_fetchall(
                "select count(*) filter (where type = 'episodic'),"
                " max(coalesce(event_time, created_at)),"
                " coalesce(max(id) filter (where type = 'episodic'), 0)"
                " from nodes where session_id = ?",
                (thread,),
            )
        )[0]
        await db.execute(
            "insert or replace into sessions_consolidations (session_id, first_seen,"
            " last_activity, episode_count, status, consolidated_at,"
            " consolidated_until_id) values (?, ?, ?, ?, ?, ?, ?)",
            (
                thread,
                first,
                max(first, stats[1] or first),
                stats[0],
                "pending" if done is None else "consolidated",
                done,
                0 if done is None else stats[2],
            ),
        )
    return await _count(db, "sessions_consolidations")


async def _copy_maintenance(db: aiosqlite.Connection) -> None:
    """The host's last-run times are kept as `host_v2.<key>` in meta, for the record."""
    if not await _table_exists(db, "maintenance_metadata"):
        return
    rows = await db.execute_fetchall("select key, value from maintenance_metadata")
    await db.executemany(
        "insert or replace into meta (key, value) values (?, ?)",
        [
            (f"host_v2.{key}", "" if value is None else str(value))
            for key, value in rows
        ],
    )


async def _fill_vector_tables(db: aiosqlite.Connection) -> None:
    await db.execute(
        "insert into vec_nodes (node_id, embedding) select id, embedding from nodes"
        " where valid_until is null and embedding is not null"
    )
    await db.execute(
        "insert into vec_nodes_bit (node_id, embedding)"
        " select node_id, vec_quantize_binary(embedding) from vec_nodes"
    )
    await db.execute(
        "insert into vec_entities (entity_id, embedding) select id, embedding"
        " from entities where embedding is not null"
    )


async def drop_host_tables(db: aiosqlite.Connection) -> None:
    for table in HOST_TABLES:
        await db.execute(f"drop table if exists {table}")
