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
