"""«Как звали …?» asks a name as «как зовут» does (search/names_asked.py
FRAME_WORDS): "what was my boss at the bakery called" is answered from the
boss filed so, not searched as a question about the past."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 2, tzinfo=dt.UTC).timestamp()
NOISE = [
    "купила новые кроссовки, старые совсем развалились",
    "сходили с соседкой в кино, фильм так себе",
    "в столовой сегодня давали гречку с котлетой",
]

BOSS = [
    "устроилась в пекарню «Колос», мой начальник Тимур, весёлый",
    "Тимур поставил меня на утренние смены, вставать в пять",
    "Тимур попробовал мои круассаны и обещал премию",
]


async def test_a_name_asked_in_the_past_tense_is_still_the_holders(
    storage: MemoryStorage,
) -> None:
    """«как звали» asks the name as «как зовут» does: the boss at the bakery
    is answered from him, his turns by his name alone included."""
    bakery = [
        "в пекарне у дома снова очередь за багетами",
        "нас звали на новоселье к Оле, не пошли",
        "в пекарне на вокзале кофе так себе",
        "мой бывший начальник из банка прислал открытку",
    ]
    texts = [BOSS[0], *NOISE[:2], *bakery[:2], BOSS[1], *NOISE[2:], *bakery[2:]]
    texts.append(BOSS[2])

    found = await top_answers(
        storage, texts, T0, "как звали моего начальника в пекарне?"
    )

    assert set(BOSS) <= set(found[:3]), found
