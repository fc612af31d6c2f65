"""Purge: what goes, what stays, and no byte of the purged text left on disk
(database, WAL, shared memory) or in a fresh export."""

from __future__ import annotations

import sqlite3
import struct
import time
from pathlib import Path

import pytest
from agent_memory.core.errors import InputError
from agent_memory.core.records import EdgeDraft, EpisodeDraft, NodeDraft, PurgeTarget
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.standalone.transfer import export_jsonl
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity

ALICE = view_of_scope("user:alice")
BOB = view_of_scope("user:bob")
SECRET = "Quorvexine-88124"  # distinctive: appears nowhere else
BOBS = "Blarnwick-55310"
ZEDS = "Zorblatt-70412"  # an alias of Zed, recorded as Alice's entity edit
BOBS_EDIT = "Krumholt-90213"  # Bob's recorded rename
SCHEMA_V1 = (Path(__file__).resolve().parents[1] / "data" / "schema_v1.sql").read_text()


def residue(path: Path, text: str) -> int:
    """Hits of `text` (as stored, lower-cased, upper-cased) in the raw bytes
    of the database, its WAL and shared-memory files."""
    needles = {text.encode(), text.lower().encode(), text.upper().encode()}
    hits = 0
    for suffix in ("", "-wal", "-shm"):
        file = path.with_name(path.name + suffix)
        if file.exists():
            data = file.read_bytes()
            hits += sum(data.count(n) for n in needles)
    return hits


def vec(i: float) -> list[float]:
    return [1.0, i, 0, 0, 0, 0, 0, 0]


async def _alice_thread(storage: MemoryStorage) -> dict[str, int]:
    """Alice's thread t1 (the secret in one turn), a fact derived only from
    it, one derived from it and from another thread, and Bob's memories."""
    now = time.time()
    ids: dict[str, int] = {}
    with using_view(ALICE):
        for i, text in enumerate(
            [f"my locker code is {SECRET}", "ok noted", f"{SECRET} again, Zed"]
        ):
            ids[f"t1.{i}"] = await storage.nodes.add_episode(
                EpisodeDraft(text, "t1@user:alice", "user", now + i, scope="user:alice")
            )
        ids["t2"] = await storage.nodes.add_episode(
            EpisodeDraft("I like tea", "t2@user:alice", "user", now, scope="user:alice")
        )
        ids["only"] = await storage.nodes.add_node(
            NodeDraft("semantic", f"Alice's locker code is {SECRET}")
        )
        ids["both"] = await storage.nodes.add_node(
            NodeDraft("semantic", "Alice has a locker and likes tea")
        )
        await storage.graph.add_edges(
            [
                EdgeDraft(ids["only"], ids["t1.0"], "derived_from"),
                EdgeDraft(ids["both"], ids["t1.0"], "derived_from"),
                EdgeDraft(ids["both"], ids["t2"], "derived_from"),
            ]
        )
        zed = await storage.entities.upsert_entity("Zed", type="person", mentions=0)
        await storage.entities.link_entities([(ids["t1.2"], zed.id)])
        await edit_entity(storage, "alias_add", "Zed", ZEDS)
        await storage.index.save_embeddings(
            [(ids["only"], vec(0.1)), (ids["t1.0"], vec(0.2)), (ids["t2"], vec(0.3))]
        )
    with using_view(BOB):
        ids["bob"] = await storage.nodes.add_node(
            NodeDraft("semantic", f"Bob's code is {BOBS}")
        )
        await storage.entities.upsert_entity("Bobo", type="person")
        await edit_entity(storage, "rename", "Bobo", BOBS_EDIT)
    await storage.drain()
    return ids


