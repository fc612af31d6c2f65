"""A question about before a named later value, whose change no turn tells
by what it left, is answered by the user's turns from before the later
value began that tell the asked slot (search/slot_before.py): the evenings
of "What did I do on weekends before tennis?" (and in Russian), though no
turn names both sides and later weekends crowd the older ones out."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.slot_before import slot_words
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day, too many meetings.",
    "Read the news all afternoon.",
    "Priya moved to Vienna for a design job.",
    "The company picnic got rained out.",
    "Swam in the morning again.",
)


def _life(old: list[str], new: list[str]) -> list[str]:
    return [*old, *(NOISE[i % 5] for i in range(60)), *new]


WEEKENDS_OLD = [
    "Chess in the park with Otar, my weekend ritual.",
    "Weekend chess with Otar again, he won twice.",
]
RU_OLD = WEEKENDS_OLD  # told in English, asked in Russian
RU_NEW = [
    "Первая тренировка по теннису, рука болит.",
    *(f"Выходные {n}: уборка, продукты, стирка." for n in range(12)),
]


async def test_the_older_weekends_in_russian(storage: MemoryStorage) -> None:
    texts = _life(RU_OLD, RU_NEW)
    question = "Чем я занимался по выходным до тенниса?"
    top = await top_answers(storage, texts, T0, question)
    assert set(RU_OLD) <= set(top[:3]), top


def test_the_slot_words_leave_out_the_later_value_and_names() -> None:
    words = slot_words(
        "Чем Лёва занимался по выходным до тенниса?", lambda w: "теннис" in w
    )
    assert words == ["занимался", "выходным"]
