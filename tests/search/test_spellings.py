"""A name in the other script: exact spellings, not a fuzzy match."""

from __future__ import annotations

import pytest
from agent_memory.search.spellings import other_script_spellings


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Sam", "сэм"),
        ("Сэм", "sam"),
        ("Lena", "лена"),
        ("Лена", "lena"),
        ("Vitya", "витя"),
        ("Витя", "vitya"),
        ("Прия", "priya"),
        ("Мелани", "melanie"),
        ("Pepper", "пеппер"),
        ("Пеппер", "pepper"),
        ("Ингрид", "ingrid"),
        ("Mike", "майк"),
        ("Джо", "jo"),
    ],
)
def test_a_name_is_spelled_in_the_other_script(name: str, other: str) -> None:
    assert other in other_script_spellings(name)


@pytest.mark.parametrize(
    ("name", "other"), [("Лина", "lena"), ("Lena", "лина"), ("Mark", "марта")]
)
def test_another_name_is_not_a_spelling(name: str, other: str) -> None:
    assert other not in other_script_spellings(name)


@pytest.mark.parametrize("text", ["Anna Petrova", "R2D2", "", "x" * 40, "東京"])
def test_anything_else_has_no_spelling(text: str) -> None:
    assert other_script_spellings(text) == []
