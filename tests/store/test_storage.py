"""Storage on real SQLite files: schema, triggers, soft delete, graph walks, writer."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import aiosqlite
import pytest
from agent_memory.core.records import EdgeDraft, EpisodeDraft, NodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.store.db import find_driver
from agent_memory.store.migrations import SCHEMA_VERSION
from agent_memory.store.writer import WriterClosed


def episode(text: str, thread: str = "t1", role: str = "user") -> EpisodeDraft:
    return EpisodeDraft(text, thread, role, time.time())


async def fts_ids(storage: MemoryStorage, word: str) -> list[int]:
    return [i for i, _ in await storage.index.fts_search(f'"{word}"', limit=50)]


@pytest.mark.needs_vectors
async def test_sqlite_vec_is_loaded(storage: MemoryStorage) -> None:
    assert find_driver().has_vec
    assert storage.has_vectors


async def test_node_round_trip_keeps_every_field(storage: MemoryStorage) -> None:
    draft = NodeDraft(
        "semantic",
        "User prefers green tea",
        confidence=0.8,
        decay_rate=0.2,
        source_role="orchestrator",
        session_id="t9",
        event_time=1_700_000_000.0,
        attributes={"k": ["v", 1]},
    )

    node = await storage.nodes.get_node(await storage.nodes.add_node(draft))

    assert node is not None
    assert (node.type, node.content, node.confidence, node.base_confidence) == (
        "semantic",
        "User prefers green tea",
        0.8,
        0.8,
    )
    assert (node.decay_rate, node.source_role, node.session_id) == (
        0.2,
        "orchestrator",
        "t9",
    )
    assert (node.event_time, node.attributes, node.valid_until) == (
        1_700_000_000.0,
        {"k": ["v", 1]},
        None,
    )


async def test_fts_follows_insert_update_and_soft_delete(
    storage: MemoryStorage,
) -> None:
    node_id = await storage.nodes.add_node(NodeDraft("semantic", "the cat sleeps"))
    assert await fts_ids(storage, "cat") == [node_id]

    await storage.nodes.update_node(node_id, content="the dog sleeps")
    assert await fts_ids(storage, "cat") == []
    assert await fts_ids(storage, "dog") == [node_id]

    assert await storage.nodes.soft_delete([node_id]) == 1
    assert await fts_ids(storage, "dog") == []
    assert await storage.nodes.soft_delete([node_id]) == 0


@pytest.mark.needs_vectors
async def test_a_new_vector_replaces_the_old_one_in_both_indexes(
    storage: MemoryStorage,
) -> None:
    east, west = [1.0] + [0.0] * 7, [-1.0] + [0.0] * 7
    fresh = await storage.nodes.add_node(NodeDraft("semantic", "fresh"))
    node_id = await storage.nodes.add_node(NodeDraft("semantic", "moved"))
    await storage.index.save_embeddings([(node_id, east)])

    await storage.index.save_embeddings([(fresh, east), (node_id, west)])

    assert [i for i, _ in await storage.index.knn_search(west, limit=1)] == [node_id]
    assert await storage.index.knn_bits(west, limit=1) == [node_id]
    assert await storage.index.node_embeddings([node_id]) == {node_id: west}


async def test_soft_deleted_rows_are_invisible_unless_history(
    storage: MemoryStorage,
) -> None:
    node_id = await storage.nodes.add_node(NodeDraft("semantic", "old address"))
    await storage.index.save_embeddings([(node_id, [1.0] + [0.0] * 7)])

    await storage.nodes.soft_delete([node_id])

    assert await storage.nodes.get_node(node_id) is None
    assert await storage.nodes.get_nodes([node_id]) == {}
    assert await storage.index.knn_search([1.0] + [0.0] * 7, limit=5) == []
    assert await storage.nodes.list_nodes() == []
    old = await storage.nodes.get_node(node_id, history=True)
    assert old is not None and old.valid_until is not None


async def test_episodes_chain_and_carry_neighbour_context(
    storage: MemoryStorage,
) -> None:
    texts = ["alpha", "bravo", "charlie", "delta", "echo"]
    ids = [await storage.nodes.add_episode(episode(t)) for t in texts]

    chain = await storage.graph.walk([ids[0]], "temporal", forward=True, depth=10)
    back = await storage.graph.walk([ids[4]], "temporal", forward=False, depth=2)

    assert chain == [(ids[i], i) for i in range(1, 5)]
    assert back == [(ids[3], 1), (ids[2], 2)]
    # "charlie" is found through its neighbours' context column too.
    assert set(await fts_ids(storage, "charlie")) == set(ids)
    assert set(await fts_ids(storage, "alpha")) == set(ids[:3])


async def test_a_walk_from_each_start_counts_hops_from_that_start(
    storage: MemoryStorage,
) -> None:
    # The graph leg walks from every seed in one statement; each seed keeps
    # its own distances (a merged walk would give ids[3] one hop, from ids[2]).
    ids = [await storage.nodes.add_episode(episode(t)) for t in "abcdef"]

    reached = await storage.graph.walk_from_each(
        [ids[0], ids[2]], "temporal", forward=True, depth=3
    )

    assert reached == {
        ids[0]: [(ids[1], 1), (ids[2], 2), (ids[3], 3)],
        ids[2]: [(ids[3], 1), (ids[4], 2), (ids[5], 3)],
    }
    merged = await storage.graph.walk(
        [ids[0], ids[2]], "temporal", forward=True, depth=3
    )
    assert merged == [(ids[1], 1), (ids[3], 1), (ids[4], 2), (ids[5], 3)]
    assert (
        await storage.graph.walk_from_each([], "temporal", forward=True, depth=3) == {}
    )


async def test_forgotten_episode_leaves_its_neighbours_context(
    storage: MemoryStorage,
) -> None:
    ids = [
        await storage.nodes.add_episode(episode(t)) for t in ["one", "secret", "two"]
    ]

    await storage.nodes.soft_delete([ids[1]])

    assert await fts_ids(storage, "secret") == []


async def test_causal_walk_goes_both_ways_and_skips_deleted(
    storage: MemoryStorage,
) -> None:
    a, b, c, d = [
        await storage.nodes.add_node(NodeDraft("semantic", n)) for n in "abcd"
    ]
    await storage.graph.add_edges(
        [
            EdgeDraft(a, b, "causal"),
            EdgeDraft(b, c, "causal"),
            EdgeDraft(c, d, "causal"),
        ]
    )
    await storage.nodes.soft_delete([c])

    effects = await storage.graph.walk([a], "causal", forward=True, depth=5)
    causes = await storage.graph.walk([b], "causal", forward=False, depth=5)

    assert effects == [(b, 1)]
    assert causes == [(a, 1)]


@pytest.mark.sqlite_only(reason="reads the SQLite query plan")
async def test_edge_reads_look_up_by_node_id_not_by_edge_type(
    storage: MemoryStorage,
) -> None:
    # Scanning every edge of a type made a `when` query take ~1 s at 100k turns;
    # each read touching edges must seek by node id (query plan of the SQL run).
    ids = [int(await storage.nodes.add_episode(episode(f"turn {i}"))) for i in range(6)]
    fact = await storage.nodes.add_node(NodeDraft("semantic", "a fact"))
    await storage.graph.add_edges(
        [EdgeDraft(fact, ids[0], "derived_from"), EdgeDraft(fact, ids[1], "supersedes")]
    )
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)

    assert await storage.graph.walk([ids[2]], "temporal", forward=True, depth=2)
    assert await storage.graph.walk([ids[2]], "temporal", forward=False, depth=2)
    assert await storage.graph.edges_of([ids[2]], types=["temporal"])
    assert await storage.graph.sources_of([fact]) == {fact: [ids[0]]}
    assert await storage.graph.superseded_by([fact]) == {fact: [ids[1]]}

    await storage._conn.read.set_trace_callback(None)
    edge_reads = [s for s in statements if " edges " in s]
    assert len(edge_reads) == 5
    for sql in edge_reads:
        plan = await storage._conn.read.execute_fetchall("explain query plan " + sql)
        assert not [row for row in plan if "edges_type" in row[3]], sql


async def test_edges_are_unique_per_pair_and_type(storage: MemoryStorage) -> None:
    a, b = [await storage.nodes.add_node(NodeDraft("semantic", n)) for n in "ab"]

    first = await storage.graph.add_edges([EdgeDraft(a, b, "causal", confidence=0.7)])
    again = await storage.graph.add_edges([EdgeDraft(a, b, "causal", confidence=0.7)])

    assert (first, again) == (1, 0)


async def test_entities_resolve_by_name_or_alias_any_case(
    storage: MemoryStorage,
) -> None:
    vitaly = await storage.entities.upsert_entity(
        "Vitaly", type="person", aliases=["Vitya"]
    )
    again = await storage.entities.upsert_entity("VITYA", aliases=["my boss"])

    assert again.id == vitaly.id
    assert again.mention_count == 2
    assert set(again.aliases) == {"Vitya", "my boss"}
    for name in ["vitaly", "Vitya", "My Boss"]:
        found = await storage.entities.find_entity(name)
        assert found is not None and found.id == vitaly.id
    assert await storage.entities.find_entity("nobody") is None


async def test_writer_keeps_every_episode_and_exact_chains_under_load(
    storage: MemoryStorage,
) -> None:
    sessions = [f"s{i}" for i in range(50)]
    drafts = [episode(f"turn {n}", random.choice(sessions)) for n in range(1000)]

    async def submit(draft: EpisodeDraft) -> int:
        for _ in range(random.randrange(4)):  # interleave: the writer sees waves
            await asyncio.sleep(0)
        return await storage.nodes.submit_episode(draft)

    ids = await asyncio.gather(*(submit(d) for d in drafts))

    assert len(set(ids)) == 1000
    for session in sessions:
        stored = await storage.sessions.session_episodes(session, limit=5000)
        if not stored:
            continue
        chain = await storage.graph.walk(
            [stored[0].id], "temporal", forward=True, depth=5000
        )
        assert [node_id for node_id, _ in chain] == [n.id for n in stored[1:]]
        state = await storage.sessions.get_session(session)
        assert state is not None and state.episode_count == len(stored)


async def test_bad_item_fails_alone_and_the_batch_survives(
    storage: MemoryStorage,
) -> None:
    async def broken(db: aiosqlite.Connection) -> None:
        await db.execute("insert into no_such_table values (1)")

    good = [storage.nodes.submit_episode(episode(f"fine {i}")) for i in range(5)]
    bad = asyncio.ensure_future(storage.run_write(broken))
    results = await asyncio.gather(*good, bad, return_exceptions=True)

    assert all(isinstance(r, int) for r in results[:5])
    assert isinstance(results[5], Exception)
    assert len(await storage.sessions.session_episodes("t1")) == 5


async def test_text_with_surrogates_and_control_characters_is_stored(
    storage: MemoryStorage,
) -> None:
    node_id = await storage.nodes.add_episode(episode("bad \ud800 text\x00\x07 ok"))

    node = await storage.nodes.get_node(node_id)

    assert node is not None and node.content == "bad ? text ok"


async def test_closed_storage_refuses_writes(tmp_path: Path) -> None:
    storage = await MemoryStorage.open(tmp_path / "m.db", dim=8)
    await storage.close()

    with pytest.raises(WriterClosed):
        storage.nodes.submit_episode(episode("late"))
    await storage.close()


async def test_stats_count_what_is_there(storage: MemoryStorage) -> None:
    await storage.nodes.add_episode(episode("hello"))
    await storage.nodes.add_episode(episode("world"))
    fact = await storage.nodes.add_node(NodeDraft("semantic", "a fact"))
    await storage.nodes.soft_delete([fact])

    stats = await storage.admin.stats()

    assert stats.nodes_by_type == {"episodic": 2}
    assert stats.edges_by_type == {"temporal": 1}
    assert (stats.soft_deleted_nodes, stats.unconsolidated_threads) == (1, 1)
    assert stats.db_size_bytes > 0


@pytest.mark.sqlite_only(reason="reads pragma user_version")
async def test_schema_version_is_current(storage: MemoryStorage) -> None:
    rows = await storage._conn.rows("pragma user_version")

    assert rows[0][0] == SCHEMA_VERSION
