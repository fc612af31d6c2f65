"""Purge residue and file sizes: "forget everything about me" in a shared file.

Two people, `--turns` turns each (256-d vectors), one turn in fifty of the
first person's carrying a distinctive text. Purges the first person's whole
scope and reports the hits of that text in the raw bytes of memory.db, -wal
and -shm before and after (must be 0 after), the files' sizes, the time, and
what the second person still has.

    PYTHONPATH=<dir holding agent_memory> python bench/purge.py [--turns 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from agent_memory.core.records import EpisodeDraft, NodeDraft, PurgeTarget
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity

SECRET = "Xylophrastic-90817"
WORDS = "harbour boat sailing weather friend dinner project coffee music".split()
PEOPLE = ("user:alice", "user:bob")


def residue(path: Path, text: str) -> int:
    hits = 0
    for suffix in ("", "-wal", "-shm"):
        file = path.with_name(path.name + suffix)
        if file.exists():
            data = file.read_bytes()
            hits += data.count(text.encode()) + data.count(text.lower().encode())
    return hits


def unit(rnd: random.Random, dim: int) -> list[float]:
    values = [rnd.random() - 0.5 for _ in range(dim)]
    norm = sum(v * v for v in values) ** 0.5
    return [v / norm for v in values]


async def fill(storage: MemoryStorage, turns: int, rnd: random.Random) -> None:
    for scope in PEOPLE:
        with using_view(view_of_scope(scope)):
            futures = []
            for i in range(turns):
                text = " ".join(rnd.choice(WORDS) for _ in range(12))
                if scope == PEOPLE[0] and i % 50 == 0:
                    text += f" my code is {SECRET}"
                draft = EpisodeDraft(
                    text, f"t{i // 100}@{scope}", "user", 1.7e9 + i, scope=scope
                )
                futures.append(storage.nodes.submit_episode(draft))
            ids = [int(i) for i in await asyncio.gather(*futures)]
            await storage.index.save_embeddings([(i, unit(rnd, 256)) for i in ids])
            fact = f"The code is {SECRET}" if scope == PEOPLE[0] else "Bob likes tea"
            await storage.nodes.add_node(NodeDraft("semantic", fact))
            if scope == PEOPLE[0]:  # a recorded entity edit holds the name too
                await storage.entities.upsert_entity("Locker", type="concept")
                await edit_entity(storage, "alias_add", "Locker", f"locker {SECRET}")


async def run(turns: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.db"
        storage = await MemoryStorage.open(path, dim=256)
        try:
            await fill(storage, turns, random.Random(1))
            await storage.drain()
            before = residue(path, SECRET)
            with using_view(view_of_scope(PEOPLE[0])):
                started = time.perf_counter()
                done = await storage.purge.execute(PurgeTarget("scope"))
                took = time.perf_counter() - started
            with using_view(view_of_scope(PEOPLE[1])):
                kept = (await storage.admin.stats()).nodes_by_type
        finally:
            await storage.close()
        print(
            f"residue {before} -> {residue(path, SECRET)} hits;"
            f" purged {done.nodes} nodes in {took:.2f} s;"
            f" db+wal {done.bytes_before / 1e6:.1f} -> {done.bytes_after / 1e6:.1f} MB;"
            f" the other person keeps {kept}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=5000)
    asyncio.run(run(parser.parse_args().turns))


if __name__ == "__main__":
    main()
