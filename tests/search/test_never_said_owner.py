"""Saying nothing when what is asked is said only of someone else or only
beside the asked word: another person's birthday in a turn naming the one
asked ("Nadia and I went to Oksana's birthday"), a learner's possessive
without its "'s" ("what is Gleb favourite movie"), "next" before the thing
asked ("my next tennis match" is a match, not anything "next")."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_of import asked_of_name
from agent_memory.search.morphology import stem
from agent_memory.search.support import subjects
from agent_memory.storage import MemoryStorage
from day_turns import START, answers_in_own_memory, top_answers

NADIA = [
    "Nadia cooked plov tonight, the kids ate everything",
    "Went with Nadia and the kids to Oksana friend birthday at the bowling alley",
    "Ходили с Надей на день рождения Оксаны, было шумно",
    "Took Nadia to the dentist on Lenin street",
]


OWN_BIRTHDAY = "Nadia's birthday is on the 4th of March, she wants a honey cake"
OWN_BIRTHDAY_RU = "У Нади день рождения 4 марта, хочет медовик"


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("When is Nadia's birthday?", OWN_BIRTHDAY),
        ("when Nadia birthday", OWN_BIRTHDAY),
        ("Когда у Нади день рождения?", OWN_BIRTHDAY_RU),
    ],
)
async def test_another_ones_birthday_beside_the_name_says_nothing(
    storage: MemoryStorage, tmp_path: Path, question: str, said: str
) -> None:
    assert await top_answers(storage, NADIA, START, question) == []
    # her own birthday, said, still answers
    assert said in await answers_in_own_memory(tmp_path, [*NADIA, said], question)


def test_a_possessive_without_its_s_asks_of_the_name() -> None:
    assert stem("movie") in asked_of_name("what is Gleb favourite movie")
    assert asked_of_name("I watched Gleb play football") == set()


GLEB = [
    "Gleb got a bad mark in maths again",
    "Gleb scored two goals at football today",
    "Глеб опять забыл сменку",
    "Gleb and I watched cartoons all evening",
]


async def test_what_a_learner_asks_of_a_name_must_be_said(
    storage: MemoryStorage,
) -> None:
    question = "what is Gleb favourite movie"
    assert await top_answers(storage, GLEB, START, question) == []


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("when is my next tennis match?", "tennis"),
        ("what's our upcoming holiday?", "holiday"),
        ("когда мой следующий матч по теннису?", "матч"),
    ],
)
def test_next_is_no_subject(question: str, subject: str) -> None:
    assert stem(subject) in subjects(question)


NEXT = [
    "Tom and Ella are moving to Leeds next year",
    "Book club next month is at the library again",
    "Следующая встреча книжного клуба в пятницу",
]


@pytest.mark.parametrize(
    "question",
    ["when is my next tennis match?", "когда мой следующий матч по теннису?"],
)
async def test_next_alone_answers_no_next_thing(
    storage: MemoryStorage, tmp_path: Path, question: str
) -> None:
    assert await top_answers(storage, NEXT, START, question) == []
    said = "My next tennis match is on Saturday at the club"
    assert said in await answers_in_own_memory(tmp_path, [*NEXT, said], question)
