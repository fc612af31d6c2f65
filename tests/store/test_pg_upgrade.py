"""An upgraded PostgreSQL memory is vacuumed and analysed once it is migrated:
the v7 migration rewrites `nodes` and v8 fills `node_text`, which leaves their
visibility maps empty and the time index without statistics (no autovacuum
comes, there are no dead rows), so every windowed search read the heap for
its window's id range (docs/retrieval.md)."""

from __future__ import annotations

from typing import Any

import pytest
from agent_memory.core.records import NodeDraft, NodeWindow

pytest.importorskip("psycopg", reason="the postgres extra is not installed")
from agent_memory.store.postgres import schema  # noqa: E402
from agent_memory.store.postgres.storage import PgStorage  # noqa: E402

pytestmark = pytest.mark.needs_postgres

D = 1_780_000_000.0


async def _settled(store: Any) -> dict[str, Any]:
    rows = await store._conn.rows(
        "select relname, relallvisible from pg_class"
        " where relname in ('nodes', 'node_text')"
    )
    out: dict[str, Any] = {row[0]: row[1] for row in rows}
    (row,) = await store._conn.rows(
        "select count(*) from pg_stats where tablename = 'nodes_when'"
    )
    out["time_index_statistics"] = row[0]
    return out


async def test_a_v6_memory_is_vacuumed_after_it_migrates(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 6)  # before the v7 rewrite
    old = await PgStorage.open_url(database_url, dim=8)
    await old.nodes.add_nodes(
        [NodeDraft("episodic", f"turn {i}", event_time=D + 60 * i) for i in range(500)]
    )
    await old.close()
    monkeypatch.undo()
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        assert await store.admin.get_meta("schema_version") == "8"
        settled = await _settled(store)
        assert settled["nodes"] > 0  # index-only scans of nodes_when again
        assert settled["node_text"] > 0
        assert settled["time_index_statistics"] == 1  # the window sized right
        window = NodeWindow(after=D + 60 * 100, before=D + 60 * 200)
        assert len(await store.index.window_nodes(window, limit=500)) == 100
    finally:
        await store.close()


async def test_a_new_memory_is_not_vacuumed(database_url: str) -> None:
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        (row,) = await store._conn.rows(
            "select last_vacuum from pg_stat_user_tables where relname = 'nodes'"
        )
        assert row[0] is None  # nothing to settle: opening stays fast
    finally:
        await store.close()


async def test_a_memory_upgraded_before_settling_existed_is_settled_once(
    database_url: str,
) -> None:
    first = await PgStorage.open_url(database_url, dim=8)
    await first.nodes.add_nodes(
        [NodeDraft("episodic", f"turn {i}", event_time=D + 60 * i) for i in range(50)]
    )
    # what an upgrade by the previous agent-memory left: v8, never vacuumed
    await first._conn.rows("delete from meta where key = 'settled' returning key")
    await first.close()
    store = await PgStorage.open_url(database_url, dim=8)
    try:
        assert await _last_vacuum(store) is not None
        assert await store.admin.get_meta("settled") == str(schema.SCHEMA_VERSION)
    finally:
        await store.close()


async def _last_vacuum(store: Any) -> Any:
    (row,) = await store._conn.rows(
        "select last_vacuum from pg_stat_user_tables where relname = 'nodes'"
    )
    return row[0]
