"""In a time window, the user's turns that tell the asked topic come before
the user's questions and requests to the assistant that only name it
(search/windowed.py `said_first`; the requests: search/doings.py)."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from day_turns import window_answers

CLIMBING_TOLD = [
    "Climbing at the wall after work, sent my first 6a at last.",
    "Climbing session with Priya, fell off the crux twice.",
    "Evening climbing, only traversed, my skin is torn.",
]
CLIMBING_ASKED = [
    "Why do my fingers ache the day after climbing?",
    "Write a short message to the climbing gym about freezing my membership.",
    "What climbing shoes are good for wide feet?",
]
TENNIS_TOLD = [
    "теннис после работы, час на задней линии, ноги гудят",
    "на теннисе с Олей, научился подавать резаной",
    "утром теннис, проиграл два сета, колено ноет",
]
TENNIS_ASKED = [
    "почему после тенниса болит локоть?",
    "напиши письмо в теннисный клуб про потерянную ракетку",
    "сколько стоит перетяжка ракетки для тенниса обычно?",
]
NOISE = [
    "Repotted the basil, it was root-bound.",
    "Соседи опять сверлят с утра.",
    "Paid the water bill, higher than last month.",
]


def _interleaved(told: list[str], asked: list[str]) -> list[str]:
    """The asked before the told on most days, among everyday talk."""
    texts = [NOISE[0]]
    for question, story in zip(asked, told, strict=True):
        texts += [question, story, NOISE[1]]
    return [*texts, NOISE[2]]


@pytest.mark.parametrize(
    ("told", "asked", "question"),
    [
        (CLIMBING_TOLD, CLIMBING_ASKED, "climbing"),
        (TENNIS_TOLD, TENNIS_ASKED, "теннис"),
    ],
)
async def test_told_turns_come_before_questions_naming_the_topic(
    storage: MemoryStorage, told: list[str], asked: list[str], question: str
) -> None:
    found = await window_answers(storage, _interleaved(told, asked), 0, question)

    assert set(found[: len(told)]) == set(told), found
    # the questions stay in the answer, below what was told
    assert set(asked) <= set(found), found
