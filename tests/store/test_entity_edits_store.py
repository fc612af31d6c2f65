"""The entity edits' tables: an older file or database is migrated (pets are
allowed, the edits table exists) without losing an entity, alias or link."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.store.migrations import SCHEMA_VERSION

OLD_ENTITIES = (
    "create table entities (id integer primary key, name text not null,"
    " name_key text not null, type text not null default 'concept'"
    " check (type in ('person', 'project', 'organization', 'place',"
    " 'concept', 'tool')), summary text, embedding blob,"
    " mention_count integer not null default 0, created_at real not null,"
    " updated_at real not null, attributes text not null default '{}',"
    " scope text not null default 'default', unique (scope, name_key))"
)


async def filed(storage: MemoryStorage) -> int:
    node = await storage.nodes.add_episode(
        EpisodeDraft("walked Pepper", "t", "user", time.time())
    )
    pepper = await storage.entities.upsert_entity(
        "Pepper", aliases=["Peps"], mentions=0
    )
    await storage.entities.link_entities([(node, pepper.id)])
    return node


async def test_a_version_4_file_gets_pets_and_the_edits_table(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    storage = await MemoryStorage.open(path, dim=8)
    node = await filed(storage)
    await storage.close()
    conn = sqlite3.connect(path)  # back to v4: the old check, no edits table
    conn.execute("pragma foreign_keys = off")
    conn.execute("alter table entities rename to entities_new")
    conn.execute(OLD_ENTITIES)
    conn.execute("insert into entities select * from entities_new")
    conn.execute("drop table entities_new")
    conn.execute("drop table entity_edits")
    conn.execute("pragma user_version = 4")
    conn.commit()
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("update entities set type = 'pet'")
    conn.close()

    storage = await MemoryStorage.open(path, dim=8)
    try:
        pepper = await storage.entities.find_entity("Peps")
        assert pepper is not None and pepper.mention_count == 1
        await storage.entities.set_entity_type(pepper.id, "pet")
        await storage.entities.record_entity_edit("type", "Pepper", "pet")
        linked = await storage.entities.nodes_of_entity(pepper.id)
        edits = await storage.entities.entity_edits()
        version = (await storage._conn.rows("pragma user_version"))[0][0]
    finally:
        await storage.close()

    assert [n.id for n in linked] == [node]
    assert [(e.action, e.name, e.value) for e in edits] == [("type", "Pepper", "pet")]
    assert version == SCHEMA_VERSION == 5


async def test_a_version_2_postgres_database_gets_them_too(database_url: str) -> None:
    psycopg = pytest.importorskip("psycopg")
    from agent_memory.store.postgres.storage import PgStorage

    store = await PgStorage.open_url(database_url, dim=8)
    await filed(store)  # type: ignore[arg-type]
    await store.close()
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("drop table entity_edits")
        conn.execute("alter table entities drop constraint entities_type_check")
        conn.execute(
            "alter table entities add constraint entities_type_check check (type in"
            " ('person', 'project', 'organization', 'place', 'concept', 'tool'))"
        )
        conn.execute("update meta set value = '2' where key = 'schema_version'")

    store = await PgStorage.open_url(database_url, dim=8)
    try:
        pepper = await store.entities.find_entity("Pepper")
        assert pepper is not None and pepper.aliases == ("Peps",)
        await store.entities.set_entity_type(pepper.id, "pet")
        await store.entities.record_entity_edit("delete", "Rex")
        again = await store.entities.find_entity("Pepper")
        edits = await store.entities.entity_edits()
    finally:
        await store.close()

    assert again is not None and again.type == "pet" and again.mention_count == 1
    assert [(e.scope, e.action, e.name) for e in edits] == [
        ("default", "delete", "Rex")
    ]


test_a_version_2_postgres_database_gets_them_too = pytest.mark.needs_postgres(
    test_a_version_2_postgres_database_gets_them_too
)


async def test_a_merge_keeps_the_attributes_the_kept_entity_lacks(
    storage: MemoryStorage,
) -> None:
    # «Серёга (Серёжа Котов) — мой друг»: the relation was filed on the full
    # name, which the aside then joins to the short one
    short = await storage.entities.upsert_entity("Серёга", type="person")
    full = await storage.entities.upsert_entity("Серёжа Котов", type="person")
    await storage.entities.update_entity(
        full.id, attributes={"relation": "friend", "city": "Perm"}
    )
    await storage.entities.update_entity(short.id, attributes={"city": "Limassol"})
    await storage.entities.merge_entities(short.id, full.id)
    kept = await storage.entities.get_entity(short.id)
    assert kept is not None
    assert kept.attributes == {"relation": "friend", "city": "Limassol"}
    assert await storage.entities.find_entity("Серёжа Котов") == kept
