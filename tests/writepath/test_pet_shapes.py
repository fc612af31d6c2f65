"""A pet introduced in the shapes people use — the kind in a parenthesis
right after the name («Кузя (кот, рыжий…)», "Pepper (our beagle, 3)"), a
copula said after a bare first mention ("Keks yelled. Keks is our cat"), an
owner word a few words before the kind ("our 9-year-old cat Keks") — is the
user's pet, and the question naming its kind ("the cat", «наш кот») finds
it; on a real memory linked by the real extractor."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()
FILLER = (
    "Worked from home, the deploy went fine.",
    "Обедали в кафе у офиса, суп был холодный.",
    "Long walk by the river after dinner.",
)


async def _linked(storage: MemoryStorage, texts: list[str]) -> Retriever:
    """A retriever over `texts` and some filler, a day apart."""
    linker = EntityLinker(storage)
    for i, text in enumerate([*texts, *FILLER]):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    return Retriever(storage, None, MemoryConfig(embedding_dimensions=8))


async def _the_pet(storage: MemoryStorage, name: str, kind: str) -> None:
    entity = await storage.entities.find_entity(name)
    assert entity is not None and entity.type == "pet", entity
    assert entity.attributes.get("relation") == kind, entity


@pytest.mark.parametrize(
    ("text", "name", "kind", "questions"),
    [
        (
            "Утро. Кузя (кот, рыжий, двенадцать лет) сидел на подоконнике.",
            "Кузя",
            "кот",
            ("the cat", "Как зовут нашего кота?", "наш кот"),
        ),
        (
            "Pepper (our beagle, 3) chewed my running shoe again.",
            "Pepper",
            "beagle",
            ("our dog", "What's our dog called?", "Как зовут нашу собаку?"),
        ),
        (
            "утро пятницы, Кекс орёт с шести. Кекс это наш кот, британец, серый.",
            "Кекс",
            "кот",
            ("the cat", "как зовут кота?", "What's our cat called?"),
        ),
        (
            "Fed our 9-year-old cat Keks before work.",
            "Keks",
            "cat",
            ("the cat", "What's our cat called?", "как зовут нашу кошку?"),
        ),
    ],
)
async def test_a_pet_introduced_in_its_shape_is_the_kind_asked(
    storage: MemoryStorage,
    text: str,
    name: str,
    kind: str,
    questions: tuple[str, ...],
) -> None:
    retriever = await _linked(storage, [text])
    await _the_pet(storage, name, kind)
    for question in questions:
        block = await retriever.get_context(question)
        assert block is not None and name in block, question


@pytest.mark.parametrize(
    "text",
    [
        "Вика (кошка соседки) опять пришла к нам на балкон.",
        "Тимур (кот Даны) спал весь вечер у нас.",
        "Tom (our neighbour's cat) came in through the window.",
    ],
)
async def test_someone_elses_pet_in_a_parenthesis_is_no_pet_of_ours(
    storage: MemoryStorage, text: str
) -> None:
    await _linked(storage, [text])
    for entity in await storage.entities.list_entities():
        assert entity.type != "pet" or not entity.attributes.get("relation"), entity
