"""Everyday nouns told in one language and asked in the other
(search/twin_table.py): a condo is «кондо», a teacher is «преподаватель»,
a thesis supervisor is «научрук», singing is «петь»."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.morphology import stem
from agent_memory.search.twin_words import twin_stems
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "What's the weather like this weekend?",
    "Took the bus to the market, bought apples and cheese.",
    "Вечером гуляли в парке, было тепло.",
)


@pytest.mark.parametrize(
    ("word", "twin"),
    [
        ("кондо", "condo"),
        ("преподаватель", "teacher"),
        ("научрук", "supervisor"),
        ("петь", "sing"),
    ],
)
def test_the_noun_has_its_twin(word: str, twin: str) -> None:
    assert stem(twin) in twin_stems(stem(word))


@pytest.mark.parametrize(
    ("said", "question"),
    [
        (
            "gave the condo keys back to the property manager, no more rent",
            "Мы ещё снимаем кондо?",
        ),
        (
            "Please check: 'On Wednesdays I sing in a choir at the centre.'",
            "Хожу ли я ещё петь в хор?",
        ),
    ],
)
async def test_told_in_one_language_asked_in_the_other(
    storage: MemoryStorage, said: str, question: str
) -> None:
    top = await top_answers(storage, [said, *NOISE], T0, question)
    assert said in top, top
