""" "What was I doing then?" through get_context: "then" is the time the
thread last named (search/thread_time.py); with none named, nothing."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
# Saturday 2027-01-09: the day the thread's "yesterday" names
D = dt.datetime(2027, 1, 9, tzinfo=dt.UTC).timestamp()
NOW = D + DAY + 15 * 3600
THAT_DAY = [
    "скалодром с Диогу, он снимал меня на видео",
    "Went to the flea market with Lena, bought an old lamp",
]
OTHER_DAY = "Made soup for the week, pumpkin again"


async def said(storage: MemoryStorage, text: str, when: float, thread: str) -> None:
    await storage.nodes.add_episode(EpisodeDraft(text, thread, "user", when))


async def a_fortnight(storage: MemoryStorage) -> None:
    for hour, text in enumerate(THAT_DAY):
        await said(storage, text, D + (10 + hour) * 3600, "diary-d")
    for back in range(2, 14):
        await said(storage, OTHER_DAY, D - back * DAY + 9 * 3600, f"diary-{back}")


async def test_then_is_the_time_the_thread_last_named(storage: MemoryStorage) -> None:
    await a_fortnight(storage)
    await said(storage, "I was so tired yesterday, slept all evening", NOW, "chat")
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("What was I doing then?", "а что я тогда делала?"):
        block = await memory.get_context(question, thread_id="chat", now=NOW + 60)
        assert block is not None, question
        assert all(text in block for text in THAT_DAY), question
        assert OTHER_DAY not in block, question


async def test_then_with_no_time_in_the_thread_finds_nothing(
    storage: MemoryStorage,
) -> None:
    await a_fortnight(storage)
    await said(storage, "I was so tired, slept all evening", NOW, "chat")
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    block = await memory.get_context(
        "What was I doing then?", thread_id="chat", now=NOW + 60
    )
    assert block is None


async def test_then_as_a_step_or_a_plan_keeps_the_whole_memory(
    storage: MemoryStorage,
) -> None:
    """ "then" inside a line is a step or a condition, and a future time the
    thread named is no time of the past: neither narrows the search."""
    await a_fortnight(storage)
    await said(storage, "I was so tired yesterday, slept all evening", NOW, "chat")
    await said(storage, "Lena and I fly to Rome next week", NOW + 30, "plans")
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question, thread in (
        ("If the soup is pumpkin again, then what should I cook?", "chat"),
        ("What soup should I make then?", "plans"),
    ):
        block = await memory.get_context(question, thread_id=thread, now=NOW + 60)
        assert block is not None and OTHER_DAY in block, question
