"""PostgreSQL's text leg reads the narrow node_text table (schema v8): the
same answers as from the node rows, the table exact after every write path
(a trigger on nodes), forgotten text gone from it, and old memories
migrated."""

from __future__ import annotations

import random
from typing import Any

import pytest
from agent_memory.core.records import EpisodeDraft, NodeDraft, NodeWindow, PurgeTarget
from agent_memory.core.scope import using_view, view_of_scope

psycopg = pytest.importorskip("psycopg", reason="the postgres extra is not installed")
from agent_memory.store.postgres import node_text, schema  # noqa: E402
from agent_memory.store.postgres.storage import PgStorage  # noqa: E402

pytestmark = pytest.mark.needs_postgres

D = 1_780_000_000.0  # a day's start (unix seconds)
DAY = 86_400.0
WORDS = ("garden", "plans", "lunch", "tomatoes", "friday", "coffee", "walk")
# the rows of the valid nodes as node_text must hold them, computed afresh
FROM_NODES = (
    f"(select {node_text.COLUMNS}, {node_text.TSVECTOR.format('')} as fts"
    " from nodes where valid_until is null)"
)


async def _rows(store: Any, source: str) -> list[Any]:
    return [
        tuple(r)
        for r in await store._conn.rows(
            f"select {node_text.COLUMNS}, fts::text from {source} t order by id"
        )
    ]


async def _assert_exact(store: Any) -> None:
    await store.drain()
    assert await _rows(store, "node_text") == await _rows(store, FROM_NODES)


def _ranked(found: list[tuple[int, float]]) -> list[Any]:
    """The scores in order, and the ids of each score but the last: ties are
    in scan order, which differs between plans (so does a cut tie)."""
    scores = [round(score, 9) for _, score in found]
    ties = {
        score: {i for i, s in found if round(s, 9) == score}
        for score in scores
        if score != scores[-1]
    }
    return [scores, ties]


async def _dense_weeks(store: Any) -> None:
    """Three weeks of turns that mostly share a few words, in two scopes,
    some forgotten, some expired, some facts."""
    rng = random.Random(7)
    drafts = [
        NodeDraft(
            "semantic" if i % 9 == 0 else "episodic",
            " ".join(rng.choices(WORDS, k=rng.randint(2, 12))) + f" note {i}",
            source_role="user" if i % 2 else "orchestrator",
            event_time=D - 7 * DAY + i * 3000,
            scope="other" if i % 11 == 0 else "default",
            expires_at=D if i % 13 == 0 else None,  # expired (in the past)
        )
        for i in range(600)
    ]
    ids = await store.nodes.add_nodes(drafts)
    await store.nodes.soft_delete(ids[::17])


async def test_a_dense_windows_text_leg_answers_as_from_the_node_rows(
    database_url: str,
) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        await _dense_weeks(store)
        await _assert_exact(store)
        await store._conn.rows("analyze node_text")
        week = NodeWindow(after=D, before=D + 7 * DAY)
        cases: list[dict[str, Any]] = [
            {"window": week},
            {"window": NodeWindow(after=D, before=D + 7 * DAY, role="user")},
            {"window": week, "types": ["semantic"]},
            {"window": NodeWindow(after=D + DAY, before=D + 2 * DAY)},
            {},
        ]
        for match in ('"garden" OR "lunch"', '"tomat"* OR "walk" OR "coffee"'):
            for view in (None, view_of_scope("default")):
                for kw in cases:
                    with using_view(view):
                        found = await store.index.fts_search(match, limit=50, **kw)
                        newest = await store.index.fts_newest(match, limit=20)
                        store.index.text_rows = FROM_NODES  # as before v8
                        try:
                            want = await store.index.fts_search(match, limit=50, **kw)
                            want_newest = await store.index.fts_newest(match, limit=20)
                        finally:
                            store.index.text_rows = "node_text"
                    assert len(found) >= 10, (match, kw)  # dense: many matches
                    assert _ranked(found) == _ranked(want), (match, kw)
                    assert newest == want_newest, (match, kw)
    finally:
        await store.close()


async def test_every_write_path_keeps_node_text_exact(database_url: str) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        turns = [
            EpisodeDraft(f"turn {i} about the garden", "t1", "user", D + i)
            for i in range(5)
        ]
        ids = [int(await store.nodes.submit_episode(t)) for t in turns]
        fact = await store.nodes.add_node(NodeDraft("semantic", "Zanzibar trip in May"))
        await _assert_exact(store)  # inserts; neighbours' context written
        await store.nodes.update_node(fact, content="Zanzibar trip in June")
        await store.nodes.update_node(ids[0], event_time=D - DAY, expires_at=D + DAY)
        await _assert_exact(store)  # a correction, a new time and expiry
        await store.nodes.record_access([ids[1]])
        await store.nodes.update_confidences([(ids[2], 0.5)])
        await _assert_exact(store)  # reinforcement and decay leave it alone
        await store.nodes.soft_delete([ids[1]])  # forget: its words go too
        await _assert_exact(store)
        (row,) = await store._conn.rows(
            "select count(*) from node_text where fts @@ 'turn'::tsquery and id = ?",
            (ids[1],),
        )
        assert row[0] == 0

        async def rescope(db: Any) -> None:
            await db.execute("update nodes set scope = 'work' where id = ?", (ids[2],))

        await store._conn.write(rescope)
        await _assert_exact(store)
        plan = await store.purge.execute(PurgeTarget("fact", fact_id=fact))
        assert plan.done
        await _assert_exact(store)
        (row,) = await store._conn.rows(
            "select count(*) from node_text where fts @@ 'zanzibar'::tsquery"
        )
        assert row[0] == 0  # erased for good: no trace of its words
        await store.purge.execute(PurgeTarget("thread", thread_id="t1"))
        await _assert_exact(store)
        assert await _rows(store, "node_text") == []
    finally:
        await store.close()


async def test_a_v7_memory_gets_node_text_when_it_migrates(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 7)  # the schema before v8
    old = await PgStorage.open_url(database_url, dim=8)
    await _dense_weeks(old)
    (row,) = await old._conn.rows("select to_regclass('node_text') is null")
    assert row[0]
    await old.close()
    monkeypatch.undo()
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        assert await store.admin.get_meta("schema_version") == "8"
        await _assert_exact(store)
        assert len(await _rows(store, "node_text")) > 400
        (row,) = await store._conn.rows(
            "select count(*) from information_schema.columns"
            " where table_name = 'nodes' and column_name = 'fts'"
        )
        assert row[0] == 0  # the wide rows no longer carry a tsvector

        async def again(db: Any) -> None:  # re-runnable: the same table again
            for statement in schema.MIGRATIONS[8]:
                await db.execute(statement)

        await store._conn.write(again)
        await _assert_exact(store)
        await store.nodes.add_node(NodeDraft("semantic", "after the migration"))
        await _assert_exact(store)  # the trigger is in place once, not twice
        assert await store.index.rebuild_fts() == len(await _rows(store, "node_text"))
        await _assert_exact(store)
    finally:
        await store.close()
