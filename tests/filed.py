"""Entities filed as a memory from before a joining rule holds them."""

from __future__ import annotations

from agent_memory.core.records import EntityType, NodeDraft
from agent_memory.storage import MemoryStorage


async def filed_apart(
    storage: MemoryStorage, *names: str, type: EntityType = "person"
) -> None:
    """Each name its own entity of `type`, linked to a fact of its own."""
    for name in names:
        node = await storage.nodes.add_node(NodeDraft("semantic", f"{name} called"))
        entity = await storage.entities.upsert_entity(name, type=type, mentions=0)
        await storage.entities.link_entities([(node, entity.id)])
