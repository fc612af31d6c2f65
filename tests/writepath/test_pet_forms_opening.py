"""A pet form that opens a sentence is filed when it is a regular pet form of
a known person («Заринка зовёт в Алматы…» after Zarina: writepath/nicknames.py
vouches for it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from agent_memory.storage import MemoryStorage
from filed import entity_named, said, said_in_turn, said_together, same_entity

ZARINA = "My oldest friend Zarina rang from Almaty."
OPENED = "Заринка звонила из Алматы."


@pytest.mark.parametrize(
    ("introduced", "opened", "pet", "name"),
    [
        (ZARINA, "Заринка зовёт в Алматы в сентябре.", "Заринка", "Zarina"),
        ("Подруга Лена звонила.", "Ленка опять опоздала.", "Ленка", "Лена"),
        ("Сын Тимур пошёл в школу.", "Тимурчик нарисовал кота.", "Тимурчик", "Тимур"),
    ],
)
async def test_a_pet_form_opening_a_sentence_joins_its_person(
    storage: MemoryStorage, introduced: str, opened: str, pet: str, name: str
) -> None:
    await said(storage, introduced, opened)

    await same_entity(storage, pet, name)


async def test_a_case_of_a_known_pet_form_opening_a_sentence_joins(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        ZARINA,
        "Вчера Заринка звонила из Алматы.",
        "Заринке сказала, что не прилечу, она обиделась.",
    )

    await same_entity(storage, "Заринке", "Zarina")


@pytest.mark.parametrize(
    "filing",
    [
        pytest.param(
            lambda storage: said_together(storage, OPENED, ZARINA), id="batch"
        ),
        pytest.param(lambda storage: said_in_turn(storage, ZARINA, OPENED), id="turn"),
    ],
)
async def test_a_pet_form_opening_a_sentence_joins_in_one_filing(
    storage: MemoryStorage, filing: Callable[[MemoryStorage], Awaitable[object]]
) -> None:
    """Filed with its person in one batch, or on the write path of one turn."""
    await filing(storage)

    await same_entity(storage, "Заринка", "Zarina")


async def test_an_opening_word_of_no_known_person_stays_unfiled(
    storage: MemoryStorage,
) -> None:
    """«Ленка» with no Лена known, «Пенка» beside Лена: a capital of the
    sentence, not a name."""
    await said(storage, "Ленка опять опоздала.", "Подруга Лена звонила.")
    await said(storage, "Пенка на молоке подгорела.")

    assert await storage.entities.find_entity("Пенка") is None
    lena = await entity_named(storage, "Лена")
    assert "Ленка" not in lena.aliases
