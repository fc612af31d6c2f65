"""What every backend's root shares: the lifecycle around `Connections`.

MemoryStorage (storage.py, SQLite) and PgStorage (store/postgres) build their
parts differently and close differently; the rest is here, once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .base import Connections, WriteOp


class StoreRoot:
    _conn: Connections
    _index_problem: str | None

    @property
    def path(self) -> Path:
        return self._conn.path

    @property
    def dim(self) -> int:
        return self._conn.dim

    @property
    def read_only(self) -> bool:
        """Opened read-only: every write raises ReadOnlyMemory."""
        return self._conn.writer.read_only

    @property
    def has_vectors(self) -> bool:
        return self._conn.has_vectors

    @property
    def vector_width_mismatch(self) -> int | None:
        """The stored vectors' width when it is not `dim` (until `reindex`)."""
        vec = self._conn.vec
        return vec.width if vec.loaded and vec.width != self._conn.dim else None

    async def drain(self) -> None:
        """Wait until every write queued so far is committed."""
        await self._conn.writer.drain()

    @property
    def healthy(self) -> bool:
        """Writes reach the disk and the indexes answer (see `health_problem`)."""
        return self.health_problem is None

    @property
    def health_problem(self) -> str | None:
        """Why the memory is not healthy, or None. Cached state only: cheap."""
        writer = self._conn.writer
        if not writer.alive:
            return "the memory writer has stopped"
        return writer.failing or self._index_problem

    @property
    def pending_writes(self) -> int:
        return self._conn.writer.pending

    async def run_write(self, op: WriteOp) -> Any:
        """Run a write function inside the writer (tests and migrations use it)."""
        return await self._conn.write(op)
