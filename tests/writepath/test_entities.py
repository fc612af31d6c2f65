"""Offline entity extraction and linking: who/what retrieval without any LLM."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker, extract_mentions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I met Caroline at the park.", [("Caroline", "name")]),
        ("Hey Caroline! How are you?", [("Caroline", "name")]),
        ("Lunch with Dr. Watson tomorrow", [("Watson", "name")]),
        ("we moved to New York last year", [("New York", "name")]),
        ("so Pepper's vet moved", [("Pepper", "name")]),
        ("ping @vitya_k about it", [("@vitya_k", "handle")]),
        ("mail bob.smith@example.com now", [("bob.smith@example.com", "email")]),
        ("see https://example.org/a?b=1.", [("https://example.org/a?b=1", "url")]),
        ("tagged #gardening and #diy", [("#gardening", "tag"), ("#diy", "tag")]),
        (
            "due 2024-05-01 or 8 May, 2023",
            [("2024-05-01", "date"), ("8 May, 2023", "date")],
        ),
        ("вчера видел Виталия на работе", [("Виталия", "name")]),
        # a sentence's opening preposition is no part of the name
        ("На Рождество поедем к маме.", [("Рождество", "name")]),
        ("В Pebble мне дали продукт.", [("Pebble", "name")]),
        ("thanks, that helps a lot", []),
        ("Maybe. Sure! Thanks.", []),
        ("Tim: Yeah, that works. Congrats!", [("Tim", "name")]),
        # a label opens the text like a speaker's name, but names nobody
        ("Updated: the vet moved Pepper", [("Pepper", "name")]),
        ("Reminder: call Anna", [("Anna", "name")]),
        ("I played CS:GO and GoT. DOING IT!", []),
        ("Woohoo Melanie! Remember Jon?", [("Melanie", "name"), ("Jon", "name")]),
        (
            "at Connected LGBTQ Activists' meeting",
            [("Connected LGBTQ Activists", "name")],
        ),
        ("we went to Vila Nova de Gaia", [("Vila Nova de Gaia", "name")]),
    ],
)
def test_extract_mentions_table(text: str, expected: list[tuple[str, str]]) -> None:
    mentions = [
        (m.name, m.kind) for m in extract_mentions(text) if not m.sentence_start
    ]

    assert mentions == expected


def test_title_makes_a_person_and_names_are_found_once() -> None:
    mentions = extract_mentions("Dr. Watson said hi. Later Watson left.")

    assert [(m.name, m.type) for m in mentions] == [("Watson", "person")]


def test_any_text_never_raises() -> None:
    for text in ["", "@", "#", "http://", "\x00\ud800", "A" * 10_000, "((("]:
        extract_mentions(text)


async def test_linker_links_episodes_and_connects_them(storage: MemoryStorage) -> None:
    linker = EntityLinker(storage)
    now = time.time()
    first = await storage.nodes.add_episode(
        EpisodeDraft("I had lunch with Caroline today", "t1", "user", now)
    )
    second = await storage.nodes.add_episode(
        EpisodeDraft("Caroline likes hiking a lot", "t1", "user", now)
    )

    await linker.link_text(first, "I had lunch with Caroline today")
    await linker.link_text(second, "Caroline likes hiking a lot")

    caroline = await storage.entities.find_entity("caroline")
    assert caroline is not None and caroline.mention_count == 2
    linked = await storage.entities.nodes_of_entity(caroline.id)
    assert {n.id for n in linked} == {first, second}
    edges = await storage.graph.edges_of([first], types=["entity"])
    assert [(e.src_id, e.dst_id, e.predicate) for e in edges] == [
        (first, second, "Caroline")
    ]


async def test_sentence_start_word_only_links_known_entities(
    storage: MemoryStorage,
) -> None:
    linker = EntityLinker(storage)
    node = await storage.nodes.add_episode(
        EpisodeDraft("Gardening is fun. Pepper agrees.", "t", "user", time.time())
    )

    assert await linker.link_text(node, "Gardening is fun. Pepper agrees.") == []
    await storage.entities.upsert_entity("Pepper", type="person")
    linked = await linker.link_text(node, "Gardening is fun. Pepper agrees.")

    assert [e.name for e in linked] == ["Pepper"]


async def test_a_sentence_opening_name_is_known_by_its_other_script_twin(
    storage: MemoryStorage,
) -> None:
    # «Катя» is a person: "Katya" opening a sentence is her, not a word
    # (and one entity with her: writepath/twins.py)
    linker = EntityLinker(storage)
    said = ["Моя подруга Катя переехала в Гамбург.", "Katya sent me photos."]
    for text in said:
        node = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", 1.0))
        linked = await linker.link_text(node, text)
    assert [e.name for e in linked] == ["Катя"]
    assert "Katya" in linked[0].aliases


async def test_in_one_batch_too(storage: MemoryStorage) -> None:
    said = [
        "Katya sent me photos from the harbour.",
        "Моя подруга Катя переехала в Гамбург.",
        "Gardening is fun.",  # a sentence's first word is still no name
    ]
    nodes = [
        await storage.nodes.get_node(
            await storage.nodes.add_episode(EpisodeDraft(t, "t", "user", 1.0))
        )
        for t in said
    ]
    await EntityLinker(storage).on_episodes([n for n in nodes if n is not None])
    katya = await storage.entities.find_entity("Katya")
    assert katya is not None and katya.type == "person"
    assert await storage.entities.find_entity("Gardening") is None


async def test_linking_the_same_node_again_is_not_another_mention(
    storage: MemoryStorage,
) -> None:
    linker = EntityLinker(storage)
    node = await storage.nodes.add_episode(
        EpisodeDraft("Dinner with Caroline on Friday", "t", "user", time.time())
    )

    await linker.link_text(node, "Dinner with Caroline on Friday")
    await linker.link_text(node, "Dinner with Caroline on Friday")

    caroline = await storage.entities.find_entity("Caroline")
    assert caroline is not None and caroline.mention_count == 1


@pytest.mark.parametrize(
    ("text", "name", "aliases"),
    [
        ("Dinner with my wife Sarah", "Sarah", ["my wife", "wife"]),
        ("вчера моя жена Света звонила", "Света", ["жена", "моя жена"]),
        ("my boss Tom moved the meeting", "Tom", ["boss", "my boss"]),
        ("мой брат Андрей приехал", "Андрей", ["мой брат"]),
    ],
)
async def test_possessive_relation_becomes_alias(
    storage: MemoryStorage, text: str, name: str, aliases: list[str]
) -> None:
    node = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", time.time()))
    await EntityLinker(storage).link_text(node, text)

    for alias in aliases:
        found = await storage.entities.find_entity(alias)
        assert found is not None and found.name == name
        assert found.type == "person" and found.attributes["relation"] in text


async def test_a_sentence_opening_name_said_with_an_occupation_is_a_person(
    storage: MemoryStorage,
) -> None:
    """ "Michal, the social worker from the municipality, came by": the first
    time she is met her name opens the sentence; the work said after it is
    what says she is someone ("Monday, the other day" says no work)."""
    linker = EntityLinker(storage)
    said = "Michal, the social worker from the municipality (revacha), came by."
    node = await storage.nodes.add_episode(EpisodeDraft(said, "t", "user", 1.0))
    linked = await linker.link_text(node, said)
    assert [(e.name, e.type) for e in linked] == [("Michal", "person")]
    other = "Monday, the other day, was quiet."
    node = await storage.nodes.add_episode(EpisodeDraft(other, "t", "user", 2.0))
    assert await linker.link_text(node, other) == []
