"""get_context end to end: a real DB, the host's events, a deterministic embedder."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from agent_memory.config import MemoryConfig
from agent_memory.intent import EmbeddingIntentClassifier
from agent_memory.main import MemoryExtension
from agent_memory.records import EdgeDraft, NodeDraft
from agent_memory.retrieval import THREAD_TAIL_TURNS, Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.tokens import count_tokens
from fakes import FakeHostContext, HashEmbedder


@dataclass
class Turn:
    agent_id: str | None = "main"
    channel_id: str | None = "cli"
    user_id: str | None = "u1"
    thread_id: str | None = "t2"  # asked in a later conversation than `say`'s


class EmbeddingAPI:
    """The host's embedding capability: `embed_batch(texts, model)`, counted."""

    def __init__(self, dim: int) -> None:
        self.embedder = HashEmbedder(dim)

    async def embed_batch(self, texts: list[str], model: str) -> list[Any]:
        return await self.embedder.embed_batch(texts)


class Router:
    def __init__(self, capability: EmbeddingAPI) -> None:
        self.capability = capability

    def get_capability(self, protocol: type) -> EmbeddingAPI:
        return self.capability

    def get_model(self, name: str) -> Any:
        raise KeyError(name)


@asynccontextmanager
async def running(host: FakeHostContext) -> AsyncIterator[MemoryExtension]:
    """The extension through the host's lifecycle: initialize, start ... stop."""
    ext = MemoryExtension()
    await ext.initialize(host)
    await ext.start()
    try:
        yield ext
    finally:
        await ext.stop()
        await ext.destroy()


async def say(
    host: FakeHostContext, ext: MemoryExtension, text: str, thread: str | None = "t1"
) -> None:
    await host.emit(
        "user_message", {"text": text, "user_id": "u1", "thread_id": thread}
    )
    await ext.drain()


async def test_get_context_end_to_end_with_embedder(host: FakeHostContext) -> None:
    api = EmbeddingAPI(256)
    host.model_router = Router(api)
    async with running(host) as ext:
        await say(host, ext, "My sister Olga lives in Tallinn and loves sailing")
        await say(host, ext, "The quarterly report is due on Friday")
        prompt = "Where does Olga live?"
        # The host stores the turn before asking; no thread to tell it apart.
        await say(host, ext, prompt, thread=None)
        calls = len(api.embedder.calls)
        block = await ext.get_context(prompt, Turn(thread_id=None))
        assert block is not None
        assert "Tallinn" in block and "## Memory" in block
        assert prompt not in block  # the question itself is not a memory
        prompts_embedded = [c for c in api.embedder.calls[calls:] if prompt in c]
        assert prompts_embedded == [[prompt]]  # embedded once for the whole turn


async def test_small_talk_gets_no_memory(host: FakeHostContext) -> None:
    host.model_router = Router(EmbeddingAPI(256))
    async with running(host) as ext:
        await say(host, ext, "Our flat in Riga has a balcony facing the river")
        await say(host, ext, "The boiler was serviced in March by Jonas")
        assert ext.retriever is not None
        await ext.retriever.drain()  # exemplars were embedded at start-up
        assert isinstance(ext.retriever.intent_classifier, EmbeddingIntentClassifier)
        for chat in ("hi", "thanks!", "ok, sounds good", "привет"):
            assert await ext.get_context(chat, Turn()) is None, chat
        block = await ext.get_context("when was the boiler serviced?", Turn())
        assert block is not None and "Jonas" in block


async def test_the_threads_last_turns_are_left_out(host: FakeHostContext) -> None:
    async with running(host) as ext:
        await say(host, ext, "The wifi password is on the fridge magnet", "t2")
        for n in range(THREAD_TAIL_TURNS):
            await say(host, ext, f"Step {n} of fixing the wifi router", "t2")
        block = await ext.get_context("what about the wifi?", Turn()) or ""
        # The model has the thread's last turns in front of it; older ones
        # and other threads' are memory.
        assert "fridge magnet" in block and "Step" not in block
        other = await ext.get_context("what about the wifi?", Turn(thread_id="t3"))
        assert other is not None and "Step" in other


