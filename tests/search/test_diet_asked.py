"""What one may eat or drink is one's diet ("What am I allowed to eat now?",
«Что мне теперь можно есть?"), and a diet a doctor orders is said by what it
cuts ("zero salt", «без соли»), never by the permission asked: on a real
database the diet's turns answer, and a meal with no diet in it does not."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.kinds import asked_kinds
from agent_memory.search.query_text import query_terms
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
DIET = [
    "Back at the doctor's: blood pressure is better, but now it's zero salt.",
    "Марина теперь готовит всё без соли, а я учусь любить лимон.",
    "Asked for the salad without salt at the airport, the waiter stared.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Walked the dog along the canal.",
    "Ужинали у Серёги, он жарил шашлык.",
)


def _kinds(question: str) -> tuple[str, ...]:
    return asked_kinds(question, tuple(query_terms(question))).terms


@pytest.mark.parametrize(
    "question",
    [
        "What am I allowed to eat now?",
        "What can I eat these days?",
        "Что мне теперь можно есть?",
        "Что мне нельзя есть?",
    ],
)
def test_what_one_may_eat_names_the_diet(question: str) -> None:
    assert {"salt", "соли"} <= set(_kinds(question))


def test_what_one_ate_names_no_diet() -> None:
    assert _kinds("What did I eat for lunch?") == ()
    assert _kinds("Что мы ели у Серёги?") == ()


@pytest.mark.parametrize(
    "question", ["What am I allowed to eat now?", "Что мне теперь можно есть?"]
)
async def test_the_diet_is_told_by_what_it_cuts(
    storage: MemoryStorage, question: str
) -> None:
    noise = [NOISE[i % len(NOISE)] for i in range(16)]
    retriever = await linked_days(storage, [*DIET[:1], *noise, *DIET[1:]], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert set(DIET) <= {hit.node.content for hit in hits}, hits
