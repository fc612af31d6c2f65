"""Opening memory.db with another embedding_dimensions never destroys vectors.

The stored vectors and vec tables are kept, the mismatch is logged once, search
runs without its vector leg, and only an explicit `reindex` re-embeds into vec
tables of the new width.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from agent_memory.core.embeddings import EmbeddingService, normalise
from agent_memory.core.records import NodeDraft, PurgeTarget
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.indexer import EpisodeIndexer
from fakes import HashEmbedder

pytestmark = pytest.mark.needs_vectors

TEXTS = ["Lena works at the Vienna observatory", "Pepper the dog hates chicken"]


async def filled(path: Path) -> list[int]:
    storage = await MemoryStorage.open(path, dim=8)
    ids = await storage.nodes.add_nodes([NodeDraft("semantic", t) for t in TEXTS])
    vectors = [normalise([1.0 + i, 2.0, 0.0, 1.0, 0.0, 0.0, 3.0, i]) for i in (0, 1)]
    await storage.index.save_embeddings(list(zip(ids, vectors, strict=True)))
    await storage.close()
    return ids


async def test_another_width_keeps_vectors_and_only_reindex_replaces_them(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "memory.db"
    ids = await filled(path)

    with caplog.at_level(logging.WARNING):
        wide = await MemoryStorage.open(path, dim=16)
    kept = await wide.index.node_embeddings(ids)
    knn = await wide.index.knn_search([1.0] * 16, limit=5)
    (warning,) = [r.getMessage() for r in caplog.records if "8-d" in r.getMessage()]
    assert (wide.has_vectors, wide.vector_width_mismatch) == (False, 8)
    assert knn == [] and sorted(len(v) for v in kept.values()) == [8, 8]
    assert "reindex" in warning and "kept" in warning
    await wide.close()

    # Back at the old width, every vector is still there and searchable.
    narrow = await MemoryStorage.open(path, dim=8)
    found = await narrow.index.knn_search(kept[ids[0]], limit=5)
    assert narrow.has_vectors and found[0][0] == ids[0] and len(found) == 2
    await narrow.close()

    wide = await MemoryStorage.open(path, dim=16)
    embeddings = EmbeddingService(HashEmbedder(16), 16)
    report = await reindex(wide, EpisodeIndexer(wide, embeddings))
    query = await embeddings.embed(TEXTS[1])
    assert query is not None
    (best, _), *_ = await wide.index.knn_search(query, limit=5)
    vectors = await wide.index.node_embeddings(ids)
    assert (report.cleared_vectors, report.embedded, report.still_missing) == (2, 2, 0)
    assert wide.has_vectors and wide.vector_width_mismatch is None
    assert best == ids[1] and {len(v) for v in vectors.values()} == {16}
    await wide.close()


async def test_forgetting_at_another_width_takes_the_kept_vectors_too(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    forgotten, purged = await filled(path)

    wide = await MemoryStorage.open(path, dim=16)  # the 8-d tables are kept
    await wide.nodes.soft_delete([forgotten])
    await wide.purge.execute(PurgeTarget("fact", fact_id=purged))
    await wide.close()

    narrow = await MemoryStorage.open(path, dim=8)
    left = await narrow._conn.rows("select node_id from vec_nodes")
    await narrow.close()
    assert left == []  # neither vector outlived its node in the old tables
