"""The connections every part of the store shares.

One write queue (writer.py) owns the write connection; reads use a second,
read-only connection (WAL lets both run side by side). MemoryStorage builds one
`Connections` and hands it to each part, so the parts never reach into each
other or into the root.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from .writer import WriteQueue

WriteOp = Callable[[aiosqlite.Connection], Awaitable[Any]]


@dataclass
class VectorTables:
    """sqlite-vec loaded or not, and the width of the vec tables in the file.

    Mutable on purpose: a `reindex` recreates the tables at `dim` while the
    storage stays open.
    """

    loaded: bool
    width: int | None


@dataclass(frozen=True)
class Connections:
    path: Path
    read: aiosqlite.Connection
    writer: WriteQueue
    dim: int
    vec: VectorTables

    @property
    def has_vectors(self) -> bool:
        """Vector search is on: sqlite-vec loaded and its tables are `dim` wide.

        Tables of another width (embedding_dimensions changed) are kept, not
        used: search runs without its vector leg until `reindex`.
        """
        return self.vec.loaded and self.vec.width == self.dim

    @property
    def vector_tables(self) -> bool:
        """The file has vec tables, of any width: soft delete and purge must
        delete from them too (SQLite only). Tables of an old width are kept
        until `reindex`; a purged node's vector must not stay in them."""
        return self.vec.loaded and self.vec.width is not None

    async def rows(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """All rows of a read query (sqlite3.Row: read columns by name)."""
        return list(await self.read.execute_fetchall(sql, tuple(params)))

    async def write(self, op: WriteOp) -> Any:
        """Run `op` in the writer: one transaction, committed when this returns."""
        return await self.writer.run(op)