async def test_thread_purge_leaves_no_bytes_and_keeps_the_rest(
    storage: MemoryStorage, tmp_path: Path
) -> None:
    ids = await _alice_thread(storage)
    path = storage.path
    on_file = path.exists()  # SQLite: scan its bytes; PostgreSQL: rows only
    assert not on_file or residue(path, SECRET) > 0  # the scan sees what is there
    assert not on_file or residue(path, ZEDS) > 0

    with using_view(ALICE):
        plan = await storage.purge.plan(PurgeTarget("thread", thread_id="t1"))
        done = await storage.purge.execute(PurgeTarget("thread", thread_id="t1"))
        gone = await storage.nodes.get_nodes(list(ids.values()), history=True)
        zed = await storage.entities.find_entity("Zed")
        await export_jsonl(storage, tmp_path / "alice.jsonl")
    with using_view(BOB):
        bob = await storage.nodes.get_node(ids["bob"])
    await export_jsonl(storage, tmp_path / "all.jsonl")

    assert plan.nodes_by_type == {"episodic": 3, "semantic": 1}
    assert plan.derived == 1 and plan.threads == 1 and plan.entities == 1
    assert plan.edits == 1  # Zed's, which held his alias
    assert await edits(storage) == [("user:bob", "rename", "Bobo", BOBS_EDIT)]
    assert (done.nodes, done.done) == (4, True)
    assert set(gone) == {ids["t2"], ids["both"]}  # two sources: one stays
    assert zed is None  # mentioned only by the purged turn
    assert bob is not None and bob.content == f"Bob's code is {BOBS}"
    for export in ("alice.jsonl", "all.jsonl"):
        assert SECRET.lower() not in (tmp_path / export).read_text().lower()
        assert ZEDS.lower() not in (tmp_path / export).read_text().lower()
    assert BOBS in (tmp_path / "all.jsonl").read_text()
    if not on_file:
        return
    assert residue(path, SECRET) == 0
    assert residue(path, ZEDS) == 0
    # the purged turn's vector is gone from the file too (vec0 chunks included)
    packed = struct.pack("8f", *vec(0.2))
    assert path.read_bytes().count(packed) == 0
    if storage.has_vectors:  # the host's own sqlite3 has no sqlite-vec
        vectors = await storage._conn.rows("select node_id from vec_nodes order by 1")
        assert [r[0] for r in vectors] == [ids["t2"]]
    fts = await storage._conn.rows(
        "select rowid from nodes_fts where nodes_fts match ?", (f'"{SECRET}"',)
    )
    assert fts == []


async def test_entity_purge_takes_nodes_linked_only_to_them(
    storage: MemoryStorage,
) -> None:
    with using_view(ALICE):
        only = await storage.nodes.add_node(NodeDraft("semantic", "Zed is 40"))
        shared = await storage.nodes.add_node(NodeDraft("semantic", "Zed met Ann"))
        zed = await storage.entities.upsert_entity(
            "Zed", type="person", aliases=["Zeddy"], mentions=0
        )
        ann = await storage.entities.upsert_entity("Ann", type="person", mentions=0)
        await storage.entities.link_entities(
            [(only, zed.id), (shared, zed.id), (shared, ann.id)]
        )
        plan = await storage.purge.execute(PurgeTarget("entity", entity="zeddy"))
        left = await storage.nodes.get_nodes([only, shared])
        ann_after = await storage.entities.find_entity("Ann")
        assert await storage.entities.find_entity("Zed") is None
        assert await storage.entities.find_entity("Zeddy") is None
    assert (plan.nodes, plan.entities, plan.aliases) == (1, 1, 1)
    assert set(left) == {shared}
    assert ann_after is not None and ann_after.mention_count == 1


async def test_entity_purge_takes_the_edits_naming_it(storage: MemoryStorage) -> None:
    """The edits of the entity purged go, even of one deleted before (only
    its edits still held the name); Bob's edit of a Zed of his stays."""
    with using_view(BOB):
        await storage.entities.upsert_entity("Zed", type="person")
        await edit_entity(storage, "type", "Zed", "pet")
    with using_view(ALICE):
        await storage.entities.upsert_entity("Zed", type="person")
        await storage.entities.upsert_entity("Zeddy", type="person")
        await storage.entities.upsert_entity(SECRET, type="concept")
        await edit_entity(storage, "merge", "Zed", "Zeddy")
        await edit_entity(storage, "delete", SECRET)
        zed = await storage.purge.execute(PurgeTarget("entity", entity="zeddy"))
        deleted = await storage.purge.execute(PurgeTarget("entity", entity=SECRET))
        with pytest.raises(InputError):  # neither an entity nor an edit
            await storage.purge.plan(PurgeTarget("entity", entity=SECRET))
    assert (zed.entities, zed.edits) == (1, 1)
    assert (deleted.entities, deleted.edits) == (0, 1)
    assert await edits(storage) == [("user:bob", "type", "Zed", "pet")]
    assert not storage.path.exists() or residue(storage.path, SECRET) == 0


