"""A memory.db as the host's built-in memory ("memory v2") writes it (contract §10).

TEXT uuid ids, `thread_id`, `relation_type`, `canonical_name`, JSON aliases,
integer unix times, FTS5 kept by triggers and, when sqlite-vec loads, vec0
tables keyed by TEXT. Used by the adoption tests; the rows are realistic
(Russian text, aliases, one edge of each type, consolidation state).
"""

from __future__ import annotations

import json
import sqlite3
import struct
import uuid
from pathlib import Path
from typing import Any

from agent_memory.store.db import find_driver

# text-embedding-3-small's native width: with that model configured, the
# host's vectors are cut to the tests' 8 dimensions and kept; other widths show
# a vector from another model's space (the host's default gives 3,072).
HOST_WIDTH = 1536

HOST_DDL = """
create table nodes (
    id text primary key, type text not null, content text not null, embedding blob,
    event_time integer, created_at integer not null, valid_from integer not null,
    valid_until integer, confidence real default 1.0, access_count integer default 0,
    last_accessed integer, decay_rate real default 0.1, source_type text,
    source_role text, thread_id text, attributes text default '{}');
create index idx_nodes_type on nodes (type);
create index idx_nodes_thread on nodes (thread_id);
create table edges (
    id text primary key, source_id text not null references nodes (id),
    target_id text not null references nodes (id), relation_type text not null,
    predicate text, weight real default 1.0, confidence real default 1.0,
    valid_from integer, valid_until integer, evidence text, created_at integer);
create index idx_edges_source on edges (source_id);
create table entities (
    id text primary key, canonical_name text not null unique, type text,
    aliases text default '[]', summary text, embedding blob, first_seen integer,
    last_updated integer, mention_count integer default 0,
    attributes text default '{}');
create table node_entities (
    node_id text references nodes (id), entity_id text references entities (id),
    primary key (node_id, entity_id));
create table maintenance_metadata (key text primary key, value text);
create table threads_consolidations (
    thread_id text primary key, first_seen_at integer, consolidated_at integer);
create virtual table nodes_fts using fts5 (
    content, content = 'nodes', content_rowid = 'rowid', tokenize = 'unicode61');
create trigger nodes_fts_ai after insert on nodes begin
    insert into nodes_fts (rowid, content) values (new.rowid, new.content);
end;
create trigger nodes_fts_ad after delete on nodes begin
    insert into nodes_fts (nodes_fts, rowid, content)
    values ('delete', old.rowid, old.content);
end;
"""

T0 = 1_760_000_000


def host_vector(
    head: list[float] | None, tail: float = 0.3, width: int = HOST_WIDTH
) -> bytes:
    """A float32 host vector whose first 8 dims point along `head` (Matryoshka)."""
    values = [*(head or [0.0] * 8), *([tail] * (width - 8))]
    return struct.pack(f"{len(values)}f", *values)


class HostDb:
    """Writes host-format rows; `ids[name]` is the uuid given to a named row."""

    def __init__(
        self, path: Path, *, with_vec: bool = True, width: int = HOST_WIDTH
    ) -> None:
        driver = find_driver()
        self.conn: Any = driver.module.connect(str(path), isolation_level=None)
        self.vec = with_vec and driver.vec_path is not None
        if self.vec:
            self.conn.enable_load_extension(True)
            self.conn.load_extension(driver.vec_path)
        self.conn.execute("pragma journal_mode = wal")
        self.conn.executescript(HOST_DDL)
        if self.vec:
            for table, key in (("vec_nodes", "node_id"), ("vec_entities", "entity_id")):
                self.conn.execute(
                    f"create virtual table {table} using vec0("
                    f"{key} text primary key, embedding float[{width}])"
                )
        self.ids: dict[str, str] = {}

    def node(
        self, name: str, content: str, *, type: str = "episodic", thread: str = "t1",
        at: int = 0, embedding: bytes | None = None, **extra: Any,
    ) -> str:  # fmt: skip
        self.ids[name] = uid = str(uuid.uuid4())
        row = {
            "id": uid, "type": type, "content": content, "embedding": embedding,
            "event_time": T0 + at, "created_at": T0 + at, "valid_from": T0 + at,
            "source_type": "conversation", "source_role": "user",
            "thread_id": thread, "attributes": json.dumps({"lang": "ru"}), **extra,
        }  # fmt: skip
        self._insert("nodes", row)
        if self.vec and embedding is not None and row.get("valid_until") is None:
            self.conn.execute("insert into vec_nodes values (?, ?)", (uid, embedding))
        return uid

    def edge(self, src: str, dst: str, relation: str, **extra: Any) -> None:
        row = {
            "id": str(uuid.uuid4()), "source_id": self.ids[src],
            "target_id": self.ids[dst], "relation_type": relation,
            "valid_from": T0, "created_at": T0, **extra,
        }  # fmt: skip
        self._insert("edges", row)

    def entity(
        self,
        name: str,
        canonical: str,
        type: str,
        aliases: list[str],
        mentions: int,
        embedding: bytes | None = None,
    ) -> None:
        self.ids[name] = uid = str(uuid.uuid4())
        row = {
            "id": uid, "canonical_name": canonical, "type": type,
            "aliases": json.dumps(aliases, ensure_ascii=False), "summary": canonical,
            "first_seen": T0, "last_updated": T0 + 60, "mention_count": mentions,
            "embedding": embedding,
        }  # fmt: skip
        self._insert("entities", row)
        if self.vec and embedding is not None:
            self.conn.execute(
                "insert into vec_entities values (?, ?)", (uid, embedding)
            )

    def link(self, node: str, entity: str) -> None:
        self.conn.execute(
            "insert into node_entities values (?, ?)",
            (self.ids[node], self.ids[entity]),
        )

    def thread(self, thread: str, first_seen: int, consolidated: int | None) -> None:
        self.conn.execute(
            "insert into threads_consolidations values (?, ?, ?)",
            (thread, first_seen, consolidated),
        )

    def meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "insert into maintenance_metadata values (?, ?)", (key, value)
        )

    def _insert(self, table: str, row: dict[str, Any]) -> None:
        names = ", ".join(row)
        marks = ", ".join("?" * len(row))
        self.conn.execute(
            f"insert into {table} ({names}) values ({marks})", tuple(row.values())
        )

    def close(self) -> None:
        self.conn.close()


def sqlite_rows(path: Path, sql: str, *args: Any) -> list[Any]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()
