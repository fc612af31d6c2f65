"""A pet asked by its name alone ("Bublik", «Бублик») is answered from its
own turns as a person is (search/people.py), on a real memory linked by the
real extractor. Its kind, filed as its relation, is said of every animal it
meets ("Bublik met a dog", «такса Муся»): such a turn says no more about the
pet than any other of its turns, unlike "my wife" in a turn about Lena."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()
INTRODUCED = "Бублик (наш пёс, дворняга, рыжий, девять лет) разбудил меня в шесть."
# the kind said of other animals he meets, early on
OTHER_ANIMALS = (
    "Бублик и такса Муся с третьего этажа гуляли вместе во дворе, долго.",
    "Bublik met a big dog in the park and barked at him for ages.",
    "Бублик облаял собаку соседа через забор, потом спрятался за меня.",
)
# his own days, later
HIS_DAYS = (
    "Гуляли с Бубликом у моря, он катался в песке и был очень доволен.",
    "Bublik slept on the balcony all afternoon in the sun, snoring loudly.",
    "Бублик стащил со стола котлету, пока я говорила по телефону с Мишей.",
    "Took Bublik to the vet for his shots, he was brave and got a treat.",
)


async def _life(storage: MemoryStorage) -> dict[str, set[int]]:
    """The pet introduced, the turns where he meets other animals, then his
    own days, a week apart (one thread each)."""
    linker = EntityLinker(storage)
    ids: dict[str, set[int]] = {"others": set(), "his": set()}
    texts = [("intro", INTRODUCED)]
    texts += [("others", t) for t in OTHER_ANIMALS]
    texts += [("his", t) for t in HIS_DAYS]
    for i, (kind, text) in enumerate(texts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i}", "user", T0 + i * 7 * DAY)
        )
        await linker.link_text(node, text)
        ids.setdefault(kind, set()).add(node)
    return ids


@pytest.mark.parametrize("question", ["Bublik", "Бублик", "Tell me about Bublik"])
async def test_a_pets_name_ranks_its_turns_not_its_kinds(
    storage: MemoryStorage, question: str
) -> None:
    ids = await _life(storage)
    pet = await storage.entities.find_entity("Бублик")
    assert pet is not None and pet.type == "pet", pet
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    limit = len(HIS_DAYS) + 1
    hits = await retriever.search(question, SearchFilters(limit=limit), reinforce=False)
    found = {hit.node.id for hit in hits}
    # his own days and the turn introducing him; a turn saying "dog" of
    # another animal is no better an answer than they are
    assert found == ids["his"] | ids["intro"], question


# a cat introduced once as the household's, then called "cat" in its news
CAT_INTRODUCED = "Наш кот Пирожок сожрал кусок сала со стола. Рыжий бандит"
CAT_DAYS = (
    "Pirozhok knocked my phone into the sink. Cat of the year",
    "so Pirozhok sleeps on the warm boiler pipe all day, smart cat!",
    "right, Pirozhok sleeps on the warm boiler pipe all day, smart cat",
    "btw Pirozhok knocked my phone into the sink. Cat of the year!",
    "Pirozhok is a smart cat, he opened the cupboard",
)


@pytest.mark.parametrize("question", ["our cat", "наш кот"])
async def test_the_pets_kind_asked_finds_the_turn_saying_whose_it_is(
    storage: MemoryStorage, question: str
) -> None:
    """ "our cat" asks whose cat: the turn «Наш кот Пирожок» answers it, not
    the newer ones that call him a cat ("smart cat!")."""
    await _first_turn_leads(storage, (CAT_INTRODUCED, *CAT_DAYS), question)


async def _first_turn_leads(
    storage: MemoryStorage, said: tuple[str, ...], question: str
) -> None:
    """`said` told a week apart and linked: the first turn answers `question`."""
    linker = EntityLinker(storage)
    first = 0
    for i, text in enumerate(said):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i}", "user", T0 + i * 7 * DAY)
        )
        await linker.link_text(node, text)
        first = first or node
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, SearchFilters(limit=3), reinforce=False)
    assert hits and hits[0].node.id == first, [h.node.content for h in hits]


DOG_INTRODUCED = "утро, гулял с Бубликом вдоль набережной. Бублик это мой пёс, рыжий."
DOG_DAYS = (
    "took Bublik to the vet for his shots, he was brave",
    "I sent back a video of Bublik sleeping on the sofa",
    "showed him the balcony and Bublik's new bed",
)


async def test_the_pet_said_to_be_mine_by_a_copula_leads(
    storage: MemoryStorage,
) -> None:
    """ "the dog": «Бублик это мой пёс» ("Bublik is my dog") says whose the
    dog is, though the kind stands after the name and a copula."""
    await _first_turn_leads(storage, (DOG_INTRODUCED, *DOG_DAYS), "the dog")
