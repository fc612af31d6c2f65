"""A category question searches the members the memory holds first
(store/held_terms.py, search/kinds.py): the cap on a category's members no
longer cuts the words a life is told in. An English question of a life told
in Russian names the make in Russian, which stood past the English makes."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.search.kinds import MAX_KIND_TERMS
from agent_memory.search.question import read_question
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Полдня разбирала балкон, нашла старые лыжные ботинки.",
    "Созвон с подрядчиком затянулся на два часа.",
)
CAR_RU = [
    "Взяли Шкоду у соседа с пробегом, серая, дизель не хотели.",
    "Шкода опять на подъёмнике, меняют ремень ГРМ.",
]


async def _life(storage: MemoryStorage, turns: list[str]) -> None:
    noise = [NOISE[i % 2] for i in range(10)]
    await linked_days(storage, [*noise[:5], *turns, *noise[5:]], T0)


async def test_an_english_question_searches_the_make_a_russian_life_holds(
    storage: MemoryStorage,
) -> None:
    await _life(storage, CAR_RU)
    query = await read_question(storage, "what car do I drive these days?", None)
    assert "шкода" in query.kinds.terms, query.kinds.terms
    assert len(query.kinds.terms) <= MAX_KIND_TERMS
    assert query.kinds.terms[0] == "шкода"  # the only member held, searched first


async def test_what_car_asked_in_english_finds_the_russian_turns(
    storage: MemoryStorage,
) -> None:
    await _life(storage, CAR_RU)
    retriever = await linked_days(storage, [], T0)
    hits = await retriever.search(
        "what car do I drive now?", SearchFilters(limit=5), reinforce=False
    )
    assert set(CAR_RU) & {hit.node.content for hit in hits}


async def test_a_member_said_later_is_found_held(storage: MemoryStorage) -> None:
    """A member no turn held is asked again in the rows added since."""
    await _life(storage, [])
    match = ['"шкод"*', '"volvo"']
    assert await storage.index.held_matches(match) == set()
    await storage.nodes.add_episode(
        EpisodeDraft("Продали старую Шкоду перекупщику.", "later", "user", T0 + 9e5)
    )
    await storage.drain()
    assert await storage.index.held_matches(match) == {'"шкод"*'}


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_the_held_members_cost_one_statement_then_none(
    storage: MemoryStorage,
) -> None:
    """One statement asks every member; once held, a member is not asked
    again; a question naming no category asks nothing."""
    await _life(storage, CAR_RU)
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)
    await read_question(storage, "what car do I drive now?", None)
    first = [s for s in statements if "exists(select 1 from nodes_fts" in s]
    statements.clear()
    await read_question(storage, "when did the contractor call run late?", None)
    other = [s for s in statements if "exists(select 1 from nodes_fts" in s]
    await storage._conn.read.set_trace_callback(None)
    assert len(first) == 1 and not other, (first, other)


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_category_asked_again_asks_nothing_until_a_row_is_added(
    storage: MemoryStorage,
) -> None:
    """The warm path: members not held are not asked again while no row
    was added (the call's node ceiling says so); a new row asks them again,
    and only in the rows past the last ask."""
    await _life(storage, CAR_RU)
    statements: list[str] = []

    async def asks(question: str) -> int:
        statements.clear()
        await storage._conn.read.set_trace_callback(statements.append)
        await read_question(storage, question, None)
        await storage._conn.read.set_trace_callback(None)
        return len([s for s in statements if "exists(select 1 from nodes_fts" in s])

    assert await asks("what car do I drive now?") == 1
    assert await asks("what car do I drive now?") == 0
    await storage.nodes.add_episode(
        EpisodeDraft("Sold the old Volvo to a dealer.", "later", "user", T0 + 9e5)
    )
    await storage.drain()
    assert await asks("what car do I drive now?") == 1
    query = await read_question(storage, "what car do I drive now?", None)
    assert "volvo" in query.kinds.held, query.kinds.held
