"""Adoption benchmark: time to convert a host memory v2 file of N nodes.

    python bench/adopt.py [--nodes 10000] [--width 3072] [--dim 256]
                          [--model text-embedding-3-large]

Builds a memory.db in the host's format (contract §10: TEXT uuids, 3,072-d
float32 vectors in nodes and vec_nodes, edges, entities with aliases, links,
thread consolidation state), then times `MemoryStorage.open` on it, which
backs it up and converts it in one transaction. The default model's native
width is 3,072, so every vector is cut and kept (the costly case); another
model leaves them all to the embedding backfill.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import struct
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from agent_memory.storage import MemoryStorage
from agent_memory.store.db import find_driver

DDL = """
create table nodes (id text primary key, type text, content text, embedding blob,
    event_time integer, created_at integer, valid_from integer, valid_until integer,
    confidence real, access_count integer, last_accessed integer, decay_rate real,
    source_type text, source_role text, thread_id text, attributes text);
create table edges (id text primary key, source_id text, target_id text,
    relation_type text, predicate text, weight real, confidence real,
    valid_from integer, valid_until integer, evidence text, created_at integer);
create table entities (id text primary key, canonical_name text, type text,
    aliases text, summary text, embedding blob, first_seen integer,
    last_updated integer, mention_count integer, attributes text);
create table node_entities (node_id text, entity_id text,
    primary key (node_id, entity_id));
create table maintenance_metadata (key text primary key, value text);
create table threads_consolidations (thread_id text primary key,
    first_seen_at integer, consolidated_at integer);
create virtual table nodes_fts using fts5 (content, content = 'nodes',
    content_rowid = 'rowid', tokenize = 'unicode61');
create trigger nodes_fts_ai after insert on nodes begin
    insert into nodes_fts (rowid, content) values (new.rowid, new.content);
end;
"""
WORDS = "кот рыба проект деплой Anna Berlin tea coffee release meeting отпуск".split()
TYPES = ("episodic", "episodic", "episodic", "semantic", "procedural", "opinion")
EDGE_TYPES = ("temporal", "causal", "entity", "derived_from", "supersedes")


def build(path: Path, nodes: int, width: int) -> None:
    rng = random.Random(7)
    driver = find_driver()
    conn: Any = driver.module.connect(str(path), isolation_level=None)
    if driver.vec_path is not None:
        conn.enable_load_extension(True)
        conn.load_extension(driver.vec_path)
    conn.execute("pragma journal_mode = wal")
    conn.executescript(DDL)
    if driver.vec_path is not None:
        conn.execute(
            "create virtual table vec_nodes using vec0("
            f"node_id text primary key, embedding float[{width}])"
        )
    conn.execute("begin")
    ids = [str(uuid.uuid4()) for _ in range(nodes)]
    t0 = 1_700_000_000
    for i, uid in enumerate(ids):
        blob = struct.pack(f"{width}f", *(rng.gauss(0, 1) for _ in range(width)))
        text = " ".join(rng.choices(WORDS, k=12))
        conn.execute(
            "insert into nodes values (?, ?, ?, ?, ?, ?, ?, null, 0.9, 0, null, 0.1,"
            " 'conversation', 'user', ?, '{}')",
            (uid, TYPES[i % 6], text, blob, t0 + i, t0 + i, t0 + i, f"t{i // 50}"),
        )
        if driver.vec_path is not None:
            conn.execute("insert into vec_nodes values (?, ?)", (uid, blob))
    for i in range(nodes * 2):
        a, b = rng.sample(ids, 2)
        conn.execute(
            "insert into edges values (?, ?, ?, ?, null, 1.0, 1.0, ?, null, ?, ?)",
            (str(uuid.uuid4()), a, b, EDGE_TYPES[i % 5], t0, json.dumps([a]), t0),
        )
    entities = [str(uuid.uuid4()) for _ in range(nodes // 20)]
    for i, uid in enumerate(entities):
        conn.execute(
            "insert into entities values"
            " (?, ?, 'person', ?, null, null, ?, ?, 3, '{}')",
            (uid, f"Person {i}", json.dumps([f"Персона {i}", f"P{i}"]), t0, t0),
        )
    for uid in ids:
        conn.execute(
            "insert or ignore into node_entities values (?, ?)",
            (uid, rng.choice(entities)),
        )
    for t in range(nodes // 50):
        conn.execute(
            "insert into threads_consolidations values (?, ?, ?)",
            (f"t{t}", t0, t0 + 99 if t % 2 else None),
        )
    conn.execute("commit")
    conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--width", type=int, default=3072)
    parser.add_argument("--dim", type=int, default=256)
    parser.add_argument("--model", default="text-embedding-3-large")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.db"
        started = time.perf_counter()
        build(path, args.nodes, args.width)
        size = path.stat().st_size / 1e6
        print(f"built {args.nodes} host nodes ({size:.0f} MB) in ", end="")
        print(f"{time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        storage = await MemoryStorage.open(
            path, dim=args.dim, embedding_model=args.model
        )
        adopted = time.perf_counter() - started
        stats = await storage.admin.stats()
        await storage.close()
        print(f"adoption (backup + conversion + open): {adopted:.1f} s; {stats}")


if __name__ == "__main__":
    asyncio.run(main())
