"""Export → import is lossless; reindex rebuilds the search indexes from the rows."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.records import NodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.transfer import (
    TransferError,
    export_jsonl,
    import_jsonl,
    reindex,
)
from agent_memory.storage import MemoryStorage
from agent_memory.store.interface import EXPORT_TABLES
from fakes import HashEmbedder

TURNS = [
    ("t1", "user", "My sister Lena got a job at the Vienna observatory"),
    ("t1", "orchestrator", "Congratulations to Lena!"),
    ("t1", "user", "Pepper the dog is allergic to chicken"),
    ("t2", "user", "Deploy the blog with make deploy then purge the Cloudflare cache"),
    ("t2", "orchestrator", "Noted the blog deployment steps"),
    ("t2", "user", "I moved from Graz to Vienna last year"),
]
QUERIES = ["Lena Vienna", "dog allergy chicken", "blog deploy", "Graz"]


async def fill(host: StandaloneHost) -> None:
    for thread, role, text in TURNS:
        if role == "user":
            await host.user_message(text, thread)
        else:
            await host.agent_response(text, thread)
    await host.memory.drain()
    storage = host.memory.services.storage
    assert storage is not None
    fact = await storage.nodes.add_node(
        NodeDraft("semantic", "Lena works at the Vienna observatory", 0.9)
    )
    gone = await storage.nodes.add_node(NodeDraft("semantic", "Lena lives in Graz"))
    await storage.nodes.soft_delete([gone])
    await storage.index.save_embeddings([(fact, [1.0] + [0.0] * 255)])
    lena = await storage.entities.upsert_entity(
        "Lena", type="person", aliases=["my sister"]
    )
    await storage.entities.link_entities([(fact, lena.id)])
    await storage.entities.update_entity(
        lena.id, summary="The user's sister", embedding=[0.0, 1.0] + [0.0] * 254
    )


@pytest.fixture
async def source(tmp_path: Path) -> AsyncIterator[StandaloneHost]:
    async with StandaloneHost(tmp_path / "src", embedder=HashEmbedder(256)) as host:
        await fill(host)
        yield host


async def results(host: StandaloneHost) -> list[list[tuple[int, str]]]:
    found = []
    for query in QUERIES:
        hits = await host.memory.services.retriever.search(
            query, SearchFilters(limit=5), reinforce=False
        )
        found.append([(h.node.id, h.node.content) for h in hits])
    return found


async def all_rows(storage: MemoryStorage) -> dict[str, list[tuple[Any, ...]]]:
    return {t: [row async for row in storage.admin.iter_rows(t)] for t in EXPORT_TABLES}


async def vec_ids(storage: MemoryStorage) -> list[int]:
    async def op(db: Any) -> list[int]:
        rows = await db.execute_fetchall("select node_id from vec_nodes order by 1")
        return [row[0] for row in rows]

    return list(await storage.run_write(op))


@pytest.mark.needs_vectors
async def test_export_then_import_gives_identical_rows_and_results(
    source: StandaloneHost, tmp_path: Path
) -> None:
    export = tmp_path / "memory.jsonl"
    counts = await export_jsonl(source.memory.services.storage, export)
    expected_rows = await all_rows(source.memory.services.storage)
    expected = await results(source)

    async with StandaloneHost(tmp_path / "dst", embedder=HashEmbedder(256)) as copy:
        report = await import_jsonl(copy.memory.services.storage, export)
        copied_rows = await all_rows(copy.memory.services.storage)
        got = await results(copy)
        copied_vectors = await vec_ids(copy.memory.services.storage)

    assert counts["nodes"] == 8 and counts["entities"] >= 1
    assert report.counts == {t: n for t, n in counts.items() if n}
    assert copied_rows == expected_rows
    assert got == expected and all(got)
    assert copied_vectors == await vec_ids(source.memory.services.storage)
    assert report.fts_rows == 7  # the soft-deleted fact is not searchable


async def test_header_records_format_and_width(
    source: StandaloneHost, tmp_path: Path
) -> None:
    export = tmp_path / "memory.jsonl"
    await export_jsonl(source.memory.services.storage, export)

    header = json.loads(export.read_text().splitlines()[0])

    assert header["format"] == "agent-memory-export"
    assert header["version"] == 1 and header["dim"] == 256


async def test_import_into_a_non_empty_database_is_refused(
    source: StandaloneHost, tmp_path: Path
) -> None:
    export = tmp_path / "memory.jsonl"
    await export_jsonl(source.memory.services.storage, export)
    before = await all_rows(source.memory.services.storage)

    with pytest.raises(TransferError, match="already holds memories"):
        await import_jsonl(source.memory.services.storage, export)

    assert await all_rows(source.memory.services.storage) == before


async def test_a_bad_line_is_reported_and_nothing_is_written(
    source: StandaloneHost, tmp_path: Path
) -> None:
    export = tmp_path / "memory.jsonl"
    await export_jsonl(source.memory.services.storage, export)
    lines = export.read_text().splitlines()
    lines[5] = lines[5][:-3]  # truncated JSON
    export.write_text("\n".join(lines) + "\n")

    async with StandaloneHost(tmp_path / "dst") as copy:
        with pytest.raises(TransferError, match=r"memory.jsonl:6: not JSON"):
            await import_jsonl(copy.memory.services.storage, export)
        assert await copy.memory.services.storage.admin.is_empty()


async def test_a_file_that_is_no_export_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "turns.jsonl"
    other.write_text('{"thread_id": "t", "role": "user", "text": "hi"}\n')

    async with StandaloneHost(tmp_path / "dst") as copy:
        with pytest.raises(TransferError, match="not an agent-memory export"):
            await import_jsonl(copy.memory.services.storage, other)


async def test_vectors_of_another_width_are_dropped_with_a_note(
    source: StandaloneHost, tmp_path: Path
) -> None:
    export = tmp_path / "memory.jsonl"
    await export_jsonl(source.memory.services.storage, export)

    settings = {"embedding_dimensions": 64}
    async with StandaloneHost(tmp_path / "dst", settings=settings) as copy:
        report = await import_jsonl(copy.memory.services.storage, export)
        stats = await copy.memory.services.storage.admin.stats()

    assert report.dropped_vectors == 8  # 6 turns + 1 fact + 1 entity
    assert "reindex" in report.notes[0]
    assert stats.embedded_nodes == 0 and stats.nodes_by_type["episodic"] == 6


@pytest.mark.needs_vectors
async def test_reindex_restores_search_after_the_indexes_are_wiped(
    source: StandaloneHost,
) -> None:
    storage = source.memory.services.storage
    assert storage is not None
    expected = await results(source)
    expected_vectors = await vec_ids(storage)

    async def wipe(db: Any) -> None:
        await db.execute("insert into nodes_fts (nodes_fts) values ('delete-all')")
        await db.execute("delete from vec_nodes")
        await db.execute("delete from vec_nodes_bit")
        await db.execute("delete from vec_entities")

    await storage.run_write(wipe)
    # Only entity links (a table, not an index) still find Lena, Vienna, Graz.
    wiped = await results(source)
    assert wiped[1:3] == [[], []] and wiped != expected

    report = await reindex(storage, source.memory.services.indexer)

    assert await results(source) == expected
    assert await vec_ids(storage) == expected_vectors
    assert report.fts_rows == 7 and report.vectors == (7, 1)


@pytest.mark.needs_vectors
async def test_reindex_embeds_nodes_that_have_no_vector(tmp_path: Path) -> None:
    async with StandaloneHost(tmp_path / "plain") as plain:
        await fill(plain)  # no embedder: only the fact has a vector
    embedder = HashEmbedder(256)
    async with StandaloneHost(tmp_path / "plain", embedder=embedder) as host:
        await host.memory.drain()
        await (
            host.memory.services.indexer.stop()
        )  # no start-up backfill racing the count
        report = await reindex(
            host.memory.services.storage, host.memory.services.indexer
        )
        missing = await host.memory.services.storage.index.count_missing_embeddings()

    assert report.still_missing == 0 == missing
    assert report.embedded + report.vectors[0] == 7


async def test_a_copy_never_gives_an_id_the_source_purged(
    tmp_path: Path, storage: MemoryStorage
) -> None:
    """The newest fact purged, the memory exported and imported: a new fact in
    the copy gets a fresh id, not the purged one (a "#id" the user was shown)."""
    from agent_memory.core.records import PurgeTarget

    export = tmp_path / "memory.jsonl"
    source = await MemoryStorage.open(tmp_path / "src.db", dim=8)
    await source.nodes.add_node(NodeDraft("semantic", "tea at five"))
    purged = await source.nodes.add_node(NodeDraft("semantic", "my PIN is 4431"))
    await source.purge.execute(PurgeTarget("fact", fact_id=purged))
    await export_jsonl(source, export)
    await source.close()

    await import_jsonl(storage, export)  # an empty SQLite or PostgreSQL memory
    new = await storage.nodes.add_node(NodeDraft("semantic", "coffee at nine"))

    assert new > purged
    assert json.loads(export.read_text().splitlines()[0])["node_id_floor"] == purged


async def test_entity_edits_travel_with_the_memory(
    tmp_path: Path, storage: MemoryStorage
) -> None:
    """A merge recorded in the source is in the copy (and is made again by
    a reindex there); an export from before the edits table still imports."""
    from agent_memory.toolkit.entity_edits import edit_entity

    export, older = tmp_path / "memory.jsonl", tmp_path / "older.jsonl"
    source = await MemoryStorage.open(tmp_path / "src.db", dim=8)
    for name in ("Melanie", "Mel"):
        await source.entities.upsert_entity(name, type="person")
    await edit_entity(source, "merge", "Melanie", "Mel")
    counts = await export_jsonl(source, export)
    await source.close()
    header, *lines = export.read_text().splitlines()
    old_header = json.loads(header)
    del old_header["counts"]["entity_edits"]
    kept = [line for line in lines if '"entity_edits"' not in line]
    older.write_text("\n".join([json.dumps(old_header), *kept]) + "\n")

    await import_jsonl(storage, export)  # an empty SQLite or PostgreSQL memory
    await edit_entity(storage, "alias_add", "Melanie", "Melly")  # a fresh id
    edits = [(e.action, e.name, e.value) for e in await storage.entities.entity_edits()]

    assert counts["entity_edits"] == 1
    assert edits == [("merge", "Melanie", "Mel"), ("alias_add", "Melanie", "Melly")]
    async with StandaloneHost(tmp_path / "old") as copy:
        report = await import_jsonl(copy.memory.services.storage, older)
        assert "entity_edits" not in report.counts
        assert await copy.memory.services.storage.entities.find_entity("Mel")
