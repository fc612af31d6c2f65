"""Slow-path throughput: saving vectors and linking entities, episodes/s.

The hot path only queues a turn; the slow path (writepath/indexer.py with the
EntityLinker hook, wired as in main.py) embeds it and links the people and
things it mentions. This bench measures how many episodes/s that keeps up
with in a memory that already holds `--size` nodes (the hard corpus of
hard_corpus.py, copied from the latency bench's cache or built), with an
embedder that costs nothing, so only our own writes and lookups are timed:
from the first submit until the indexer has drained.

    PYTHONPATH=<dir holding agent_memory> python bench/slow_path.py
        [--size 100000] [--episodes 5000] [--dir /tmp/am-latency]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

from agent_memory.core.embeddings import EmbeddingService
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from agent_memory.writepath.indexer import EpisodeIndexer

# Sibling scripts (bench/ is run as scripts, its folder is on sys.path).
import hard_corpus  # noqa: E402  # isort: skip
from retrieval_latency import DIM, FixedEmbedder, random_vector  # noqa: E402  # isort: skip


async def throughput(path: Path, episodes: int) -> tuple[float, float]:
    """(episodes/s of wall time, episodes/s of this process's CPU time): on a
    shared machine the second says what the code can do, the first what it
    did next to the other load."""
    storage = await MemoryStorage.open(path, dim=DIM, batch_size=512)
    linker = EntityLinker(storage)
    embedder = EmbeddingService(FixedEmbedder(), DIM)
    indexer = EpisodeIndexer(storage, embedder, hooks=[linker.on_episodes])
    indexer.start()
    rng = random.Random(5)
    names, topics = hard_corpus.people(), hard_corpus.topics()
    texts = [
        f"{hard_corpus.SPEAKERS[i % 2]}: I talked to {rng.choice(names[:50])} about"
        f" {rng.choice(topics)} and {rng.choice(names)} said it felt good."
        for i in range(episodes)
    ]
    try:
        began, cpu = time.perf_counter(), time.process_time()
        for i, text in enumerate(texts):
            draft = EpisodeDraft(text, f"new-{i // 40}", "user", time.time())
            indexer.add(storage.nodes.submit_episode(draft))
            if i % 100 == 99:
                await asyncio.sleep(0)  # turns arrive over time
        await indexer.drain()
        wall = time.perf_counter() - began
        return episodes / wall, episodes / (time.process_time() - cpu)
    finally:
        await indexer.stop()
        await storage.close()


async def run(args: argparse.Namespace) -> None:
    source = Path(args.dir) / f"hard-{args.size}.db"
    if not source.exists():
        print(f"building {args.size} nodes in {source} ...", flush=True)
        await hard_corpus.build(source, args.size, DIM, random_vector)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "memory.db"
        shutil.copy(source, copy)
        wall, cpu = await throughput(copy, args.episodes)
    print(
        f"slow path at {args.size:,} nodes: {wall:,.0f} episodes/s"
        f" ({cpu:,.0f} per CPU second)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--episodes", type=int, default=5000)
    parser.add_argument("--dir", default="/tmp/am-latency")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
