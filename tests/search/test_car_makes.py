"""The makes sold in Russia are cars too: «Хавейл», «Джили»
(search/kind_table.py). A person tells of the car they drive by its make
alone («на Джили до дачи»), never by «машина», and the question names the
category or asks what one drives («на чём я езжу?»)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long shift today, the new scheduling tool is a mess.",
    "Сварил борщ на неделю, дети съели за два дня.",
)
OLD_RU = [
    "Гранта с утра не завелась, мороз под тридцать.",
    "Отвёз Гранту на шиномонтаж, поменяли колёса на зимние.",
]
NEW_RU = [
    "Забрали Джили из салона, белый, пахнет новым пластиком.",
    "На Джили до дачи доехали за полчаса, подвеска мягкая.",
]


async def _top(storage: MemoryStorage, turns: list[str], question: str) -> set[str]:
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*turns[:2], *noise, *turns[2:]], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return {hit.node.content for hit in hits}


@pytest.mark.parametrize(
    "question",
    ["на чём я сейчас езжу?", "Какая у меня машина?", "на чём я езжу?"],
)
async def test_a_russian_make_answers_what_i_drive(
    storage: MemoryStorage, question: str
) -> None:
    top = await _top(storage, [*OLD_RU, *NEW_RU], question)
    assert set(NEW_RU) <= top, top
