"""The turns saying who a person is to the user, read for a question about them.

In a chat memory most turns say "friend" (42k of 100k in bench/tool_latency),
so those turns are read newest first, a bounded number, instead of ranked by
bm25 (which scored every match: ~12 ms of each person question at 100k).
"""

from __future__ import annotations

import re
import time

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EdgeDraft, EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.search.person_hits import SCAN, person_hits
from agent_memory.search.plan import SearchFilters
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from agent_memory.writepath.relations import file_relation

T0 = 1_700_000_000.0
# Long: bm25 ranks it under every short turn saying "friend".
STATEMENT = (
    "Sam is my oldest friend, we met at school long ago and have shared"
    " countless adventures, moves, weddings and road trips together ever since"
)


async def _turn(storage: MemoryStorage, text: str, when: float) -> int:
    return int(await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", when)))


async def test_a_relation_stated_among_the_newest_is_read_however_bm25_ranks_it(
    storage: MemoryStorage,
) -> None:
    when = iter(T0 + i * 60.0 for i in range(10_000))
    # More turns saying "friend" than are read, the statement among the newest
    # SCAN of them, and older than the newest SCAN turns linked to Sam.
    for i in range(100):
        await _turn(storage, f"a friend called about the rent {i}", next(when))
    statement = await _turn(storage, STATEMENT, next(when))
    for i in range(SCAN - 50):
        await _turn(storage, f"a friend sent a photo {i}", next(when))
    linker = EntityLinker(storage)
    await linker.link_text(statement, STATEMENT)
    for i in range(SCAN + 20):
        node = await _turn(storage, f"Sam fixed the fence again {i}", next(when))
        await linker.link_text(node, "Sam fixed the fence again")
    await storage.drain()
    sam = await storage.entities.find_entity("Sam")
    assert sam is not None

    hits = await person_hits(
        storage, [sam], SearchFilters(), time.time(), frozenset({"friend"})
    )

    assert statement in [hit.node.id for hit in hits[:10]]


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_question_about_a_person_runs_no_ranked_text_search(
    storage: MemoryStorage,
) -> None:
    # "Tell me about Lars" was FTS-ranked for "tell" ahead of the person
    # lookup, and the relation turns by bm25; the person's answer reads neither.
    linker = EntityLinker(storage)
    for i in range(30):
        text = f"Went bouldering with Lars and told him about the trip {i}"
        node = await _turn(storage, text, T0 + i)
        await linker.link_text(node, text)
    await _turn(storage, "Lars is my friend from the climbing gym", T0 + 40)
    lars = await storage.entities.find_entity("Lars")
    assert lars is not None
    await file_relation(storage, lars, "friend")
    await storage.drain()
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    asked = await retriever.get_context("Tell me about Lars")
    searched = await retriever.get_context("Tell me about the trip")

    await storage._conn.read.set_trace_callback(None)
    assert asked and "Lars" in asked and searched
    ranked = [s for s in statements if "bm25(" in s]
    assert len(ranked) == 1 and "trip" in ranked[0]  # the search's FTS leg only


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_the_relation_turns_about_others_are_checked_not_read(
    storage: MemoryStorage,
) -> None:
    # The newest turns saying "friend" are mostly about other people: which
    # of them are about Lars is checked by their links, and only the entities
    # of his nodes are read (all of them were: 2.5x the rows at 100k).
    linker = EntityLinker(storage)
    his_turns: set[int] = set()
    for i in range(10):
        text = f"Went bouldering with Lars on Sunday {i}"
        turn = await _turn(storage, text, T0 + i)
        his_turns.add(turn)
        await linker.link_text(turn, text)
    for i in range(10):
        text = f"Mia is my friend from work, she called {i}"
        await linker.link_text(await _turn(storage, text, T0 + 20 + i), text)
    lars = await storage.entities.find_entity("Lars")
    mia = await storage.entities.find_entity("Mia")
    assert lars is not None and mia is not None
    await file_relation(storage, lars, "friend")
    await storage.drain()
    lars = await storage.entities.get_entity(lars.id)  # with the relation filed
    assert lars is not None
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    hits = await person_hits(storage, [lars], SearchFilters(), T0 + 100)

    await storage._conn.read.set_trace_callback(None)
    assert hits and all("Lars" in hit.node.content for hit in hits)
    # a node's entities are read with it (store/hit_rows.py)
    listed = [
        re.search(r"join node_entities l .* where n\.id in \(([\d, ]+)\)", s)
        for s in statements
    ]
    read_of = {int(i) for m in listed if m for i in m.group(1).split(",")}
    assert read_of and read_of <= his_turns


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_persons_turns_are_read_with_whether_a_newer_fact_replaced_them(
    storage: MemoryStorage,
) -> None:
    said = [
        "Ilse drives the school bus on weekdays",
        "Ilse now teaches swimming at the pool",
        "Had lunch with Ilse by the river",
    ]
    old, new, lunch = [
        await _turn(storage, text, T0 + i) for i, text in enumerate(said)
    ]
    ilse = await storage.entities.upsert_entity("Ilse", type="person")
    await storage.entities.link_entities([(n, ilse.id) for n in (old, new, lunch)])
    await storage.graph.add_edges([EdgeDraft(new, old, "supersedes")])
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    hits = await person_hits(storage, [ilse], SearchFilters(), T0 + 100)

    await storage._conn.read.set_trace_callback(None)
    assert {hit.node.id for hit in hits} == {new, lunch}
    # the superseded one is known from the read of the nodes themselves
    assert not any(s.startswith("select e.dst_id from edges") for s in statements)
