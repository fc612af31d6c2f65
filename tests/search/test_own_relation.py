"""A relative spoken of by the relation alone ("My mom lives in Kazan": no
name, so linked to nobody) answers a question about that person
(search/own_relation.py), for a relation one has once and keeps; not for
"my boss", nor when the turn names someone."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.own_relation import lifelong, says_own
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
HOME = "My mom lives in Kazan and calls me every Sunday morning."
TURNS = [
    HOME,
    *(
        ("Mom called, she's worried I don't eat enough.", "Mom sent a parcel.")[i % 2]
        for i in range(30)
    ),
    "Мама звонила, волнуется, что я мало ем.",
    "My boss is strict about deadlines.",
    "My boss Ingrid lives in Baden.",
]


async def _life(storage: MemoryStorage) -> Retriever:
    return await linked_days(storage, TURNS, T0)


def test_my_relation_in_any_case() -> None:
    mother = {"mom", "mother", "мама", "мать"}
    assert says_own("My mom lives in Kazan", mother)
    assert says_own("Отвёз мою маму на дачу", mother)
    assert not says_own("Mom called", mother)  # a name: the linker's
    assert not says_own("Sam's mom makes great pies", mother)
    assert lifelong({"boss", "начальник", "mom"}) == {"mom"}


async def test_the_unnamed_turn_answers_where_she_lives(storage: MemoryStorage) -> None:
    retriever = await _life(storage)
    for question in ("Where does my mother live?", "Где живёт моя мама?"):
        hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
        assert HOME in [hit.node.content for hit in hits], question
    hits = await retriever.search(
        "Where does my boss live?", SearchFilters(limit=5), reinforce=False
    )
    assert "My boss is strict about deadlines." not in [
        h.node.content for h in hits[:1]
    ]
