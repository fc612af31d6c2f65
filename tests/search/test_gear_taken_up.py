"""A doing taken up by buying its gear, told later by its verbs and its
measure ("a 60 km ride", «70 км»), never by its word: it is the user's
doing now (search/gear_taken_up.py, search/doing_gear.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.doing_gear import done_by_its_words, gear_bought
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
CYCLING = frozenset({stem("cycling")})
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Meeting with the client ran late again, I had to run for the bus.",
)
FUTSAL = [
    "Futsal with the guys at the school gym, I was in goal all evening.",
    "Футзал в четверг: пропустил всего четыре, колено ноет.",
    "Futsal again, the knee held for once.",
]
BIKE_START = "Done with futsal: my knee. Bought a second-hand road bike with Sam."
BIKE_RU = "Всё, с футзалом завязал. Купили с Сэмом по подержанному шоссейнику."
RIDES = [
    "First Saturday ride with Sam along the coast, 42 km. My legs are jelly.",
    "Суббота: 70 км с Сэмом до маяка и обратно, впервые не отстал.",
    "Saturday: rode with Sam to the old harbour, 55 km, coffee on the way.",
]


def test_gear_bought_starts_its_doing() -> None:
    assert gear_bought(BIKE_START) == CYCLING
    assert gear_bought(BIKE_RU) == CYCLING
    # gear only named, not bought: no start
    assert not gear_bought("My bike has a flat tyre again.")
    assert not gear_bought("Bought a new phone case.")


def test_a_doing_told_by_its_verbs_and_measure() -> None:
    assert all(done_by_its_words(text, CYCLING) for text in RIDES)
    assert not done_by_its_words(NOISE[2], CYCLING)
    # a ride tells no cycling of a doing not taken up
    assert not done_by_its_words(RIDES[0], frozenset({stem("tennis")}))


def _life(start: str) -> list[str]:
    texts: list[str] = []
    for text in [*FUTSAL, start, *RIDES]:
        texts += [*NOISE, text]
    return texts


@pytest.mark.parametrize(
    ("start", "question"),
    [
        (BIKE_START, "What sport do I do these days?"),
        (BIKE_RU, "Чем я занимаюсь вместо футзала?"),
    ],
)
async def test_the_doing_taken_up_by_its_gear_is_the_current_one(
    storage: MemoryStorage, start: str, question: str
) -> None:
    found = await top_answers(storage, _life(start), T0, question)

    assert found[0] == start, found
    assert set(RIDES) <= set(found[:5]), found
    assert not set(FUTSAL) & set(found[:4]), found


@pytest.mark.parametrize(
    ("start", "question"),
    [
        (BIKE_START, "Do I still go to futsal?"),
        (BIKE_RU, "Я всё ещё хожу на футзал?"),
    ],
)
async def test_an_end_that_buys_the_new_gear_goes_on_with_its_rides(
    storage: MemoryStorage, start: str, question: str
) -> None:
    """ "Do I still go to futsal?": the end buys the bike itself, and the
    rides go on with it (search/taken_up.py)."""
    found = await top_answers(storage, _life(start), T0, question)

    assert found[0] == start, found
    assert set(RIDES) <= set(found[:5]), found


WOODWORKING = frozenset({stem("woodworking")})
FISHING = [
    "Fishing with Pavel off the pier, two mackerel and a crab.",
    "Рыбалка с Павлом на озере, клевало плохо, один окунь.",
    "Fishing with Pavel again, caught nothing but we talked for hours.",
]
WORKBENCH = (
    "Cleared out the garage at the new place. Bought a workbench and a chisel set."
)
WOODWORK = [
    "Вечер в гараже, строгал доски для полки.",
    "Made a chopping board from an oak offcut, sanded it twice.",
    "Four hours in the workshop on the birdhouse, the roof is done.",
]


def test_woodwork_told_by_its_bench_tools_and_planing() -> None:
    assert gear_bought(WORKBENCH) == WOODWORKING
    assert gear_bought("Купил верстак и набор стамесок.") == WOODWORKING
    assert all(done_by_its_words(text, WOODWORKING) for text in WOODWORK)
    # a plane is a flight, not a tool
    assert not gear_bought("Bought plane tickets to Lisbon.")
    assert not done_by_its_words(NOISE[1], WOODWORKING)


NEW_HOBBY = "Woodworking is my new hobby, I watch its videos every night."


def _hobby_life() -> list[str]:
    """Fishing, then woodwork taken up by its bench and never named."""
    texts: list[str] = []
    for text in [*FISHING, WORKBENCH, *WOODWORK, NEW_HOBBY]:
        texts += [*NOISE, text]
    return texts


@pytest.mark.parametrize(
    "question",
    [
        "What are my hobbies these days?",
        "Чем я сейчас увлекаюсь?",
    ],
)
async def test_woodwork_taken_up_by_its_bench_is_the_hobby_now(
    storage: MemoryStorage, question: str
) -> None:
    found = await top_answers(storage, _hobby_life(), T0, question)

    assert found[0] == WORKBENCH, found
    assert set(WOODWORK) <= set(found[:5]), found
    assert not set(FISHING) & set(found[:4]), found


async def test_the_hobby_before_the_bench_is_the_one_before(
    storage: MemoryStorage,
) -> None:
    """Asked of before, the woodwork since its bench falls below fishing."""
    question = "What were my hobbies before?"
    found = await top_answers(storage, _hobby_life(), T0, question)

    assert set(FISHING) <= set(found[:3]), found
    assert NEW_HOBBY not in found[:3], found
