"""edit_entity through a real agent run: merge, rename, aliases, split, type,
delete; each recorded so it survives a reindex and the nightly pass; never
across scopes. And entities no memory mentions any more are not listed."""

from __future__ import annotations

import time

from agent_memory.core.records import EpisodeDraft
from agent_memory.core.scope import using_view, view_of_scope, write_scope
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import reapply_entity_edits
from agent_memory.writepath.entities import EntityLinker
from agents import Tool
from tool_harness import call


async def said(storage: MemoryStorage, *texts: str) -> list[int]:
    """Turns stored and linked by the offline linker, as the slow path does."""
    linker = EntityLinker(storage)
    ids = []
    for text in texts:
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", time.time(), scope=write_scope())
        )
        await linker.link_text(node, text)
        ids.append(node)
    return ids


async def test_merge_joins_two_entities_and_their_memories(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await said(storage, "Lunch with Melanie today", "Dinner with Melanie later")
    await storage.entities.upsert_entity("Mell", type="person", mentions=0)
    (mell,) = await said(storage, "I met Mell at the park")

    done = await call(
        tools, "edit_entity", action="merge", entity_name="Melanie", value="Mell"
    )
    info = await call(tools, "get_entity_info", entity_name="Mell")

    assert done["entity"] == "Melanie" and "Mell" in done["aliases"]
    assert info["name"] == "Melanie" and info["mentions"] == 3
    assert f"#{mell}" in {item["id"] for item in info["timeline"]}


async def test_rename_alias_type_and_delete_keep_the_memories(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    (node,) = await said(storage, "In the park Anna walked Pepper")

    renamed = await call(
        tools, "edit_entity", action="rename", entity_name="Anna", value="Anna Berg"
    )
    added = await call(
        tools, "edit_entity", action="alias_add", entity_name="Anna Berg", value="Annie"
    )
    removed = await call(
        tools, "edit_entity", action="alias_remove", entity_name="Annie", value="Anna"
    )
    typed = await call(
        tools, "edit_entity", action="type", entity_name="Pepper", value="pet"
    )
    deleted = await call(tools, "edit_entity", action="delete", entity_name="Pepper")
    wrong = await call(
        tools, "edit_entity", action="type", entity_name="Annie", value="dog"
    )

    assert renamed["entity"] == "Anna Berg" and renamed["aliases"] == ["Anna"]
    assert added["aliases"] == ["Anna", "Annie"]
    assert removed["aliases"] == ["Annie"]
    assert typed["type"] == "pet"
    assert "deleted" in deleted["done"]
    assert "unknown type" in wrong["error"]
    assert await storage.entities.find_entity("Pepper") is None
    assert await storage.entities.find_entity("Anna") is None
    kept = await storage.nodes.get_node(node)
    assert kept is not None and kept.valid_until is None


async def test_split_gives_the_alias_its_own_memories(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await said(storage, "Dinner with Melanie")
    (hey,) = await said(storage, "Hey Mel, how are you?")
    joined = await storage.entities.find_entity("Mel")
    assert joined is not None and joined.name == "Melanie"  # the linker joined it

    done = await call(
        tools, "edit_entity", action="split", entity_name="Melanie", value="Mel"
    )
    mel = await storage.entities.find_entity("Mel")
    melanie = await storage.entities.find_entity("Melanie")
    assert mel is not None and melanie is not None and mel.id != melanie.id
    assert "split" in done["done"]
    assert [n.id for n in await storage.entities.nodes_of_entity(mel.id)] == [hey]
    assert hey not in [n.id for n in await storage.entities.nodes_of_entity(melanie.id)]
    # the guess does not join it back when Mel is said again
    await said(storage, "Thanks, Mel!")
    again = await storage.entities.find_entity("Mel")
    assert again is not None and again.id == mel.id and again.mention_count == 2


async def test_edits_survive_reindex_and_the_nightly_renaming(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await said(storage, "My friend Joanna called", "I walked my dog Pepper")
    await call(
        tools, "edit_entity", action="alias_add", entity_name="Joanna", value="Jojo"
    )
    await call(
        tools, "edit_entity", action="type", entity_name="Pepper", value="project"
    )
    await call(tools, "edit_entity", action="delete", entity_name="Joanna")
    # what the nightly pass or a re-extraction may do: file the names again
    await storage.entities.upsert_entity("Joanna", type="person", aliases=["Jojo"])
    pepper = await storage.entities.find_entity("Pepper")
    assert pepper is not None
    await storage.entities.update_entity(pepper.id, type="person")

    report = await reindex(storage, None)

    assert report.edits == 2
    assert await storage.entities.find_entity("Joanna") is None
    pepper = await storage.entities.find_entity("Pepper")
    assert pepper is not None and pepper.type == "project"
    assert await reapply_entity_edits(storage) == 0  # nothing left to redo
    # the offline linker does not file a deleted name again
    await said(storage, "Joanna called again")
    assert await storage.entities.find_entity("Joanna") is None


async def test_an_edit_never_crosses_a_scope(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    for scope in ("user:a", "user:b"):
        with using_view(view_of_scope(scope)):
            await said(storage, "Coffee with Caroline")
    with using_view(view_of_scope("user:a")):
        await call(tools, "edit_entity", action="delete", entity_name="Caroline")
        await call(
            tools, "edit_entity", action="type", entity_name="Nobody", value="pet"
        )
    await reapply_entity_edits(storage)

    with using_view(view_of_scope("user:a")):
        assert await storage.entities.find_entity("Caroline") is None
    with using_view(view_of_scope("user:b")):
        kept = await storage.entities.find_entity("Caroline")
        assert kept is not None and kept.mention_count == 1
        other = await call(tools, "edit_entity", action="merge", entity_name="Caroline")
        assert "needs a value" in other["error"]


async def test_forgotten_mentions_leave_the_lists(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    (node,) = await said(storage, "Important: ask Gina about the rent")
    assert [e.name for e in await storage.entities.list_entities()] == ["Gina"]

    await call(tools, "forget_fact", fact=f"#{node}")

    assert await storage.entities.list_entities() == []
    assert (await storage.admin.stats()).entities == 0
    info = await call(tools, "get_entity_info", entity_name="Gina")
    assert "No entity called 'Gina'" in info["error"]
