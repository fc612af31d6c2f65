"""The event a question times itself by ("after the surgery", «после
операции») is no word a hit must share (search/after_frame.py): «Как у меня
теперь нога после операции?» is answered by «нога не болит»; a question
about something never said still gets nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.after_frame import after_frame, without_frame
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
LEG = "Прошла сегодня до Rosental без палочки, нога не болит."
NOISE = (
    "Сегодня сделали операцию, всё прошло хорошо, лежу.",
    "Вечером гуляли в парке, было тепло.",
    "Took the bus to the market, bought apples and cheese.",
    "Пеппер опять утащил носок.",
)


def test_the_frame_is_the_preposition_and_its_event() -> None:
    assert {stem("после"), stem("операции"), "surgery"} <= after_frame(
        "Как нога после операции?"
    )
    assert {"after", "surgery"} <= after_frame("How is my knee after the surgery?")
    assert after_frame("Как моя нога?") == set()
    assert without_frame({"after", "wedding"}, {"after", "wedding"}) == {
        "after",
        "wedding",
    }


async def test_the_leg_after_the_operation_is_answered(storage: MemoryStorage) -> None:
    question = "Как у меня теперь нога после операции, как хожу?"
    top = await top_answers(storage, [LEG, *NOISE], T0, question)
    assert LEG in top, top


@pytest.mark.parametrize(
    "question", ["Как у меня теперь колено после операции?", "What is my cat's name?"]
)
async def test_a_thing_never_said_gets_nothing(
    storage: MemoryStorage, question: str
) -> None:
    assert await top_answers(storage, [LEG, *NOISE], T0, question) == []
