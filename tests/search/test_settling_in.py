"""A question about the user's home now is answered by the night after the
move too ("First night in Dunmore", «Первая ночь в Ольховке»), which shares
no word with it (search/settling_in.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.settling_in import settles_in
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "We live in Brackton, in a flat above the bakery.",
    "The flat in Brackton is cold again, the heating is off.",
]
MOVE = "We moved out of Brackton today, the van was late."
NOISE = (
    "Long day at work, too many meetings.",
    "Swam before work again.",
    "Watched a film with the kids.",
    "The bakery ran out of rye bread.",
)


async def _life(storage: MemoryStorage, night: str) -> Retriever:
    texts = [*OLD, *(NOISE[i % 4] for i in range(40)), MOVE, night]
    return await linked_days(storage, texts, T0)


@pytest.mark.parametrize(
    "night",
    [
        "First night in Dunmore. So quiet the cat slept through it.",
        "Первая ночь в Ольховке. Тишина, даже кот спал до утра.",
    ],
)
async def test_the_first_night_answers_where_home_is_now(
    storage: MemoryStorage, night: str
) -> None:
    retriever = await _life(storage, night)
    hits = await retriever.search(
        "Where do we live now?", SearchFilters(limit=5), reinforce=False
    )
    assert night in [hit.node.content for hit in hits[:3]]


def test_a_first_night_is_at_a_place() -> None:
    assert settles_in("Our first evening in the new flat.")
    assert settles_in("Первую ночь на новом месте спали плохо.")
    assert not settles_in("The first night of the festival was loud.")
    assert not settles_in("First evening class went well.")
