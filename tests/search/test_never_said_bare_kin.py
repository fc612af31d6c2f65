"""Saying nothing of a relative the user never had, and of a year never told.

«как зовут внучку?» drops the «мою» as spoken Russian does: the kin word no
one else owns in the question is the user's (whose.asked_bare_relative), so
«Толик звонил, внучка у него поступила» (his, «у него») is no answer. A name
before a relative talked about is the teller's, not the relative's («Толик
звонил, рассказывал про внучку», asked_name.py). "What year did I serve in
the navy?" asks a date: "year" is the answer's form, not a word a turn must
share («про перелёты через год посмотрим» is no answer, compound_head.py).
"""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.compound_head import asked_head, asked_unit
from agent_memory.search.morphology import stem
from agent_memory.search.whose import asked_own, someone_elses
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

NOISE = [
    "Погода мерзкая, весь день дождь.",
    "Ходил в матнас на шахматы, выиграл две партии.",
]
FRIENDS_GRANDDAUGHTER = [
    "Tolik called from Kharkiv, we argued about football like in 1980.",
    "звонил Толик из Харькова, друг мой ещё с института.",
    "Толик звонил, внучка у него поступила в политех, на радиотехнику.",
    "Толик звонил, рассказывал про внучку.",
    *NOISE,
]


@pytest.mark.parametrize(
    "question",
    ["как зовут внучку?", "как зовут мою внучку?", "What's my granddaughter's name?"],
)
async def test_a_friends_granddaughter_is_no_answer(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, FRIENDS_GRANDDAUGHTER, T0)
    assert await retriever.get_context(question) is None


async def test_the_users_own_granddaughter_still_answers(
    storage: MemoryStorage,
) -> None:
    told = "Внучка Маша пошла в первый класс, такая серьёзная."
    retriever = await linked_days(storage, [*FRIENDS_GRANDDAUGHTER, told], T0)
    context = await retriever.get_context("как зовут внучку?")
    assert context is not None and "Маша" in context


@pytest.mark.parametrize(
    ("question", "own"),
    [
        ("как зовут внучку?", True),
        ("сколько лет сыну?", True),
        ("как зовут внучку Толика?", False),  # Tolik's
        ("как зовут его внучку?", False),
        ("Толину внучку как зовут?", False),
    ],
)
def test_a_bare_russian_kin_word_is_the_users(question: str, own: bool) -> None:
    asked = asked_own(question)
    assert (asked is not None and asked.kin) is own


def test_a_relative_at_someone_elses_is_no_one_of_the_users() -> None:
    asked = asked_own("как зовут внучку?")
    assert asked is not None
    assert someone_elses("Толик звонил, внучка у него поступила в политех.", asked)
    assert not someone_elses("Внучка Маша пошла в первый класс.", asked)


NOT_THE_NAVY = [
    "Дина говорит её сын в Ашдоде тоже в Гивати служил.",
    "У Левина контроль, давление хорошее. Про перелёты через год посмотрим.",
    *NOISE,
]


@pytest.mark.parametrize(
    "question",
    ["в каком году я служил на флоте?", "What year did I serve in the navy?"],
)
async def test_a_year_never_told_is_no_answer(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, NOT_THE_NAVY, T0)
    assert await retriever.get_context(question) is None


async def test_the_year_told_still_answers(storage: MemoryStorage) -> None:
    told = "Служил на флоте с 1970 по 1973, на Северном флоте, радистом."
    retriever = await linked_days(storage, [*NOT_THE_NAVY, told], T0)
    context = await retriever.get_context("в каком году я служил на флоте?")
    assert context is not None and "1970" in context


@pytest.mark.parametrize(
    ("question", "unit", "head"),
    [
        ("в каком году я служил на флоте?", "год", ""),
        ("What month did we move?", "month", ""),
        ("В какой день у меня хор?", "день", ""),
        ("В каком хоре я пою?", "", "хоре"),
    ],
)
def test_a_time_unit_is_no_head(question: str, unit: str, head: str) -> None:
    assert asked_unit(question) == set(map(stem, unit.split()))
    assert asked_head(question) == set(map(stem, head.split()))
