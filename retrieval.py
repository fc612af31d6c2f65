"""Finding what matters: hybrid search over the memory and the context block.

`Retriever.search` runs the strategies (search_legs.py) for one query, fuses
them (fusion.py: a linear mix of normalised scores by default, weighted RRF by
config), boosts what the question names (people, entities, dates), filters
(valid nodes, superseded facts hidden unless `history`, type, entity, time)
and reinforces what it hands out without waiting for the write.
`Retriever.get_context` is the per-turn entry point: embed the prompt once,
classify it (intent.py), search, and assemble a block within the token budget
(context_block.py). The query-text helpers live in query_text.py and are
re-exported here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Sequence

from .config import MemoryConfig
from .context_block import build_context_block, is_echo
from .embeddings import Embedder
from .fusion import linear_fuse, rrf_fuse
from .intent import (
    EmbeddingIntentClassifier,
    Intent,
    IntentClassifier,
    KeywordIntentClassifier,
    plan_query,
)
from .query_text import (
    STOP_WORDS,
    TimeFilterError,
    asks_for_many,
    build_fts_query,
    name_candidates,
    parse_time_filter,
    query_dates,
    query_terms,
    without_words,
)
from .records import Entity, Node, NodeType, SearchHit
from .search_legs import (
    COMMON_ENTITY_FLOOR,
    Ranked,
    RelevanceGate,
    admit_relevant,
    boost,
    brevity,
    entity_leg,
    focus_on_threads,
    fts_leg,
    graph_leg,
    reply_bonus,
    spread_over_threads,
    vector_leg,
    with_history,
)
from .storage import MemoryStorage

__all__ = [
    "LEGS",
    "STOP_WORDS",
    "Retriever",
    "SearchHit",
    "TimeFilterError",
    "build_fts_query",
    "parse_time_filter",
    "query_terms",
]

log = logging.getLogger(__name__)

LEGS = ("fts", "vector", "entity", "graph")
SEEDS = 3  # best fused nodes the graph walks start from
# A pasted document as the prompt would make thousands of terms and name
# candidates; the start of it says enough about what to look for.
MAX_QUERY_CHARS = 1000
LINEAR_WEIGHTS = {"graph": 0.1, "entity": 0.1}
COMMON_NAMES_TTL = 60.0
# A name in over 1 % of the nodes (idf under ln 100) is left out of the FTS
# query: bm25 over its thousands of rows costs ~6 µs each (75 ms for 12k at
# 100k nodes) and barely moves the ranking; the boosts reward the name.
FTS_COMMON_NAME_SHARE = 0.01
# The host hands the model the current thread's transcript: its last turns
# are already in front of it, so the block leaves them out for older memory.
THREAD_TAIL_TURNS = 12
_FtsKey = tuple[str, int, tuple[NodeType, ...]]  # query, pool, types


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
        self._keywords = KeywordIntentClassifier()
        self._gate = RelevanceGate(
            config.context_min_similarity, config.context_min_word_similarity
        )
        self._embedded_intents = (
            EmbeddingIntentClassifier(
                embedder, threshold=config.intent_similarity_threshold
            )
            if embedder is not None
            else None
        )
        self._tasks: set[asyncio.Task[object]] = set()
        self._preparing = False
        self._last_named: tuple[str, list[Entity]] | None = None
        self._fts_ahead: tuple[_FtsKey, asyncio.Future[Ranked]] | None = None
        self._common_names: tuple[frozenset[str], float] = (frozenset(), -1e9)

    @property
    def intent_classifier(self) -> IntentClassifier:
        """The embedding classifier once its exemplars are embedded, else keywords."""
        if self._embedded_intents is not None and self._embedded_intents.ready:
            return self._embedded_intents
        return self._keywords

    async def prepare(self) -> None:
        """Embed the intent exemplars (once; later calls do nothing)."""
        if self._embedded_intents is not None and not self._embedded_intents.ready:
            await self._embedded_intents.prepare()

    async def embed_query(self, text: str) -> list[float] | None:
        """The query's vector, or None (no embedder, no vector index, or failure).

        Names of common entities (FTS_COMMON_NAME_SHARE: the speakers of a
        conversation) are left out of the text: in a short question such a name
        pulls the vector towards every turn that person speaks. Measured on
        LoCoMo (MiniLM): hybrid R@10 +0.6, R@5 +0.3, 4 of 5 conversations up.
        """
        if self._embedder is None or not self._storage.has_vectors:
            return None
        text = without_words(text, self._common_names[0])
        try:
            (vector,) = await self._embedder.embed_batch([text])
        except Exception as exc:  # the embedder is a process boundary
            log.warning("embedding the query failed; FTS and graph only: %s", exc)
            return None
        if vector is None or len(vector) != self._storage.dim:
            return None
        return list(vector)

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
        history: bool = False,
        exclude_ids: Collection[int] = (),
        query_vector: Sequence[float] | None = None,
        intent: Intent | None = None,
        depth: int = 2,
        legs: Collection[str] = LEGS,
        gate: RelevanceGate | None = None,
    ) -> list[SearchHit]:
        """The best valid nodes for `query`, best first.

        `history` also returns facts a newer one superseded (after it);
        `query_vector` saves embedding the query again; `intent` and `depth`
        steer the graph leg (keywords decide the intent when not given);
        `legs` picks strategies among LEGS (the benchmark compares them);
        `gate` drops hits only chance ties to the query
        (search_legs.admit_relevant), so a greeting finds nothing.
        Access is reinforced in the background unless `reinforce=False`.
        """
        if limit <= 0:
            return []
        query = query[:MAX_QUERY_CHARS]
        pool = _pool(limit)
        await self._refresh_common_names()
        # Queued with the entity lookup: the read thread runs both back to back.
        self._start_fts(query, pool, types, legs)
        named = await self._named_entities(query)
        ranked = await self._run_legs(
            query, pool, types, named, query_vector, intent, depth, legs, gate
        )
        # Only the head of the fusion can reach the top `limit`, even boosted
        # (measured: cutting at 3 × limit changes no recall number), and
        # loading nodes and entities for the long tail was half the query.
        fused = self._fuse(ranked)[:pool]
        wanted = await self._entity_filter(entity_name)
        hits = await self._rank_hits(query, fused, named, replies="graph" in legs)
        hits = [
            h
            for h in hits
            if h.node.id not in exclude_ids
            and (not types or h.node.type in types)
            and _in_window(h.node, after, before)
            and (wanted is None or any(e.id == wanted for e in h.entities))
        ][:limit]
        if history:
            hits = await with_history(self._storage, hits, limit)
        if reinforce and hits:
            self.reinforce([hit.node.id for hit in hits])
        return hits

    async def get_context(
        self, prompt: str, *, budget: int | None = None, thread_id: str | None = None
    ) -> str | None:
        """The memory block for one agent turn, or None. Never raises.

        `thread_id` is the conversation being answered: its last
        THREAD_TAIL_TURNS turns are left out (the model sees them anyway).
        """
        try:
            return await self._get_context(prompt, budget, thread_id)
        except Exception:
            log.exception("building the memory context failed")
            return None

    def reinforce(self, node_ids: Sequence[int]) -> None:
        """Count an access for each node, through the writer, without waiting."""
        task = asyncio.ensure_future(self._storage.record_access(list(node_ids)))
        self._tasks.add(task)
        task.add_done_callback(self._reinforced)

    async def drain(self) -> None:
        """Wait for queued reinforcement writes (tests, shutdown)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- internals -------------------------------------------------------------

    def _reinforced(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("recording memory access failed: %r", task.exception())

    async def _get_context(
        self, prompt: str, budget: int | None, thread_id: str | None
    ) -> str | None:
        if not prompt.strip():
            return None
        self.prepare_in_background()
        # The FTS query and the thread's tail need only the prompt (the plan's
        # size does not depend on the intent): they run on the read thread
        # while the prompt is embedded, a model call of several ms.
        await self._refresh_common_names()
        early = plan_query(prompt, self._keywords.classify(prompt))
        self._start_fts(prompt[:MAX_QUERY_CHARS], _pool(early.limit), (), LEGS)
        vector, shown = await asyncio.gather(
            self.embed_query(prompt[: 8 * MAX_QUERY_CHARS]),
            self._thread_tail(thread_id),
        )
        intent = self.intent_classifier.classify(prompt, vector)
        plan = plan_query(
            prompt, intent, default_budget=self._config.context_token_budget
        )
        hits = await self.search(
            prompt,
            limit=plan.limit,
            exclude_ids=shown,
            query_vector=vector,
            intent=intent,
            depth=plan.depth,
            reinforce=False,
            gate=self._gate,
        )
        hits = [hit for hit in hits if not is_echo(hit.node, prompt)]
        if not hits:
            return None
        named = await self._named_entities(prompt[:MAX_QUERY_CHARS])
        block, used = await build_context_block(
            self._storage, hits, named, budget or plan.token_budget
        )
        if used:
            self.reinforce(used)
        return block

    async def _thread_tail(self, thread_id: str | None) -> list[int]:
        if not thread_id:
            return []
        return await self._storage.latest_episode_ids(
            thread_id, limit=THREAD_TAIL_TURNS
        )

    def prepare_in_background(self) -> None:
        """Embed the intent exemplars once, off the turn (keywords meanwhile)."""
        classifier = self._embedded_intents
        if classifier is None or classifier.ready or self._preparing:
            return
        self._preparing = True
        task = asyncio.ensure_future(classifier.prepare())
        self._tasks.add(task)
        task.add_done_callback(self._reinforced)

    async def _named_entities(self, query: str) -> list[Entity]:
        # get_context asks twice for the same prompt (search, then the block).
        if self._last_named is not None and self._last_named[0] == query:
            return self._last_named[1]
        named = await self._storage.entities_by_keys(name_candidates(query))
        self._last_named = (query, named)
        return named

    async def _refresh_common_names(self) -> None:
        # Cached for a minute: which names are common changes slowly.
        now = time.monotonic()
        if now - self._common_names[1] < COMMON_NAMES_TTL:
            return
        keys = await self._storage.common_entity_keys(
            share=FTS_COMMON_NAME_SHARE, floor=COMMON_ENTITY_FLOOR
        )
        self._common_names = (frozenset(keys), now)

    def _fts_terms(self, query: str) -> list[str]:
        """Query words for FTS, without the names of common entities
        (FTS_COMMON_NAME_SHARE). Measured on LoCoMo: hybrid R@10 ±0."""
        common = self._common_names[0]
        return [t for t in query_terms(query) if t not in common]

    def _start_fts(
        self,
        query: str,
        pool: int,
        types: Sequence[NodeType],
        legs: Collection[str],
    ) -> None:
        """Start the FTS leg now; `_run_legs` picks it up (same query and pool)."""
        terms = self._fts_terms(query)
        if "fts" not in legs or not terms:
            return
        key = (query, pool, tuple(types))
        if self._fts_ahead is not None:
            if self._fts_ahead[0] == key:
                return
            self._fts_ahead[1].cancel()  # another query's, never picked up
        task = asyncio.ensure_future(
            fts_leg(self._storage, terms, limit=pool, types=types)
        )
        task.add_done_callback(_retrieved)  # a failure surfaces where it is awaited
        self._fts_ahead = (key, task)

    async def _fts(
        self, query: str, terms: list[str], pool: int, types: Sequence[NodeType]
    ) -> Ranked:
        ahead, key = self._fts_ahead, (query, pool, tuple(types))
        if ahead is not None and ahead[0] == key:
            self._fts_ahead = None
            return await ahead[1]
        return await fts_leg(self._storage, terms, limit=pool, types=types)

    async def _entity_filter(self, entity_name: str | None) -> int | None:
        if not entity_name:
            return None
        entity = await self._storage.find_entity(entity_name)
        return entity.id if entity else -1

    async def _run_legs(
        self,
        query: str,
        pool: int,
        types: Sequence[NodeType],
        named: Sequence[Entity],
        query_vector: Sequence[float] | None,
        intent: Intent | None,
        depth: int,
        legs: Collection[str],
        gate: RelevanceGate | None,
    ) -> dict[str, Ranked]:
        ranked: dict[str, Ranked] = {}
        terms = self._fts_terms(query)
        if "fts" in legs and terms:
            ranked["fts"] = await self._fts(query, terms, pool, types)
        if "entity" in legs and named:
            ranked["entity"] = await entity_leg(
                self._storage, named, limit=pool, types=types
            )
        if "vector" in legs:
            vector = query_vector
            if vector is None:
                vector = await self.embed_query(query)
            if vector is not None and self._storage.has_vectors:
                candidates = [i for leg in ranked.values() for i, _ in leg]
                ranked["vector"] = await vector_leg(
                    self._storage, vector, limit=pool, candidates=candidates
                )
        if gate is not None:
            ranked = admit_relevant(ranked, gate)
        if "graph" in legs:
            seeds = self._fuse(ranked)[:SEEDS]
            top = max((score for _, score in seeds), default=0.0) or 1.0
            ranked["graph"] = await graph_leg(
                self._storage,
                intent or self._keywords.classify(query),
                query,
                [(node_id, score / top) for node_id, score in seeds],
                depth=depth,
                limit=pool,
            )
        return ranked

    def _fuse(self, ranked: dict[str, Ranked]) -> list[tuple[int, float]]:
        config = self._config
        if config.fusion == "rrf":
            weights = {
                "fts": config.rrf_weight_fts,
                "vector": config.rrf_weight_vector,
                "graph": config.rrf_weight_graph,
                "entity": config.rrf_weight_graph,
            }
            return rrf_fuse(ranked, weights, k=config.rrf_k)
        vector_weight = config.linear_weight_vector if "vector" in ranked else 0.0
        if "fts" not in ranked:
            vector_weight = 1.0
        weights = {"fts": 1.0 - vector_weight, "vector": vector_weight}
        return linear_fuse(ranked, {**weights, **LINEAR_WEIGHTS})

    async def _rank_hits(
        self,
        query: str,
        fused: list[tuple[int, float]],
        named: Sequence[Entity],
        *,
        replies: bool,
    ) -> list[SearchHit]:
        ids = [node_id for node_id, _ in fused]
        nodes = await self._storage.get_nodes(ids)
        if replies:
            bonus = await reply_bonus(self._storage, fused, nodes)
            if bonus:
                fused = _add_scores(fused, bonus)
                ids = [node_id for node_id, _ in fused]
                nodes.update(
                    await self._storage.get_nodes([i for i in bonus if i not in nodes])
                )
        # Superseded facts leave the ranking; with `history` they come back
        # right after the fact that replaced them (with_history).
        hidden = await self._storage.superseded_ids(ids)
        entities = await self._storage.entities_of_nodes(list(nodes))
        words = {w.casefold() for w in query_terms(query)}
        named_ids = {e.id for e in named}
        dates = query_dates(query)
        hits = []
        for node_id, score in fused:
            node = nodes.get(node_id)
            if node is None or node_id in hidden:
                continue
            linked = entities.get(node_id, [])
            factor = boost(
                node, linked, query_words=words, named_entities=named_ids, dates=dates
            )
            factor *= brevity(node)
            hits.append(SearchHit(node, score * factor, linked))
        hits = focus_on_threads(hits)
        if asks_for_many(query):
            hits = spread_over_threads(hits)
        return hits


def _pool(limit: int) -> int:
    """Candidates each leg returns for `limit` hits."""
    return max(limit * 5, 50)


def _retrieved(task: asyncio.Future[Ranked]) -> None:
    # Mark a failure as seen: a task started ahead may never be awaited.
    if not task.cancelled():
        task.exception()


def _add_scores(
    fused: list[tuple[int, float]], extra: dict[int, float]
) -> list[tuple[int, float]]:
    total = dict(fused)
    for node_id, score in extra.items():
        total[node_id] = total.get(node_id, 0.0) + score
    return sorted(total.items(), key=lambda item: (-item[1], item[0]))


def _in_window(node: Node, after: float | None, before: float | None) -> bool:
    return (after is None or node.when >= after) and (
        before is None or node.when < before
    )
