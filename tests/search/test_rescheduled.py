"""A plan moved to another time ("Dad's call moved to the evening") is no
move of home: for "Where do we live now?" it ranks below the move itself
(search/rescheduled.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.rescheduled import moves_a_time
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
MOVE = "We moved to Dunmore last weekend, the van was late."
LATER = [
    "Dad's call moved to the evening again.",
    "The piano lesson moved to Thursday this week.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Swam before work again.",
    "Watched a film with the kids.",
    "The bakery ran out of rye bread.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    texts = [*(NOISE[i % 4] for i in range(40)), MOVE, *LATER]
    return await linked_days(storage, texts, T0)


async def test_the_move_ranks_above_a_plan_moved_in_time(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage)
    hits = await retriever.search(
        "Where do we live now?", SearchFilters(limit=5), reinforce=False
    )
    assert hits and hits[0].node.content == MOVE, [h.node.content for h in hits]


def test_a_time_is_where_a_plan_moves() -> None:
    assert moves_a_time("The meeting got pushed back to 3 pm.")
    assert moves_a_time("Moved the dentist to next Monday.")
    assert moves_a_time("Созвон перенесли на вечер.")
    assert not moves_a_time("We moved to Haarlem in May.")
    assert not moves_a_time("Moving to the coast next month.")
