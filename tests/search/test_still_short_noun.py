"""A "still" question about a thing named by a short Russian noun («хор»)
finds the turn that ends it: the thing's turns are read by the noun's forms
(«из хора»), not by its prefix, which «хорошо» fills (search/still.py), and
«уйти из» ends a state as «ушла из» does (search/end_words.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.end_words import ENDS
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
QUIT = "Решила уйти из хора. Стоять два часа тяжело, да и голос уже не тот."
CHOIR = [
    "Была на хоре в центре, пели «Чорнобривці».",
    "Репетиция хора, готовимся к концерту.",
    "Please check: 'On Wednesdays I sing in a choir at the centre.'",
]
GOOD = [f"Хорошо, хорошо, всё хорошо {n}." for n in range(60)]


def test_leaving_ends_a_state() -> None:
    assert ENDS.search(QUIT)
    assert ENDS.search("Ухожу из клуба в конце месяца.")


async def test_the_end_of_a_short_noun_is_found(storage: MemoryStorage) -> None:
    texts = [*CHOIR, *GOOD[:30], *CHOIR, *GOOD[30:], QUIT]
    top = await top_answers(storage, texts, T0, "Я ещё хожу в хор?")
    assert QUIT in top, top
