"""The single writer: one asyncio queue, one task, one transaction per batch.

Every write to memory.db goes through here, so there is never a second writer to
wait for and the hot path only pays for a `put_nowait`. Jobs that arrive while a
transaction is running are grouped into the next one. Consecutive jobs that share
an `apply` function are handed over together, which lets the episode writer use
`executemany` for a whole burst of turns.

If a batch fails, it is rolled back and every job is retried alone, so one bad
item never takes the others down with it; the bad one gets its exception and is
logged. Jobs must not wait on the writer themselves (that would deadlock).

When the disk itself refuses (full, read-only, I/O error: `storage_failure`),
jobs submitted with `hold=True` (the hot path's turns) are not failed: they are
kept, unacknowledged, and retried first in every later transaction and every
`RETRY_EVERY_S`, up to `MAX_HELD`; `drain()` raises `WritesFailing` while any
are held, so nobody takes a held turn for a stored one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
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
    hold: bool = False


FAILING_AFTER = 3  # transactions failed in a row: the disk, not one bad item
MAX_HELD = 10_000  # turns kept in memory while the disk refuses writes
RETRY_EVERY_S = 5.0  # held turns are retried this often without new writes
# SQLite result codes (primary, low byte) that mean "the disk", not "this item".
_DISK_CODES = {8, 10, 13, 14}  # READONLY, IOERR, FULL, CANTOPEN
_DISK_WORDS = ("disk is full", "readonly database", "disk i/o error")


class WriterClosed(OperationError):
    """The memory's writer has stopped; nothing more can be written."""


class ReadOnlyMemory(OperationError):
    """The memory was opened read-only (a reading command): nothing is written."""


class WritesFailing(OperationError):
    """Writes reach no disk: some turns are held in memory, not stored yet."""


def storage_failure(exc: BaseException) -> bool:
    """True when `exc` says the database cannot be written at all.

    Duck-typed: the bundled pysqlite3's errors are not the stdlib's classes."""
    if not type(exc).__module__.split(".")[0].endswith("sqlite3"):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _DISK_CODES:
        return True
    return any(word in str(exc).lower() for word in _DISK_WORDS)


class WriteQueue:
    """Owns the write connection; drains jobs in batches on one task."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        *,
        batch_size: int = 512,
        read_only: bool = False,
    ) -> None:
        self._db = db
        self.read_only = read_only  # every submit raises ReadOnlyMemory
        self._batch_size = batch_size
        self._queue: asyncio.Queue[_Job] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._failures = 0  # failed transactions since the last commit
        self._last_error = ""
        self._held: deque[_Job] = deque()  # hold=True jobs the disk refused
        self.dropped = 0  # held jobs failed because MAX_HELD was reached

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="memory-writer")

    def submit(
        self, apply: BulkApply, item: Any, *, hold: bool = False
    ) -> asyncio.Future[Any]:
        """Queue one item; the future resolves once its transaction committed.

        `hold`: if the disk refuses it, keep it and retry (see the module text)
        instead of failing the future."""
        if self._closed:
            raise WriterClosed("the memory writer is closed")
        if self.read_only:
            raise ReadOnlyMemory("the memory is open read-only; nothing is written")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Job(apply, item, future, hold))
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
    def held(self) -> int:
        """Turns kept in memory because the disk refused them."""
        return len(self._held)

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
        if self._held:
            return (
                f"{len(self._held)} turns are held in memory, not stored:"
                f" {self._last_error}"
            )
        if self._failures < FAILING_AFTER:
            return None
        return f"{self._failures} writes failed in a row, last: {self._last_error}"

    async def drain(self) -> None:
        """Wait until everything queued so far is committed (or has failed).

        Raises WritesFailing when turns are held because the disk refused them:
        they are not stored, and saying "done" would be a lie."""
        await self._queue.join()
        if self._held:
            raise WritesFailing(
                f"{len(self._held)} turns could not be written and are held in"
                f" memory ({self._last_error}); they are retried when writing works"
            )

    async def close(self) -> None:
        """Drain, then stop the writer task. Idempotent. Turns still held are
        failed (their futures get WritesFailing) and logged."""
        if self._closed:
            return
        if self._task is not None and not self._task.done():
            with contextlib.suppress(WritesFailing):
                await self.drain()
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._held:
            log.error(
                "memory closed with %d turns never written (%s)",
                len(self._held),
                self._last_error,
            )
        while self._held:
            _fail(self._held.popleft(), WritesFailing(self._last_error))

    async def _run(self) -> None:
        while True:
            fresh = await self._next_jobs()
            try:
                # Held turns first: they are older and keep their thread's order.
                # Alone, so a disk that still refuses them does not fail `fresh`.
                await self._retry_held()
                await self._commit_runs(fresh)
                if fresh and self._failures == 0:
                    await self._retry_held()  # writing works again: now
            finally:
                for _ in fresh:
                    self._queue.task_done()

    async def _retry_held(self) -> None:
        while self._held:
            count = min(len(self._held), self._batch_size)
            retry = [self._held.popleft() for _ in range(count)]
            kept = len(self._held)
            await self._commit_batch(retry)
            if self._failures:
                # Refused again: back to the front, so the order stays.
                self._held.rotate(len(self._held) - kept)
                return

    async def _next_jobs(self) -> list[_Job]:
        """New jobs; none after RETRY_EVERY_S when held turns wait for a retry."""
        if self._held and self._queue.empty():
            try:
                first = await asyncio.wait_for(self._queue.get(), RETRY_EVERY_S)
            except TimeoutError:
                return []
        else:
            first = await self._queue.get()
        batch = [first]
        while len(batch) < self._batch_size and not self._queue.empty():
            batch.append(self._queue.get_nowait())
        return batch

    def _hold(self, job: _Job, exc: BaseException) -> None:
        """Keep a refused turn for later, or fail it once MAX_HELD are kept."""
        if len(self._held) >= MAX_HELD:
            self.dropped += 1
            if self.dropped == 1:  # once per process: the health reason says more
                log.error("memory writes dropped: %d turns already held", MAX_HELD)
            _fail(job, exc)
        else:
            self._held.append(job)

    def _refused(self, batch: list[_Job], exc: BaseException) -> None:
        """The disk refused the whole batch: hold what may be held, fail the rest.

        Logged as an error once per incident (every retry fails alike until the
        disk has room); health_check and the user notice tell the rest."""
        level = logging.ERROR if self._failures == 1 else logging.DEBUG
        log.log(level, "memory write failed (%d jobs): %r", len(batch), exc)
        for job in batch:
            if job.hold:
                self._hold(job, exc)
            else:
                _fail(job, exc)

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
        if not batch:
            return
        try:
            results = await self._transaction(batch)
        except Exception as exc:
            if storage_failure(exc):
                self._refused(batch, exc)
                return
            if len(batch) == 1:
                log.error("memory write failed: %r", exc)
                _fail(batch[0], exc)
                return
            log.warning("write batch of %d failed; retrying item by item", len(batch))
            for job in batch:
                try:
                    (result,) = await self._transaction([job])
                except Exception as exc:  # noqa: BLE001 - handed to the caller
                    if storage_failure(exc) and job.hold:
                        self._hold(job, exc)
                        continue
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
