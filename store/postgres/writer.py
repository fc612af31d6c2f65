"""The write queue on PostgreSQL: the same batching as SQLite's, no single writer.

The hot path still only queues (`put_nowait`) and a batch still commits as
one transaction, but each batch takes a pooled connection and is retried
whole when the failure is transient (a dropped connection, a deadlock or
serialization victim, a unique race with another process). Other processes
write at the same time: row locks and sequences, not a file lock, keep them
apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..writer import WriteQueue, _groups, _Job
from .db import PgDb, Pool


class PgWriteQueue(WriteQueue):
    def __init__(self, pool: Pool, *, batch_size: int = 512) -> None:
        super().__init__(None, batch_size=batch_size)  # type: ignore[arg-type]
        self._pool = pool

    async def _transaction(self, batch: list[_Job]) -> list[Any]:
        async def op(db: PgDb) -> list[Any]:
            results: list[Any] = []
            for group in _groups(batch):
                out: Sequence[Any] = await group[0].apply(
                    db,  # type: ignore[arg-type]
                    [job.item for job in group],
                )
                if len(out) != len(group):
                    raise RuntimeError("a bulk write returned the wrong count")
                results.extend(out)
            return results

        try:
            results = await self._pool.retrying(op)
        except Exception as exc:
            self._failures += 1
            self._last_error = repr(exc)
            raise
        self._failures = 0
        return results
