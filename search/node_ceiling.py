"""The largest node id, read at most once a search call.

Both the loanword lookup (its negative cache is valid as of a ceiling) and
the FTS legs (term counts, the newest rows to score) ask for it; each asked
the store, a round trip each (~2 a question). A call's reads see one
memory: a node written meanwhile is met by the next call.
"""

from __future__ import annotations

import asyncio

from ..store.interface import Store


class OnceCeiling:
    """The store's node ceiling, read on first ask and shared after."""

    def __init__(self, storage: Store) -> None:
        self._storage = storage
        self._read: asyncio.Future[int] | None = None

    async def get(self) -> int:
        if self._read is None:
            # A task, so that asks made at once share the one read; shielded,
            # so that a leg cancelled while waiting leaves it to the others.
            self._read = asyncio.ensure_future(
                self._storage.nodes.node_ceiling(fresh=True)
            )
        return await asyncio.shield(self._read)
