"""A short name in the other script is one person (writepath/nicknames.py): a
bilingual user writes the husband's full name in Russian and his short one in
the English turns ("Dani" is «Данияр»), in whichever order they come and in a
memory filed before the rule; a name already filed in both scripts is no
rival of itself; too short a name, two long names it may stand for, or two
people the user told apart by their relations stay apart."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from agent_memory.writepath.nicknames import rejoin_people
from filed import entity_named, filed_apart, said, same_entity


async def test_a_latin_short_name_joins_the_cyrillic_long_one(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Мой муж Данияр жарил баурсаки.",
        "Dani says the friday slot works better.",
    )

    await same_entity(storage, "Dani", "Данияр")


async def test_a_short_name_said_first_joins_the_long_one_said_after(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Dani says the friday slot works better.",
        "Мой муж Данияр жарил баурсаки.",
    )

    await same_entity(storage, "Dani", "Данияр")


async def test_the_nightly_rejoin_joins_across_scripts(storage: MemoryStorage) -> None:
    await filed_apart(storage, "Данияр", "Dani")

    assert await rejoin_people(storage) == 1

    await same_entity(storage, "Dani", "Данияр")


async def test_a_pet_name_joins_a_person_filed_in_both_scripts(
    storage: MemoryStorage,
) -> None:
    """«Жека» and «Женя» filed in one turn: "Zhenya" and «Женя», not yet
    joined, are one person to «Жека», not two it could stand for."""
    await said(
        storage,
        "lunch with Zhenya before my shift.",
        "в воскресенье смотрели футбол с Жекой, потом Жека позвал на шашлык,"
        " Женя спрашивал кто придёт.",
    )

    zhenya = await entity_named(storage, "Zhenya")
    assert (await entity_named(storage, "Жека")).id == zhenya.id


async def test_two_long_names_leave_the_short_one_alone(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Моя подруга Алина пришла.",
        "Моя сестра Алиса пришла.",
        "Ali says hi from Baku.",
    )

    assert (await entity_named(storage, "Ali")).name == "Ali"


async def test_people_told_apart_by_their_relations_stay_apart(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Мой брат Даниил приехал в субботу.",
        "My colleague Dan sent the report late again.",
    )

    assert (await entity_named(storage, "Dan")).id != (
        await entity_named(storage, "Даниил")
    ).id


async def test_a_two_letter_name_is_too_short_to_join(storage: MemoryStorage) -> None:
    await filed_apart(storage, "Алексей", "Al")

    assert await rejoin_people(storage) == 0