async def edits(storage: MemoryStorage) -> list[tuple[str, str, str, str]]:
    """Every scope's recorded entity edits."""
    found = await storage.entities.entity_edits()
    return [(e.scope, e.action, e.name, e.value) for e in found]


async def test_purge_never_crosses_scopes(storage: MemoryStorage) -> None:
    ids = await _alice_thread(storage)
    with using_view(BOB):
        plan = await storage.purge.execute(PurgeTarget("scope"))
    # Bob's whole scope: his edits too, to the byte; Alice's stay
    assert plan.edits == 1
    assert await edits(storage) == [("user:alice", "alias_add", "Zed", ZEDS)]
    assert not storage.path.exists() or residue(storage.path, BOBS_EDIT) == 0
    with using_view(BOB):
        with pytest.raises(InputError):
            await storage.purge.plan(PurgeTarget("entity", entity="Zed"))
        fact = await storage.purge.plan(PurgeTarget("fact", fact_id=ids["only"]))
    with using_view(ALICE):
        alice = await storage.nodes.get_nodes(list(ids.values()))
    assert plan.nodes == 1 and fact.nodes == 0
    assert len(alice) == 6
    with pytest.raises(InputError):  # no view: never "everything"
        await storage.purge.plan(PurgeTarget("scope"))


async def test_fact_purge_takes_its_older_versions(storage: MemoryStorage) -> None:
    with using_view(ALICE):
        old = await storage.nodes.add_node(NodeDraft("semantic", f"code {SECRET}"))
        new = await storage.graph.supersede(
            old, NodeDraft("semantic", f"code {SECRET}-2")
        )
        plan = await storage.purge.execute(PurgeTarget("fact", fact_id=new))
    assert plan.nodes == 2
    assert not storage.path.exists() or residue(storage.path, SECRET) == 0


async def test_range_purge(storage: MemoryStorage) -> None:
    with using_view(ALICE):
        for day in (1, 2, 3):
            await storage.nodes.add_episode(
                EpisodeDraft(
                    f"day {day}", "t", "user", day * 86400.0, scope="user:alice"
                )
            )
        plan = await storage.purge.execute(
            PurgeTarget("range", after=1.5 * 86400, before=2.5 * 86400)
        )
        left = await storage.nodes.list_nodes()
    assert plan.nodes == 1
    assert [n.content for n in left] == ["day 3", "day 1"]
    # the neighbours no longer carry the purged turn's text
    for node in left:
        assert "day 2" not in await _context(storage, node.id)


async def test_purged_ids_are_never_given_again(storage: MemoryStorage) -> None:
    """A user told "#7 forgotten" must not later find #7 naming another memory,
    and a later forget_fact("#7") must not erase it."""
    with using_view(ALICE):
        fact = await storage.nodes.add_node(NodeDraft("semantic", f"code {SECRET}"))
        turn = await storage.nodes.add_episode(
            EpisodeDraft("newest turn", "t", "user", time.time(), scope="user:alice")
        )
        await storage.purge.execute(PurgeTarget("fact", fact_id=fact))
        await storage.purge.execute(PurgeTarget("thread", thread_id="t"))
        again = await storage.nodes.add_node(NodeDraft("semantic", "tea at five"))
        later = await storage.nodes.add_episode(
            EpisodeDraft("a new turn", "t", "user", time.time(), scope="user:alice")
        )
    assert min(again, later) > max(fact, turn), (fact, turn, again, later)


async def _context(storage: MemoryStorage, node_id: int) -> str:
    rows = await storage._conn.rows(
        "select context from nodes where id = ?", (node_id,)
    )
    return str(rows[0][0])


async def test_an_old_file_gains_expiry_and_keeps_its_nodes(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    conn.execute(
        "insert into nodes (id, type, content, created_at, valid_from)"
        " values (1, 'semantic', 'Olga lives in Tallinn', 1.0, 1.0)"
    )
    conn.execute("pragma user_version = 1")
    conn.commit()
    conn.close()
    storage = await MemoryStorage.open(path, dim=8)
    try:
        node = await storage.nodes.get_node(1)
        columns = await storage.admin.table_columns("nodes")
    finally:
        await storage.close()
    assert node is not None and node.expires_at is None
    assert "expires_at" in columns
