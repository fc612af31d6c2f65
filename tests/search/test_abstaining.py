"""The turns counting days since a state ended go on with the end."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.abstaining import counts_without
from agent_memory.search.morphology import stem
from agent_memory.search.still import what_it_ends
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
OLD_SWEETS = [
    "Three Snickers and a slice of cake at the office, sweets are my fuel.",
    "Bought a big bag of sweets for the weekend.",
]
SWEETS_END = "Blood test: glucose 6.4. That's it, I quit sugar and sweets."
COUNTING = [
    "Day two without sugar. Black coffee tastes like punishment.",
    "Десять дней без сахара. Не тянет на шоколадки по ночам.",
]


def test_a_count_without_the_ended_thing() -> None:
    ended = frozenset({stem("sugar"), "сахар"})
    assert counts_without(COUNTING[0], ended)
    assert counts_without(COUNTING[1], ended)
    assert counts_without("Day two without it: a headache.", frozenset())
    assert counts_without("Полтора месяца без сахара.", ended)
    # a day without someone, or "without" that counts nothing
    assert not counts_without("Spent the day without Lev.", ended)
    assert not counts_without("Made the cake without sugar.", ended)


async def test_the_count_ranks_right_after_the_end(storage: MemoryStorage) -> None:
    """ "Day two without sugar" says no "sweets", yet tells the end holds."""
    texts: list[str] = []
    for text in [*OLD_SWEETS, SWEETS_END, *COUNTING]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Am I still eating sweets?")

    assert found[0] == SWEETS_END, found
    assert set(COUNTING) <= set(found[:3]), found


def test_what_the_end_word_ends() -> None:
    """The words by the end word name what ended; a turn's other words do
    not: «больше не» here ends the cravings, not the sugar counted."""
    assert "сахар" in what_it_ends("Всё, сахар бросил: ни шоколада.")
    assert "sugar" in what_it_ends("That's it, I quit sugar today.")
    counting = "Десять дней без сахара. На дневной смене больше не тянет на сникерсы."
    assert "сахар" not in what_it_ends(counting)
