"""Entities a user recognises: labels and sayings are nobody, names with
apostrophes, particles and hyphens stay whole, pets and titles get their
type, and a short form joins its person when no one else competes for it."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.records import EpisodeDraft, Node
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from agent_memory.writepath.entities import EntityLinker, extract_mentions
from filed import filed_apart


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Important: call the bank about Gina", [("Gina", "person")]),
        ("Mark my words, it will rain", []),
        ("Note: Sam owes me", [("Sam", "person")]),
        ("I love Georgia O'Keeffe paintings", [("Georgia O'Keeffe", "concept")]),
        ("We saw Leonardo da Vinci works", [("Leonardo da Vinci", "concept")]),
        (
            "I met Jean-Luc and Anne-Marie",
            [("Jean-Luc", "person"), ("Anne-Marie", "person")],
        ),
        ("I admire van Gogh a lot", [("van Gogh", "concept")]),
        ("I walked my dog Pepper today", [("Pepper", "pet")]),
        ("we adopted a cat named Luna", [("Luna", "pet")]),
        ("so Max, my dog, barked", [("Max", "pet")]),
        ("Our dog is Ponchik, a chubby beagle", [("Ponchik", "pet")]),
        ("I read Harry Potter again", [("Harry Potter", "concept")]),
        ("a Harry Potter fan project", [("Harry Potter", "concept")]),
        ("Вчера моя собака Перец убежала", [("Перец", "pet")]),
        ("Oh my God, Caroline!", [("Caroline", "person")]),
        # letters of every European alphabet, Latin or Cyrillic
        ("We trained at Cīņa with Dima", [("Cīņa", "concept"), ("Dima", "person")]),
        ("My sister Zuzana Dvořáková called", [("Zuzana Dvořáková", "person")]),
        ("Мой брат Олексій приїхав", [("Олексій", "person")]),
    ],
)
def test_what_is_a_name_and_of_what(text: str, expected: list[tuple[str, str]]) -> None:
    found = [(m.name, m.type) for m in extract_mentions(text) if not m.sentence_start]

    assert found == expected


@pytest.mark.parametrize(
    "text",
    [
        "Утренняя йога. Вторник, дождь, в зале четыре человека.",
        "Воскресенье: ездили всей семьёй за город.",
        "Сентябрь выдался тёплым.",
    ],
)
def test_a_russian_weekday_or_month_is_nobody(text: str) -> None:
    """ "Вторник, дождь" opens with a day, as "Monday, rain" would."""
    names = [m.name for m in extract_mentions(text)]
    assert not {"Вторник", "Воскресенье", "Сентябрь"} & set(names), names


async def said(storage: MemoryStorage, *texts: str) -> list[Node]:
    """Turns through the slow path's batch linker."""
    ids = [
        await storage.nodes.add_episode(EpisodeDraft(t, "t", "user", time.time()))
        for t in texts
    ]
    nodes = list((await storage.nodes.get_nodes(ids)).values())
    await EntityLinker(storage).on_episodes(nodes)
    return nodes


async def names(storage: MemoryStorage) -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in await storage.entities.list_entities()}


async def test_a_short_form_joins_its_person_either_order(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Hey Mel, good to see you")  # before the long form
    await said(storage, "Melanie: thanks, Caroline!")
    await said(storage, "Hey Caro, me too")  # after it

    assert await names(storage) == {
        "Melanie": ("Mel",),
        "Caroline": ("Caro",),
    }
    melanie = await storage.entities.find_entity("Mel")
    assert melanie is not None and melanie.mention_count == 2


async def test_a_short_form_two_people_compete_for_stays_alone(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Dinner with Joanna and John", "Hey Jo, how are you?")
    await said(storage, "Лена звонила. Потом с Еленой говорил")

    found = await names(storage)
    assert found["Jo"] == () and found["Joanna"] == () and found["John"] == ()


async def test_a_known_diminutive_joins_and_a_dog_stays_a_pet(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Позвонил Елене вечером", "Говорил с Елена и Лена")
    await said(storage, "I walked my dog Max", "Max barked at the mailman")

    elena = await storage.entities.find_entity("Лена")
    assert elena is not None and elena.name == "Елена"
    max_ = await storage.entities.find_entity("Max")
    assert max_ is not None and max_.type == "pet"


async def test_a_pet_stays_a_pet_whichever_mention_comes_first(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Max barked at the mailman", "I walked my dog Max")

    max_ = await storage.entities.find_entity("Max")
    assert max_ is not None and max_.type == "pet"


async def test_reindex_joins_the_short_forms_filed_apart(
    storage: MemoryStorage,
) -> None:
    """The same rules as at filing, on what is there: Mel and Лена join,
    Jo (Joanna or John?) stays alone, and Caro, which the user split out
    of Caroline, is not joined back."""
    await filed_apart(storage, "Mel", "Melanie", "Jo", "Joanna", "John")
    await filed_apart(storage, "Лена", "Елена", "Caroline", "Caro")
    await edit_entity(storage, "merge", "Caroline", "Caro")
    await edit_entity(storage, "split", "Caroline", "Caro")

    report = await reindex(storage, None)
    found = await names(storage)

    assert report.joined == 2
    assert found["Melanie"] == ("Mel",) and found["Елена"] == ("Лена",)
    assert found["Jo"] == found["Caro"] == found["Caroline"] == ()
    melanie = await storage.entities.find_entity("Mel")
    assert melanie is not None and melanie.mention_count == 2
