"""A thing a relative owns is said with the relative (search/kin_owned.py):
"what car does dad drive?" asked of a memory where dad is talked of but his
car never is, and where the only «машина» is a washing machine, says
nothing; a turn telling dad's car by its word or make answers."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 5, 4, tzinfo=dt.UTC).timestamp()
DAD_NO_CAR = [
    "Папа звонил, спрашивал, когда я сдаю сессию.",
    "Dad sent a photo of his tomatoes, they are huge this year.",
    "Мама наконец купила посудомоечную машину, счастлива.",
    "Соседка сверху поставила стиральную машину, гудит ночью.",
    "папа опять ворчит что я мало ем",
    "Took the tram to the library, read for four hours.",
    "Brother called about his exams, he is nervous.",
]
DAD_CAR = "Папа наконец продал старую Ладу и взял подержанную Тойоту."
DAD_CAR_EN = "Dad finally swapped his old Lada for a used Toyota."


async def test_dads_car_is_answered_only_once_told(storage: MemoryStorage) -> None:
    for question in (
        "на какой машине ездит папа?",
        "какая машина у отца?",
        "what car does my dad drive?",
    ):
        assert await top_answers(storage, DAD_NO_CAR, T0, question) == [], question
    later = T0 + 30 * 86400  # told later: now each language answers
    found = await top_answers(storage, [DAD_CAR], later, "на какой машине ездит папа?")
    assert DAD_CAR in found
    found = await top_answers(
        storage, [DAD_CAR_EN], later + 86400, "what car does dad drive?"
    )
    assert DAD_CAR_EN in found
