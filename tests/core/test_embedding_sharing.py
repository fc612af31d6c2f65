"""What the user waits for while a query is embedded.

The host stores the user's turn (the indexer embeds it) while get_context
embeds the same text as the query: one provider call serves both, whichever
starts first. A long query is embedded from its first words only, when the
model's profile says so; stored texts are embedded whole.
"""

from __future__ import annotations

import asyncio

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import (
    EmbeddingService,
    ModelProfile,
    register_profile,
)
from agent_memory.writepath.vector_model import find_embeddings
from fakes import HashEmbedder


class GatedEmbedder(HashEmbedder):
    """A provider whose calls finish only when the test opens the gate."""

    def __init__(self) -> None:
        super().__init__(dim=16)
        self.gate = asyncio.Event()

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        self.calls.append(list(texts))
        await self.gate.wait()
        return [self._embed(text) for text in texts]


class Capability:
    """The host's capability at the process boundary: (texts, model)."""

    def __init__(self) -> None:
        self.inner = GatedEmbedder()
        self.inner.gate.set()

    async def embed_batch(
        self, texts: list[str], model: str
    ) -> list[list[float] | None]:
        return await self.inner.embed_batch(texts)


class Router:
    def __init__(self, capability: Capability) -> None:
        self.capability = capability

    def get_capability(self, _: type) -> Capability:
        return self.capability


class Context:
    def __init__(self, capability: Capability) -> None:
        self.model_router = Router(capability)


def service_for(model: str, capability: Capability) -> EmbeddingService:
    config = MemoryConfig(embedding_model=model, embedding_dimensions=16)
    service = find_embeddings(Context(capability), config, logger=_Quiet())
    assert service is not None
    return service


class _Quiet:
    def info(self, *_: object) -> None: ...


async def test_the_same_text_embedded_twice_at_once_is_one_provider_call() -> None:
    capability = Capability()
    capability.inner.gate.clear()
    service = service_for("text-embedding-3-small", capability)
    turn = "we moved to Lisbon in May"
    stored = asyncio.ensure_future(service.embed_batch([turn, "and the cat"]))
    await asyncio.sleep(0)
    asked = asyncio.ensure_future(service.embed(turn, "query"))
    await asyncio.sleep(0)
    capability.inner.gate.set()
    vectors, vector = await stored, await asked
    assert capability.inner.calls == [[turn, "and the cat"]]
    assert vector is not None and vector == vectors[0]


async def test_a_caller_that_gives_up_does_not_take_the_vector_from_the_other() -> None:
    capability = Capability()
    capability.inner.gate.clear()
    service = service_for("text-embedding-3-small", capability)
    first = asyncio.ensure_future(service.embed("where are my keys", "query"))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(service.embed("where are my keys"))
    await asyncio.sleep(0)
    first.cancel()
    capability.inner.gate.set()
    assert await second is not None
    with pytest.raises(asyncio.CancelledError):
        await first
    assert capability.inner.calls == [["where are my keys"]]


async def test_a_long_query_is_embedded_from_its_first_words() -> None:
    register_profile("clipped-model", ModelProfile(max_query_words=5))
    capability = Capability()
    service = service_for("clipped-model", capability)
    long = "what did Anna say\nabout the  garden and the plans last summer?"
    await service.embed(long, "query")
    await service.embed("short  question\nhere?", "query")
    await service.embed(long)  # stored whole
    assert capability.inner.calls == [
        ["what did Anna say about"],
        ["short  question\nhere?"],  # within the cap: the text as it came
        [long],
    ]


async def test_models_without_a_cap_embed_the_whole_query() -> None:
    capability = Capability()
    service = service_for("text-embedding-3-small", capability)
    long = " ".join(f"word{i}" for i in range(200))
    await service.embed(long, "query")
    assert capability.inner.calls == [[long]]
