"""The user's question reaches the model before the turn the indexer stores.

The host stores the user's turn (the indexer embeds it whole, as a passage)
while get_context embeds it as the query (cut to the model's first words, so
the two are different texts). A local model runs one text at a time: the
query, which the user waits for, goes first, and the stored turn's run waits
until the context is built, unless the question needs that very run.
"""

from __future__ import annotations

import asyncio

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import EmbeddingService
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from fakes import HashEmbedder

pytestmark = pytest.mark.needs_vectors


class OneAtATime(HashEmbedder):
    """A local model at the process boundary: one run at a time, each taking
    a few ms off the event loop (as a model in a thread), in the order asked."""

    def __init__(self, events: list[str] | None = None) -> None:
        super().__init__(dim=8)
        self._lock = asyncio.Lock()
        self.events = [] if events is None else events

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        async with self._lock:
            self.calls.append(list(texts))
            self.events.append(f"model: {texts[0]}")
            await asyncio.sleep(0.01)
            return [self._embed(text) for text in texts]


async def memory(
    storage: MemoryStorage, model: OneAtATime
) -> tuple[EmbeddingService, Retriever]:
    service = EmbeddingService(model, 8, max_query_words=6)
    turn = "we talked about the garden and the plans for the summer with Lena"
    node = await storage.nodes.submit_episode(EpisodeDraft(turn, "t1", "user", 1.0))
    await storage.index.save_embeddings([(int(node), model._embed(turn))])
    retriever = Retriever(storage, service, MemoryConfig())
    await retriever.prepare()  # the intent exemplars, embedded at start-up
    model.calls.clear()
    return service, retriever


async def test_the_question_is_embedded_before_the_stored_turn(
    storage: MemoryStorage,
) -> None:
    model = OneAtATime()
    service, retriever = await memory(storage, model)
    await retriever.get_context("what about the garden?")  # names cached
    model.calls.clear()
    prompt = "what did we say about the garden plans for the summer last time?"
    block, _ = await asyncio.gather(
        retriever.get_context(prompt), service.embed_batch([prompt])
    )
    assert block is not None and "garden" in block
    assert model.calls == [["what did we say about the"], [prompt]]


async def test_the_stored_turn_is_embedded_once_the_context_is_built(
    storage: MemoryStorage,
) -> None:
    events: list[str] = []
    service, retriever = await memory(storage, OneAtATime(events))
    await retriever.get_context("what about the garden?")  # names cached
    events.clear()
    prompt = "what did we say about the garden plans for the summer last time?"

    async def answer() -> None:
        assert await retriever.get_context(prompt) is not None
        events.append("answered")

    await asyncio.gather(answer(), service.embed_batch([prompt]))
    assert events == [
        "model: what did we say about the",
        "answered",
        f"model: {prompt}",
    ]


async def test_a_question_whose_turn_is_held_runs_it_at_once(
    storage: MemoryStorage,
) -> None:
    # A fresh retriever reads its common names first, so the indexer asks for
    # the turn while the context is being built: its run is held, and the
    # question (the same short text) needs that very run.
    model = OneAtATime()
    service, retriever = await memory(storage, model)
    prompt = "where are the garden plans?"
    block, _ = await asyncio.wait_for(
        asyncio.gather(retriever.get_context(prompt), service.embed_batch([prompt])),
        timeout=10,
    )
    assert block is not None and "garden" in block
    assert model.calls == [[prompt]]
