"""Adopting the host's memory v2 file: everything carried over, all or nothing.

Real SQLite files in the host's format (tests/host_v2.py), opened through
`MemoryStorage.open` as the extension does at start.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from pathlib import Path

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.errors import InputError
from agent_memory.retrieval import Retriever, SearchFilters, Strategy
from agent_memory.storage import MemoryStorage
from agent_memory.store import adopt
from agent_memory.store.db import find_driver
from agent_memory.store.migrations import SCHEMA_VERSION
from fakes import HashEmbedder, service
from host_v2 import HOST_WIDTH, T0, HostDb, host_vector, sqlite_rows

CAT = "Пользователь рассказал, что его кот Барсик любит рыбу"
HASH = HashEmbedder(8)
SMALL = "text-embedding-3-small"  # native width 1536 == HOST_WIDTH
COUNTS = "select (select count(*) from nodes), (select count(*) from edges)"


def head(text: str) -> list[float]:
    vector = HASH._embed(text)
    assert vector is not None
    return vector


def build_host(path: Path, width: int = HOST_WIDTH) -> HostDb:
    """Seven nodes (three with a vector, one with a zero vector), three entities
    (Anna with a vector); every vector `width` wide."""
    host = HostDb(path, width=width)
    host.node("cat", CAT, at=0, embedding=host_vector(head(CAT), width=width))
    host.node(
        "hello",
        "Anna said hello from Berlin",
        at=10,
        embedding=host_vector(head("Anna said hello from Berlin"), width=width),
    )
    host.node("acme", "Anna works at Acme", type="semantic", at=20, thread="t2")
    host.node(
        "globex",
        "Anna works at Globex now",
        type="semantic",
        at=30,
        thread="t2",
        embedding=host_vector(head("Anna works at Globex now"), width=width),
    )
    host.node(
        "how",
        "Чтобы задеплоить, запусти make deploy",
        type="procedural",
        at=40,
        embedding=host_vector([0.0] * 8, tail=0.0, width=width),
    )
    host.node(
        "likes",
        "Anna prefers tea to coffee",
        type="opinion",
        at=50,
        created_at="2025-10-09T09:00:50Z",
    )
    host.node("gone", "Anna lived in Paris", type="semantic", at=5, valid_until=T0 + 30)
    host.edge("cat", "hello", "temporal")
    host.edge("cat", "how", "causal", predicate="leads_to")
    host.edge("hello", "acme", "entity")
    host.edge("acme", "cat", "derived_from", evidence=json.dumps([host.ids["cat"]]))
    host.edge("globex", "acme", "supersedes", weight=0.7)
    anna = host_vector(head("Anna"), width=width)
    host.entity("anna", "Anna", "person", ["Аня", "Annie", "anna"], 4, anna)
    host.entity("barsik", "Барсик", "concept", ["кот Барсик"], 2)
    host.entity("acme_e", "Acme", "organization", [], 1)
    for node, entity in (
        ("cat", "barsik"),
        ("hello", "anna"),
        ("acme", "anna"),
        ("acme", "acme_e"),
    ):
        host.link(node, entity)
    host.thread("t1", T0, T0 + 100)
    host.thread("t2", T0 + 20, None)
    host.meta("last_decay_run", str(T0 + 500))
    return host


@pytest.fixture
def host_file(tmp_path: Path) -> tuple[Path, HostDb]:
    path = tmp_path / "memory.db"
    host = build_host(path)
    host.close()
    return path, host


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob("memory.db.host-v2-backup-*"))


async def test_adoption_carries_everything_over(host_file: tuple[Path, HostDb]) -> None:
    path, host = host_file
    before = digest(path)
    storage = await MemoryStorage.open(path, dim=8)
    try:
        (backup,) = [b for b in backups(path) if not b.name.endswith(("-wal", "-shm"))]
        assert digest(backup) == before
        nodes = {
            n.attributes["host_v2_id"]: n
            for n in await storage.nodes.list_nodes(limit=50, history=True)
        }
        assert len(nodes) == 7
        cat = nodes[host.ids["cat"]]
        assert (cat.content, cat.type, cat.session_id) == (CAT, "episodic", "t1")
        assert cat.attributes["lang"] == "ru" and cat.created_at == T0
        assert nodes[host.ids["likes"]].created_at == 1_760_000_450.0  # ISO text
        assert nodes[host.ids["gone"]].valid_until == T0 + 30
        assert [n.content for n in sorted(nodes.values(), key=lambda n: n.id)][:2] == [
            CAT,
            "Anna lived in Paris",
        ]
        ids = {name: nodes[uid].id for name, uid in host.ids.items() if uid in nodes}
        edges = sqlite_rows(
            path, "select src_id, dst_id, type, predicate, weight, evidence from edges"
        )
        by_type = {row[2]: row for row in edges}
        assert set(by_type) == {
            "temporal",
            "causal",
            "entity",
            "derived_from",
            "supersedes",
        }
        assert by_type["supersedes"][:2] == (ids["globex"], ids["acme"])
        assert by_type["supersedes"][4] == 0.7
        assert by_type["causal"][3] == "leads_to"
        assert json.loads(by_type["derived_from"][5]) == [ids["cat"]]
        anna = await storage.entities.find_entity("аня")
        assert anna is not None and anna.name == "Anna" and anna.type == "person"
        assert set(anna.aliases) == {"Аня", "Annie"} and anna.mention_count == 4
        barsik = await storage.entities.find_entity("кот барсик")
        assert barsik is not None and barsik.name == "Барсик"
        linked = await storage.entities.nodes_of_entity(anna.id)
        assert {n.id for n in linked} == {ids["hello"], ids["acme"]}
        t1 = await storage.sessions.get_session("t1")
        t2 = await storage.sessions.get_session("t2")
        assert t1 is not None and t1.status == "consolidated"
        assert t1.consolidated_at == T0 + 100 and t1.episode_count == 2
        assert t1.consolidated_until_id == max(ids["cat"], ids["hello"])
        assert t2 is not None and t2.status == "pending" and t2.first_seen == T0 + 20
    finally:
        await storage.close()
    tables = {r[0] for r in sqlite_rows(path, "select name from sqlite_master")}
    assert not tables & {
        "host_v2_nodes",
        "threads_consolidations",
        "maintenance_metadata",
    }
    assert sqlite_rows(path, "pragma user_version") == [(SCHEMA_VERSION,)]
    meta = dict(sqlite_rows(path, "select key, value from meta"))
    assert meta["host_v2.last_decay_run"] == str(T0 + 500)


def entity_vectors(path: Path) -> int:
    return int(sqlite_rows(path, "select count(embedding) from entities")[0][0])


async def test_vectors_at_our_models_native_width_are_cut_and_kept(
    host_file: tuple[Path, HostDb],
) -> None:
    """Host vectors as wide as text-embedding-3-small's native 1536, with that
    model configured: they are that model's vectors, so cut to our width (8)
    they are in our query space and kept; zero ones go to the backfill.

    (Before, any wider vector was cut and kept whatever model made it; that
    part of this test now lives in the tests of other widths and models below.)
    """
    path, _ = host_file
    storage = await MemoryStorage.open(path, dim=8, embedding_model=SMALL)
    try:
        kept = await storage.index.node_embeddings(range(1, 10))
        # cat, hello, globex had vectors; the zero vector of `how` is rejected
        assert len(kept) == 3
        cat_id = min(kept)
        assert kept[cat_id] == pytest.approx(head(CAT), abs=1e-6)
        # acme, how, likes (the soft-deleted one is never embedded)
        assert await storage.index.count_missing_embeddings() == 3
        if storage.has_vectors:
            hits = await storage.index.knn_search(head(CAT), limit=1)
            assert [hit[0] for hit in hits] == [cat_id]
    finally:
        await storage.close()
    assert entity_vectors(path) == 1


async def test_vectors_of_another_width_are_left_for_backfill(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """3,072-wide vectors (the host's default, text-embedding-3-large) with our
    text-embedding-3-small: cut to 8 they would be 3-large vectors, another
    space than our queries, so none is kept and the backfill re-embeds all."""
    path = tmp_path / "memory.db"
    build_host(path, width=3072).close()
    caplog.set_level(logging.INFO, logger="agent_memory")
    storage = await MemoryStorage.open(path, dim=8, embedding_model=SMALL)
    try:
        assert await storage.index.node_embeddings(range(1, 10)) == {}
        # every node but the soft-deleted one
        assert await storage.index.count_missing_embeddings() == 6
        if storage.has_vectors:
            assert await storage.index.knn_search(head(CAT), limit=1) == []
    finally:
        await storage.close()
    assert entity_vectors(path) == 0
    lines = [r.getMessage() for r in caplog.records]
    (line,) = [text for text in lines if text.startswith("adopted vectors")]
    assert "0 of 7 nodes' and 0 of 3 entities' kept; 7 nodes left" in line
    assert (
        "(4 host vectors are 3072-d, not text-embedding-3-small's native 1536-d" in line
    )
    assert "; 3 had no vector or an unusable one)" in line


@pytest.mark.parametrize(
    "model",
    [
        None,  # a caller that does not know the model (MemoryStorage.open's default)
        "text-embedding-ada-002",  # 1536-d as well, but not Matryoshka
        "my-azure-deployment",  # an alias: any model may hide behind it
    ],
)
async def test_without_a_known_matryoshka_model_no_vector_is_kept(
    host_file: tuple[Path, HostDb], model: str | None
) -> None:
    path, _ = host_file
    storage = await MemoryStorage.open(path, dim=8, embedding_model=model)
    try:
        assert await storage.index.node_embeddings(range(1, 10)) == {}
        assert await storage.index.count_missing_embeddings() == 6
    finally:
        await storage.close()
    assert entity_vectors(path) == 0


async def test_search_finds_migrated_memories(host_file: tuple[Path, HostDb]) -> None:
    path, _ = host_file
    storage = await MemoryStorage.open(path, dim=8, embedding_model=SMALL)
    try:
        search = Retriever(
            storage, service(HashEmbedder(8)), MemoryConfig(embedding_dimensions=8)
        ).search
        hits = await search("кот Барсик", SearchFilters(limit=3), reinforce=False)
        assert hits and hits[0].node.content == CAT
        deploy = await search("задеплоить", SearchFilters(limit=3), reinforce=False)
        assert [h.node.type for h in deploy][:1] == ["procedural"]
        paris = await search("Paris", SearchFilters(limit=3), reinforce=False)
        # soft-deleted in the host stays out of the index
        assert "Anna lived in Paris" not in [h.node.content for h in paris]
        if storage.has_vectors:
            only = Strategy(legs=("vector",))
            hits = await search(CAT, SearchFilters(limit=1), strategy=only)
            assert [h.node.content for h in hits] == [CAT]
    finally:
        await storage.close()


async def test_second_start_is_a_no_op(host_file: tuple[Path, HostDb]) -> None:
    path, _ = host_file
    storage = await MemoryStorage.open(path, dim=8)
    await storage.close()
    counts = sqlite_rows(path, COUNTS)
    storage = await MemoryStorage.open(path, dim=8)
    await storage.close()
    assert len(backups(path)) == 1
    assert sqlite_rows(path, COUNTS) == counts


async def test_failure_rolls_back_to_the_original_file(
    host_file: tuple[Path, HostDb], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = host_file
    before = digest(path)

    async def broken(db: object) -> None:
        raise RuntimeError("disk fell off")

    # the very last step fails: every row was already copied inside the transaction
    monkeypatch.setattr(adopt, "drop_host_tables", broken)
    with pytest.raises(RuntimeError, match="disk fell off"):
        await MemoryStorage.open(path, dim=8)
    assert digest(path) == before
    assert not path.with_name("memory.db-wal").exists() or digest(path) == before
    monkeypatch.undo()
    storage = await MemoryStorage.open(path, dim=8)
    try:
        assert len(await storage.nodes.list_nodes(limit=50, history=True)) == 7
    finally:
        await storage.close()


async def test_unknown_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    conn = sqlite3.connect(path)
    conn.executescript(
        "create table nodes (id text primary key, body text);"
        "insert into nodes values ('a', 'someone else''s data');"
    )
    conn.close()
    before = digest(path)
    with pytest.raises(InputError, match=str(path)):
        await MemoryStorage.open(path, dim=8)
    assert digest(path) == before
    assert backups(path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["memory.db"]  # noqa: ASYNC240


async def test_fresh_and_own_files_are_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    storage = await MemoryStorage.open(path, dim=8)
    await storage.close()
    assert adopt.classify(path, find_driver()) == "ours"
    assert adopt.classify(tmp_path / "absent.db", find_driver()) == "fresh"
