"""get_context end to end: a real DB, the host's events, a deterministic embedder."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EdgeDraft, NodeDraft
from agent_memory.core.tokens import count_tokens
from agent_memory.main import MemoryExtension
from agent_memory.retrieval import THREAD_TAIL_TURNS, Retriever
from agent_memory.search.intent import EmbeddingIntentClassifier
from agent_memory.storage import MemoryStorage
from fakes import FakeHostContext, HashEmbedder, HostRouter, running, service


@dataclass
class Turn:
    agent_id: str | None = "main"
    channel_id: str | None = "cli"
    user_id: str | None = "u1"
    thread_id: str | None = "t2"  # asked in a later conversation than `say`'s


async def say(
    host: FakeHostContext, ext: MemoryExtension, text: str, thread: str | None = "t1"
) -> None:
    await host.emit(
        "user_message", {"text": text, "user_id": "u1", "thread_id": thread}
    )
    await ext.drain()


@pytest.mark.needs_vectors
async def test_get_context_end_to_end_with_embedder(host: FakeHostContext) -> None:
    api = HostRouter(embedding_dim=256)
    host.model_router = api
    async with running(host) as ext:
        await say(host, ext, "My sister Olga lives in Tallinn and loves sailing")
        await say(host, ext, "The quarterly report is due on Friday")
        prompt = "Where does Olga live?"
        # The host stores the turn before asking; no thread to tell it apart.
        await say(host, ext, prompt, thread=None)
        block = await ext.get_context(prompt, Turn(thread_id=None))
        assert block is not None
        assert "Tallinn" in block and "## Memory" in block
        assert prompt not in block  # the question itself is not a memory
        sent = [text for call in api.embedder.calls for text in call]
        # Embedded once for the whole turn: stored and asked share the vector.
        assert sent.count(prompt) == 1


async def test_small_talk_gets_no_memory(host: FakeHostContext) -> None:
    host.model_router = HostRouter(embedding_dim=256)
    async with running(host) as ext:
        await say(host, ext, "Our flat in Riga has a balcony facing the river")
        await say(host, ext, "The boiler was serviced in March by Jonas")
        await ext.services.retriever.drain()  # exemplars were embedded at start-up
        assert isinstance(
            ext.services.retriever.intent_classifier, EmbeddingIntentClassifier
        )
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


async def test_a_turn_without_thread_id_leaves_out_the_default_threads_tail(
    host: FakeHostContext,
) -> None:
    """The hot path stores a turn without thread_id in the default thread;
    get_context must read that same thread as the one in front of the model."""
    async with running(host) as ext:
        await say(host, ext, "The wifi password is on the fridge magnet", None)
        for n in range(THREAD_TAIL_TURNS):
            await say(host, ext, f"Step {n} of fixing the wifi router", None)
        block = await ext.get_context("what about the wifi?", Turn(thread_id=None))
        assert block is not None and "fridge magnet" in block and "Step" not in block


async def test_get_context_without_embedder(host: FakeHostContext) -> None:
    async with running(host) as ext:
        await say(host, ext, "Our cat is called Pixel")
        assert "Pixel" in (
            await ext.get_context("what is the cat called", Turn()) or ""
        )
        assert await ext.get_context("zzz qqq", Turn()) is None
        assert await ext.get_context("   ", Turn()) is None


async def test_a_message_sent_twice_is_one_line(host: FakeHostContext) -> None:
    async with running(host) as ext:
        await say(host, ext, "Lunch with Mel at the Naschmarkt", thread="t1")
        await say(host, ext, "Lunch with Mel at the Naschmarkt", thread="t3")
        await say(host, ext, "Mel and I tried the falafel at the Naschmarkt")
        block = await ext.get_context("Where did I have lunch with Mel?", Turn())
    assert block is not None and "falafel" in block
    assert block.count("Lunch with Mel at the Naschmarkt") == 1


class BrokenEmbedder:
    dim = 8

    async def embed_batch(self, texts: list[str]) -> list[Any]:
        raise ConnectionError("embedding service down")


async def test_get_context_survives_a_broken_embedder(storage: MemoryStorage) -> None:
    await storage.nodes.add_node(
        NodeDraft("semantic", "the spare key is under the mat")
    )
    r = Retriever(
        storage, service(BrokenEmbedder()), MemoryConfig(embedding_dimensions=8)
    )
    block = await r.get_context("where is the spare key")
    assert block is not None and "under the mat" in block


async def test_budget_never_exceeded_on_long_memories(storage: MemoryStorage) -> None:
    long = "garden " + "tomatoes basil and a very long story about soil " * 80
    ids = await storage.nodes.add_nodes(
        [NodeDraft("semantic", f"{i} {long}") for i in range(40)]
    )
    anna = await storage.entities.upsert_entity("Anna", type="person")
    await storage.entities.update_entity(anna.id, summary="gardener " * 300)
    await storage.entities.link_entities([(i, anna.id) for i in ids])
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for budget in (120, 400, 1500):
        block = await r.get_context("what does Anna grow in the garden", budget=budget)
        assert block is not None
        assert count_tokens(block) <= budget
    await r.drain()


async def test_sections_facts_entities_timeline_evidence(
    storage: MemoryStorage,
) -> None:
    source = await storage.nodes.add_node(
        NodeDraft("episodic", "I told Boris the launch moved", session_id="t")
    )
    fact = await storage.nodes.add_node(
        NodeDraft("semantic", "The launch moved to June")
    )
    await storage.graph.add_edges([EdgeDraft(fact, source, "derived_from")])
    boris = await storage.entities.upsert_entity("Boris", type="person")
    await storage.entities.update_entity(boris.id, summary="runs the launch")
    await storage.entities.link_entities([(fact, boris.id)])
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    block = await r.get_context("when is the launch, Boris?")
    assert block is not None
    facts = block.index("### Facts")
    people = block.index("### People and things")
    assert facts < people
    assert "[fact; " in block and "Boris" in block and "runs the launch" in block
    await r.drain()
    await storage.drain()
    shown = await storage.nodes.get_node(fact)
    assert shown is not None and shown.access_count == 1  # reinforced once shown


async def test_a_pasted_document_as_prompt(storage: MemoryStorage) -> None:
    await storage.nodes.add_node(
        NodeDraft("semantic", "the invoice template lives in drive")
    )
    r = Retriever(
        storage, service(HashEmbedder(8)), MemoryConfig(embedding_dimensions=8)
    )
    prompt = "invoice template? " + " ".join(f"word{i} Name{i}" for i in range(5000))
    block = await r.get_context(prompt)
    assert block is not None and "invoice template" in block
    await r.drain()


class WaitingEmbedder(HashEmbedder):
    """A slow model: each call returns once a statement containing `waits_for`
    has run (by default an FTS query), or after 2 s."""

    def __init__(self, dim: int, waits_for: str = "nodes_fts match") -> None:
        super().__init__(dim)
        self.fts_ran = asyncio.Event()
        self.fts_first: dict[str, bool] = {}
        self._waits_for = waits_for
        self._loop = asyncio.get_running_loop()

    def trace(self, sql: str) -> None:
        # Called on aiosqlite's thread: hand the event over to the loop.
        if self._waits_for in sql:
            self._loop.call_soon_threadsafe(self.fts_ran.set)

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.fts_ran.wait(), 2)
        for text in texts:
            self.fts_first[text] = self.fts_ran.is_set()
        return await super().embed_batch(texts)


async def _traced(
    storage: MemoryStorage, waits_for: str = "nodes_fts match"
) -> tuple[list[str], WaitingEmbedder, Retriever]:
    """The statements the read connection runs, an embedder that waits for
    `waits_for` (else the FTS query), and a retriever with both."""
    statements: list[str] = []
    embedder = WaitingEmbedder(8, waits_for=waits_for)

    def trace(sql: str) -> None:
        statements.append(sql)
        embedder.trace(sql)

    await storage._conn.read.set_trace_callback(trace)
    r = Retriever(storage, service(embedder), MemoryConfig(embedding_dimensions=8))
    return statements, embedder, r


@pytest.mark.needs_vectors
@pytest.mark.sqlite_only(reason="traces SQLite statements")
async def test_fts_runs_while_the_prompt_is_embedded(storage: MemoryStorage) -> None:
    await storage.nodes.add_node(
        NodeDraft("semantic", "the spare key is under the mat")
    )
    statements, embedder, r = await _traced(storage)
    prompt = "where is the spare key"

    block = await r.get_context(prompt)

    assert block is not None and "under the mat" in block
    assert embedder.fts_first[prompt]  # the query did not wait for the model
    assert sum("bm25(" in sql for sql in statements) == 1  # nor ran twice
    await r.drain()


READ_NODE = "select n.id, n.type, n.content"  # a hit by id (store/hit_rows.py)


@pytest.mark.needs_vectors
@pytest.mark.sqlite_only(reason="traces SQLite statements")
async def test_the_fts_hits_are_read_while_the_prompt_is_embedded(
    storage: MemoryStorage,
) -> None:
    await storage.nodes.add_node(
        NodeDraft("semantic", "the spare key is under the mat")
    )
    statements, embedder, r = await _traced(storage, READ_NODE)
    prompt = "where is the spare key"

    block = await r.get_context(prompt)

    assert block is not None and "under the mat" in block
    # The hit's node was read before the vector came back, and not again.
    assert embedder.fts_first[prompt]
    assert sum(sql.startswith(READ_NODE) for sql in statements) == 1
    await r.drain()


@pytest.mark.needs_vectors
@pytest.mark.sqlite_only(reason="traces SQLite statements")
async def test_a_hit_and_whether_it_is_superseded_are_read_together(
    storage: MemoryStorage,
) -> None:
    old, new = await storage.nodes.add_nodes(
        [
            NodeDraft("semantic", "the spare key is under the mat"),
            NodeDraft("semantic", "the spare key is with the neighbour"),
        ]
    )
    await storage.graph.add_edges([EdgeDraft(new, old, "supersedes")])
    statements, _embedder, r = await _traced(storage)

    block = await r.get_context("where is the spare key")

    assert block is not None and "with the neighbour" in block
    assert "under the mat" not in block
    # one statement: the node, its supersession and its entities
    reads = [sql for sql in statements if sql.startswith(READ_NODE)]
    assert len(reads) == 1 and "'supersedes'" in reads[0]
    assert "join node_entities" in reads[0]
    assert not any(sql.startswith("select e.dst_id from edges") for sql in statements)
    assert not any(sql.startswith("select l.node_id, e.id") for sql in statements)
    await r.drain()


@pytest.mark.needs_vectors
@pytest.mark.sqlite_only(reason="traces SQLite statements")
async def test_the_entity_leg_runs_while_the_prompt_is_embedded(
    storage: MemoryStorage,
) -> None:
    fact = await storage.nodes.add_node(NodeDraft("semantic", "Boris runs the launch"))
    boris = await storage.entities.upsert_entity("Boris", type="person")
    await storage.entities.link_entities([(fact, boris.id)])
    entity_leg = "select * from (select node_id, 1 as w from node_entities"
    statements, embedder, r = await _traced(storage, entity_leg)
    prompt = "when is the launch, Boris?"

    block = await r.get_context(prompt)

    assert block is not None and "Boris runs the launch" in block
    assert embedder.fts_first[prompt]  # the leg did not wait for the model
    assert sum(entity_leg in sql for sql in statements) == 1
    await r.drain()


async def test_a_relation_in_the_prompt_brings_the_person(
    host: FakeHostContext,
) -> None:
    host.model_router = HostRouter(embedding_dim=256)
    async with running(host) as ext:
        await say(host, ext, "My wife Sarah grows orchids on the balcony")
        await say(host, ext, "Моя жена Света любит театр")
        await say(host, ext, "The printer in the office is broken again")
        english = await ext.get_context("What does my wife grow?", Turn())
        # inflected: "с моей женой" finds the alias "моя жена"
        russian = await ext.get_context("Куда сходить с моей женой?", Turn())

    assert english is not None and "Sarah** (person, the user's wife" in english
    assert russian is not None and "Света** (person, the user's жена" in russian


def test_an_entity_line_says_what_is_known_and_not_the_catch_all_type() -> None:
    from agent_memory.core.records import Entity
    from agent_memory.search.context_block import entity_line

    def entity(type: str, aliases: tuple[str, ...] = (), **attributes: str) -> Entity:
        return Entity(
            1, "Porto", type, aliases, None, 6, 0.0, 0.0, attributes=attributes
        )  # type: ignore[arg-type]

    assert entity_line(entity("concept")) == "- **Porto**: mentioned 6 times"
    assert entity_line(entity("place", ("Oporto",))) == (
        "- **Porto** (place; also Oporto): mentioned 6 times"
    )
    assert entity_line(entity("concept", relation="home town")) == (
        "- **Porto** (the user's home town): mentioned 6 times"
    )


WINDOW_CHECK = "select id from nodes where 1 = 1"  # store/index.window_nodes


@pytest.mark.needs_vectors
@pytest.mark.sqlite_only(reason="traces SQLite statements")
async def test_the_asked_date_is_looked_up_once_a_call(storage: MemoryStorage) -> None:
    # "last week" holds no memory here (the key was noted just now): whether
    # it does is read before the model runs, and the search after it reuses
    # that answer (it read it again: a statement after the model, every call).
    await storage.nodes.add_node(
        NodeDraft("semantic", "the spare key is under the mat")
    )
    statements, _, r = await _traced(storage)

    block = await r.get_context("where was the spare key last week?")

    assert block is not None and "under the mat" in block
    checks = [
        sql
        for sql in statements
        if sql.startswith(WINDOW_CHECK) and "source_role" not in sql
    ]
    assert len(checks) == 1
    await r.drain()
