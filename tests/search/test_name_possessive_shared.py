"""A name's possessive asked with an ending a noun has too («как Борину жену
зовут?») is the name's (search/name_cases.possessive_nominatives `shared`,
read by asked_of.says_name): «Боря с женой Кэти» answers."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.asked_of import says_name
from agent_memory.search.name_cases import possessive_nominatives
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
WIFE = "Боря с женой Кэти прислали фото, у них уже снег в Торонто"
NOISE = (
    "Вечером гуляли в парке, было тепло.",
    "Took the bus to the market, bought apples and cheese.",
    "Мойше зовёт в хор ветеранов, говорит там нужны мужские голоса.",
)


def test_the_shared_ending_is_read_only_when_asked() -> None:
    assert "боря" in possessive_nominatives("борину", shared=True)
    assert possessive_nominatives("борину") == set()
    assert says_name([WIFE], {"Борину"})


async def test_the_wife_of_the_named_one_is_answered(storage: MemoryStorage) -> None:
    top = await top_answers(storage, [WIFE, *NOISE], T0, "как Борину жену зовут")
    assert WIFE in top, top
