"""The stem a Russian pet form is built on has one home (core/pet_stems.py):
the name as it is, or the name less its last vowel or soft sign."""

from __future__ import annotations

import pytest
from agent_memory.core.pet_stems import names_of_pet_stem, pet_stems_of


@pytest.mark.parametrize(
    ("first_name", "stems"),
    [("лена", {"лена", "лен"}), ("юля", {"юля", "юл"}), ("айгуль", {"айгуль", "айгул"}),
     ("тимур", {"тимур"})],
)  # fmt: skip
def test_a_pet_form_is_built_on_the_name_or_the_name_less_its_last_vowel(
    first_name: str, stems: set[str]
) -> None:
    assert pet_stems_of(first_name) == stems


def test_a_stem_stands_for_the_names_it_may_be_cut_from() -> None:
    assert {"лен", "лена", "леня", "лень"} <= set(names_of_pet_stem("лен"))
    assert "тимур" in names_of_pet_stem("тимур")
    assert "лена" not in names_of_pet_stem("ле")
