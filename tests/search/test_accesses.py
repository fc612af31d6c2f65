"""Access counts are written in batches that reinforce as single accesses would."""

from __future__ import annotations

import asyncio
import time

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import NodeDraft
from agent_memory.core.tasks import TaskSet
from agent_memory.retrieval import Retriever
from agent_memory.search.accesses import AccessBatch
from agent_memory.storage import MemoryStorage

DAY = 86_400.0


async def fact(storage: MemoryStorage, text: str) -> int:
    node = await storage.nodes.add_node(NodeDraft("semantic", text, confidence=0.9))
    await storage.nodes.update_node(node, decay_rate=0.05)
    return node


async def access_count(storage: MemoryStorage, node: int) -> int:
    got = await storage.nodes.get_node(node)
    assert got is not None
    return got.access_count


async def test_questions_write_their_accesses_later_in_one_batch(
    storage: MemoryStorage,
) -> None:
    node = await fact(storage, "the spare key is under the blue flower pot")
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for _ in range(3):
        assert await memory.get_context("where is the spare key?")
    await storage.drain()  # the writer's queue is empty: nothing was queued yet
    assert await access_count(storage, node) == 0
    await memory.drain()
    await storage.drain()
    assert await access_count(storage, node) == 3


async def test_a_batch_is_written_after_its_delay(storage: MemoryStorage) -> None:
    node = await fact(storage, "the boiler was serviced in March")
    tasks = TaskSet()
    batch = AccessBatch(storage.nodes, tasks, delay=0.05)
    batch.add([node])
    batch.add([node, node])  # one access of each node a question
    await asyncio.sleep(0.2)
    await tasks.drain()
    await storage.drain()
    assert await access_count(storage, node) == 2


async def test_a_batch_steps_along_the_curve_like_single_accesses(
    storage: MemoryStorage,
) -> None:
    batched = await fact(storage, "Mia's school starts at eight")
    single = await fact(storage, "Mia's school ends at three")
    now = time.time()
    times = [now + 3 * DAY, now + 3 * DAY + 60, now + 10 * DAY]
    await storage.nodes.record_accesses([([batched], at) for at in times])
    for at in times:
        await storage.nodes.record_access([single], at=at)
    await storage.drain()
    nodes = await storage.nodes.get_nodes([batched, single])
    one, other = nodes[batched], nodes[single]
    for field in ("confidence", "access_count", "last_accessed"):
        assert getattr(one, field) == pytest.approx(getattr(other, field))
    assert one.access_count == 3 and one.last_accessed is not None
