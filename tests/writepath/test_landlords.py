"""The owner of the home the user rents is found as "my landlord"; the owner
of something else, or a sentence about something else, is not."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from filed import said_in_turn


async def _landlord(storage: MemoryStorage) -> str | None:
    entity = await storage.entities.find_entity("my landlord")
    return entity.name if entity is not None else None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Looked at a flat near the park. The owner is Manana, very talkative.",
            "Manana",
        ),
        (
            "Found three flats. One looks good, owner Manana, we call her tomorrow.",
            "Manana",
        ),
        ("Хозяин квартиры Стелиос позвонил: поднимает аренду.", "Стелиос"),
        # a title in apposition stands between the owner and the name
        (
            "хозяйка квартиры, госпожа Лиляна, принесла пирог и напомнила про аренду.",
            "Лиляна",
        ),
        ("Looked at a flat today. The owner, Mrs Ruiz, showed us round.", "Ruiz"),
        (
            "Нашли дом! Хозяйка — пенсионерка, добрая, Андрула, принесла варенье.",
            "Андрула",
        ),
    ],
)
async def test_the_homes_owner_is_the_landlord(
    storage: MemoryStorage, text: str, name: str
) -> None:
    await said_in_turn(storage, text)
    assert await _landlord(storage) == name


@pytest.mark.parametrize(
    "text",
    [
        # another's, or another thing's owner
        "The café's owner is Giorgos, he rents a flat upstairs.",
        "The owner of the bakery is Giorgos, next to our flat.",
        "Хозяйка собаки Маша живёт в нашем доме.",
        # the owner word heads a sentence about something else
        "Owner wants the rent by Friday, Marina says.",
        # no home in the turn
        "The owner is Nikos, the taverna is his.",
    ],
)
async def test_no_owner_of_the_home_is_no_landlord(
    storage: MemoryStorage, text: str
) -> None:
    await said_in_turn(storage, text)
    assert await _landlord(storage) is None


async def test_a_new_homes_owner_replaces_the_old_landlord(
    storage: MemoryStorage,
) -> None:
    await said_in_turn(
        storage,
        "Our landlord Stelios raised the rent again.",
        "Found a house! The owner is Androula, we move in at the end of the month.",
    )
    assert await _landlord(storage) == "Androula"