async def test_get_context_without_embedder(host: FakeHostContext) -> None:
    async with running(host) as ext:
        await say(host, ext, "Our cat is called Pixel")
        assert "Pixel" in (
            await ext.get_context("what is the cat called", Turn()) or ""
        )
        assert await ext.get_context("zzz qqq", Turn()) is None
        assert await ext.get_context("   ", Turn()) is None


class BrokenEmbedder:
    dim = 8

    async def embed_batch(self, texts: list[str]) -> list[Any]:
        raise ConnectionError("embedding service down")


async def test_get_context_survives_a_broken_embedder(storage: MemoryStorage) -> None:
    await storage.add_node(NodeDraft("semantic", "the spare key is under the mat"))
    r = Retriever(storage, BrokenEmbedder(), MemoryConfig(embedding_dimensions=8))
    block = await r.get_context("where is the spare key")
    assert block is not None and "under the mat" in block


async def test_budget_never_exceeded_on_long_memories(storage: MemoryStorage) -> None:
    long = "garden " + "tomatoes basil and a very long story about soil " * 80
    ids = await storage.add_nodes(
        [NodeDraft("semantic", f"{i} {long}") for i in range(40)]
    )
    anna = await storage.upsert_entity("Anna", type="person")
    await storage.update_entity(anna.id, summary="gardener " * 300)
    await storage.link_entities([(i, anna.id) for i in ids])
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for budget in (120, 400, 1500):
        block = await r.get_context("what does Anna grow in the garden", budget=budget)
        assert block is not None
        assert count_tokens(block) <= budget
    await r.drain()


async def test_sections_facts_entities_timeline_evidence(
    storage: MemoryStorage,
) -> None:
    source = await storage.add_node(
        NodeDraft("episodic", "I told Boris the launch moved", session_id="t")
    )
    fact = await storage.add_node(NodeDraft("semantic", "The launch moved to June"))
    await storage.add_edges([EdgeDraft(fact, source, "derived_from")])
    boris = await storage.upsert_entity("Boris", type="person")
    await storage.update_entity(boris.id, summary="runs the launch")
    await storage.link_entities([(fact, boris.id)])
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    block = await r.get_context("when is the launch, Boris?")
    assert block is not None
    facts = block.index("### Facts")
    people = block.index("### People and things")
    assert facts < people
    assert "[fact; " in block and "Boris" in block and "runs the launch" in block
    await r.drain()
    await storage.drain()
    shown = await storage.get_node(fact)
    assert shown is not None and shown.access_count == 1  # reinforced once shown


async def test_a_pasted_document_as_prompt(storage: MemoryStorage) -> None:
    await storage.add_node(NodeDraft("semantic", "the invoice template lives in drive"))
    r = Retriever(storage, HashEmbedder(8), MemoryConfig(embedding_dimensions=8))
    prompt = "invoice template? " + " ".join(f"word{i} Name{i}" for i in range(5000))
    block = await r.get_context(prompt)
    assert block is not None and "invoice template" in block
    await r.drain()


class WaitingEmbedder(HashEmbedder):
    """A slow model: each call returns once an FTS query has run, or after 2 s."""

    def __init__(self, dim: int, statements: list[str]) -> None:
        super().__init__(dim)
        self.statements = statements
        self.fts_first: dict[str, bool] = {}

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        for _ in range(400):
            if self._fts_ran():
                break
            await asyncio.sleep(0.005)
        for text in texts:
            self.fts_first[text] = self._fts_ran()
        return await super().embed_batch(texts)

    def _fts_ran(self) -> bool:
        return any("nodes_fts match" in sql for sql in self.statements)


async def test_fts_runs_while_the_prompt_is_embedded(storage: MemoryStorage) -> None:
    await storage.add_node(NodeDraft("semantic", "the spare key is under the mat"))
    statements: list[str] = []
    await storage._read.set_trace_callback(statements.append)
    embedder = WaitingEmbedder(8, statements)
    r = Retriever(storage, embedder, MemoryConfig(embedding_dimensions=8))
    prompt = "where is the spare key"

    block = await r.get_context(prompt)

    assert block is not None and "under the mat" in block
    assert embedder.fts_first[prompt]  # the query did not wait for the model
    assert sum("nodes_fts match" in sql for sql in statements) == 1  # nor ran twice
    await r.drain()
