"""TaskSet: background tasks held until done, failures logged, cancel on stop."""

from __future__ import annotations

import asyncio
import logging

import pytest
from agent_memory.core.tasks import TaskSet


async def test_finished_tasks_leave_the_set_and_drain_waits() -> None:
    tasks, gate, seen = TaskSet(), asyncio.Event(), []

    async def work() -> None:
        await gate.wait()
        seen.append("done")

    task = tasks.spawn(work(), "work")
    assert len(tasks) == 1
    gate.set()
    await tasks.drain()
    assert seen == ["done"] and task.done() and len(tasks) == 0


async def test_a_failure_is_logged_once_not_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    tasks = TaskSet()

    async def boom() -> None:
        raise ValueError("broken")

    with caplog.at_level(logging.WARNING):
        tasks.spawn(boom(), "boom")
        await tasks.drain()
    (record,) = [r for r in caplog.records if "boom" in r.getMessage()]
    assert "broken" in record.getMessage()
    assert len(tasks) == 0


async def test_cancel_stops_pending_work_and_is_safe_twice() -> None:
    tasks = TaskSet()
    forever = tasks.spawn(asyncio.Event().wait(), "forever")
    await tasks.cancel()
    await tasks.cancel()
    assert forever.cancelled()
