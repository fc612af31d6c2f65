"""Slow-path work a process did not finish is done by the next start and reindex.

Turns are stored with no slow path running (as when a process is killed
between a turn's commit and its entity linking); the next start's indexer,
or `reindex`, links them, and a turn already linked is not linked twice.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from agent_memory.core.records import EpisodeDraft
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from agent_memory.writepath.indexer import EpisodeIndexer
from agent_memory.writepath.ingest import ingest_turn
from fakes import FakeHostContext, running

PEOPLE = ["Alice", "Bob", "Carol", "Dmitri", "Erin"]


def said(n: int) -> str:
    return f"Yesterday I had lunch with {PEOPLE[n % 5]} and talked about plans {n}."


async def store_unindexed(db: Path, first: int, count: int) -> None:
    """Turns committed with no indexer at all: nothing links them."""
    storage = await MemoryStorage.open(db, dim=8)
    try:
        for n in range(first, first + count):
            draft = EpisodeDraft(said(n), "t1", "user", time.time())
            await storage.nodes.add_episode(draft)
    finally:
        await storage.close()


async def links(storage: Any) -> dict[str, int]:
    async def op(db: Any) -> dict[str, int]:
        cursor = await db.execute(
            "select e.name, count(*) from node_entities l"
            " join entities e on e.id = l.entity_id group by e.name"
        )
        return {row[0]: row[1] for row in await cursor.fetchall()}

    return dict(await storage.run_write(op))


async def test_the_next_start_links_turns_the_slow_path_never_reached(
    host: FakeHostContext,
) -> None:
    db = host.data_dir / "memory.db"
    # A first process links its turns, then is "killed" before the rest.
    async with running(host) as memory:
        for n in range(10):
            memory.on_user_message(
                {"text": said(n), "user_id": None, "channel": None, "thread_id": "t1"}
            )
        await memory.drain()
        assert sum((await links(memory.services.storage)).values()) == 10
    await store_unindexed(db, 10, 190)

    async with running(host) as memory:
        await memory.drain()
        found = await links(memory.services.storage)

    assert found == {name: 40 for name in PEOPLE}  # each turn linked once


async def test_reindex_links_unlinked_turns(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    await store_unindexed(db, 0, 50)
    storage = await MemoryStorage.open(db, dim=8)
    try:
        assert await links(storage) == {}
        indexer = EpisodeIndexer(
            storage, None, hooks=[EntityLinker(storage).on_episodes]
        )
        report = await reindex(storage, indexer)
        assert report.linked == 50
        assert await links(storage) == {name: 10 for name in PEOPLE}
        assert (await reindex(storage, indexer)).linked == 0  # nothing left
        # live turns after a catch-up are linked by the running task, once
        indexer.start()
        await ingest_turn(
            storage, indexer, said(0), thread_id="t9", role="user", limit=999
        )
        await indexer.drain()
        await indexer.stop()
        assert (await links(storage))["Alice"] == 11
    finally:
        await storage.close()
