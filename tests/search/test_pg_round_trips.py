"""A windowed search on PostgreSQL pays few round trips (issue 27): each
statement is one, so a node's entities come in one statement, and the reads
that need only the question and the window (the text, entity and window
legs), like those that need only the fused ids (nodes, supersession,
entities), are sent together, each on its own pooled connection."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import NodeDraft
from agent_memory.retrieval import Retriever, SearchFilters

pytest.importorskip("psycopg", reason="the postgres extra is not installed")
from agent_memory.store.postgres.db import PgDb, Pool  # noqa: E402
from agent_memory.store.postgres.storage import PgStorage  # noqa: E402

pytestmark = pytest.mark.needs_postgres

DAY = 86_400.0
D = 1_780_000_000.0 - 1_780_000_000.0 % DAY


class Traffic:
    """The statements sent, and the most reads waiting on the server at once."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.in_flight = self.most_in_flight = 0


@contextlib.contextmanager
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[Traffic]:
    traffic = Traffic()
    execute, rows = PgDb.execute, Pool.rows

    async def counted(db: PgDb, sql: str, params: Any = ()) -> Any:
        traffic.statements.append(sql)
        return await execute(db, sql, params)

    async def overlapped(pool: Pool, sql: str, params: Any = ()) -> Any:
        traffic.in_flight += 1
        traffic.most_in_flight = max(traffic.most_in_flight, traffic.in_flight)
        try:
            # each read held open a while: reads sent together overlap whatever
            # the machine's load (a fast local server had let one finish before
            # the next started, 2 in flight now and then); reads sent one
            # after another still never do
            await asyncio.sleep(0.05)
            return await rows(pool, sql, params)
        finally:
            traffic.in_flight -= 1

    with monkeypatch.context() as patch:
        patch.setattr(PgDb, "execute", counted)
        patch.setattr(Pool, "rows", overlapped)
        yield traffic


async def _three_days(store: Any) -> None:
    priya = await store.entities.upsert_entity("Priya", type="person", mentions=0)
    drafts = [
        NodeDraft(
            "episodic",
            f"Priya and I planted {plant} in the garden, day {day}",
            source_role="user",
            session_id=f"t{day}",
            event_time=D + day * DAY + 600 * i,
        )
        for day in range(3)
        for i, plant in enumerate(("tomatoes", "basil", "roses", "mint"))
    ]
    ids = await store.nodes.add_nodes(drafts)
    await store.entities.link_entities([(node_id, priya.id) for node_id in ids])


async def test_a_nodes_entities_come_in_one_statement(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        await _three_days(store)
        other = await store.entities.upsert_entity("Lima", type="place", mentions=0)
        ids = [n.id for n in await store.nodes.list_nodes(limit=3)]
        await store.entities.link_entities([(ids[0], other.id)])
        with watched(monkeypatch) as traffic:
            linked = await store.entities.entities_of_nodes(ids)
        assert len(traffic.statements) == 1
        assert [e.name for e in linked[ids[0]]] == ["Priya", "Lima"]
        assert [e.name for e in linked[ids[1]]] == ["Priya"]
        assert linked[ids[1]][0] is linked[ids[2]][0]  # one entity built once
    finally:
        await store.close()


async def test_a_windowed_search_sends_its_independent_reads_together(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        await _three_days(store)
        retriever = Retriever(store, None, MemoryConfig(embedding_dimensions=8))
        window = SearchFilters(after=D + DAY, before=D + 2 * DAY)
        question = "What did Priya plant in the garden?"
        await retriever.search(question, window, reinforce=False)  # term counts
        with watched(monkeypatch) as traffic:
            hits = await retriever.search(question, window, reinforce=False)
        assert {h.node.event_time // DAY for h in hits} == {(D + DAY) // DAY}
        assert len(hits) == 4
        # was 13 statements, at most 2 in flight (the text leg started ahead);
        # 11, then 14: a window's topic words read their newest turns of any
        # time for the things named beside them (search/topic_things.py)
        assert len(traffic.statements) <= 14
        assert traffic.most_in_flight >= 3
    finally:
        await store.close()
