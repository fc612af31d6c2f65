"""For a question about now (search/standing.py by_stance): a turn that only
steps toward a change (an interview, an offer, a viewing) weighs less than a
turn of the state (search/steps.py), and a present-marked turn naming what
an earlier change left behind takes no present boost (back_at_the_old)."""

from __future__ import annotations

import pytest
from agent_memory.search.standing import back_at_the_old, by_stance
from agent_memory.search.steps import only_steps
from day_hits import day_hit


@pytest.mark.parametrize(
    "text",
    [
        "Second interview at Skelo with the QA lead.",
        "A recruiter messaged me about a job.",
        "Было собеседование в Skelo, вроде прошло хорошо.",
        "Смотрели квартиру на Jones Avenue.",
        "Applied for the analyst role at Fernway.",
    ],
)
def test_a_step_toward_a_change(text: str) -> None:
    assert only_steps(text)


@pytest.mark.parametrize(
    "text",
    [
        "Получил оффер от Skelo! Ухожу из Baltix Pay.",  # the change itself
        "First day at Skelo, got my laptop.",
        "Monday at Skelo: sprint planning.",
    ],
)
def test_not_a_step_only(text: str) -> None:
    assert not only_steps(text)


def test_an_interview_weighs_less_than_the_job() -> None:
    hits = [
        day_hit(1, 0, "Work at Brightline was slow."),
        day_hit(2, 9, "Work at Skelo: sprint planning all morning."),
        day_hit(3, 10, "Work interview at Skelo went well."),
    ]
    scored = {
        h.node.id: h.score for h in by_stance(hits, "Where do I work now?", ["work"])
    }
    assert scored[3] < scored[2]


def test_a_trip_back_to_the_old_home_is_not_the_present() -> None:
    hits = [
        day_hit(1, 1, "We live here no more: leaving Dundas West.", "Dundas West"),
        day_hit(
            2,
            5,
            "The dentist on Dundas West, where we lived, is now far.",
            "Dundas West",
        ),
        day_hit(3, 6, "We live in Leslieville now.", "Leslieville"),
    ]
    assert back_at_the_old(hits, {1, 2, 3}) == [2]


def test_a_route_leaves_nothing_behind() -> None:
    hits = [
        day_hit(
            1, 1, "The bus from Roncesvalles to Leslieville got slow.", "Roncesvalles"
        ),
        day_hit(2, 5, "Now I bike to Roncesvalles on Sundays.", "Roncesvalles"),
    ]
    assert back_at_the_old(hits, {1, 2}) == []
