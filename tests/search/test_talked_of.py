"""The names a turn says as what was talked about (search/talked_of.py)."""

from __future__ import annotations

import pytest
from agent_memory.search.cross_script import loose_key
from agent_memory.search.talked_of import talked_of_keys


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("saturday spanish, we had a debate about the Fallas", ["Fallas"]),
        ("we talked about the Fallas in the past tense", ["Fallas"]),
        ("Рассказала про Русафу в прошедшем времени", ["Русафу"]),
        ("Говорили про Манчестер и Лидс весь вечер", ["Манчестер", "Лидс"]),
    ],
)
def test_the_subject_of_a_talk_is_read(text: str, names: list[str]) -> None:
    assert talked_of_keys(text) == {loose_key(name) for name in names}


@pytest.mark.parametrize(
    "text",
    [
        "no regrets about the Getz, it served us well",
        "thinking about Haarlem again, the houses are cheaper",
        "saturday spanish with Elena, everybody at the Fallas",
    ],
)
def test_a_name_said_without_a_talk_is_not_its_subject(text: str) -> None:
    assert talked_of_keys(text) == set()
