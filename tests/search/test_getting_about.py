"""How the user gets to work is told by the way ("Biked to the office in
the rain"), not by the question's verb: search/getting_about.py leaves the
verb of "How do I get to work?" out of the search, on a real database."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.stem_sets import text_stems
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
WAY = [
    "Biked to the office in the rain, arrived soaked.",
    "On the tram to work I finally finished the book.",
    "Ехала на работу на велосипеде по снегу, сорок минут.",
]
# turns that share only the verb of getting somewhere
GOING = [
    "Getting a haircut on Friday, getting it short for once.",
    "We're getting married in May! Getting the rings next week.",
    "Need to get new curtains, and to get the landlord to fix the tap.",
    "Got the keys, got the boxes, got a sore back.",
    "Going to the cinema with Lena, then going for pizza.",
    "Добираюсь до дома к ночи, добираюсь и сразу сплю.",
    "Добиралась до дачи три часа, потом добиралась обратно.",
    "Добирались до Лены через весь город, добирались с пересадкой.",
]


@pytest.mark.parametrize(
    "question",
    ["How do I get to work these days?", "Как я теперь добираюсь до работы?"],
)
async def test_the_way_to_work_outranks_the_verb_of_going(
    storage: MemoryStorage, question: str
) -> None:
    answers = await top_answers(storage, [*WAY, *GOING], T0, question)
    assert set(answers[:3]) == set(WAY)


def test_the_verb_is_searched_without_a_place() -> None:
    # «На чём мы ездим?» says only the verb, and so do its answers
    # («ездили в Зандфорт на машине»)
    assert "ездим" in analyse("На чём мы сейчас ездим?").terms
    assert "get" not in analyse("How do I get to work now?").terms
    assert "ride" in analyse("What do I ride to uni now?").terms


@pytest.mark.parametrize(
    ("text", "drives"),
    [
        ("Drove to Citywest, M50 slow at the Red Cow", True),
        ("Lucan to Citywest is 15 minutes in the Skoda!", True),
        ("Первый раз на работу на Шкоде, по M50 35 минут", True),
        ("Сегодня за рулём, так что без пива", True),
        ("Теперь живём в Лукане, дом на Ardeevin Drive", False),
        ("Recommend a podcast for long drives", False),
        ("Отложили деньги на бензин", False),
        # a way's member inside another word: "training" is no train
        ("Dropped Mark at hurling training in Sarsfields", False),
        # driving someone mad is no way of getting anywhere
        ("Lucy rang, tired, the baby monitor is driving her mad.", False),
        ("The neighbours' drilling drove me up the wall", False),
        ("Радионяня сводит её с ума", False),
        ("Drove home crazy tired after the night shift", True),
    ],
)
def test_driving_is_told_by_the_verb_or_the_car(text: str, drives: bool) -> None:
    commute = analyse("How do I get to work now?").kinds
    assert bool(commute.said(text_stems(text), text)) is drives


# Turns of a user who took up a small car, after the idiom of driving
# someone mad and Russian words the car makes' prefixes share («ладно»,
# «тесто», «король»).
CAR = [
    "Test drove a 2015 Nissan Micra at a dealer with Geoff.",
    "Drove to Morrisons in the Micra, parked first time.",
    "Съездила на Микре в Асду, купила всё за раз.",
]
NOT_CAR = [
    "Lucy rang, tired, the baby monitor is driving her mad.",
    "The drilling next door is driving me mad again.",
    "Алмочка сказала «баба»!! Ну ладно, может «папа».",
    "Рецепт бешбармака на шесть человек, тесто как у мамы.",
    "Кот спит на диване как король.",
]


@pytest.mark.parametrize(
    "question",
    [
        "Do I still drive?",
        "Am I driving these days?",
        "Я всё ещё за рулём?",
        "Я ещё вожу машину?",
    ],
)
async def test_whether_i_drive_is_answered_by_the_car(
    storage: MemoryStorage, question: str
) -> None:
    answers = await top_answers(storage, [*NOT_CAR, *CAR], T0, question)
    assert answers and answers[0] in CAR
    assert not {NOT_CAR[0], NOT_CAR[1]} & set(answers[:2])


def test_whether_i_drive_asks_the_car_not_the_verb() -> None:
    for question in ("Do I still drive?", "Я всё ещё за рулём?"):
        query = analyse(question)
        assert [kind.head for _, kind in query.kinds.kinds] == ["car"]
        assert not query.terms
    # where to is the commute's; whom to is no car («вожу Сандро в садик»)
    assert "commut" in analyse("Do I still drive to work?").kinds.asked
    assert not analyse("Как часто я сейчас вожу Сандро в садик?").kinds.kinds
    assert analyse("Я ещё езжу на автобусе?").terms == ("езжу", "автобусе")


# turns that say "around" or "about" of no way of getting anywhere
AROUND = [
    "Showed my cousin around the old town, then sat around the fountain.",
    "Around ten people came to the party, about half stayed late.",
    "Передвигали шкаф всей семьёй, передвигали и диван.",
]


@pytest.mark.parametrize(
    "question",
    [
        "How do I get around these days?",
        "How was I getting about before the move?",
        "На чём я теперь передвигаюсь?",
    ],
)
async def test_getting_around_asks_the_way_of_going_anywhere(
    storage: MemoryStorage, question: str
) -> None:
    # getting around names no place, as «На чём я езжу?» does not: the way
    # (a bike, the tram) answers it, not the turns sharing its words
    answers = await top_answers(storage, [*WAY, *GOING, *AROUND], T0, question)
    assert set(answers[:3]) == set(WAY)
