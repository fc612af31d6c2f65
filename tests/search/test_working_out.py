"""Exercising asked by its verb names the sport category: "Where do I work
out now?", «Где я сейчас качаюсь?», «В какой зал я хожу?» (search/leisure.py
WORKING_OUT); "work" of "work out" is no job, searched or asked as a slot."""

from __future__ import annotations

import pytest
from agent_memory.search.analysis import analyse


@pytest.mark.parametrize(
    "question",
    [
        "Where do we work out nowadays?",
        "where did I usually work out last winter?",
        "Где я теперь качаюсь?",
        "В какой зал я ходила раньше?",
        "Куда я хожу в спортзал?",
    ],
)
def test_exercising_by_its_verb_names_the_sport(question: str) -> None:
    query = analyse(question)
    assert [kind.head for _, kind in query.kinds.kinds] == ["sport"]
    assert "job" not in query.slot_terms and "work" not in query.terms


@pytest.mark.parametrize(
    ("exercise", "other"),
    [
        ("Where did we work out in May?", "Did I work out the budget for the trip?"),
        ("Where do I work out these days?", "Where do I work now?"),
        ("Где я качаюсь сейчас?", "Я качаюсь на качелях с дочкой, это считается?"),
    ],
)
def test_a_sum_figured_a_job_or_a_swing_names_no_sport(
    exercise: str, other: str
) -> None:
    assert analyse(exercise).kinds.kinds
    assert not analyse(other).kinds.kinds
