"""A memory opened read-only reads what is committed, even while a writer has
the file open, and refuses every write instead of changing the file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.store.writer import ReadOnlyMemory


async def test_a_read_only_memory_sees_a_live_writers_commits_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    writer = await MemoryStorage.open(path, dim=8)
    try:
        await writer.nodes.add_episode(EpisodeDraft("hello there", "t", "user", 1e9))
        reader = await MemoryStorage.open(path, dim=8, read_only=True)
        try:
            assert reader.read_only and reader.healthy
            assert await reader.admin.count_rows("nodes") == 1
            await writer.nodes.add_episode(EpisodeDraft("and again", "t", "user", 2e9))
            assert await reader.admin.count_rows("nodes") == 2  # live, via WAL
            with pytest.raises(ReadOnlyMemory):
                await reader.nodes.add_node(NodeDraft("semantic", "a fact"))
            await reader.nodes.record_access([1])  # looking changes nothing
        finally:
            await reader.close()
    finally:
        await writer.close()


async def test_a_read_only_open_of_an_older_schema_says_how_to_upgrade(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    storage = await MemoryStorage.open(path, dim=8)
    await storage.run_write(lambda db: db.execute("pragma user_version = 2"))
    await storage.close()
    before = path.read_bytes()
    with pytest.raises(Exception, match="reindex"):
        await MemoryStorage.open(path, dim=8, read_only=True)
    assert path.read_bytes() == before
    assert time.time() > 0
