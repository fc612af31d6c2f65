"""ingest_turn: the one way a turn becomes an episode (hot path, import, recovery)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.indexer import EpisodeIndexer
from agent_memory.writepath.ingest import ingest_turn
from fakes import HashEmbedder, service


async def test_a_long_turn_is_cut_marked_stored_and_embedded(
    storage: MemoryStorage,
) -> None:
    indexer = EpisodeIndexer(storage, service(HashEmbedder(8)))
    indexer.start()
    try:
        node_id = await ingest_turn(
            storage,
            indexer,
            "tea " * 50,
            thread_id="t1",
            role="user",
            limit=100,
            when=1234.5,
            attributes={"user_id": "u1"},
            source_type="import",
        )
        await indexer.drain()
    finally:
        await indexer.stop()

    (node,) = await storage.sessions.session_episodes("t1")
    assert node.id == node_id
    assert node.content == ("tea " * 50)[:100]
    assert node.attributes == {
        "user_id": "u1",
        "truncated": True,
        "original_chars": 200,
    }
    assert (node.event_time, node.source_type) == (1234.5, "import")
    assert set(await storage.index.node_embeddings([node_id])) == {node_id}


async def test_a_short_turn_is_kept_whole_without_an_indexer(
    storage: MemoryStorage,
) -> None:
    await ingest_turn(storage, None, "hello", thread_id="t2", role="user", limit=100)
    (node,) = await storage.sessions.session_episodes("t2")
    assert (node.content, node.attributes) == ("hello", {})


async def test_the_backfill_embeds_every_node_without_a_vector(
    storage: MemoryStorage,
) -> None:
    """An adopted memory (or one whose embedder was down) may miss thousands of
    vectors; the start-up backfill used to stop at 1,000."""
    from agent_memory.core.records import NodeDraft

    drafts = [NodeDraft("semantic", f"fact number {n}") for n in range(1_100)]
    await storage.nodes.add_nodes(drafts)
    indexer = EpisodeIndexer(storage, service(HashEmbedder(8)))

    done = await indexer.backfill()

    assert done == 1_100
    assert await storage.index.count_missing_embeddings() == 0
