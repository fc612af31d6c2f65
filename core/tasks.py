"""The set of background tasks a long-lived object owns, in one place.

asyncio keeps only weak references to tasks, so fire-and-forget work has to be
held somewhere until it ends; on shutdown it is either awaited (`drain`) or
cancelled (`cancel`). A failure is logged once when the task ends, because
nobody awaits these tasks to see it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any

log = logging.getLogger(__name__)


class TaskSet:
    """Background tasks kept alive until done; failures logged, never raised."""

    def __init__(
        self, logger: logging.Logger | None = None, level: int = logging.WARNING
    ) -> None:
        self._log = logger or log
        self._level = level
        self._tasks: set[asyncio.Future[Any]] = set()

    def __len__(self) -> int:
        return len(self._tasks)

    def spawn(self, work: Awaitable[Any], what: str) -> asyncio.Future[Any]:
        """Run `work` in the background; `what` names it in logs and task names."""
        task = asyncio.ensure_future(work)
        if isinstance(task, asyncio.Task):
            task.set_name(f"memory: {what}")
        self._tasks.add(task)
        task.add_done_callback(lambda done: self._done(done, what))
        return task

    def _done(self, task: asyncio.Future[Any], what: str) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self._log.log(
                self._level, "background task %s failed: %r", what, task.exception()
            )

    async def drain(self) -> None:
        """Wait until every task spawned so far has ended (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def cancel(self) -> None:
        """Cancel every task and wait for them to end. Safe to call twice."""
        for task in list(self._tasks):
            task.cancel()
        await self.drain()
