"""The single writer: one asyncio queue, one task, one transaction per batch.

Every write to memory.db goes through here, so there is never a second writer to
wait for and the hot path only pays for a `put_nowait`. Jobs that arrive while a
transaction is running are grouped into the next one. Consecutive jobs that share
an `apply` function are handed over together, which lets the episode writer use
`executemany` for a whole burst of turns.

If a batch fails, it is rolled back and every job is retried alone, so one bad
item never takes the others down with it; the bad one gets its exception and is
logged. Jobs must not wait on the writer themselves (that would deadlock).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from ..core.errors import OperationError

log = logging.getLogger(__name__)

# apply(db, items) -> one result per item, inside the writer's transaction.
BulkApply = Callable[[aiosqlite.Connection, Sequence[Any]], Awaitable[Sequence[Any]]]


@dataclass(slots=True)
class _Job:
    apply: BulkApply
    item: Any
    future: asyncio.Future[Any]


FAILING_AFTER = 3  # transactions failed in a row: the disk, not one bad item


class WriterClosed(OperationError):
    """The memory's writer has stopped; nothing more can be written."""


class WriteQueue:
    """Owns the write connection; drains jobs in batches on one task."""

    def __init__(self, db: aiosqlite.Connection, *, batch_size: int = 512) -> None:
        self._db = db
        self._batch_size = batch_size
        self._queue: asyncio.Queue[_Job] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._failures = 0  # failed transactions since the last commit
        self._last_error = ""

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="memory-writer")

    def submit(self, apply: BulkApply, item: Any) -> asyncio.Future[Any]:
        """Queue one item; the future resolves once its transaction committed."""
        if self._closed:
            raise WriterClosed("the memory writer is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Job(apply, item, future))
        return future

    async def run(self, op: Callable[[aiosqlite.Connection], Awaitable[Any]]) -> Any:
        """Run one async write function in the writer and return its result."""
        return await self.submit(_apply_each, op)

    async def run_alone(
        self, op: Callable[[aiosqlite.Connection], Awaitable[Any]]
    ) -> Any:
        """Run `op` in the writer's turn but outside any transaction: it manages
        its own (a purge: pragmas, its transaction, VACUUM, a checkpoint)."""
        return await self.submit(_alone, op)

    @property
    def db(self) -> aiosqlite.Connection:
        """The write connection (its owner closes it after `close`)."""
        return self._db

    @property
    def pending(self) -> int:
        return self._queue.qsize()

    @property
    def alive(self) -> bool:
        """True while the writer task runs and accepts work."""
        return not self._closed and self._task is not None and not self._task.done()

    @property
    def failing(self) -> str | None:
        """Why writes are failing (several transactions in a row), else None.

        One bad item fails alone and the next commit clears it; a full disk,
        a read-only file or a lock that never clears keeps failing.
        """
        if self._failures < FAILING_AFTER:
            return None
        return f"{self._failures} writes failed in a row, last: {self._last_error}"

    async def drain(self) -> None:
        """Wait until everything queued so far is committed (or has failed)."""
        await self._queue.join()

    async def close(self) -> None:
        """Drain, then stop the writer task. Idempotent."""
        if self._closed:
            return
        if self._task is not None and not self._task.done():
            await self.drain()
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self._batch_size and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._commit_runs(batch)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _commit_runs(self, batch: list[_Job]) -> None:
        """Commit the batch in order; a `run_alone` job splits it."""
        run: list[_Job] = []
        for job in batch:
            if job.apply is not _alone:
                run.append(job)
                continue
            if run:
                await self._commit_batch(run)
                run = []
            try:
                _resolve(job, await job.item(self._db))
            except Exception as exc:  # noqa: BLE001 - handed to the caller
                log.error("memory write failed: %r", exc)
                _fail(job, exc)
        if run:
            await self._commit_batch(run)

    async def _commit_batch(self, batch: list[_Job]) -> None:
        try:
            results = await self._transaction(batch)
        except Exception as exc:
            if len(batch) == 1:
                log.error("memory write failed: %r", exc)
                _fail(batch[0], exc)
                return
            log.warning("write batch of %d failed; retrying item by item", len(batch))
            for job in batch:
                try:
                    (result,) = await self._transaction([job])
                except Exception as exc:  # noqa: BLE001 - handed to the caller
                    log.error("memory write failed and was skipped: %r", exc)
                    _fail(job, exc)
                else:
                    _resolve(job, result)
            return
        for job, result in zip(batch, results, strict=True):
            _resolve(job, result)

    async def _transaction(self, batch: list[_Job]) -> list[Any]:
        try:
            await self._db.execute("begin immediate")
            try:
                results: list[Any] = []
                for group in _groups(batch):
                    out = await group[0].apply(self._db, [job.item for job in group])
                    if len(out) != len(group):
                        raise RuntimeError("a bulk write returned the wrong count")
                    results.extend(out)
                await self._db.execute("commit")
            except BaseException:
                with contextlib.suppress(Exception):
                    await self._db.execute("rollback")
                raise
        except Exception as exc:
            self._failures += 1
            self._last_error = repr(exc)
            raise
        self._failures = 0
        return results


async def _apply_each(
    db: aiosqlite.Connection,
    ops: Sequence[Callable[[aiosqlite.Connection], Awaitable[Any]]],
) -> list[Any]:
    return [await op(db) for op in ops]


async def _alone(db: aiosqlite.Connection, ops: Sequence[Any]) -> list[Any]:
    """Marker of `run_alone` jobs (never called: the writer runs them bare)."""
    raise AssertionError("run_alone jobs run outside a transaction")


def _groups(batch: list[_Job]) -> list[list[_Job]]:
    groups: list[list[_Job]] = []
    for job in batch:
        if groups and groups[-1][0].apply is job.apply:
            groups[-1].append(job)
        else:
            groups.append([job])
    return groups


def _resolve(job: _Job, result: Any) -> None:
    if not job.future.done():
        job.future.set_result(result)


def _fail(job: _Job, exc: BaseException) -> None:
    if not job.future.done():
        job.future.set_exception(exc)
