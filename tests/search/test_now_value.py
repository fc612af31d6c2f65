"""A question about now is answered by the turns naming the current value
(search/changes.py current_value, search/now_value.py): once the statements of
the change and of the present agree on it ("joining Kestrel Labs", "теперь
работаю в Kestrel Labs"), the user's other turns naming it fill the top, even
those sharing no word with the question, above the old state and above the
turns that only repeat the question's words."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "I work at Brightline as an analyst, the office is in Mitte.",
    "Work at Brightline is slow this week.",
    "Brightline gave everyone a day off, nice company.",
]
NOW = [
    "Handed in my notice at Brightline, I'm joining Kestrel Labs in May.",
    "Я теперь работаю в Kestrel Labs, в команде данных.",
    "First day at Kestrel Labs! Senior analyst now.",  # no word of the question
]
NOISE = (
    "Long day at work, too many meetings.",
    "Priya moved to Vienna for a design job.",  # her state, not the user's
    "The company picnic got rained out.",
    "Swam before work again.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    texts = [*OLD, *(NOISE[i % 4] for i in range(56)), *NOW]
    return await linked_days(storage, texts, T0)


@pytest.mark.parametrize("question", ["Where do I work now?", "Где я сейчас работаю?"])
async def test_the_current_value_fills_the_top(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _life(storage)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits[:3]]
    assert set(top) == set(NOW), top


async def test_a_question_about_the_past_is_left_alone(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage)
    hits = await retriever.search(
        "Where did I work before?", SearchFilters(limit=5), reinforce=False
    )
    assert NOW[2] not in [hit.node.content for hit in hits]
    assert hits and "Brightline" in hits[0].node.content
