"""A change of shift pattern told by the new pattern ("from next week I'm
on days", «Вернулась… Утренняя смена»; search/shift_change.py) answers
"Am I still on nights?": it and the new pattern's turns rank first."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.shift_change import asked_patterns, told_pattern
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
NIGHTS = [
    "Night shift again, three calls after midnight, coffee by the litre.",
    "Ночная смена, спать хочется невыносимо.",
    "Another night shift, the ward was quiet for once.",
]
CHANGE = "Three years of nights, and the boss signed it: from next week I'm on days."
DAYS = [
    "Day shift: lunch at noon like a normal person.",
    "Дневная смена, восемь пациентов, домой засветло.",
]


def test_the_pattern_asked_and_the_pattern_told() -> None:
    assert asked_patterns("Am I still on nights?") == {"night"}
    assert asked_patterns("Я всё ещё работаю по вечерам?") == {"evening"}
    assert told_pattern(CHANGE) == "day"
    assert told_pattern("Вернулась в свою аптеку! Утренняя смена, с семи.") == "morning"
    assert told_pattern("С понедельника на дневных, наконец.") == "day"
    # someone else's shifts, and a repeat, tell no change of the user's
    assert told_pattern("Оля говорит, что теперь вечерами стоит стажёр.") is None
    assert told_pattern("Вторник, снова утренняя смена.") is None


async def test_the_new_pattern_answers_a_still_question(
    storage: MemoryStorage,
) -> None:
    texts: list[str] = []
    for text in [*NIGHTS, CHANGE, *DAYS]:
        texts += [*NOISE, text]
    for question in ("Am I still on nights?", "Я всё ещё работаю по ночам?"):
        found = await top_answers(storage, texts, T0, question)
        assert found[0] == CHANGE, found
        assert set(DAYS) <= set(found[1:4]), found  # the nights drop below them


# The change told by «днём» ("by day"), and a question that offers a choice.
DAY_CHANGE = "Всё, с сегодняшнего дня теперь работаю днём, а не ночью. Ура."
DAY_TURNS = [
    "Day shift done, the kids were asleep when I got home, and so was I.",
    "Дневная смена: обход, выписка, три поступления.",
]


def test_by_day_is_the_day_pattern_and_a_birthday_is_none() -> None:
    assert told_pattern(DAY_CHANGE) == "day"
    assert told_pattern("Теперь поздравляю его с днём рождения каждый год.") is None
    assert asked_patterns("Я сейчас работаю днём или ночью?") == {"day", "night"}


@pytest.mark.parametrize(
    ("change", "question"),
    [
        (DAY_CHANGE, "Я сейчас работаю днём или ночью?"),
        (
            "New rota: from Monday I'm on days, no nights.",
            "Am I on days or nights now?",
        ),
    ],
    ids=["ru", "en"],
)
async def test_the_change_answers_a_choice_of_two_patterns(
    storage: MemoryStorage, change: str, question: str
) -> None:
    texts = among_noise(NOISE, [*NIGHTS, change, *DAY_TURNS])
    found = await top_answers(storage, texts, T0, question)
    assert found[0] == change, found
    assert set(DAY_TURNS) <= set(found[1:4]), found
