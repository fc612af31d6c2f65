"""Nodes linked to every entity a question names come first, however many
other nodes each entity is linked to ("When did Anton go to Lima?" in a memory
where Anton and Lima are each in thousands of turns)."""

from __future__ import annotations

from pathlib import Path

from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage


async def test_nodes_linked_to_both_entities_come_first(tmp_path: Path) -> None:
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    try:
        anton = (await storage.entities.upsert_entity("Anton", type="person")).id
        lima = (await storage.entities.upsert_entity("Lima", type="place")).id
        texts = ["Anton went to Lima"] + [f"Anton note {i}" for i in range(40)]
        texts += [f"Lima note {i}" for i in range(40)]
        ids = [
            await storage.nodes.add_episode(EpisodeDraft(t, "t", "user", 1.0 + n))
            for n, t in enumerate(texts)
        ]
        pairs = [(ids[0], anton), (ids[0], lima)]
        pairs += [(i, anton) for i in ids[1:41]] + [(i, lima) for i in ids[41:]]
        await storage.entities.link_entities(pairs)
        found = await storage.entities.entity_node_ids([anton, lima], limit=5)
    finally:
        await storage.close()
    # The oldest node is the only one linked to both: newer single links of
    # each entity no longer push it out of the list.
    assert found[0] == (ids[0], 2)
    assert all(links == 1 for _, links in found[1:])


async def test_the_nodes_of_every_entity_are_a_merge_of_their_links(
    tmp_path: Path,
) -> None:
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    try:
        names = [("Anton", "person"), ("Lima", "place"), ("Mira", "person")]
        people = [
            (await storage.entities.upsert_entity(n, type=t)).id for n, t in names
        ]
        ids = [
            await storage.nodes.add_episode(EpisodeDraft(f"note {n}", "t", "user", n))
            for n in range(30)
        ]
        # Every third node links all three; the others one entity each.
        pairs = [(i, p) for n, i in enumerate(ids) for p in people if n % 3 == 0]
        pairs += [(i, people[n % 3]) for n, i in enumerate(ids) if n % 3]
        await storage.entities.link_entities(pairs)
        statements: list[str] = []
        await storage._conn.read.set_trace_callback(statements.append)
        found = await storage.entities.entity_node_ids(people, limit=4)
        await storage._conn.read.set_trace_callback(None)
        (sql,) = [s for s in statements if "node_entities" in s]
        plan = await storage._conn.read.execute_fetchall("explain query plan " + sql)
    finally:
        await storage.close()
    # The newest nodes linked to all three first.
    assert found == [(ids[27], 3), (ids[24], 3), (ids[21], 3), (ids[18], 3)]
    steps = [str(row[3]) for row in plan]
    # Walked newest first in step, stopping at the scan limit: no list of
    # every link of an entity is built first (1.3 ms at 2k links).
    assert any("MERGE (INTERSECT)" in s for s in steps), steps
    assert not [s for s in steps if "LIST SUBQUERY" in s], steps


async def test_a_type_filter_keeps_the_linked_rows_as_the_way_in(
    tmp_path: Path,
) -> None:
    # With `n.type in (...)` SQLite's planner entered by the type index and
    # probed the links for every node of the type: 96 ms at 100k nodes for
    # two entities (a "now" question's current value), not ~1 ms.
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    try:
        anton = (await storage.entities.upsert_entity("Anton", type="person")).id
        lima = (await storage.entities.upsert_entity("Lima", type="place")).id
        ids = [
            await storage.nodes.add_episode(EpisodeDraft(f"note {n}", "t", "user", n))
            for n in range(30)
        ]
        await storage.entities.link_entities([(i, anton) for i in ids[::2]])
        await storage.entities.link_entities([(i, lima) for i in ids[::3]])
        statements: list[str] = []
        await storage._conn.read.set_trace_callback(statements.append)
        found = await storage.entities.entity_node_ids(
            [anton, lima], limit=3, types=("episodic",)
        )
        await storage._conn.read.set_trace_callback(None)
        (sql,) = [s for s in statements if "node_entities" in s]
        plan = await storage._conn.read.execute_fetchall("explain query plan " + sql)
    finally:
        await storage.close()
    assert found[0] == (ids[24], 2)  # the newest linked to both
    steps = [str(row[3]) for row in plan]
    assert not [s for s in steps if "nodes_type" in s], steps
