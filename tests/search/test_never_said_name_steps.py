"""Saying nothing when a thing's name is asked and the turns name something
else near it: a day told step by step ("Vika to school, then the Lidl on
Park Road", «Вику в школу, потом Оля позвонила») names the next step, not
the school; "I" is the writer, never a name."""

from __future__ import annotations

import pytest
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.storage import MemoryStorage
from day_turns import START, top_answers

SCHOOL = asked_name_of("What's the name of Vika's school?")


@pytest.mark.parametrize(
    ("text", "own"),
    [
        (
            "Dropped Vika at school, then Olga called about the rent.",
            "Vika's school is Lyceum 5, then Olga called about the rent.",
        ),
        (
            "Vika to school, afterwards the Lidl on Park Road for milk.",
            "Vika's school is Hillside Primary, afterwards the Lidl on Park Road.",
        ),
        (
            "Отвела Вику в школу, потом Оля позвонила насчёт денег.",
            "Викина школа называется Лицей, потом Оля позвонила.",
        ),
        (
            "Vika at school, I picked her up at four.",
            "Vika's school is Lyceum 5, I picked her up at four.",
        ),
    ],
)
def test_a_name_after_the_next_step_or_i_names_no_school(text: str, own: str) -> None:
    assert not gives_name(text, SCHOOL, {"Vika"}, [])
    assert gives_name(own, SCHOOL, {"Vika"}, [])  # the school's own name still


VIKA = [
    "Vika to school, then I went to the Lidl on Park Road for milk.",
    "Vika got an A in maths, so proud of her.",
    "Вику в школу, потом Оля позвонила насчёт денег.",
    "Vika and I baked muffins tonight.",
]


@pytest.mark.parametrize(
    "question", ["What's the name of Vika's school?", "Как называется школа Вики?"]
)
async def test_the_next_steps_name_answers_no_school_name(
    storage: MemoryStorage, question: str
) -> None:
    assert await top_answers(storage, VIKA, START, question) == []
