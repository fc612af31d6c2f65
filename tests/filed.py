"""Entities filed as a memory from before a joining rule holds them, and
turns filed through the slow path's linker."""

from __future__ import annotations

import time

from agent_memory.core.records import Entity, EntityType, EpisodeDraft, NodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker


async def filed_apart(
    storage: MemoryStorage, *names: str, type: EntityType = "person"
) -> None:
    """Each name its own entity of `type`, linked to a fact of its own."""
    for name in names:
        node = await storage.nodes.add_node(NodeDraft("semantic", f"{name} called"))
        entity = await storage.entities.upsert_entity(name, type=type, mentions=0)
        await storage.entities.link_entities([(node, entity.id)])


async def said(storage: MemoryStorage, *texts: str) -> None:
    """Turns through the slow path's batch linker, one batch each."""
    linker = EntityLinker(storage)
    for text in texts:
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", time.time())
        )
        nodes = await storage.nodes.get_nodes([node])
        await linker.on_episodes(list(nodes.values()))


async def filed_name(storage: MemoryStorage, alias: str) -> str | None:
    """The name of the entity `alias` finds ("my mother-in-law", «свекровь»),
    None when it finds none."""
    entity = await storage.entities.find_entity(alias)
    return entity.name if entity is not None else None


async def entity_named(storage: MemoryStorage, name: str) -> Entity:
    """The entity `name` finds; the test fails when it finds none."""
    found = await storage.entities.find_entity(name)
    assert found is not None, name
    return found


async def same_entity(storage: MemoryStorage, one: str, other: str) -> None:
    """`one` and `other` find the same entity."""
    assert (await entity_named(storage, one)).id == (
        await entity_named(storage, other)
    ).id, (one, other)


async def listed(storage: MemoryStorage) -> dict[str, str]:
    """The listed entities' names and types."""
    return {e.name: e.type for e in await storage.entities.list_entities()}


async def said_together(storage: MemoryStorage, *texts: str) -> None:
    """Turns through the slow path's batch linker, all in one batch (as an
    import or a busy slow path files them)."""
    nodes = [
        await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", time.time()))
        for text in texts
    ]
    stored = await storage.nodes.get_nodes(nodes)
    await EntityLinker(storage).on_episodes(list(stored.values()))


async def said_in_turn(storage: MemoryStorage, *texts: str) -> None:
    """Turns through the write path's linker, one by one, a second apart."""
    linker = EntityLinker(storage)
    for i, text in enumerate(texts):
        when = time.time() - 1000 + i
        node_id = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", when))
        await linker.link_text(node_id, text)
