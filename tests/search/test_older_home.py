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
        # a flatmate's is the user's home; lower case writes names so too
        ("my housemate in Leith cooked again", ["Leith"]),
        ("had tea with my flatmate in morningside before work", ["Morningside"]),
        ("our flat in the centre is freezing", []),
        # a student's home is a dorm room, told by the noun before its place
        ("живу в общежитии на Соколе, комната на четверых", ["Соколе"]),
        ("в нашей комнате в Дейвицах опять холодно", ["Дейвицах"]),
        ("my dorm in Kolej Hvězda has a broken lift", ["Kolej Hvězda"]),
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


# A user who writes in lower case: the older home told by a flatmate and
# before its home noun ("the morningside flat"); the new one asked of.
LOWER_OLD = [
    "rob's been my flatmate in morningside two years now, best flatmate ever",
    "rob and me repainted the morningside flat, took all weekend",
]
LOWER_NEW = [
    "lena asked me to move in with her in leith. yes obviously",
    "moving day. van, rob helping, all my stuff now in lena's flat in leith",
    "leith is great, so many cafes on the shore",
]


async def test_the_older_home_told_in_lower_case(storage: MemoryStorage) -> None:
    texts = [*LOWER_OLD, *(NOISE[i % 5] for i in range(60)), *LOWER_NEW]
    top = await top_answers(storage, texts, T0, "where did i live before leith?")
    assert set(top[:3]) >= set(LOWER_OLD), top


# A student's older home is a dorm room, told in Russian; the new flat is
# asked of by its place in English.
DORM_OLD = [
    "живу в общежитии на Соколе, комната на четверых, тесно",
    "в нашей комнате на Соколе опять нет горячей воды",
]
DORM_NEW = [
    "Viewed a studio in Karlín, small but bright",
    "Signed the lease for the Karlín studio!",
    "Moved to Karlín today, boxes everywhere",
]


async def test_the_older_home_is_a_dorm_room(storage: MemoryStorage) -> None:
    texts = [*DORM_OLD, *(NOISE[i % 5] for i in range(60)), *DORM_NEW]
    top = await top_answers(storage, texts, T0, "Where did I live before Karlín?")
    assert set(DORM_OLD) <= set(top), top
