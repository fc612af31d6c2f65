"""Hot-path ingestion benchmark: handler latency and durable throughput.

    python bench/ingest.py [--episodes 20000] [--prefill 100000] [--json]
    python bench/ingest.py --into /tmp/am-latency/hard-1000000.db

1. Handler latency: `MemoryExtension.on_user_message` timed per call (p50/p99),
   the way the host calls it, while the writer drains in the background, with
   secret scrubbing off and on (one turn in ten carries a fake secret), and the
   scrubber alone on a short turn and on a turn of `max_episode_chars`.
2. Durable throughput: episodes/s from the first submit until the writer has
   committed the last one (FTS triggers and neighbour context on), into an
   empty database and into one already holding `--prefill` nodes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from agent_memory.core.records import EpisodeDraft
from agent_memory.core.secrets import DEFAULT as scrub
from agent_memory.main import MemoryExtension
from agent_memory.storage import MemoryStorage

WORDS = (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike "
    "november oscar papa quebec romeo sierra tango uniform victor whiskey xray"
).split()


# Fake, made up for the benchmark.
SECRETS = (
    "my password is Xk81!pqZ",
    "key sk-proj-Q2xv8TnR0aLk3mW9pYc7HbJ5eFd1GsUo",
    "card 4111 1111 1111 1111",
    "postgres://app:S3cr3tPw0rd@db:5432/prod",
)


def sentence(n: int) -> str:
    words = " ".join(WORDS[(n * 7 + i * 3) % len(WORDS)] for i in range(12 + n % 9))
    return f"{words} {SECRETS[n // 10 % len(SECRETS)]}" if n % 10 == 0 else words


class BenchHost:
    """Just enough of the host context for the hot path."""

    def __init__(self, data_dir: Path, redact: bool = True) -> None:
        self.data_dir = data_dir
        self.config: dict[str, Any] = {"redact_secrets": redact}
        self.model_router = None
        self.logger = logging.getLogger("bench")

    def get_config(self, key: str, default: Any = None) -> Any:
        return default

    def subscribe(self, event: str, handler: Any) -> None:
        pass

    def subscribe_event(self, topic: str, handler: Any) -> None:
        pass


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def scrub_cost(repeat: int = 2000) -> dict[str, float]:
    """The scrubber alone: ms per short turn, and per turn of 32,000 chars."""
    short = [sentence(n) for n in range(repeat)]
    began = time.perf_counter()
    for text in short:
        scrub(text)
    per_short = (time.perf_counter() - began) * 1000 / repeat
    long = " ".join(sentence(n) for n in range(400))[:32_000]
    began = time.perf_counter()
    for _ in range(20):
        scrub(long)
    return {"short_ms": per_short, "32k_ms": (time.perf_counter() - began) * 50}


async def handler_latency(episodes: int, redact: bool = True) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        memory = MemoryExtension()
        await memory.initialize(BenchHost(Path(tmp), redact))
        await memory.start()
        timings = []
        for n in range(episodes):
            payload = {"text": sentence(n), "user_id": "u", "thread_id": f"t{n % 5}"}
            start = time.perf_counter()
            memory.on_user_message(payload)
            timings.append((time.perf_counter() - start) * 1000)
            if n % 100 == 99:
                await asyncio.sleep(0)  # let the writer run, as between turns
        await memory.stop()
        await memory.destroy()
    return {
        "p50_ms": statistics.median(timings),
        "p99_ms": percentile(timings, 0.99),
        "max_ms": max(timings),
    }


async def throughput(episodes: int, prefill: int, into: str = "") -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.db"
        if into:  # a copy of a built memory (the 1M hard corpus) instead
            shutil.copy(into, path)
            prefill = 0
        storage = await MemoryStorage.open(path, dim=256)
        for start in range(0, prefill, 5000):
            futures = [
                storage.nodes.submit_episode(
                    EpisodeDraft(sentence(n), f"old{n % 50}", "user", time.time())
                )
                for n in range(start, min(start + 5000, prefill))
            ]
            await asyncio.gather(*futures)
        began = time.perf_counter()
        futures = [
            storage.nodes.submit_episode(
                EpisodeDraft(sentence(n), f"t{n % 50}", "user", time.time())
            )
            for n in range(episodes)
        ]
        await asyncio.gather(*futures)
        elapsed = time.perf_counter() - began
        await storage.close()
    return episodes / elapsed


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--prefill", type=int, default=100_000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--into",
        default="",
        help="durable throughput into a copy of this memory.db (e.g. the 1M"
        " hard corpus of retrieval_latency.py) instead of --prefill; only that",
    )
    args = parser.parse_args()
    if args.into:
        eps = await throughput(args.episodes, 0, args.into)
        print(f"durable throughput into a copy of {args.into}: {eps:,.0f} episodes/s")
        return
    plain = await handler_latency(args.episodes, redact=False)
    latency = await handler_latency(args.episodes)
    cost = scrub_cost()
    result = {
        "handler_no_scrub": plain,
        "handler": latency,
        "scrubber": cost,
        "durable_eps_empty": await throughput(args.episodes, 0),
        f"durable_eps_{args.prefill}": await throughput(args.episodes, args.prefill),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for name, timing in (("scrubbing off", plain), ("scrubbing on", latency)):
        print(
            f"handler latency, {name}: p50 {timing['p50_ms']:.4f} ms, "
            f"p99 {timing['p99_ms']:.4f} ms, max {timing['max_ms']:.3f} ms"
        )
    print(
        f"scrubber alone: {cost['short_ms']:.4f} ms per short turn, "
        f"{cost['32k_ms']:.2f} ms per 32,000-char turn"
    )
    print(
        f"durable throughput, empty db: {result['durable_eps_empty']:,.0f} episodes/s"
    )
    print(
        f"durable throughput, {args.prefill:,} nodes: "
        f"{result[f'durable_eps_{args.prefill}']:,.0f} episodes/s"
    )


if __name__ == "__main__":
    asyncio.run(main())
