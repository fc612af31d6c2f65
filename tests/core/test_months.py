"""The months' names have one home (core/months.py): a question's full
name and a turn's short one come to the same month."""

from __future__ import annotations

import pytest
from agent_memory.core.months import month_key, month_number


@pytest.mark.parametrize(
    ("word", "key"),
    [("November", "nov"), ("Nov", "nov"), ("Sept", "sep"), ("ноября", "nov"),
     ("ноя", "nov"), ("мая", "may"), ("май", "may"), ("июня", "jun")],
)  # fmt: skip
def test_a_month_short_or_full_in_either_language_has_one_key(
    word: str, key: str
) -> None:
    assert month_key(word) == key


@pytest.mark.parametrize(
    ("name", "number"), [("March", 3), ("марте", 3), ("октября", 10), ("may", 5)]
)
def test_a_month_s_full_name_has_its_number(name: str, number: int) -> None:
    assert month_number(name) == number
