"""A thing whose holder goes away, said right after its name, is over
(search/ended.py `marked_past`): «Frau Schubert переезжает в Дрезден, её
курс закончился» ends the first teacher, so asked "Who is my German teacher
at the Volkshochschule these days?" her older turns no longer rank as the
current one (life 28)."""

from __future__ import annotations

import pytest
from agent_memory.search.ended import marked_past


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Frau Schubert переезжает в Дрезден, её курс закончился.", "Frau Schubert"),
        ("Dr. Weber retired last week, the practice sent a letter.", "Dr. Weber"),
        ("Herr Albrecht left the school in May.", "Herr Albrecht"),
    ],
)
def test_the_holder_going_away_ends_it(text: str, name: str) -> None:
    assert marked_past(text, [name])


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Frau Schubert praised my pronunciation.", "Frau Schubert"),
        ("Went to Dresden with Frau Schubert's group.", "Frau Schubert"),
        # moving ends a holder only to a place named: moving in is no end
        ("сказал родителям, что Аля переезжает ко мне", "Аля"),
        ("Alya is moving in with me next month", "Alya"),
        ("Lumo is moving to a bigger office in June", "Lumo"),
    ],
)
def test_a_holder_staying_is_not_over(text: str, name: str) -> None:
    assert not marked_past(text, [name])
