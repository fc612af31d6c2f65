"""The everyday words for one's partner ("hubby", "my bf", «супруг»,
«благоверный») and the question "who am I married to?": the same person as
"my husband", «мой муж», on a real memory linked by the real extractor."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import top_three


async def test_hubby_is_the_husband(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My hubby Rafael is repainting the hallway green this weekend."],
        "What's my husband's name?",
    )
    assert top and "Rafael" in top[0]


async def test_the_husband_is_asked_as_hubby(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My husband Rafael is repainting the hallway green this weekend."],
        "who's my hubby",
    )
    assert top and "Rafael" in top[0]


async def test_bf_is_the_boyfriend(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My boyfriend Teo finally fixed the wobbly bookshelf."],
        "what's my bf's name",
    )
    assert top and "Teo" in top[0]


async def test_a_formal_russian_spouse_is_the_wife(storage: MemoryStorage) -> None:
    """«Моя супруга Вера» is my wife, asked «как зовут жену?» and "my wife"."""
    texts = ["Моя супруга Вера опять переставила всю мебель в гостиной."]
    top = await top_three(storage, texts, "как зовут мою жену?")
    assert top and "Вера" in top[0]


async def test_who_am_i_married_to_finds_the_wife(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My wife Dana signed up for a pottery course on Thursdays."],
        "who am I married to?",
    )
    assert top and "Dana" in top[0]
