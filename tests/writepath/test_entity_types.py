"""Types follow evidence, and what is not a name is not filed: a sentence's
opening adverb or imperative, a date, a place typed as a place, a person
seen acting as one. Through the real linker and store, in English and Russian
(the offline demo's own sentences among them)."""

from __future__ import annotations

import time

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker, extract_mentions


def test_a_verb_opening_the_text_is_no_speaker() -> None:
    """ "Позвонил Мише: ..." reads like a transcript's "Tim: ...", but opens on
    the user's verb: Миша is the name, not "Позвонил Мише"."""
    names = [m.name for m in extract_mentions("Позвонил Мише: он купил мотоцикл.")]

    assert names == ["Мише"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Maybe later. First, my dog Pepper is ill.", [("Pepper", "pet")]),
        ("Noted. Finally, Sam called.", [("Sam", "person")]),
        ("Sure. Book Lello tickets ahead, it gets crowded.", []),
        (
            "She is moving from Graz to Vienna soon",
            [("Graz", "place"), ("Vienna", "place")],
        ),
        ("we are staying in Ribeira", [("Ribeira", "place")]),
        ("planning a trip to Porto in June", [("Porto", "place")]),
        # a person's home is no place's name
        ("Yes. Talked about moving to Marta's.", [("Marta", "person")]),
        ("Yes. We moved to Marta's place in May", [("Marta", "person")]),
        ("I code in Python daily", [("Python", "concept")]),
        ("Wow, Chicago sounds great!", [("Chicago", "concept")]),  # not addressed
        ("Yes. Tomasz moved to the payments team", [("Tomasz", "person")]),
        ("Ну вот. Кстати, мой кот Барсик спит", [("Барсик", "pet")]),
        ("Мы переехали в Казань", [("Казань", "place")]),
        ("Да. Гоша сказал, что придёт", [("Гоша", "person")]),
        # a sentence opening on its adverb or its verb, the subject left out
        ("Вечером позвонил Вите, он сказал, что всё хорошо", [("Вите", "concept")]),
        ("Ладно. Подарил Лене цветы, она обрадовалась", [("Лене", "concept")]),
        ("Карл сказал, что придёт", [("Карл", "person")]),  # a name, not a verb
        # the present tense opens a sentence too ("I'm waiting for Lena")
        ("Ну вот. Жду Лену, она опаздывает", [("Лену", "concept")]),
        ("Стараюсь Сэму помогать", [("Сэму", "concept")]),
        # a diary line's past tense, its "I" left out, is no part of the name
        ("Cleaned Kiwi's cage and bought him a mirror.", [("Kiwi", "concept")]),
        ("Drove Tom to Stockport", [("Tom", "person"), ("Stockport", "concept")]),
        ("Sold the Ford Focus to a student.", [("Ford Focus", "concept")]),
        ("Отвёз Соню в летний лагерь", [("Соню", "concept")]),
        (
            "Вместо Лиссабона поедем в Эдинбург",
            [("Лиссабона", "concept"), ("Эдинбург", "concept")],
        ),
        ("United States is big", [("United States", "concept")]),
        ("Alfred Hitchcock was here", [("Alfred Hitchcock", "concept")]),
        # names that end like verbs stay whole
        ("Максим Петров сказал, что придёт", [("Максим Петров", "person")]),
        # a name in brackets after an owned relation word is theirs
        ("Yes, my brother (Kirill, 22) called.", [("Kirill", "person")]),
        # an age right after a name between commas: a person, though the
        # parent's word before it names no relation ("papa (Oleg)")
        ("Then papa (Oleg, 61, engineer) called.", [("Oleg", "person")]),
        ("Потом папа (Олег, 61) позвонил.", [("Олег", "person")]),
        # a numbered thing says no age
        ("We waited at Terminal 5, gate 12.", [("Terminal 5", "concept")]),
    ],
)
def test_the_words_around_a_name_tell_its_type(
    text: str, expected: list[tuple[str, str]]
) -> None:
    found = [
        (m.name, m.type)
        for m in extract_mentions(text)
        if not m.sentence_start and m.kind == "name"
    ]

    assert found == expected


async def linked(
    storage: MemoryStorage, *texts: str, batch: bool = True
) -> dict[str, str]:
    """Turns through the slow path's batch linker (or the write path's one by
    one); the listed entities by name, with their types."""
    linker = EntityLinker(storage)
    ids = [
        await storage.nodes.add_episode(EpisodeDraft(t, "t", "user", time.time()))
        for t in texts
    ]
    if batch:
        nodes = list((await storage.nodes.get_nodes(ids)).values())
        await linker.on_episodes(nodes)
    else:
        for node_id, text in zip(ids, texts, strict=True):
            await linker.link_text(node_id, text)
    return {e.name: e.type for e in await storage.entities.list_entities()}


@pytest.mark.parametrize("batch", [True, False])
async def test_the_demo_files_people_places_and_no_dates(
    storage: MemoryStorage, batch: bool
) -> None:
    found = await linked(
        storage,
        "Maybe later. First, my dog Pepper has a vet appointment on Thursday.",
        "At work I'm still on the Heron project with Tomasz.",
        "Big change at work: Tomasz moved to the payments team.",
        "She's moving from Graz to Vienna at the end of the month.",
        "We booked Porto! Flights on June 12, back on June 19, staying in Ribeira.",
        "Book Lello tickets ahead, it gets crowded.",
        "Мы летим 12 июня, Лена переехала в Казань.",
        batch=batch,
    )

    assert found == {
        "Pepper": "pet",
        "Heron": "concept",
        "Tomasz": "person",  # a concept first, a person once seen acting
        "Graz": "place",
        "Vienna": "place",
        "Porto": "concept",  # "We booked Porto!" says nothing of its kind
        "Ribeira": "place",
        "Лена": "person",
        "Казань": "place",
    }


async def test_a_place_cue_never_turns_a_person_into_a_place(
    storage: MemoryStorage,
) -> None:
    found = await linked(storage, "my wife Victoria is home", "we moved to Victoria")

    assert found == {"Victoria": "person"}


def test_a_russian_function_word_opening_a_line_is_no_name() -> None:
    """«Не поверила», «Можно, мам, …», «Конечно, встречу»: a line opening on a
    function word or a word of the moment names nobody, and the mother spoken
    to («мам») gives the word before her no relation."""
    for text in ("Не поверила, позвонила ему.", "Можно, мам, в русском магазине.",
                 "Конечно, мам, встретим."):  # fmt: skip
        assert [m for m in extract_mentions(text) if m.kind == "name"] == [], text


def test_a_russian_pronoun_opening_a_sentence_is_no_name() -> None:
    text = "Моей дочке Соне пять лет. Эта Лена опять опоздала. Мои родители в Казани."
    names = [m.name for m in extract_mentions(text) if m.kind == "name"]

    assert names == ["Соне", "Лена", "Казани"]


@pytest.mark.parametrize(
    "text",
    [
        "My tutor studies at TSU, 22, in Tbilisi.",
        "We talked to Ward Seven, 38, at noon.",
    ],
)
def test_an_age_after_a_name_outside_brackets_makes_no_person(text: str) -> None:
    # only a name opening brackets is introduced by its age ("papa (Oleg, 61)")
    assert not [m.name for m in extract_mentions(text) if m.type == "person"]
