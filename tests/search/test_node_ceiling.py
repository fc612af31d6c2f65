"""A search call reads the node ceiling once (search/node_ceiling.py): the
loanword lookup, the words leg and the names leg each read it before, a
round trip each."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.storage import MemoryStorage
from day_turns import answers, linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
TURNS = (
    "Кардиолог сказал, бисопролол поднимаем до 5 мг.",
    "Теперь утром бисопролол 5, целую таблетку.",
    "Walked the dog along the canal before work.",
    "The GP wants a lipid panel in March.",
    *(f"Rain again today, stayed in and read, day {i}." for i in range(20)),
)


@pytest.mark.sqlite_only(reason="traces SQLite statements")
@pytest.mark.parametrize(
    "question",
    [
        "How much bisoprolol am I taking in the morning?",  # loanword + words
        "What did the GP want in March?",  # words only
    ],
)
async def test_one_question_reads_the_node_ceiling_once(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, TURNS, T0)
    await answers(retriever, "what about the dog walk?")  # caches warmed
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)
    await answers(retriever, question)
    await storage._conn.read.set_trace_callback(None)
    assert any("nodes_fts match" in s for s in statements)  # the words searched
    ceilings = [s for s in statements if "max(id)" in s.lower()]
    assert len(ceilings) == 1, ceilings
