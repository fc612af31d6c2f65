"""What a change leaves behind (search/left_behind.py old_states), in English and
Russian word orders, and the first day or shift at a place as a change
told."""

from __future__ import annotations

import pytest
from agent_memory.search.changes import state_factor, tells_change
from agent_memory.search.left_behind import old_states


@pytest.mark.parametrize(
    ("text", "left"),
    [
        # Russian names the place left before the verb as often as after it
        ("Мне дали место в кардиологии! С AMU ухожу через две недели.", "AMU"),
        ("Из Kyma ушёл в мае, ни разу не пожалел.", "Kyma"),
        ("Ухожу из Baltix Pay: буду автоматизатором.", "Baltix Pay"),
        # a firm's name in quotes
        ("Написал директору, что ухожу из «Кванта» с конца месяца.", "Кванта"),
    ],
)
def test_what_a_change_leaves_behind(text: str, left: str) -> None:
    assert tells_change(text)
    assert left in old_states(text)
    # a leaving, not a route: kept when routes are left out
    assert left in old_states(text, routes=False)


@pytest.mark.parametrize(
    "text",
    [
        # a time or a companion before the verb, not a place left
        "С утра ухожу на работу, вернусь к шести.",
        "С мамой уходим гулять в парк.",
    ],
)
def test_no_place_left_before_the_verb(text: str) -> None:
    assert not old_states(text)


@pytest.mark.parametrize(
    "text",
    [
        "First day on Ward 4, the charge nurse showed me round.",
        "First shift at the new depot went fine.",
        "Первая смена на новой подстанции.",
    ],
)
def test_a_first_day_or_shift_on_is_a_change(text: str) -> None:
    assert tells_change(text)


@pytest.mark.parametrize(
    "text",
    [
        "First day on the cardiology ward, the charge nurse is kind.",
        "Первая смена в Skelo, выдали ноутбук.",
    ],
)
def test_a_first_day_is_the_new_state_not_the_one_before(text: str) -> None:
    # for now it is the latest change; for before it, no answer
    assert state_factor(text, "now") > 1.0
    assert state_factor(text, "past") == 1.0
