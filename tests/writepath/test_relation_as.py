"""A name that takes a role held one at a time "as the boss" is its holder
(writepath/relations.relation_as)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from filed import said


async def test_a_name_taking_the_role_as_the_boss_holds_it(
    storage: MemoryStorage,
) -> None:
    """ "my boss Jordi", then "first day with Carmen as the boss": Carmen is
    the boss now and Jordi the former one."""
    await said(
        storage,
        "First review with my boss Jordi today, he liked the facades.",
        "First day with Carmen as the boss. She brought an espresso machine.",
    )

    carmen = await storage.entities.find_entity("my boss")
    assert carmen is not None and carmen.name == "Carmen"
    jordi = await storage.entities.find_entity("my former boss")
    assert jordi is not None and jordi.name == "Jordi"


async def test_as_a_friend_is_no_role_held_once(storage: MemoryStorage) -> None:
    """ "Sam as a friend", "Lena as my friend": a relation one may have many
    of is not taken from anyone by "as"."""
    await said(
        storage,
        "My boss Jordi signed the leave.",
        "I see Lena as my friend now, not just a neighbour.",
    )

    jordi = await storage.entities.find_entity("my boss")
    assert jordi is not None and jordi.name == "Jordi"
    assert await storage.entities.find_entity("my friend") is None
