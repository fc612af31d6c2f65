"""Saying nothing when what is asked of a person was never said, for a user
who types names in lower case: someone's birthday ("when's marek's
birthday?" is not answered by turns on marek, nor by another's birthday
party), «день рождения» (not «каждый день», not «Рождество»), which car the
user has ("frost on all the cars", diesel prices say none), what someone
does for a living (a dinner with them says no job). Each, when said, still
answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_job import job_asked_of
from agent_memory.search.asked_lower_names import with_names_capitalised
from agent_memory.storage import MemoryStorage
from day_turns import START, answers_in_own_memory, top_answers

MAREK = [
    "went bouldering with marek after work, my arms are dead",
    "marek's flat flooded again, landlord is useless",
    "need a birthday card for a colleague, any ideas",
    "Саша позвала нас на день рождения сестры",
    "marek came round for dinner and ate everything",
    "marek supports hearts, poor guy",
]
LYOSHA = [
    "С Лёшей каждый день переписываемся, он смешной",
    "Лёша поздравил нас с Рождеством",
    "Ходили на день рождения к Свете, было весело",
    "Лёша приходил в гости, играли в настолки",
]
NO_CAR = [
    "frost on all the cars this morning, pretty though",
    "diesel prices are mad on the radio, glad i walk everywhere",
    "the neighbour's car alarm went off all night, raging",
]


@pytest.mark.parametrize(
    ("turns", "question", "said"),
    [
        (MAREK, "when's marek's birthday?", "marek's birthday is on 12 may, cake!"),
        (LYOSHA, "когда у Лёши день рождения?", "У Лёши день рождения 3 апреля"),
        (NO_CAR, "what car have i got?", "picked up my car today, a grey Skoda Fabia"),
        (NO_CAR, "какая у меня машина?", "забрал свою машину из сервиса, шкода фабия"),
        (MAREK, "what does marek do for a living?", "marek works as a joiner in leith"),
        (LYOSHA, "кем работает Лёша?", "Лёша работает в банке, устал от отчётов"),
    ],
)
async def test_what_was_never_said_of_them_says_nothing(
    storage: MemoryStorage,
    tmp_path: Path,
    turns: list[str],
    question: str,
    said: str,
) -> None:
    assert await top_answers(storage, turns, START, question) == []
    # said, it still answers
    assert said in await answers_in_own_memory(tmp_path, [*turns, said], question)


def test_a_lower_case_owner_of_a_birthday_is_a_name() -> None:
    assert with_names_capitalised("when's marek's birthday?") == (
        "when's Marek's birthday?"
    )
    # a relative's word and a stop word stay as they are
    assert with_names_capitalised("when's mum's birthday?") == "when's mum's birthday?"
    assert with_names_capitalised("marek's flat") == "marek's flat"


def test_whose_job_is_asked() -> None:
    assert job_asked_of("what does marek do for a living?") == "marek"
    assert job_asked_of("what's Marek's job?") == "Marek"
    assert job_asked_of("кем работает Лёша?") == "Лёша"
    assert job_asked_of("what do I do for a living?") is None
    assert job_asked_of("what does marek do at the weekend?") is None
