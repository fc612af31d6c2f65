"""`fts_newest`: the newest nodes matching an FTS expression, unranked."""

from __future__ import annotations

import pytest
from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.search.query_text import fts_match
from agent_memory.storage import MemoryStorage

T0 = 1_700_000_000.0


async def _turns(storage: MemoryStorage, texts: list[str]) -> list[int]:
    # One thread each: a turn's FTS row also holds its thread's previous turn.
    return [
        int(await storage.nodes.add_episode(EpisodeDraft(t, f"t{i}", "user", T0 + i)))
        for i, t in enumerate(texts)
    ]


async def test_newest_matches_first_valid_only_of_the_types_asked(
    storage: MemoryStorage,
) -> None:
    ids = await _turns(
        storage,
        ["my friend Sam", "rent is due", "Витя — мой друг детства", "a friend again"],
    )
    fact = await storage.nodes.add_node(NodeDraft("semantic", "Sam is a friend"))
    gone = await storage.nodes.add_node(NodeDraft("semantic", "an old friend"))
    await storage.nodes.soft_delete([gone])
    await storage.drain()
    match = fts_match(["friend", "друг"])
    assert match is not None

    newest = await storage.index.fts_newest(match, limit=10)
    episodes = await storage.index.fts_newest(match, limit=10, types=["episodic"])
    two = await storage.index.fts_newest(match, limit=2)

    assert newest == [fact, ids[3], ids[2], ids[0]]
    assert episodes == [ids[3], ids[2], ids[0]]
    assert two == [fact, ids[3]]


async def test_another_scope_sees_none(storage: MemoryStorage) -> None:
    await _turns(storage, ["my friend Sam"])
    await storage.drain()

    with using_view(view_of_scope("user:someone-else")):
        found = await storage.index.fts_newest('"friend"', limit=10)

    assert found == []


@pytest.mark.sqlite_only(reason="reads the SQLite query plan")
async def test_the_newest_are_read_by_walking_the_index_not_sorted(
    storage: MemoryStorage,
) -> None:
    await _turns(storage, [f"a friend {i}" for i in range(5)])
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    assert await storage.index.fts_newest('"friend"', limit=3)

    await storage._conn.read.set_trace_callback(None)
    (sql,) = [s for s in statements if "nodes_fts.rowid desc" in s]
    plan = await storage._conn.read.execute_fetchall("explain query plan " + sql)
    steps = [str(row[3]) for row in plan]
    # FTS5 hands its rowids over newest first (no temporary sort of every
    # match), and each is checked by the node's primary key.
    assert not [s for s in steps if "TEMP B-TREE" in s], steps
    assert any("SEARCH n USING INTEGER PRIMARY KEY" in s for s in steps), steps
