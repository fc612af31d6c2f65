"""MCP round-trip latency of `search_memory` over stdio and streamable HTTP.

Builds (once, cached under --dir) a memory of --nodes synthetic conversation turns
with the product's own ingest (`agent-memory ingest`, the CLI's path through
writepath/ingest.py), then starts the real server (`agent-memory mcp`, and
`mcp --http`) as a subprocess, talks to it with a real `mcp.ClientSession` and
times each `call_tool("search_memory", ...)` from request to parsed answer.
Queries are word samples of stored turns. Reports p50/p95 in ms per transport.

    PYTHONPATH=<dir holding agent_memory> python bench/mcp_latency.py
        [--nodes 10000] [--queries 200] [--embedder none|local] [--dir /tmp/am-mcp]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

THREAD_TURNS = 40
VOCAB = 3000
PEOPLE = "Anna Ben Clara David Emma Felix Greta Hugo Ida Jonas Lena Max".split()
READY = "MCP over HTTP at "
WARMUP = 10


def word(rng: random.Random) -> str:
    """Zipf-like: low ranks are far more common (as in real text)."""
    rank = int(VOCAB ** rng.random())
    return f"w{rank}"


def turns(count: int, seed: int = 11) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    start = time.time() - count * 60
    rows = []
    for n in range(count):
        words = [word(rng) for _ in range(rng.randint(8, 24))]
        if rng.random() < 0.3:
            words.insert(rng.randint(0, len(words)), rng.choice(PEOPLE))
        rows.append(
            {
                "thread_id": f"t{n // THREAD_TURNS}",
                "role": "user" if n % 2 == 0 else "assistant",
                "text": " ".join(words),
                "time": start + n * 60,
            }
        )
    return rows


def cli(data_dir: Path, embedder: str, *args: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "agent_memory",
        "--db",
        str(data_dir),
        "--embedder",
        embedder,
        *args,
    ]


def build(data_dir: Path, nodes: int, embedder: str) -> list[str]:
    """The memory (cached) and queries sampled from its turns."""
    rows = turns(nodes)
    if not (data_dir / "memory.db").exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        source = data_dir / "turns.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        began = time.perf_counter()
        subprocess.run(cli(data_dir, embedder, "ingest", str(source)), check=True)
        print(f"ingested {nodes} turns in {time.perf_counter() - began:.0f} s")
    rng = random.Random(5)
    return [
        " ".join(rng.sample(row["text"].split(), 3))
        for row in rng.sample(rows, min(len(rows), 1000))
    ]


async def timed(session: ClientSession, queries: list[str]) -> list[float]:
    await session.initialize()
    for query in queries[:WARMUP]:
        await session.call_tool("search_memory", {"query": query})
    times = []
    for query in queries[WARMUP:]:
        began = time.perf_counter()
        result = await session.call_tool("search_memory", {"query": query})
        json.loads(result.content[0].text)  # type: ignore[union-attr]
        times.append((time.perf_counter() - began) * 1000)
        assert not result.is_error, result
    return times


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}


async def over_stdio(data_dir: Path, embedder: str, queries: list[str]) -> list[float]:
    command = cli(data_dir, embedder, "mcp")
    server = StdioServerParameters(
        command=command[0], args=command[1:], env=environment()
    )
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write) as session,
    ):
        return await timed(session, queries)


async def over_http(data_dir: Path, embedder: str, queries: list[str]) -> list[float]:
    command = cli(data_dir, embedder, "mcp", "--http", "--port", "0")
    process = await asyncio.create_subprocess_exec(
        *command, env=environment(), stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    try:
        while READY not in (line := (await process.stderr.readline()).decode()):
            if not line:
                raise RuntimeError("the server exited before it listened")
        url = line.split(READY)[1].strip()
        async with (
            streamable_http_client(url) as (read, write),
            ClientSession(read, write) as session,
        ):
            return await timed(session, queries)
    finally:
        process.terminate()
        await process.wait()


def summary(times: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(times, n=20)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(cuts[18], 2),
        "calls": len(times),
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--embedder", choices=("none", "local"), default="none")
    parser.add_argument("--dir", default="/tmp/am-mcp")
    args = parser.parse_args()
    data_dir = Path(args.dir) / f"{args.nodes}-{args.embedder}"
    queries = build(data_dir, args.nodes, args.embedder)[: args.queries + WARMUP]
    report = {
        "nodes": args.nodes,
        "embedder": args.embedder,
        "stdio": summary(await over_stdio(data_dir, args.embedder, queries)),
        "http": summary(await over_http(data_dir, args.embedder, queries)),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
