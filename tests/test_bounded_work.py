"""Work per query and per batch that does not grow with the memory (issue 18):
the FTS leg's row budget, the slow path's batched entity linking."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.search import legs
from agent_memory.search.legs import fts_leg
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

T0 = 1_700_000_000.0


async def turns(
    storage: MemoryStorage, texts: list[str], thread: str = "t"
) -> list[int]:
    return [
        await storage.nodes.add_episode(EpisodeDraft(text, thread, "user", T0 + i))
        for i, text in enumerate(texts)
    ]


async def test_common_terms_are_left_out_of_the_match(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(legs, "FTS_ROW_BUDGET", 4)
    await turns(storage, [f"i said it {i}" for i in range(20)])
    rare = await storage.nodes.add_episode(
        EpisodeDraft("the zeppelin ride", "other", "user", T0 + 99)
    )

    found = await fts_leg(storage, ["said", "zeppelin"], limit=50, types=())

    # "said" matches 20 rows, over the budget: only the rare term is scored
    assert [node_id for node_id, _ in found] == [rare]


async def test_a_query_of_common_terms_scores_the_newest_rows(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(legs, "FTS_ROW_BUDGET", 5)
    ids = await turns(storage, [f"i said it {i}" for i in range(40)])

    found = {
        node_id for node_id, _ in await fts_leg(storage, ["said"], limit=50, types=())
    }

    assert found and found <= set(ids[-10:])  # ~budget of its newest matches
    assert len(found) < len(ids)


async def test_terms_that_match_nothing_do_not_push_out_a_common_one(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(legs, "FTS_ROW_BUDGET", 5)
    ids = await turns(storage, [f"i said it {i}" for i in range(40)])

    found = {
        node_id
        for node_id, _ in await fts_leg(
            storage, ["say", "unheard", "said"], limit=50, types=()
        )
    }

    # "say" and "unheard" match no row; "said", over budget, is still scored
    assert found and found <= set(ids[-10:])


async def test_a_term_counted_before_it_was_stored_still_matches(
    storage: MemoryStorage,
) -> None:
    assert await fts_leg(storage, ["zeppelin"], limit=5, types=()) == []
    (node_id,) = await turns(storage, ["a zeppelin ride"])

    found = await fts_leg(storage, ["zeppelin"], limit=5, types=())

    assert [i for i, _ in found] == [node_id]


TEXTS = [
    "I met Anna and Boris at the market.",
    "Anna: Boris said the boat is ready.",
    "Carla called. Anna thinks Carla is right.",
    "Boris: we should ask Anna about Daria.",
    "Zed is nobody. Anna came too.",
]


async def linked_state(storage: MemoryStorage, ids: list[int]) -> tuple[object, ...]:
    linked = await storage.entities.entities_of_nodes(ids)
    links = sorted((n, e.name) for n, es in linked.items() for e in es)
    edges = await storage.graph.edges_of(ids, types=["entity"])
    pairs = sorted({(e.src_id, e.dst_id, e.predicate) for e in edges})
    counts = sorted(
        (e.name, e.mention_count) for e in await storage.entities.list_entities()
    )
    return links, pairs, counts


async def test_a_batch_links_as_one_episode_at_a_time_does(tmp_path: Path) -> None:
    one = await MemoryStorage.open(tmp_path / "one.db", dim=8)
    batch = await MemoryStorage.open(tmp_path / "batch.db", dim=8)
    try:
        one_ids = await turns(one, TEXTS)
        batch_ids = await turns(batch, TEXTS)
        nodes = await one.nodes.get_nodes(one_ids)
        for node_id in one_ids:
            await EntityLinker(one).on_episodes([nodes[node_id]])
        batch_nodes = await batch.nodes.get_nodes(batch_ids)
        await EntityLinker(batch).on_episodes([batch_nodes[i] for i in batch_ids])

        expected = await linked_state(one, one_ids)
        assert await linked_state(batch, batch_ids) == expected
        links = expected[0]
        assert isinstance(links, list) and ("Zed" not in {name for _, name in links})
    finally:
        await one.close()
        await batch.close()
