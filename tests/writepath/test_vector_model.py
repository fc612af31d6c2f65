"""Vectors of two models never mix: a memory started with another embedder
than the one its vectors come from searches by FTS and graph only until the
switch has re-embedded it (tests/writepath/test_reembed.py)."""

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
        await host.services.indexer.backfill()  # the switch, done
        model = await host.services.storage.admin.get_meta("embedding_model")
    assert "Vienna" in block  # still found, by its words
    # Only the switch embedded with the other model: each node once.
    assert sorted(t for call in other.calls for t in call) == [
        "Lena loves the opera",
        "My sister Lena moved to Vienna",
    ]
    assert model == "another-model"
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as host:
        assert host.services.embeddings is None  # back to the first: a switch too
