"""Switching the embedding model re-embeds in the background, safely.

A real SQLite memory in the standalone host; the two models are fakes at the
process boundary (the embedding API), told apart by name and by their vectors.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.writepath import vector_model
from fakes import HashEmbedder

TEXTS = [
    f"Note {i}: the blue kettle number {i} is in cupboard {i % 3}" for i in range(20)
]


class NamedEmbedder(HashEmbedder):
    """A bag-of-words model with a name; `flip` gives it a different space."""

    def __init__(self, model: str, *, flip: bool = False, stall_after: int = -1):
        super().__init__(256)
        self.model = model
        self._flip = flip
        self._stall_after = stall_after  # calls served before it hangs ("kill")
        self.stalled = asyncio.Event()

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        if len(self.calls) == self._stall_after:
            self.stalled.set()
            await asyncio.Event().wait()  # the process dies here
        return await super().embed_batch(texts)

    def _embed(self, text: str) -> list[float] | None:
        vector = super()._embed(text)
        return vector[::-1] if vector is not None and self._flip else vector


async def meta(host: StandaloneHost, key: str) -> str | None:
    return await host.services.storage.admin.get_meta(key)


async def test_a_new_model_reembeds_everything_across_a_kill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vector_model, "ID_PAGE", 4)  # several batches
    old = NamedEmbedder("model-a")
    async with StandaloneHost(tmp_path, embedder=old) as host:
        for i, text in enumerate(TEXTS):
            await host.user_message(text, f"t{i}")
        await host.memory.drain()
        ids = sorted(await host.services.storage.index.node_embeddings(range(1, 100)))
    assert len(ids) == len(TEXTS)

    # Started with model-b: it dies after two batches of the switch.
    dying = NamedEmbedder("model-b", flip=True, stall_after=2)
    async with StandaloneHost(tmp_path, embedder=dying) as host:
        await asyncio.wait_for(dying.stalled.wait(), 10)
        assert host.services.embeddings is None  # no query of b against a's vectors
        block = await host.context_for("where is the blue kettle number 7?")
        assert "kettle number 7" in block  # search goes on, by FTS and graph
        mark = int(await meta(host, vector_model.MARK_KEY) or 0)
        assert await meta(host, vector_model.META_KEY) == "model-a"
    assert 0 < mark < ids[-1]

    new = NamedEmbedder("model-b", flip=True)
    async with StandaloneHost(tmp_path, embedder=new) as host:
        await host.services.indexer.backfill()
        assert await meta(host, vector_model.META_KEY) == "model-b"
        vectors = await host.services.storage.index.node_embeddings(ids)
        # A new turn after the switch gets model-b's vector at once.
        await host.user_message("a green teapot", "late")
        await host.memory.drain()
        late = await host.services.storage.index.node_embeddings([ids[-1] + 1])
    resumed = [text for call in new.calls for text in call]
    assert not any(t in resumed for t in TEXTS[: mark - 1])  # resumed, not redone
    nodes = dict(zip(ids, TEXTS, strict=True))
    for node_id, vector in vectors.items():
        assert vector == pytest.approx(new._embed(nodes[node_id]), abs=1e-6)
    assert late[ids[-1] + 1] == pytest.approx(new._embed("a green teapot"), abs=1e-6)

    async with StandaloneHost(tmp_path, embedder=NamedEmbedder("model-b")) as host:
        assert host.services.embeddings is not None  # the vector leg is back


async def test_switching_back_midway_redoes_every_node(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Half the index holds b's vectors: going back to a must redo all of it."""
    monkeypatch.setattr(vector_model, "ID_PAGE", 4)
    async with StandaloneHost(tmp_path, embedder=NamedEmbedder("model-a")) as host:
        for i, text in enumerate(TEXTS):
            await host.user_message(text, f"t{i}")
        await host.memory.drain()
    dying = NamedEmbedder("model-b", flip=True, stall_after=2)
    async with StandaloneHost(tmp_path, embedder=dying) as host:
        await asyncio.wait_for(dying.stalled.wait(), 10)
    back = NamedEmbedder("model-a")
    async with StandaloneHost(tmp_path, embedder=back) as host:
        assert host.services.embeddings is None
        await host.services.indexer.backfill()
        assert await meta(host, vector_model.META_KEY) == "model-a"
        vectors = await host.services.storage.index.node_embeddings(range(1, 100))
    assert len(vectors) == len(TEXTS)
    for vector, text in zip((vectors[k] for k in sorted(vectors)), TEXTS, strict=True):
        assert vector == pytest.approx(back._embed(text), abs=1e-6)
