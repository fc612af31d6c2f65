"""A window's work is bounded by the window, not by the memory (issue 27):
the legs read a window's id range, and still find every node of the window,
also one filed long after its time (an import)."""

from __future__ import annotations

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft, NodeDraft, NodeWindow
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from agent_memory.store import entity_window

DAY = 86_400.0
D = 1_700_000_000.0 - 1_700_000_000.0 % DAY  # the day the questions ask about


async def priya_everywhere(storage: MemoryStorage, days: int) -> tuple[int, list[int]]:
    """Priya named in 5 turns of day D and in 40 turns of each of `days` later
    days; (her entity id, the ids of day D's turns)."""
    priya = await storage.entities.upsert_entity("Priya", type="person", mentions=0)
    drafts = [
        NodeDraft(
            "episodic",
            f"Priya and I talked about the garden, note {day}.{i}",
            source_type="conversation",
            session_id=f"t{day}",
            event_time=D + day * DAY + 60 * (i + 1),
        )
        for day in range(days + 1)
        for i in range(5 if day == 0 else 40)
    ]
    ids = await storage.nodes.add_nodes(drafts)
    await storage.entities.link_entities([(node_id, priya.id) for node_id in ids])
    return priya.id, ids[:5]


async def test_an_old_turn_filed_late_is_still_the_best_of_its_window(
    storage: MemoryStorage,
) -> None:
    priya, _ = await priya_everywhere(storage, days=10)
    # Imported after the later days (a larger id than theirs), said on day D.
    late = await storage.nodes.add_episode(
        EpisodeDraft("Priya showed me the zeppelin museum", "import", "user", D + 9)
    )
    await storage.entities.link_entities([(late, priya)])
    window = SearchFilters(after=D, before=D + DAY)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))

    by_word = await retriever.search("the zeppelin museum", window, reinforce=False)
    by_name = await storage.entities.entity_node_ids(
        [priya], limit=50, window=NodeWindow(after=D, before=D + DAY)
    )

    assert by_word and by_word[0].node.id == late
    assert late in {node_id for node_id, _ in by_name} and len(by_name) == 6


@pytest.mark.sqlite_only
async def test_a_person_named_all_over_the_memory_costs_only_her_window(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At most 100 of her links counted (the default's count costs ~16 steps).
    monkeypatch.setattr(entity_window, "LINK_SCAN", 100)
    priya, first_day = await priya_everywhere(storage, days=2)
    window = NodeWindow(after=D, before=D + DAY)

    async def steps() -> tuple[int, list[int]]:
        """SQLite's virtual machine steps (in thousands) of the windowed reads."""
        count = [0]

        def tick() -> int:
            count[0] += 1
            return 0

        await storage._conn.read.set_progress_handler(tick, 1000)
        linked = await storage.entities.entity_node_ids(
            [priya], limit=50, window=window
        )
        newest = await storage.entities.entity_nodes_between(
            priya, after=D, before=D + DAY, limit=50
        )
        await storage._conn.read.set_progress_handler(None, 1000)
        assert {n.id for n in newest} == {node_id for node_id, _ in linked}
        return count[0], sorted(node_id for node_id, _ in linked)

    small, found = await steps()
    more = [
        NodeDraft("episodic", f"Priya again {i}", event_time=D + 5 * DAY + i)
        for i in range(3000)
    ]
    ids = await storage.nodes.add_nodes(more)
    await storage.entities.link_entities([(node_id, priya) for node_id in ids])
    large, found_again = await steps()

    assert found == sorted(first_day)
    assert found_again == found
    # 3,000 more links outside the window: read them all and the steps grow
    # by about 3,000 links' worth (~30); seek the window's range and they stay.
    assert large <= small + 3, (small, large)


@pytest.mark.parametrize("link_scan", [2000, 10])
async def test_a_persons_turns_of_a_window_whether_named_rarely_or_often(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch, link_scan: int
) -> None:
    # 10: Priya's 85 links are "many", the window is walked by time instead.
    monkeypatch.setattr(entity_window, "LINK_SCAN", link_scan)
    priya, first_day = await priya_everywhere(storage, days=2)
    late = await storage.nodes.add_episode(
        EpisodeDraft("Priya again, filed late", "import", "user", D + 9)
    )
    await storage.entities.link_entities([(late, priya)])

    found = await storage.entities.entity_nodes_between(
        priya, after=D, before=D + DAY, limit=3
    )
    everything = await storage.entities.entity_nodes_between(priya, limit=200)

    assert [n.id for n in found] == first_day[::-1][:3]  # newest first
    assert len(everything) == 86 and everything[-1].id == late  # said first


@pytest.mark.needs_postgres
async def test_postgres_reads_a_windows_id_range_by_its_time_index(
    database_url: str,
) -> None:
    # max(id) was taken from the primary key backwards, filtering every node
    # newer than the window: linear in the memory for an old window.
    from agent_memory.store.postgres.storage import PgStorage
    from agent_memory.store.rows import window_id_range

    store = await PgStorage.open_url(database_url, dim=8)
    try:
        await store.nodes.add_nodes(
            [
                NodeDraft("episodic", f"note {i}", event_time=D + 60 * i)
                for i in range(5000)
            ]
        )
        await store._conn.rows("vacuum analyze nodes")
        sql, params = window_id_range(NodeWindow(after=D, before=D + DAY), "n.id")
        plan = await store._conn.rows(
            f"explain select count(*) from nodes n where 1 = 1{sql}", params
        )
        text = "\n".join(row[0] for row in plan)
        assert "nodes_when" in text and "Backward" not in text, text
        # From the index alone (schema v6): fetching each node of the window
        # for its id cost 5-10 ms a bound for a week at 100k nodes.
        assert text.count("Index Only Scan using nodes_when") == 2, text
    finally:
        await store.close()


@pytest.mark.parametrize("dense", [True, False])
async def test_the_windows_best_match_whether_the_window_is_dense_or_sparse(
    storage: MemoryStorage, dense: bool
) -> None:
    # Better matches outside the window; inside it, many weaker matches
    # (dense) or none but the best (sparse).
    outside = [
        NodeDraft("episodic", f"garden garden garden, note {i}", event_time=D - DAY + i)
        for i in range(300)
    ]
    inside = [
        NodeDraft(
            "episodic",
            f"{'garden' if dense else 'lunch'} plans, note {i}",
            event_time=D + 60 * (i + 1),
        )
        for i in range(300)
    ]
    await storage.nodes.add_nodes(outside + inside)
    (best,) = await storage.nodes.add_nodes(
        [NodeDraft("episodic", "garden garden talk", event_time=D + 7 * 3600)]
    )
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))

    hits = await retriever.search(
        "garden", SearchFilters(after=D, before=D + DAY), reinforce=False
    )

    assert hits and hits[0].node.id == best
    assert all(D <= hit.node.when < D + DAY for hit in hits)
