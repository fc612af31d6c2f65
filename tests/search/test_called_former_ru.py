"""«мой старый внж», «моя прошлая квартира»: a Russian question that calls
the thing itself former asks of before (search/standing.py _CALLED_FORMER),
as "my old phone" does; «мой старый друг» is a friend of long standing.
A residence permit is said by its initials, «ВНЖ» (search/twin_table.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.standing import stance
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("какой номер был у моего старого телефона?", "past"),
        ("сколько стоила наша прошлая квартира?", "past"),
        ("где была моя предыдущая работа?", "past"),
        ("мой старый друг по школе", None),
        ("как зовут мою старую подругу из Казани?", None),
    ],
)
def test_a_thing_called_former(question: str, asked: str | None) -> None:
    assert stance(question) == asked


NOISE = (
    "Rainy all day, read on the sofa.",
    "Mum called, all fine at home.",
    "Cooked lentil soup for the week.",
    "Library until eight, the seminar reading is endless.",
)
OLD = "My residence permit is valid until 30 June 2026, must renew in spring"
NEW = "забрала новую карточку ВНЖ, теперь до 2028, ура"


async def test_the_old_permit_by_its_initials(storage: MemoryStorage) -> None:
    texts = [OLD, *(NOISE[i % 4] for i in range(40)), NEW]
    top = await top_answers(storage, texts, T0, "до какого числа был мой старый внж?")
    assert top[0] == OLD, top
