"""Ranking by what the memory knows about a node: decayed confidence read at
query time, confirmed status, recency when asked; pruned and superseded
facts stay hidden."""

from __future__ import annotations

import time

from agent_memory.core.records import EdgeDraft, NodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import wants_recent
from agent_memory.storage import MemoryStorage
from day_turns import retriever_of

DAY = 86_400.0


async def fact(storage: MemoryStorage, text: str, *, rate: float = 0.1) -> int:
    return await storage.nodes.add_node(NodeDraft("semantic", text, decay_rate=rate))


async def ranked(storage: MemoryStorage, query: str) -> list[int]:
    hits = await retriever_of(storage).search(query, SearchFilters(limit=5))
    return [hit.node.id for hit in hits]


async def test_a_faded_fact_ranks_below_a_fresh_one(storage: MemoryStorage) -> None:
    seven = await fact(storage, "the gym opens at seven")
    eight = await fact(storage, "the gym opens at eight")
    # untouched for 20 days: 0.33 at query time, though the nightly job never ran
    for faded, fresh in ((seven, eight), (eight, seven)):
        await storage.nodes.update_node(faded, last_accessed=time.time() - 20 * DAY)
        await storage.nodes.update_node(fresh, last_accessed=time.time())

        assert await ranked(storage, "when does the gym open") == [fresh, faded]


async def test_a_confirmed_fact_ranks_above_an_unconfirmed_one(
    storage: MemoryStorage,
) -> None:
    lyon = await fact(storage, "the user's sister lives in Lyon")
    nice = await fact(storage, "the user's sister lives in Nice")
    for confirmed, guess in ((lyon, nice), (nice, lyon)):
        await storage.nodes.update_node(confirmed, decay_rate=0.0)
        await storage.nodes.update_node(guess, decay_rate=0.1)

        assert await ranked(storage, "where does my sister live") == [confirmed, guess]


async def test_pruned_and_superseded_facts_stay_hidden(
    storage: MemoryStorage,
) -> None:
    kept = await fact(storage, "the car is parked on level two")
    pruned = await fact(storage, "the car is parked on level three")
    old = await fact(storage, "the car is parked on level one")
    await storage.nodes.soft_delete([pruned])
    await storage.graph.add_edges([EdgeDraft(kept, old, "supersedes")])

    assert await ranked(storage, "where is the car parked") == [kept]


async def test_recency_counts_when_the_question_asks_for_it(
    storage: MemoryStorage,
) -> None:
    now = time.time()
    old = await storage.nodes.add_node(
        NodeDraft("semantic", "the user is reading Dune", event_time=now - 300 * DAY)
    )
    new = await storage.nodes.add_node(
        NodeDraft("semantic", "the user is reading Solaris", event_time=now - DAY)
    )

    assert await ranked(storage, "what is the user reading lately") == [new, old]
    assert await ranked(storage, "что user reading последнее") == [new, old]
    await storage.nodes.update_node(old, event_time=now)

    assert await ranked(storage, "what is the user reading lately") == [old, new]


def test_recency_words() -> None:
    for text in ("What did I read recently?", "When did I last see Tom?"):
        assert wants_recent(text), text
    for text in ("When did Anna join Globex?", "What was the last book?"):
        assert not wants_recent(text), text
