"""A way of getting about given up for a car ("Do I still get the bus?",
search/switched_way.py): the car taken up after the newest ride answers,
and the question is never gated empty while the bus turns exist."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.switched_way import takes_bike, takes_car
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at the shop, my feet hurt.",
    "Mum rang about her garden and the new fence.",
)
BUS = [
    "Took the bus to the market, free with my pass.",
    "Ехала на автобусе в центр, водитель хамил.",
    "Bus into town, the 16 was packed with schoolkids.",
]
CAR = [
    "Test drove a 2015 Nissan Micra at a dealer with Geoff.",
    "Купила Микру! Красная.",
    "Drove myself to the hospice in the Micra, parked badly.",
]
# a song's title and a child's nursery say "bus" of no ride
SONG = ["Alma learnt to sing «Wheels on the bus» at nursery."]


BIKE = [
    "Bought a second-hand bike for €120, no more waiting in the rain.",
    "Cycled to the office, 15 minutes along the canal.",
    "Понедельник, на велике в офис, дождь.",
]


CAR_QUESTIONS = [
    "do I still get the bus everywhere?",
    "am I still taking the bus?",
    "do I still get the bus?",
    "я всё ещё на автобусе езжу?",
    "я до сих пор езжу на автобусе?",
    # the car's turns share no word of the bus nor the market: the bus
    # turns stay within the depth the gate reads
    "do I still take the bus to the market?",
]
BIKE_QUESTIONS = [
    "am I still taking the bus?",
    "do I still get the bus?",
    "я всё ещё езжу на автобусе?",
]


@pytest.mark.parametrize(
    ("way", "question"),
    [*(("car", q) for q in CAR_QUESTIONS), *(("bike", q) for q in BIKE_QUESTIONS)],
)
async def test_a_way_taken_up_answers(
    storage: MemoryStorage, way: str, question: str
) -> None:
    taken = CAR if way == "car" else BIKE
    texts = among_noise(NOISE, BUS, taken, SONG)
    found = await top_answers(storage, texts, T0, question)

    assert found[:3] == taken, found


@pytest.mark.parametrize("way", ["car", "bike"])
async def test_a_bus_still_ridden_after_the_way_taken_up_holds(
    storage: MemoryStorage, way: str
) -> None:
    """The car (the bike) came first: the bus ridden since is the state now."""
    texts = among_noise(NOISE, CAR if way == "car" else BIKE, BUS)
    found = await top_answers(storage, texts, T0, "am I still taking the bus?")

    assert found and found[0] in BUS, found


@pytest.mark.parametrize(
    "question", ["do I still get the bus everywhere?", "am I still taking the bus?"]
)
async def test_a_habit_asked_with_a_frame_word_is_not_gated_empty(
    storage: MemoryStorage, question: str
) -> None:
    """ "everywhere", "taking" say how the habit is asked, not what of it
    a turn must share."""
    found = await top_answers(storage, among_noise(NOISE, BUS), T0, question)

    assert found and found[0] in BUS, found


def test_a_car_taken_up_is_told_by_its_model() -> None:
    assert takes_car("Купила Микру! 4800 фунтов.")
    assert takes_car("Bought a used Ford Fiesta off a neighbour.")
    assert takes_car("Съездила на Микре в Асду.")
    assert not takes_car("Geoff says buy a small car, it's been ten years.")
    assert not takes_car("Джефф говорит покупай машину, 10 лет не водила.")


@pytest.mark.parametrize(
    ("text", "rides"),
    [
        ("Купила б/у велосипед — серый Trek, больше никаких трамваев.", True),
        ("bought a used electric scooter, rode it to the office", True),
        ("Biked to Fernway in the rain.", True),
        ("monday, bike to work in the rain", True),
        ("На самокате до работы, ветер с моря.", True),
        # ruled out, advised, a present, a weekend outing
        ("Пока езжу на автобусе. На велике туда не наездишься.", False),
        ("Серёга говорит, пора мне на велосипед.", False),
        ("Bought Sonya a bike for her birthday.", False),
        ("В субботу катались на великах до моря.", False),
    ],
)
def test_a_bike_taken_up_is_told_by_getting_or_riding_it(
    text: str, rides: bool
) -> None:
    assert takes_bike(text) is rides
