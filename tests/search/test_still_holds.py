"""A still-question whose state no turn ends (search/still_holds.py): the
thing's newest turns answer, above its first ones, which say the
question's words as often and tell the state as it was."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "The printer at the office jammed twice today.",
    "Walked the dog along the river, nice weather.",
    "Watched a documentary about whales with the kids.",
    "Paid the electricity bill, cheaper than last month.",
)
STARTED = [
    "The GP started me on lisinopril, 5 mg, lisinopril every morning.",
    "Lisinopril day two: a dry cough, is that the lisinopril?",
    "Bought lisinopril at the pharmacy, 5 mg pack.",
]
GOING_ON = [
    "Blood pressure 128/82 this morning, the 10 mg of lisinopril works.",
    "Took lisinopril before the early shift, set an alarm for it.",
]
RU_STARTED = [
    "Врач назначила магний, магний по две таблетки, начал магний сегодня.",
    "Магний с утра, от магния вроде спокойнее.",
    "Купил магний в аптеке, большая банка.",
]
RU_GOING_ON = [
    "Магний теперь только на ночь, одну таблетку.",
    "Выпил магний перед сном, сплю лучше.",
]


async def test_the_newest_turns_answer_a_state_that_holds(
    storage: MemoryStorage,
) -> None:
    texts = among_noise(NOISE, STARTED, GOING_ON)
    found = await top_answers(storage, texts, T0, "Am I still on lisinopril?")

    assert set(GOING_ON) <= set(found[:2]), found


async def test_the_russian_state_that_holds(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, RU_STARTED, RU_GOING_ON)
    found = await top_answers(storage, texts, T0, "Я ещё на магнии?")

    assert set(RU_GOING_ON) <= set(found[:2]), found
