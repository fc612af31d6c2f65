"""A home asked of before the new one whose move names no older home is read
by the place the user's early home statements name (search/older_home.py):
"Our flat in Kiryat Yam" tells the older home of "before Ahuza" and answers,
though it shares no word with the question and the new home's turns ("Took
Yossi to see the Ahuza flat") name it."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.older_home import home_places, older_places
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings.",
    "Work was slow, I read the news all afternoon.",
    "Misha sent photos of their new house in Mississauga.",
    "The company picnic got rained out.",
    "Swam in the morning again.",
)
OLD = [
    "Our flat in Kiryat Yam: rented, third floor, no lift.",
    "The bus from Kiryat Yam was late again, stood for forty minutes.",
    "Neighbours in Kiryat Yam had a party till two.",
]
NEW = [
    "Katya says a flat is for sale on her street in Ahuza.",
    "Took Yossi to see the Ahuza flat, he checked the lift three times.",
    "Signed for the Ahuza flat today!",
    "First night in Ahuza, boxes everywhere.",
    "Walked to the Ahuza market with Katya.",
]


async def test_the_older_home_is_read_by_its_place(storage: MemoryStorage) -> None:
    texts = [*OLD, *(NOISE[i % 5] for i in range(60)), *NEW]
    top = await top_answers(storage, texts, T0, "Where did I live before Ahuza?")
    # the statement of the older home answers first; the new home's turns
    # (the story of the move) follow
    assert top[0] == OLD[0], top


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Our flat in Kiryat Yam: rented, third floor", ["Kiryat Yam"]),
        ("We rent a two-room flat in Saburtalo, on Pekini avenue", ["Saburtalo"]),
        ("I live in Marzahn, an hour from work", ["Marzahn"]),
        ("живу на Врачаре, на Његошевој, однушка", ["Врачаре"]),
        ("Наша квартира в Бёйкслотерхаме — 54 метра", ["Бёйкслотерхаме"]),
        # someone else's home is not the user's
        ("Misha sent photos of their new house in Mississauga.", []),
        ("У неё двушка в Агенскалнсе.", []),
    ],
)
def test_the_places_a_home_statement_names(text: str, places: list[str]) -> None:
    assert home_places(text) == places


def test_the_new_home_is_not_the_older_one() -> None:
    texts = ["Наша квартира в Ахузе, третий этаж", "Our flat in Kiryat Yam"]
    assert older_places(texts, {"ahuz", "ahuza"}) == ["Kiryat Yam"]
