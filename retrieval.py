"""Finding what matters: query parsing, search over the indexes, the context block.

First version: FTS5 only (terms OR-ed, stop words dropped), time filters, and a
plain markdown block. The hybrid search (vector, graph, fusion) builds on the same
interface: `Retriever.search` and `Retriever.context_block`.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .config import MemoryConfig
from .embeddings import Embedder
from .records import Entity, Node, NodeType
from .storage import MemoryStorage

DAY = 86_400.0
_WORD = re.compile(r"\w+", re.UNICODE)
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    ]
)


class TimeFilterError(ValueError):
    """A time filter the memory does not understand; the message says what works."""


def parse_time_filter(value: str, *, now: float | None = None) -> float:
    """Unix time for `last_week`, `last_month` or `YYYY-MM-DD` (UTC midnight)."""
    now = time.time() if now is None else now
    text = value.strip().lower()
    if text == "last_week":
        return now - 7 * DAY
    if text == "last_month":
        return now - 30 * DAY
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise TimeFilterError(
            f"unknown time filter {value!r}: use last_week, last_month or YYYY-MM-DD"
        ) from None
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def query_terms(text: str) -> list[str]:
    """Lower-cased words of `text` without stop words, in order, each once."""
    words = (w.lower() for w in _WORD.findall(text))
    return list(dict.fromkeys(w for w in words if w not in STOP_WORDS))


def build_fts_query(text: str) -> str | None:
    """A MATCH expression that OR-s the quoted terms; None when nothing is left.

    Every term is a quoted string, so no user text can be read as FTS5 syntax.
    """
    terms = query_terms(text)
    if not terms:
        return None
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


@dataclass(frozen=True, slots=True)
class SearchHit:
    node: Node
    score: float
    entities: list[Entity] = field(default_factory=list)


class Retriever:
    """Searches the memory and assembles the context block."""

    def __init__(
        self,
        storage: MemoryStorage,
        embedder: Embedder | None,
        config: MemoryConfig,
    ) -> None:
        self._storage = storage
        self._embedder = embedder
        self._config = config

    async def search(
        self,
        query: str,
        *,
        limit: int = 10,
        types: Sequence[NodeType] = (),
        entity_name: str | None = None,
        after: float | None = None,
        before: float | None = None,
        reinforce: bool = True,
    ) -> list[SearchHit]:
        """The best valid nodes for `query`, best first."""
        match = build_fts_query(query)
        if match is None:
            return []
        found = await self._storage.fts_search(match, limit=limit * 5, types=types)
        nodes = await self._storage.get_nodes([node_id for node_id, _ in found])
        entities = await self._storage.entities_of_nodes(list(nodes))
        wanted = None
        if entity_name:
            entity = await self._storage.find_entity(entity_name)
            wanted = entity.id if entity else -1
        hits = []
        for node_id, score in found:
            node = nodes.get(node_id)
            if node is None or not _in_window(node, after, before):
                continue
            linked = entities.get(node_id, [])
            if wanted is not None and all(e.id != wanted for e in linked):
                continue
            hits.append(SearchHit(node, -score, linked))
            if len(hits) == limit:
                break
        if reinforce and hits:
            await self._storage.record_access([hit.node.id for hit in hits])
        return hits

    async def context_block(self, prompt: str) -> str | None:
        """Markdown for the agent's instructions, or None when nothing is relevant."""
        hits = await self.search(prompt, limit=5)
        if not hits:
            return None
        lines = ["## Memory", ""]
        for hit in hits:
            day = dt.datetime.fromtimestamp(hit.node.when, dt.UTC).date().isoformat()
            lines.append(f"- [{hit.node.type}, {day}] {hit.node.content[:300]}")
        return "\n".join(lines)


def _in_window(node: Node, after: float | None, before: float | None) -> bool:
    return (after is None or node.when >= after) and (
        before is None or node.when < before
    )
