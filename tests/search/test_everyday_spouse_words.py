"""The everyday words for one's partner ("hubby", "my bf", «супруг»,
«благоверный») and the question "who am I married to?": the same person as
"my husband", «мой муж», on a real memory linked by the real extractor."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

DAY = 86_400.0
T0 = dt.datetime(2024, 3, 1, tzinfo=dt.UTC).timestamp()
SMALL_TALK = [
    "Rainy all morning, finished the crossword before lunch.",
    "Bought a new kettle, the old one kept tripping the fuse.",
    "Дочитала детектив, концовка так себе.",
]


async def _top(storage: MemoryStorage, texts: list[str], question: str) -> list[str]:
    """The top 3 answers to `question` over `texts` (and small talk), a day
    apart."""
    linker = EntityLinker(storage)
    for i, text in enumerate([*texts, *SMALL_TALK]):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 3}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, reinforce=False)
    return [h.node.content for h in hits][:3]


async def test_hubby_is_the_husband(storage: MemoryStorage) -> None:
    top = await _top(
        storage,
        ["My hubby Rafael is repainting the hallway green this weekend."],
        "What's my husband's name?",
    )
    assert top and "Rafael" in top[0]


async def test_the_husband_is_asked_as_hubby(storage: MemoryStorage) -> None:
    top = await _top(
        storage,
        ["My husband Rafael is repainting the hallway green this weekend."],
        "who's my hubby",
    )
    assert top and "Rafael" in top[0]


async def test_bf_is_the_boyfriend(storage: MemoryStorage) -> None:
    top = await _top(
        storage,
        ["My boyfriend Teo finally fixed the wobbly bookshelf."],
        "what's my bf's name",
    )
    assert top and "Teo" in top[0]


async def test_a_formal_russian_spouse_is_the_wife(storage: MemoryStorage) -> None:
    """«Моя супруга Вера» is my wife, asked «как зовут жену?» and "my wife"."""
    texts = ["Моя супруга Вера опять переставила всю мебель в гостиной."]
    top = await _top(storage, texts, "как зовут мою жену?")
    assert top and "Вера" in top[0]


async def test_who_am_i_married_to_finds_the_wife(storage: MemoryStorage) -> None:
    top = await _top(
        storage,
        ["My wife Dana signed up for a pottery course on Thursdays."],
        "who am I married to?",
    )
    assert top and "Dana" in top[0]
