"""What one search call finds out on its way (retrieval.py), dropped when it ends."""

from __future__ import annotations

import asyncio

from ..core.records import Entity, NodeType, NodeWindow
from .analysis import AnalysedQuery
from .legs import Ranked

FtsKey = tuple[int, tuple[NodeType, ...], NodeWindow | None]  # pool, types, window


class Call:
    """One search call's query, the names it meets and an FTS leg run ahead."""

    def __init__(self, query: AnalysedQuery, terms: list[str], names: list[str]):
        self.query = query
        # the query's words without the names of common entities (FTS), and
        # those names when it has two or more (search/together.py)
        self.fts_terms, self.names = terms, names
        self.named: list[Entity] | None = None
        self.people: list[Entity] = []  # whom the query asks about (people.py)
        self.other_script: list[Entity] = []  # named in the other script
        self.fts_ahead: tuple[FtsKey, asyncio.Future[Ranked]] | None = None

    def close(self) -> None:
        """Cancel an FTS leg started ahead that the call never picked up."""
        if self.fts_ahead is not None:
            self.fts_ahead[1].cancel()
            self.fts_ahead = None
