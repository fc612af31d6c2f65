"""What a search may return (public) and how one search runs (internal).

`SearchFilters` is what callers ask for: tools, the CLI and the write path
build one instead of passing a dozen keywords. `Strategy` picks the legs and
steers the graph walk (the benchmark and tests compare strategies).
`SearchPlan` is the retriever's own: the analysed query, the filters and the
strategy resolved for one call (intent decided, pool sized, vector known).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.config import MemoryConfig
from ..core.embeddings import ModelProfile
from ..core.records import NodeType
from .analysis import AnalysedQuery
from .intent import Intent
from .legs import RelevanceGate

LEGS = ("fts", "vector", "entity", "graph")


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """Which nodes a search may return, and how many.

    `types`: node types (empty: all); `entity_name`: only nodes linked to that
    entity (an unknown name finds nothing); `after` / `before`: unix time
    window [after, before); `history`: also the facts a newer one superseded
    (right after it); `exclude_ids`: nodes never returned (the thread tail the
    model already sees); `now`: the time relative dates in the query count
    from ("yesterday"; None: the clock). An explicit after/before wins over
    a relative date in the query.
    """

    limit: int = 10
    types: tuple[NodeType, ...] = ()
    entity_name: str | None = None
    after: float | None = None
    before: float | None = None
    history: bool = False
    exclude_ids: frozenset[int] = frozenset()
    now: float | None = None


@dataclass(frozen=True, slots=True)
class Strategy:
    """How to search: `legs` among LEGS; `intent` (None: keywords decide) and
    `depth` steer the graph leg."""

    legs: tuple[str, ...] = LEGS
    intent: Intent | None = None
    depth: int = 2


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """One search, resolved: nothing in it changes while it runs."""

    query: AnalysedQuery
    filters: SearchFilters
    legs: tuple[str, ...]
    intent: Intent
    depth: int
    pool: int  # candidates each leg returns
    vector: Sequence[float] | None  # None: embedded when the vector leg runs
    gate: RelevanceGate | None  # get_context's relevance gate


def pool_for(limit: int) -> int:
    """Candidates each leg returns for `limit` hits."""
    return max(limit * 5, 50)


def make_plan(
    query: AnalysedQuery,
    filters: SearchFilters,
    strategy: Strategy,
    *,
    vector: Sequence[float] | None = None,
    gate: RelevanceGate | None = None,
) -> SearchPlan:
    """The plan for one call (the keyword intent unless the strategy names one)."""
    return SearchPlan(
        query=query,
        filters=filters,
        legs=strategy.legs,
        intent=strategy.intent or query.intent,
        depth=strategy.depth,
        pool=pool_for(filters.limit),
        vector=vector,
        gate=gate,
    )


def relevance_gates(
    config: MemoryConfig, floors: ModelProfile
) -> tuple[RelevanceGate, RelevanceGate, RelevanceGate]:
    """(get_context's gate, search's lower floor, words only for small talk);
    `floors`: the embedding model's (config.model_profile())."""
    words, strong = config.context_min_word_similarity, floors.min_support_similarity
    return (
        RelevanceGate(floors.context_min_similarity, words, strong),
        RelevanceGate(floors.search_min_relevance, words, strong),
        RelevanceGate(math.inf, words, strong),
    )
