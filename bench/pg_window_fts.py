"""Where a windowed FTS leg's time goes on PostgreSQL (server time, EXPLAIN ANALYZE).

Runs `search fts week` of retrieval_latency.py (the same questions within the
week of their turn, FTS only) on the PostgreSQL memory that backends.py built
(schema v8: the leg reads the narrow node_text table, store/postgres/node_text.py),
captures each search's FTS leg statement, then times per question, min of
--reps, back to back: reading the window's rows (`window`), testing the
tsquery on each (`match`), ordering the matches by one ts_rank (`rank one`),
and the leg's own statement (`leg`: one ts_rank a term, weighted by idf).
`--dense` asks about the memory's most common content words instead (in
10-60 % of the turns), so that a week holds thousands of matches.

    PYTHONPATH=<dir holding agent_memory> python bench/pg_window_fts.py
        [--queries 100] [--reps 5] [--dense] [--dir /tmp/am-latency]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
from pathlib import Path
from typing import Any

from agent_memory.core.config import MemoryConfig
from agent_memory.retrieval import Retriever
from agent_memory.search.query_text import query_terms
from agent_memory.store.postgres.db import Pool
from agent_memory.store.postgres.index import PgIndex, tsquery
from agent_memory.store.postgres.storage import PgStorage

import backends  # noqa: E402  # isort: skip
import retrieval_latency as rl  # noqa: E402  # isort: skip

WHEN = "coalesce(n.event_time, n.created_at)"


async def common_words(storage: Any) -> list[str]:
    """Content words in 10-60 % of the turns (not names, not stop words)."""
    (row,) = await storage.index._conn.rows(
        "select most_common_elems::text::text[] as words,"
        " most_common_elem_freqs as freqs from pg_stats"
        " where tablename = 'node_text' and attname = 'fts'"
    )
    names = {
        r[0] for r in await storage.index._conn.rows("select name_key from entities")
    }
    return [
        w
        for w, f in zip(row["words"], row["freqs"], strict=False)
        if 0.1 <= f <= 0.6 and w.isascii() and w not in names and query_terms(w) == [w]
    ]


async def leg_statements(storage: Any, queries: int, dense: bool) -> list[Any]:
    """(sql, params, FTS5 match, window) of each week search's FTS leg statement."""
    rng = random.Random(1)
    _, prompts, _ = await rl.workload(storage, rng, queries, False)
    turns = await storage.nodes.list_nodes(limit=len(prompts), newest_first=False)
    if dense:
        words = await common_words(storage)
        prompts = [
            f"What did we say about {' '.join(rng.sample(words, 4))}?" for _ in prompts
        ]
    seen: list[Any] = []
    rows, search = Pool.rows, PgIndex.fts_search

    async def spy(self: Pool, sql: str, params: Any = ()) -> Any:
        if "ts_rank(" in sql:
            seen.append((sql, list(params)))
        return await rows(self, sql, params)

    async def leg(self: PgIndex, match: str, **kw: Any) -> Any:
        seen.append(match)
        return await search(self, match, **kw)

    retriever = Retriever(storage, None, MemoryConfig())
    out = []
    Pool.rows = spy  # type: ignore[method-assign]
    PgIndex.fts_search = leg  # type: ignore[method-assign]
    try:
        for prompt, turn in zip(prompts, turns, strict=True):
            window = rl.within(turn.when - turn.when % rl.DAY, 7 * rl.DAY)
            seen.clear()
            await retriever.search(prompt, window, reinforce=False)
            if len(seen) >= 2:  # the leg's match, then its statement
                out.append((*seen[1], seen[0], window))
    finally:
        Pool.rows = rows  # type: ignore[method-assign]
        PgIndex.fts_search = search  # type: ignore[method-assign]
        await retriever.drain()
    return out


async def timings(
    storage: Any, statements: list[Any], reps: int
) -> dict[str, list[float]]:
    conn = storage.index._conn
    times: dict[str, list[float]] = {}
    for sql, params, match, window in statements:
        query, terms = tsquery(match)
        rows = f"from node_text n where {WHEN} >= ? and {WHEN} < ?"
        span = [window.after, window.before]
        cases = {
            "window": (f"select count(*) {rows}", span),
            "match": (
                f"select count(*) {rows} and n.fts @@ ({query})",
                [*span, *terms],
            ),
            "rank one": (
                f"select n.id {rows} and n.fts @@ ({query})"
                f" order by ts_rank(n.fts, ({query}), 1) desc limit 50",
                [*span, *terms, *terms],
            ),
            "leg": (sql, params),
        }
        best: dict[str, float] = {}
        for _ in range(reps):  # the cases in turn: the same load for each
            for name, (text, args) in cases.items():
                plan = await conn.rows("explain (analyze, format json) " + text, args)
                ms = float(plan[0][0][0]["Execution Time"])
                best[name] = min(best.get(name, ms), ms)
        for name, ms in best.items():
            times.setdefault(name, []).append(ms)
    return times


async def run(args: argparse.Namespace) -> None:
    server = backends.start_server(Path(args.dir) / "pg" / "data")
    try:
        url = backends.built_database(server, 100_000)
        storage = await PgStorage.open_url(url, dim=rl.DIM)
        try:
            statements = await leg_statements(storage, args.queries, args.dense)
            times = await timings(storage, statements, args.reps)
        finally:
            await storage.close()
    finally:
        os.kill(server.get_pid(), signal.SIGINT)  # stop by PID (fast shutdown)
    print(
        f"{len(statements)} week searches, server ms (min of {args.reps}),",
        rl.load_average(),
    )
    for name, values in times.items():
        print(
            f"  {name:9} p50 {statistics.median(values):6.2f}"
            f"  p95 {rl.percentile(values, 0.95):6.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--dense", action="store_true")
    parser.add_argument("--dir", default="/tmp/am-latency")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
