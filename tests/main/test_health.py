"""health_check means something, and a host that never asks for context is told.

health_check is sync and polled: it reads state that the writer and the
background index checks keep, and logs each new reason once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from agent_memory.main import MemoryExtension
from agent_memory.writepath.notice import UNWIRED_CONTEXT_AFTER
from fakes import FakeHostContext, running


def user(text: str) -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "channel": object(), "thread_id": "t1"}


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_failing_writes_turn_health_false_until_a_write_succeeds(
    host: FakeHostContext, caplog: pytest.LogCaptureFixture
) -> None:
    async with running(host) as memory:
        storage = memory.services.storage

        # An error that is not the disk's (those hold turns: test_disk_full.py)
        # but fails every transaction all the same.
        async def disk_full(db: Any) -> None:
            await db.execute(
                "create temp trigger full before insert on nodes"
                " begin select raise(abort, 'database is locked'); end"
            )

        # The first message also records its user as the owner (a write that
        # succeeds): let it land before the disk fills.
        memory.on_user_message(user("hello"))
        await asyncio.sleep(0)  # the owner write is queued by a background task
        await memory.drain()  # and the slow path's writes for it (its mark)
        await storage.run_write(disk_full)  # every new turn fails from now on
        with caplog.at_level(logging.ERROR):
            for n in range(3):
                memory.on_user_message(user(f"turn {n}"))
                await storage.drain()
            assert not memory.health_check()
            assert not memory.health_check()  # the reason is logged once
        (reason,) = [m for m in errors(caplog) if "unhealthy" in m]
        assert "writes failed in a row" in reason and "locked" in reason

        async def space_again(db: Any) -> None:
            await db.execute("drop trigger temp.full")

        await storage.run_write(space_again)
        assert memory.health_check()


async def test_a_damaged_fts_index_is_found_by_the_background_check(
    memory_host: tuple[MemoryExtension, FakeHostContext],
) -> None:
    memory, host = memory_host
    storage = memory.services.storage
    for n in range(20):
        memory.on_user_message(user(f"the garden needs water on day {n}"))
    await memory.drain()
    assert await storage.check_indexes() is None and memory.health_check()

    async def corrupt(db: Any) -> None:
        await db.execute("update nodes_fts_data set block = x'0102' where id > 10")

    await storage.run_write(corrupt)
    assert memory.health_check()  # cached: nothing has looked yet
    problem = await storage.check_indexes()

    assert problem is not None and "full-text index" in problem
    assert not memory.health_check()
    # The host stops us in the same tick; the user still hears of it.
    await memory.stop()
    assert [t for t in host.notified if "Memory problem" in t], host.notified


@pytest.mark.needs_vectors
async def test_an_unusable_vector_index_turns_health_false(
    memory_host: tuple[MemoryExtension, FakeHostContext],
) -> None:
    memory, _ = memory_host
    storage = memory.services.storage

    async def lose_table(db: Any) -> None:
        await db.execute("drop table vec_nodes")

    await storage.run_write(lose_table)
    problem = await storage.check_indexes()

    assert problem is not None and "vector index" in problem
    assert not memory.health_check()


async def test_user_messages_without_get_context_warn_and_tell_once(
    memory_host: tuple[MemoryExtension, FakeHostContext],
    caplog: pytest.LogCaptureFixture,
) -> None:
    memory, host = memory_host
    with caplog.at_level(logging.WARNING):
        for n in range(UNWIRED_CONTEXT_AFTER * 3):
            await host.emit("user_message", user(f"message {n}"))
    await memory.stop()  # lets the message out
    (warning,) = [
        r.getMessage() for r in caplog.records if "get_context" in r.getMessage()
    ]
    assert "wire_context_providers" in warning and "README" in warning
    (told,) = host.notified  # the user, too (contract §4: "tell the user once")
    assert "wire_context_providers" in told


async def test_a_host_that_asks_for_context_gets_no_warning(
    memory_host: tuple[MemoryExtension, FakeHostContext],
    caplog: pytest.LogCaptureFixture,
) -> None:
    memory, host = memory_host
    with caplog.at_level(logging.WARNING):
        for n in range(UNWIRED_CONTEXT_AFTER * 3):
            await host.emit("user_message", user(f"message {n}"))
            await memory.get_context(f"message {n}", None)
    assert not [r for r in caplog.records if "get_context" in r.getMessage()]


@pytest.fixture
async def memory_host(host: FakeHostContext) -> Any:
    async with running(host) as memory:
        yield memory, host
