"""Vectors of two models never mix: a memory started with another embedder
than the one its vectors come from searches by FTS and graph only."""

from __future__ import annotations

from pathlib import Path

from agent_memory.standalone.host import StandaloneHost
from fakes import HashEmbedder


class OtherModel(HashEmbedder):
    model = "another-model"


async def test_a_second_model_does_not_search_or_store_next_to_the_first(
    tmp_path: Path,
) -> None:
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as host:
        await host.user_message("My sister Lena moved to Vienna", "t1")
        await host.memory.drain()
        assert host.services.embeddings is not None
    other = OtherModel(256)
    async with StandaloneHost(tmp_path, embedder=other) as host:
        assert host.services.embeddings is None  # FTS and graph only
        await host.user_message("Lena loves the opera", "t1")
        await host.memory.drain()
        block = await host.context_for("Where does Lena live?")
        missing = await host.services.storage.index.count_missing_embeddings()
    assert "Vienna" in block  # still found, by its words
    assert other.calls == [] and missing == 1  # nothing embedded by the other model
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as host:
        assert host.services.embeddings is not None  # the first model again
