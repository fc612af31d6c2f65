"""What the agent was handed is reinforced in batches, not one write a question.

Every `get_context` and `search` counts an access for the nodes it hands out
(decay.py: a used fact fades more slowly). Written one transaction a question,
that write ran on the writer thread while the next question was being answered
and its commit emptied the reader's page cache: at 100k nodes the CPU of the
question beside it grew by ~1-3 ms (bench/tool_latency.py). The accesses are
kept here with their times and written together FLUSH_AFTER_S after the first
of a batch, or at once when MAX_PENDING are waiting or on `flush` (drain,
shutdown). The nodes step along their curves exactly as they would have one
access at a time (store/nodes.py `record_accesses`); a crash loses at most the
last FLUSH_AFTER_S of access counts, never a turn or a fact.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from ..core.tasks import TaskSet
from ..store.interface import NodeStore

FLUSH_AFTER_S = 2.0
MAX_PENDING = 200  # accesses: a burst of questions is written before it grows


class AccessBatch:
    """Accesses waiting to be written, with the timer that writes them."""

    def __init__(
        self, nodes: NodeStore, tasks: TaskSet, delay: float = FLUSH_AFTER_S
    ) -> None:
        self._nodes = nodes
        self._tasks = tasks
        self._delay = delay
        self._pending: list[tuple[list[int], float]] = []
        self._timer: asyncio.TimerHandle | None = None

    def add(self, node_ids: Sequence[int]) -> None:
        """One access of each node, now; written later, without waiting."""
        if not node_ids:
            return
        self._pending.append((list(node_ids), time.time()))
        if len(self._pending) >= MAX_PENDING:
            self._write_in_background()
        elif self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self._delay, self._write_in_background)

    def _write_in_background(self) -> None:
        self._tasks.spawn(self.flush(), "record access")

    async def flush(self) -> None:
        """Write every waiting access now (one write)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        accesses, self._pending = self._pending, []
        if accesses:
            await self._nodes.record_accesses(accesses)
