"""What only the PostgreSQL backend has: several writers on one database,
transient failures retried, the dialect translation, the database_url switch."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import DATABASE_URL_ENV, MemoryStorage, open_store

# `make test-host` has no postgres extra (conftest's sessionstart makes the
# main job fail instead, so this never skips there).
psycopg = pytest.importorskip("psycopg", reason="the postgres extra is not installed")
from agent_memory.store.postgres.db import translate  # noqa: E402
from agent_memory.store.postgres.storage import PgStorage  # noqa: E402

pytestmark = pytest.mark.needs_postgres


def turn(text: str, thread: str, scope: str = "default") -> EpisodeDraft:
    return EpisodeDraft(text, thread, "user", time.time(), scope=scope)


def test_translate_rewrites_only_the_dialect() -> None:
    assert translate("select a from t where b = ? and c like '%?%'") == (
        "select a from t where b = %s and c like '%%?%%'"
    )
    assert translate("insert or ignore into t (a) values (?)") == (
        "insert into t (a) values (%s) on conflict do nothing"
    )
    assert translate("insert or replace into meta (key, value) values (?, ?)").endswith(
        "on conflict (key) do update set value = excluded.value"
    )
    assert translate("select id from edges where +type = ? and id in ()") == (
        "select id from edges where type = %s and id = any('{}')"
    )
    assert translate("select max(id) from t") == "select max(id) from t"
    assert translate("set x = max(t.x, excluded.x)") == (
        "set x = greatest(t.x, excluded.x)"
    )


async def test_two_processes_write_one_thread_without_clashing(
    database_url: str,
) -> None:
    # Two stores = two writers, as two host processes would be: ids come from
    # the sequence, so concurrent bursts never collide.
    a = await PgStorage.open_url(database_url, dim=8)
    b = await PgStorage.open_url(database_url, dim=8)
    try:
        futures = [
            store.nodes.submit_episode(turn(f"turn {i} from {name}", f"t-{i % 3}"))
            for i in range(60)
            for name, store in (("a", a), ("b", b))
        ]
        ids = [int(i) for i in await asyncio.gather(*futures)]
        assert len(set(ids)) == 120
        nodes = await a.nodes.get_nodes(ids)
        assert len(nodes) == 120
        session = await b.sessions.get_session("t-0")
        assert session is not None and session.episode_count == 40
    finally:
        await a.close()
        await b.close()


async def test_a_dropped_connection_is_retried(database_url: str) -> None:
    # The server ends every session of ours mid-ingest (a restart, a
    # failover): queued turns still commit, none is lost or doubled.
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        first = [
            store.nodes.submit_episode(turn(f"before {i}", "t")) for i in range(20)
        ]
        await asyncio.gather(*first)
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(
                "select pg_terminate_backend(pid) from pg_stat_activity"
                " where datname = current_database() and pid <> pg_backend_pid()"
            )
        later = [store.nodes.submit_episode(turn(f"after {i}", "t")) for i in range(20)]
        ids = [int(i) for i in await asyncio.gather(*first, *later)]
        found = await store.nodes.list_nodes(session_id="t", limit=100)
        assert sorted(n.id for n in found) == sorted(ids)
        assert store.healthy
    finally:
        await store.close()


async def test_the_url_chooses_the_backend(
    database_url: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(DATABASE_URL_ENV, raising=False)
    sqlite = await open_store(tmp_path / "m.db", dim=8)
    assert isinstance(sqlite, MemoryStorage)
    await sqlite.close()
    monkeypatch.setenv(DATABASE_URL_ENV, database_url)
    pg = await open_store(tmp_path / "m.db", dim=8)
    assert isinstance(pg, PgStorage)
    await pg.close()


async def test_a_newer_schema_is_refused(database_url: str) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    await store.admin.set_meta("schema_version", "99")
    await store.close()
    with pytest.raises(RuntimeError, match="newer"):
        await PgStorage.open_url(database_url, dim=8)


async def test_export_and_import_move_a_memory_between_backends(
    database_url: str, tmp_path: Any
) -> None:
    from agent_memory.core.records import NodeDraft
    from agent_memory.standalone.transfer import export_jsonl, import_jsonl

    source = await MemoryStorage.open(tmp_path / "a.db", dim=8)
    ids = [
        await source.nodes.add_episode(turn(text, "t"))
        for text in ("we adopted a cat named Miso", "Miso likes the balcony")
    ]
    fact = await source.nodes.add_node(NodeDraft("semantic", "the cat is Miso"))
    gone = await source.nodes.add_node(NodeDraft("semantic", "the cat is Tom"))
    await source.nodes.soft_delete([gone])
    await source.index.save_embeddings(
        [(i, [float(i == n) for n in range(8)]) for i in [*ids, fact]]
    )
    miso = await source.entities.upsert_entity("Miso", type="concept")
    await source.entities.link_entities([(fact, miso.id)])
    there, back = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    await export_jsonl(source, there)
    pg = await PgStorage.open_url(database_url, dim=8)
    await import_jsonl(pg, there)
    await export_jsonl(pg, back)
    again = await MemoryStorage.open(tmp_path / "c.db", dim=8)
    await import_jsonl(again, back)
    try:
        for table in ("nodes", "edges", "entities", "node_entities"):
            want = [r async for r in source.admin.iter_rows(table)]
            assert [r async for r in again.admin.iter_rows(table)] == want, table
        for store in (pg, again):
            assert await store.index.fts_search('"miso"', limit=5) != []
            assert {i for i, _ in await store.index.fts_search('"miso"', limit=5)} == {
                i for i, _ in await source.index.fts_search('"miso"', limit=5)
            }
            near = await store.index.knn_search(
                [float(n == fact) for n in range(8)], limit=1
            )
            assert near[0][0] == fact
        # the new rows continue after the imported ids
        assert await pg.nodes.add_node(NodeDraft("semantic", "new")) > gone
    finally:
        for store in (source, pg, again):
            await store.close()


async def test_common_terms_are_sized_from_the_planner_statistics(
    database_url: str,
) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        drafts = [
            turn(f"coffee note {i}" + (" rare" if i < 3 else ""), "t")
            for i in range(300)
        ]
        ids = await asyncio.gather(*(store.nodes.submit_episode(d) for d in drafts))
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute("analyze node_text")  # the text index (schema v8)
        # deleted after ANALYZE: an exact count says 150, the statistics ~300
        await store.nodes.soft_delete([int(i) for i in ids[150:]])
        store.index.exact_below = 100  # type: ignore[attr-defined]
        counts, _ = await store.index.term_rows(["coffee", "rare", "absent"], cap=1000)
        # counted exactly: 3 turns and 2 whose neighbour context has the word
        assert counts["rare"] == 5 and counts["absent"] == 0
        assert len(await store.index.fts_search('"rare"', limit=10)) == 5
        assert 250 <= counts["coffee"] <= 300  # estimated from pg_stats
    finally:
        await store.close()


async def test_a_time_window_is_found_by_the_nodes_when_index(
    database_url: str,
) -> None:
    # As SQLite's nodes_when: a window's nodes are read by their time, not by
    # a scan of every node (the window leg runs in every windowed search).
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        rows = await store._conn.rows(
            "select indexdef from pg_indexes where indexname = 'nodes_when'"
        )
        assert rows and "COALESCE(event_time, created_at)" in rows[0][0]
    finally:
        await store.close()
