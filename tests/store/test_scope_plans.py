"""The scope filter is a filter, never the way into the nodes (issue 26).

Through the host every read runs under a scope view, and one scope often holds
the whole memory. SQLite's planner, without statistics, took `scope in (...)`
for selective and walked the graph by scanning the scope's nodes at each step:
a "when" or "why" search cost ~1 s at 30k nodes and `get_context` timed out
with no block. These tests read the plan of what a scoped search runs.
"""

from __future__ import annotations

from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.core.scope import DEFAULT_SCOPE, using_view, view_of_scope
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage

pytestmark = pytest.mark.sqlite_only
T0 = 1_700_000_000.0


async def _memory(storage: MemoryStorage) -> None:
    for i in range(40):
        text = f"Hana: I felt inspired after the trip to Porto number {i}"
        await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", T0 + i))
    await storage.nodes.add_node(NodeDraft(type="semantic", content="Hana likes Porto"))
    await storage.drain()


async def _plans(
    storage: MemoryStorage, query: str, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """The query plan of every statement a scoped search runs."""
    conn: Any = storage.graph._conn  # the one read connection of the store
    rows = type(conn).rows
    statements: list[tuple[str, tuple[Any, ...]]] = []

    async def recording(self: Any, sql: str, params: Any = ()) -> list[Any]:
        statements.append((sql, tuple(params)))
        return await rows(self, sql, params)

    with monkeypatch.context() as patch:
        patch.setattr(type(conn), "rows", recording)
        with using_view(view_of_scope(DEFAULT_SCOPE)):
            hits = await Retriever(storage, None, MemoryConfig()).search(
                query, reinforce=False
            )
    plans = []
    for sql, params in statements:
        if sql.lstrip().lower().startswith(("select", "with")):
            plan = await rows(conn, f"explain query plan {sql}", params)
            plans.append(" / ".join(str(tuple(r)[-1]) for r in plan))
    assert hits, "the search must find the memory it plans over"
    return plans


@pytest.mark.parametrize(
    "query", ["When did Hana go to Porto?", "Why was Hana feeling inspired?"]
)
async def test_a_scoped_search_never_enters_by_the_scope_index(
    storage: MemoryStorage, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _memory(storage)

    plans = await _plans(storage, query, monkeypatch)

    assert any("reach" in p or "edges" in p for p in plans)  # the graph walk ran
    assert not [p for p in plans if "nodes_scope" in p]


async def test_the_scope_filter_still_keeps_other_scopes_out(
    storage: MemoryStorage,
) -> None:
    await _memory(storage)

    with using_view(view_of_scope("user:someone-else")):
        hits = await Retriever(storage, None, MemoryConfig()).search(
            "Hana Porto", reinforce=False
        )

    assert hits == []


@pytest.mark.needs_postgres
def test_postgres_gets_the_plain_scope_column() -> None:
    from agent_memory.store.postgres.db import translate
    from agent_memory.store.rows import in_scope

    with using_view(view_of_scope(DEFAULT_SCOPE)):
        sql = f"select id from nodes n where id = ?{in_scope('n.')}"

    assert (
        translate(sql)
        == "select id from nodes n where id = %s and n.scope in ('default')"
    )


async def test_names_are_looked_up_by_index_not_by_scanning_every_entity(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The unique keys start with the scope, which a name lookup does not give:
    # without their own indexes every question scanned entities and aliases.
    await _memory(storage)

    plans = await _plans(storage, "When did Hana go to Porto?", monkeypatch)

    assert any("entity_aliases" in p for p in plans)  # the lookup ran
    scans = [p for p in plans if "SCAN entities" in p or "SCAN entity_aliases" in p]
    assert not scans, scans
