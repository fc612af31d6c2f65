"""Work asked of before the new one, whose turns name no older job and
whose old job ended without a last day at a name, is read by the place the
user's early work statements name (search/older_work.py): "I work as a
waiter at Bistro Lumen" tells the older work of "before the internship"."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.older_work import work_places
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
# Others' work says the question's word more often than the user's own.
NOISE = (
    "Rainy all day, read on the sofa.",
    "Tom worked a double shift at the depot, he's dead tired.",
    "у папы на работе аврал, звонил поздно",
    "Cooked lentil soup for the week.",
    "Dad got a bonus at work, bought Mum a coat.",
)
OLD = [
    "I work as a waiter at Bistro Lumen, evenings and weekends",
    "Bistro Lumen was packed tonight, my feet hurt",
    "Inventory at Bistro Lumen, we counted every glass",
]
NEW = [
    "Got the internship at Nordfreight, starting in May!",
    "First week of the internship, so many spreadsheets",
    "последняя смена в бистро, грустно",
    "стажировка: сегодня считала маршруты для Nordfreight",
]


@pytest.mark.parametrize(
    "question",
    ["Where was I working before the internship?", "Где я работала до стажировки?"],
)
async def test_the_older_work_is_read_by_its_place(
    storage: MemoryStorage, question: str
) -> None:
    texts = [*OLD, *(NOISE[i % 5] for i in range(60)), *NEW]
    top = await top_answers(storage, texts, T0, question)
    # the place's turns that say no word of the question come with it
    assert set(OLD) <= set(top), top


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("I work as a barista at Café Lipa in Vinohrady", ["Café Lipa"]),
        ("I'm a tester at Baltix Pay, releases every Friday", ["Baltix Pay"]),
        ("My job at Skelo starts at nine", ["Skelo"]),
        ("работаю официанткой в кафе «Липа», вечерами", ["Липа"]),
        ("я работаю в Липе по выходным", ["Липе"]),
        # someone else's work, and a place that is no workplace
        ("Tom works at the depot, nights again", []),
        ("I'm a student in Prague", []),
    ],
)
def test_the_places_a_work_statement_names(text: str, places: list[str]) -> None:
    assert work_places(text) == places
