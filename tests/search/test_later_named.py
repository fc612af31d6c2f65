"""A question about the time before a later state that names a person
(«кто ходил к отцу до Гульназ?») asks about the one before her: the turns
linked to her name are the later state's, and what is asked of "her" (a
father) is no word her turns must say (search/before_own.later_named)."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.before_own import later_named
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
BEFORE = "к отцу ходит медсестра Зульфия, колет инсулин, три раза в неделю"
TEXTS = [
    BEFORE,
    "Вечером гуляли в парке, было тепло.",
    "Took the bus to the market, bought apples and cheese.",
    "Гульназ теперь ходит вместо Зульфии, новая медсестра, молодая.",
    "Гульназ сказала, что сахар сегодня девять.",
]


def test_only_the_later_one_is_named() -> None:
    assert later_named("кто ходил к отцу до Гульназ?")
    assert later_named("What was my hobby before padel?")
    assert not later_named("Кто ходит к отцу?")
    assert not later_named("Who was Anna's boss before Bob?")


async def test_the_one_before_is_answered(storage: MemoryStorage) -> None:
    top = await top_answers(storage, TEXTS, T0, "кто ходил к отцу до Гульназ?")
    assert BEFORE in top, top
