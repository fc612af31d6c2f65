"""Where a windowed search's wall time goes on PostgreSQL, statement by statement.

Runs `search fts day` / `search fts week` of retrieval_latency.py (the same
questions within the day / week of their turn, FTS only) on the PostgreSQL
memory that backends.py built, records every statement each search sends
(its wall time as the client sees it: round trip, server and psycopg), then
runs each again under EXPLAIN ANALYZE for the server's planning and
execution time. `--reps N` asks every question N times (all in turn) and
keeps each question's least wall and client CPU time: a busy machine's
noise out, to compare two versions back to back. Prints per search: wall,
client CPU, statements, the sum of their client times, of their planning
and of their execution; then per statement kind (its first words) how often
a search sends it and its mean times. `--answers FILE` writes each search's
hit ids in order (to compare two versions' answers).

    PYTHONPATH=<dir holding agent_memory> python bench/pg_search_trace.py
        [--queries 100] [--reps 1] [--size 100000] [--dir /tmp/am-latency]
        [--answers ids.txt]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import time
from pathlib import Path
from typing import Any

from agent_memory.core.config import MemoryConfig
from agent_memory.retrieval import Retriever
from agent_memory.store.postgres.db import PgDb
from agent_memory.store.postgres.storage import PgStorage

import backends  # noqa: E402  # isort: skip
import retrieval_latency as rl  # noqa: E402  # isort: skip

SPANS = {"day": rl.DAY, "week": 7 * rl.DAY}


def kind_of(sql: str) -> str:
    """A statement's kind: its first words, spaces squeezed."""
    return re.sub(r"\s+", " ", sql).strip()[:70]


class Recorder:
    """Every statement PgDb sends while on: (sql, params, client ms)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, tuple[Any, ...], float]] = []
        self.on = False
        self._execute = PgDb.execute

    def __enter__(self) -> Recorder:
        execute = self._execute

        async def spy(db: PgDb, sql: str, params: Any = ()) -> Any:
            begin = time.perf_counter()
            try:
                return await execute(db, sql, params)
            finally:
                if self.on:
                    ms = 1000 * (time.perf_counter() - begin)
                    self.seen.append((sql, tuple(params), ms))

        PgDb.execute = spy  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        PgDb.execute = self._execute  # type: ignore[method-assign]


async def server_ms(
    storage: Any, sql: str, params: tuple[Any, ...]
) -> tuple[float, float]:
    """(planning, execution) ms of one statement, by EXPLAIN ANALYZE."""
    if not re.match(r"\s*(select|with)\b", sql, re.I):
        return 0.0, 0.0
    plan = await storage.index._conn.rows(
        "explain (analyze, format json) " + sql, params
    )
    top = plan[0][0][0]
    return float(top.get("Planning Time", 0.0)), float(top["Execution Time"])


async def trace(storage: Any, queries: int, reps: int) -> list[str]:
    """Each search's span, question and hit ids (after the printed report)."""
    rng = random.Random(1)
    _, prompts, _ = await rl.workload(storage, rng, queries, False)
    turns = await storage.nodes.list_nodes(limit=len(prompts), newest_first=False)
    retriever = Retriever(storage, None, MemoryConfig())
    lines: list[str] = []
    with Recorder() as rec:
        for span_name, span in SPANS.items():
            searches: list[list[Any]] = []
            pairs = list(zip(prompts, turns, strict=True))
            for prompt, turn in pairs[:10]:  # as retrieval_latency.measure warms
                window = rl.within(turn.when - turn.when % rl.DAY, span)
                await retriever.search(prompt + " again", window, reinforce=False)
            times: list[list[tuple[float, float]]] = [[] for _ in pairs]
            for _ in range(reps):  # all questions in turn, each a rep apart
                for i, (prompt, turn) in enumerate(pairs):
                    window = rl.within(turn.when - turn.when % rl.DAY, span)
                    rec.seen.clear()
                    rec.on = True
                    begin, cpu = time.perf_counter(), time.process_time()
                    hits = await retriever.search(prompt, window, reinforce=False)
                    wall = 1000 * (time.perf_counter() - begin)
                    times[i].append((wall, 1000 * (time.process_time() - cpu)))
                    rec.on = False
                    if len(times[i]) == 1:  # the statements of the first rep
                        searches.append([0.0, 0.0, list(rec.seen)])
                        found = [h.node.id for h in hits]
                        lines.append(f"{span_name}\t{prompt}\t{found}")
            for search, reps_of in zip(searches, times, strict=True):
                # the least disturbed rep: the least wall, the least CPU
                search[0] = min(wall for wall, _ in reps_of)
                search[1] = min(cpu for _, cpu in reps_of)
            await report(storage, span_name, searches)
    await retriever.drain()
    return lines


async def report(storage: Any, span: str, searches: list[Any]) -> None:
    walls, cpus, counts, clients, plans, execs = [], [], [], [], [], []
    kinds: dict[str, list[list[float]]] = {}
    for wall, cpu, seen in searches:
        walls.append(wall)
        cpus.append(cpu)
        counts.append(len(seen))
        clients.append(sum(ms for _, _, ms in seen))
        plan_sum = exec_sum = 0.0
        for sql, params, ms in seen:
            plan, run = await server_ms(storage, sql, params)
            plan_sum, exec_sum = plan_sum + plan, exec_sum + run
            kinds.setdefault(kind_of(sql), []).append([ms, plan, run])
        plans.append(plan_sum)
        execs.append(exec_sum)
    n = len(searches)

    def p(values: list[float]) -> str:
        return f"{statistics.median(values):6.2f} / {rl.percentile(values, 0.95):6.2f}"

    print(f"search fts {span}: {n} searches, p50 / p95 ms, {rl.load_average()}")
    print(f"  wall             {p(walls)}")
    print(f"  client CPU       {p(cpus)}")
    print(f"  statements       {p([float(c) for c in counts])}")
    print(f"  client (sum)     {p(clients)}")
    print(f"  planning (sum)   {p(plans)}")
    print(f"  execution (sum)  {p(execs)}")
    print("  per kind: per search, mean client / planning / execution ms")
    for kind, rows in sorted(kinds.items(), key=lambda kv: -sum(r[0] for r in kv[1])):
        means = [statistics.fmean(col) for col in zip(*rows, strict=True)]
        print(
            f"    {len(rows) / n:5.2f}  {means[0]:6.2f} {means[1]:6.2f}"
            f" {means[2]:6.2f}  {kind}"
        )


async def run(args: argparse.Namespace) -> None:
    server = backends.start_server(Path(args.dir) / "pg" / "data")
    try:
        url = backends.built_database(server, args.size)
        if args.prepare is not None:
            from agent_memory.store.postgres import storage as pg_storage

            configure = pg_storage._configure
            threshold = None if args.prepare < 0 else args.prepare

            async def configured(conn: Any) -> None:
                await configure(conn)
                conn.prepare_threshold = threshold

            pg_storage._configure = configured
        begin = time.perf_counter()
        storage = await PgStorage.open_url(url, dim=rl.DIM)
        print(f"opened in {time.perf_counter() - begin:.1f} s", flush=True)
        try:
            lines = await trace(storage, args.queries, args.reps)
        finally:
            await storage.close()
    finally:
        os.kill(server.get_pid(), signal.SIGINT)  # stop by PID (fast shutdown)
    if args.answers is not None:
        args.answers.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--dir", default="/tmp/am-latency")
    parser.add_argument("--answers", type=Path, default=None)
    parser.add_argument("--prepare", type=int, default=None)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
