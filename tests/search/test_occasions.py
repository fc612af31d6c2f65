"""A round birthday asked by its ordinal alone (search/occasions.py): "Dad's
sixtieth" finds the turns that say "birthday", «юбилей» or the age, on a
real SQLite memory without an embedder; an ordinal with its own noun or
without an owner is no occasion."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.occasions import occasion_words
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Весь вечер читал книгу, хорошо отдохнул.",
    "Погода испортилась, весь день дождь.",
    "Dad fixed the fence on Sunday, finally.",
    "Папа опять звонил про дачу и про рассаду.",
)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "What are we doing for Dad's sixtieth?",
            "У папы в мае юбилей: сняли зал в ресторане на сорок человек.",
        ),
        (
            "What's the plan for Dad's sixtieth?",
            "Dad turns sixty in May, we booked a boat on the river.",
        ),
        (
            "Как отмечаем папино шестидесятилетие?",
            "Dad's birthday party is booked: a restaurant by the river in May.",
        ),
        (
            "Что мы решили про папино 60-летие?",
            "Папе в мае шестьдесят, решили собраться на даче всей семьёй.",
        ),
    ],
)
async def test_an_ordinal_alone_finds_the_occasion(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    noise = [*NOISE, *NOISE]
    assert answer in await top_answers(storage, [answer, *noise], T0, question)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How are we celebrating Mum's seventieth?", ["birthday", "seventy"]),
        ("Plans for my 40th birthday", ["birthday", "40"]),
        ("Our twenty-fifth, where shall we go?", ["birthday"]),
        ("Как отметим мамино семидесятилетие?", ["юбилей", "семьдесят"]),
        ("Где будет 70-летие папы?", ["юбилей", "70"]),
    ],
)
def test_the_occasion_and_its_number(text: str, expected: list[str]) -> None:
    assert occasion_words(text)[1] == expected


@pytest.mark.parametrize(
    "text",
    [
        "How was my tenth marathon?",
        "What did I do on the twentieth?",
        "Her second was easier.",
        "Что изменилось за последнее десятилетие?",
        "Он отметил столетие завода.",
    ],
)
def test_no_occasion(text: str) -> None:
    assert occasion_words(text) == ([], [])


def test_the_ordinal_is_searched_but_not_required() -> None:
    query = analyse("How are we celebrating Mum's seventieth?")
    assert "seventieth" not in query.terms
    assert {"birthday", "seventy"} <= set(query.terms)
    assert "seventieth" in query.twin_terms
