"""The user's mother or father said in a Russian case («у мамы», «Перевезли
маму», «на мамин юбилей») is the same relative as «Мама» said as a name
(writepath/kin_mentions.py); someone else's mother is not."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from filed import said


@pytest.mark.parametrize(
    "text",
    [
        "Перевезли маму из Даугавпилса в Ригу.",
        "Среда: у мамы в пансионате.",
        "Маму перевезли в Ригу.",
        "Купили торт на мамин юбилей.",
        "Вечером позвонил папе.",
    ],
)
def test_a_kin_word_in_any_case_is_a_person(text: str) -> None:
    kin = [m for m in extract_mentions(text) if m.name in ("Мама", "Папа")]
    assert [m.type for m in kin] == ["person"]


@pytest.mark.parametrize(
    "text",
    [
        "Его мама приехала из Минска.",
        "Встретила твою маму в магазине.",
        "Мама Томека испекла пирог.",
        "Сегодня Мартин папа звонил.",
        "Мартин папа звонил.",
        "Все мамы в классе против.",
        "Мамина сестра приехала.",
        "Ко мне приехала мамина мама.",
        "Катя опять: «мама, в Ахузе продаётся квартира».",
    ],
)
def test_someone_elses_mother_is_not_the_users(text: str) -> None:
    assert not [m for m in extract_mentions(text) if m.name in ("Мама", "Папа")]


async def test_mum_in_an_oblique_case_is_the_named_mother(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Мама, Валентина Петровна, второй год в пансионате.",
        "Перевезли маму из Даугавпилса в Ригу.",
        "Среда: у мамы в пансионате, принёс груши.",
    )

    mum = await storage.entities.find_entity("Мама")
    assert mum is not None and mum.name == "Валентина Петровна"
    assert mum.mention_count == 3


async def test_no_mother_is_made_from_a_common_word(storage: MemoryStorage) -> None:
    """A grandmother's «мама» is often her daughter, and «звонит маме» herself:
    a kin word in a case joins a mother the user has, and makes none."""
    await said(
        storage,
        "Соня спросила, какой была мама маленькой.",
        "Катя всё равно звонит маме, когда устала.",
    )

    assert await storage.entities.find_entity("Мама") is None
