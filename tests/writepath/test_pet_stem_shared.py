"""The write path joining «Ленка» to Лена (writepath/pet_forms.py) and the
search reading «Ленкой» in a question (search/name_cases.py) take a pet
form's stem by one rule (core/pet_stems.py)."""

from __future__ import annotations

import pytest
from agent_memory.search.name_cases import short_pet_of
from agent_memory.writepath.pet_forms import is_pet_form_of


@pytest.mark.parametrize(
    ("form", "stem", "first_name"),
    [("ленка", "лен", "лена"), ("тимурчик", "тимур", "тимур"),
     ("айгулька", "айгул", "айгуль")],
)  # fmt: skip
def test_the_write_path_and_the_search_read_one_stem_alike(
    form: str, stem: str, first_name: str
) -> None:
    assert is_pet_form_of(form, first_name)
    assert short_pet_of(stem, first_name)


def test_neither_side_takes_a_stem_cut_short_of_the_name() -> None:
    assert not short_pet_of("ле", "лена")
    assert not is_pet_form_of("ленкара", "лена")
