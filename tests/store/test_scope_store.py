"""Scopes in the store: old files migrate into the default scope without losing
entity links, and names and reads are per scope."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.core.scope import (
    DEFAULT_SCOPE,
    thread_key,
    using_view,
    view_of_scope,
)
from agent_memory.storage import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
ALICE = view_of_scope("user:alice")


def _v1_file(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript((ROOT / "tests" / "data" / "schema_v1.sql").read_text())
    conn.execute(
        "insert into nodes (id, type, content, created_at, valid_from, session_id)"
        " values (1, 'semantic', 'Olga lives in Tallinn', 1.0, 1.0, 'old')"
    )
    conn.execute(
        "insert into entities (id, name, name_key, type, mention_count,"
        " created_at, updated_at) values (7, 'Olga', 'olga', 'person', 1, 1.0, 1.0)"
    )
    conn.execute(
        "insert into entity_aliases (alias_key, alias, entity_id)"
        " values ('my sister', 'my sister', 7)"
    )
    conn.execute("insert into node_entities (node_id, entity_id) values (1, 7)")
    conn.execute("pragma user_version = 1")
    conn.commit()
    conn.close()


async def test_old_file_moves_into_the_default_scope_with_its_links(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    _v1_file(path)
    storage = await MemoryStorage.open(path, dim=8)
    try:
        with using_view(view_of_scope(DEFAULT_SCOPE)):
            node = await storage.nodes.get_node(1)
            olga = await storage.entities.find_entity("my sister")
            linked = await storage.entities.nodes_of_entity(7)
        with using_view(ALICE):
            hidden = await storage.nodes.get_node(1)
            not_hers = await storage.entities.find_entity("Olga")
            hers = await storage.entities.upsert_entity("Olga", type="person")
    finally:
        await storage.close()

    assert node is not None and node.scope == DEFAULT_SCOPE
    assert olga is not None and olga.id == 7 and olga.scope == DEFAULT_SCOPE
    assert [n.id for n in linked] == [1]  # the rebuild did not cascade
    assert hidden is None and not_hers is None
    assert hers.id != 7 and hers.scope == "user:alice"


async def test_a_scope_reads_only_its_own_rows(storage: MemoryStorage) -> None:
    with using_view(ALICE):
        mine = await storage.nodes.add_node(
            NodeDraft(type="semantic", content="the boat is blue")
        )
    other = await storage.nodes.add_node(
        NodeDraft(type="semantic", content="the boat is red", scope="user:bob")
    )

    with using_view(ALICE):
        hits = await storage.index.fts_search('"boat"', limit=10)
        stats = await storage.admin.stats()
        listed = await storage.nodes.list_nodes()
    everything = await storage.nodes.list_nodes()  # no view: maintenance

    assert [i for i, _ in hits] == [mine]
    assert stats.nodes_by_type == {"semantic": 1}
    assert [n.id for n in listed] == [mine]
    assert {n.id for n in everything} == {mine, other}


async def test_a_host_thread_names_its_pending_key_in_every_scope(
    storage: MemoryStorage,
) -> None:
    """thread.completed names "t2"; each scope stores its turns as its own key."""
    for scope, thread in (("user:ann", "t2"), ("user:bob", "t2"), ("user:bob", "t22")):
        key = thread_key(thread, scope)
        await storage.nodes.add_episode(
            EpisodeDraft("hi", key, "user", 1.0, scope=scope)
        )
    await storage.nodes.add_episode(EpisodeDraft("hi", "t2", "user", 1.0))  # owner's

    keys = await storage.sessions.pending_keys_of("t2")

    assert sorted(keys) == ["t2", "t2@user:ann", "t2@user:bob"]
    assert await storage.sessions.pending_keys_of("t") == []
