"""What a user waits for: `remember`, a cold `search`, MCP `initialize` over stdio.

Each measurement is one real process as a user starts it (`python -m
agent_memory ...`), run --runs times after one warm-up (which also leaves the
bytecode cache an installed package has): wall time and the child's CPU time
(user + sys, which a busy machine does not inflate). MCP is timed with the
official client from spawning the server to the answer to `initialize`, then
the first `search_memory` call. A search that finds nothing where memories
exist, or a failed command, stops the benchmark: a fast empty answer is not a
fast answer.

    PYTHONPATH=<dir holding agent_memory> python bench/cli_speed.py
        [--runs 5] [--embedder local] [--dir /tmp/am-speed]

To compare with another version, point PYTHONPATH at a checkout of it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client

FACTS = [
    "Hana paints landscapes at the lake on Sundays",
    "Priya goes to the gym before work",
    "Lucia travelled to Porto in May",
    "Freya volunteers at the animal shelter by the beach",
]
TURNS = [
    ("user", "I spent the whole afternoon painting the old lighthouse"),
    ("assistant", "That sounds lovely, how did the painting turn out?"),
    ("user", "My sister Hana said the colours of the sea were perfect"),
    ("user", "Next week we drive to the mountains with the dog"),
]
QUERIES = ["what does Hana paint", "lighthouse painting", "trip to Porto"]


def environment() -> dict[str, str]:
    """The caller's environment, with bytecode caching on as in an install."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def command(data_dir: Path, embedder: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "agent_memory", "--db", str(data_dir)] + [
        "--embedder",
        embedder,
        *args,
    ]


def run(argv: list[str]) -> tuple[float, float, str]:
    """(wall s, CPU s of the child, stdout); a failed command raises."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=environment())
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv[3:])}\n{done.stderr}")
    return wall, cpu, done.stdout


def build(data_dir: Path, embedder: str) -> None:
    """A fresh memory: a few turns ingested with vectors, a few facts."""
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    source = data_dir / "turns.jsonl"
    now = time.time() - 3600
    rows = [
        {"thread_id": "t1", "role": role, "text": text, "time": now + 60 * n}
        for n, (role, text) in enumerate(TURNS)
    ]
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    run(command(data_dir, embedder, "ingest", str(source)))
    for fact in FACTS:
        run(command(data_dir, embedder, "remember", fact))


def stats(samples: list[tuple[float, float]]) -> dict[str, float]:
    walls = [wall for wall, _ in samples]
    return {
        "wall_median_s": round(statistics.median(walls), 2),
        "wall_min_s": round(min(walls), 2),
        "wall_max_s": round(max(walls), 2),
        "cpu_median_s": round(statistics.median(cpu for _, cpu in samples), 2),
    }


def time_remember(data_dir: Path, embedder: str, runs: int) -> dict[str, float]:
    samples = []
    for n in range(runs + 1):
        text = f"Bench fact {time.time_ns()} {n}: Omar keeps bees in the garden"
        wall, cpu, out = run(command(data_dir, embedder, "remember", text))
        if "stored" not in out:
            raise SystemExit(f"remember did not store: {out!r}")
        if n:  # the first run is the warm-up
            samples.append((wall, cpu))
    return stats(samples)


def time_search(data_dir: Path, embedder: str, runs: int) -> dict[str, float]:
    samples = []
    for n in range(runs + 1):
        query = QUERIES[n % len(QUERIES)]
        wall, cpu, out = run(command(data_dir, embedder, "search", query))
        if not any(line.startswith("#") for line in out.splitlines()):
            raise SystemExit(f"search {query!r} found nothing: {out!r}")
        if n:
            samples.append((wall, cpu))
    return stats(samples)


async def mcp_once(data_dir: Path, embedder: str) -> tuple[float, float]:
    """(s to the answer to initialize, s of the first search_memory call)."""
    argv = command(data_dir, embedder, "mcp")
    server = StdioServerParameters(command=argv[0], args=argv[1:], env=environment())
    began = time.perf_counter()
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        ready = time.perf_counter() - began
        began = time.perf_counter()
        result = await session.call_tool("search_memory", {"query": QUERIES[0]})
        first = time.perf_counter() - began
        text = result.content[0].text  # type: ignore[union-attr]
        if result.is_error or not json.loads(text).get("results"):
            raise SystemExit(f"MCP search_memory found nothing: {text}")
    return ready, first


def time_mcp(data_dir: Path, embedder: str, runs: int) -> dict[str, Any]:
    samples = [asyncio.run(mcp_once(data_dir, embedder)) for _ in range(runs + 1)][1:]
    inits = [init for init, _ in samples]
    return {
        "initialize_median_s": round(statistics.median(inits), 2),
        "initialize_max_s": round(max(inits), 2),
        "first_search_median_s": round(statistics.median(s for _, s in samples), 2),
        # From the spawn to the first search's results: what answering
        # `initialize` early must not make slower.
        "spawn_to_first_results_median_s": round(
            statistics.median(init + first for init, first in samples), 2
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--embedder", choices=("none", "local"), default="local")
    parser.add_argument("--dir", default="/tmp/am-speed")
    args = parser.parse_args()
    data_dir = Path(args.dir)
    build(data_dir, args.embedder)
    load = os.getloadavg()[0]
    report = {
        "embedder": args.embedder,
        "cpus": os.cpu_count(),
        "load_avg_1min": round(load, 1),
        "remember": time_remember(data_dir, args.embedder, args.runs),
        "cold_search": time_search(data_dir, args.embedder, args.runs),
        "mcp_stdio": time_mcp(data_dir, args.embedder, args.runs),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
