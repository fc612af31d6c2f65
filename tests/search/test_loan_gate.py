"""The gate reads a loanword's other-script spelling as the asked word
(search/loan_kin.py): «кто сейчас мой контакт в Vela» is answered by "my new
contact at Vela: Oliver Grant", while a loanword the memory never heard
still gets nothing."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
CONTACT = "first call with my new contact at Vela after the reorg: Oliver Grant"
NOISE = (
    "What's the weather like this weekend?",
    "Took the bus to the market, bought apples and cheese.",
    "Вечером гуляли в парке, было тепло.",
    "Demo with Oliver at 16:00, he approved the onboarding flow.",
    "Пеппер опять утащил носок.",
)


async def test_a_loanword_said_in_the_other_script_answers(
    storage: MemoryStorage,
) -> None:
    top = await top_answers(
        storage, [CONTACT, *NOISE], T0, "кто сейчас мой контакт в Vela"
    )
    assert CONTACT in top, top


async def test_a_loanword_never_said_gets_nothing(storage: MemoryStorage) -> None:
    top = await top_answers(storage, [*NOISE], T0, "кто мой нотариус в Vela?")
    assert top == [], top
