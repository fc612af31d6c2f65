"""The text index's term counts (store/term_counts.py): counted once, even
when the legs of a question ask for the same words at once or to another
cap, and the same numbers as counting each alone."""

from __future__ import annotations

import asyncio

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage

T0 = 1_700_000_000.0
TEXTS = ["we go to Lima", "go for ceviche", "rent is due", "we go home", "go"]


async def _turns(storage: MemoryStorage) -> None:
    for i, text in enumerate(TEXTS):
        await storage.nodes.add_episode(EpisodeDraft(text, f"t{i}", "user", T0 + i))
    await storage.drain()


async def _counts_run(storage: MemoryStorage, asked) -> tuple[object, list[str]]:
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)
    result = await asked()
    await storage._conn.read.set_trace_callback(None)
    return result, [s for s in statements if "count(*)" in s]


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_count_under_its_cap_serves_a_larger_cap(
    storage: MemoryStorage,
) -> None:
    await _turns(storage)
    index = storage.index
    counts, _ = await index.term_rows(["go", "lima"], cap=1000)
    assert counts == {"go": 4, "lima": 1}
    weightless, counted = await _counts_run(
        storage, lambda: index.weightless(["go", "lima"])
    )
    assert weightless == {"go"} and not counted, counted
    capped, _ = await index.term_rows(["go"], cap=2)
    assert capped == {"go": 2}


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_words_asked_at_once_are_counted_once(storage: MemoryStorage) -> None:
    await _turns(storage)
    index = storage.index

    async def together() -> tuple[object, object]:
        return await asyncio.gather(
            index.term_rows(["go", "ceviche"], cap=1000),
            index.weightless(["go", "ceviche", "rent"]),
        )

    (rows, weightless), counted = await _counts_run(storage, together)
    assert rows == ({"go": 4, "ceviche": 1}, rows[1])
    assert weightless == {"go"}
    assert sum(s.count("nodes_fts match") for s in counted) == 3, counted
