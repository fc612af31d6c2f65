"""A time of the user's life gone by ("when I was a driver", «когда я была
студенткой») is a past stance (search/standing.py), read once there for
every rule, the requests put under told turns too (search/told_first.py).
«Я был водителем» used to read as the present by its «-ем» ending."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.standing import stance
from agent_memory.search.told_first import asks_state
from day_turns import answers, retriever_over


@pytest.mark.parametrize(
    "question",
    [
        "what van did i drive when i was a courier?",
        "where did we live when we were students",
        "Какую машину я водил, когда я был водителем?",
        "где мы жили, когда были студентами",
        "Когда я была студенткой, где я подрабатывала?",
    ],
)
def test_a_time_of_ones_life_gone_by_is_the_past(question: str) -> None:
    assert stance(question) == "past"
    assert asks_state(question)


@pytest.mark.parametrize(
    "question",
    [
        "Когда я была в Праге?",
        "когда была свадьба?",
        "When was I in Paris?",
        "when i was at the dentist last week",
    ],
)
def test_asking_when_is_no_time_of_ones_life(question: str) -> None:
    assert stance(question) != "past"


async def test_the_van_of_the_drivers_days_leads(tmp_path: Path) -> None:
    then = "устроился водителем в доставку, дали машину: старый фургон Ford Transit"
    now = "купил себе машину, маленький серый Ford Fiesta, водитель из меня так себе"
    turns = [(3, then), (20, "уволился из доставки, теперь сижу в офисе"), (40, now)]
    async with retriever_over(tmp_path, turns) as retriever:
        question = "какая у меня была машина, когда я был водителем?"
        top = await answers(retriever, question)
    assert top.index(then) < top.index(now), top
