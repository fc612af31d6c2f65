"""`fts_search` under a scope view: the best matches are ranked by the index
alone and only they are checked against the view (scope, expiry); when too
many of them are out of view, every match is joined to its node instead. The
rows found are those of the join either way."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.records import NodeDraft
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.storage import MemoryStorage

OURS, THEIRS = "user:ours", "user:theirs"


async def _fact(storage: MemoryStorage, scope: str, text: str, **kw: float) -> int:
    with using_view(view_of_scope(scope)):
        return int(await storage.nodes.add_node(NodeDraft("semantic", text, **kw)))


async def _found(storage: MemoryStorage, limit: int) -> list[int]:
    with using_view(view_of_scope(OURS)):
        found = await storage.index.fts_search('"kayak"', limit=limit)
    return [node_id for node_id, _ in found]


async def test_the_best_of_another_scope_never_crowd_out_ours(
    storage: MemoryStorage,
) -> None:
    # Short rows score higher: the other scope's twenty are the best matches,
    # more than the margin checked beyond `limit`.
    for _ in range(20):
        await _fact(storage, THEIRS, "kayak kayak")
    ours = [
        await _fact(storage, OURS, f"we rented a kayak on the lake, day {i} of it")
        for i in range(4)
    ]
    await storage.drain()

    three = await _found(storage, 3)

    assert len(three) == 3 and set(three) <= set(ours)
    assert sorted(await _found(storage, 10)) == ours


async def test_expired_best_matches_are_left_out_and_the_next_ones_fill_in(
    storage: MemoryStorage,
) -> None:
    past = time.time() - 60
    expired = [await _fact(storage, OURS, "kayak", expires_at=past) for _ in range(3)]
    kept = [
        await _fact(storage, OURS, f"a kayak trip number {i} with friends")
        for i in range(5)
    ]
    await storage.drain()

    found = await _found(storage, 4)

    assert len(found) == 4
    assert set(found) <= set(kept) and not set(found) & set(expired)


@pytest.mark.sqlite_only(reason="reads the SQLite query plan")
async def test_a_scoped_search_looks_up_no_node_per_match(
    storage: MemoryStorage,
) -> None:
    for i in range(30):
        await _fact(storage, OURS, f"kayak note {i}")
    await storage.drain()
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    assert len(await _found(storage, 5)) == 5

    await storage._conn.read.set_trace_callback(None)
    # One round trip: the best few are checked in the ranking's statement
    # (FTS5's own reads of its tables aside).
    (sql,) = [s for s in statements if s.startswith("select")]
    plan = await storage._conn.read.execute_fetchall("explain query plan " + sql)
    parent = {int(row[0]): int(row[1]) for row in plan}
    step = {int(row[0]): str(row[3]) for row in plan}

    def inside(node: int) -> list[str]:
        return [step[node], *(inside(parent[node]) if parent[node] in step else [])]

    # Every match scored, none read from `nodes`: only the best few are
    # looked up, after the ranking (a subquery of its rows).
    reads = [inside(node) for node, text in step.items() if "SEARCH n " in text]
    assert reads and all("CORRELATED SCALAR SUBQUERY 1" in r for r in reads), reads
