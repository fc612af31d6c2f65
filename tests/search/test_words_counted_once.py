"""A question naming frequent names and a word: the words leg counts the word
to its row budget, where the names meet counts it in full (`weightless`).
Counted in full first, the budget's count is the cache's: the word's
postings are read once, not twice (search/together.py question_fts)."""

from __future__ import annotations

import pytest
from agent_memory.core.records import EpisodeDraft
from agent_memory.search import legs
from agent_memory.search.together import question_fts
from agent_memory.storage import MemoryStorage

T0 = 1_700_000_000.0


async def _memory(storage: MemoryStorage) -> None:
    texts = [f"we go out, round {i}" for i in range(12)]
    texts += ["Mira and Oleg go to Riga", "Mira said hi", "Oleg is tired"]
    for i, text in enumerate(texts):
        await storage.nodes.add_episode(EpisodeDraft(text, f"t{i}", "user", T0 + i))
    await storage.drain()


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_common_word_is_counted_once_where_names_meet(
    storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A budget of 1 row: the words leg counts to 10, under "go"'s 13 rows.
    monkeypatch.setattr(legs, "FTS_ROW_BUDGET", 1)
    await _memory(storage)
    statements: list[str] = []
    await storage._conn.read.set_trace_callback(statements.append)
    found = await question_fts(storage, ["go"], ["mira", "oleg"], 10, (), None)
    await storage._conn.read.set_trace_callback(None)
    counts_of_go = [s for s in statements if "count(*)" in s and '"go"' in s]
    assert len(counts_of_go) == 1, counts_of_go
    # the node ceiling, not given, is read once for both legs
    assert sum("max(id)" in s for s in statements) == 1, statements
    first = (await storage.index.fts_search('"mira" AND "oleg"', limit=1))[0][0]
    assert found[0][0] == first
    assert (await storage.index.term_rows(["go"], cap=10))[0] == {"go": 10}
    assert await storage.index.weightless(["go"]) == {"go"}
