"""Finding what matters: hybrid search over the memory and the context block.

`Retriever.search` reads the query once (search/question.py), runs the strategies
(search/legs.py) within the `SearchFilters`' window (time, entity, type: selected in SQL
before the legs rank; search/windowed.py), fuses them (fusion.py), boosts what the
question names (people, entities, dates), weighs each node's decayed confidence and
confirmed status (search/standing.py), hides superseded facts unless `history`, and
reinforces what it hands out. `Retriever.get_context` is the per-turn entry point: embed
the prompt once, classify it (intent.py), search, and assemble a block within the token
budget (context_block.py). What one call finds out lives in a per-call `Call`, never on
the Retriever. The query-text helpers are re-exported here.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence
from contextlib import nullcontext

from .core.config import MemoryConfig
from .core.embeddings import EmbeddingService
from .core.records import Entity, NodeWindow, SearchHit, name_key
from .core.tasks import TaskSet
from .search.accesses import AccessBatch
from .search.analysis import MAX_QUERY_CHARS, AnalysedQuery
from .search.asked_relation import relations_of_others
from .search.call import Call, LegKey
from .search.compound_names import CompoundNames
from .search.context_block import build_context_block, is_echo
from .search.cross_script import OtherScriptNames
from .search.fusion import fuse, with_leg
from .search.intent import (
    EmbeddingIntentClassifier,
    IntentClassifier,
    KeywordIntentClassifier,
    size_plan,
)
from .search.legs import (
    Ranked,
    admit_relevant,
    graph_leg,
    vector_leg,
    with_history,
)
from .search.loanwords import with_loanwords
from .search.member_things import with_member_things
from .search.morphology import stem
from .search.names_asked import named_entities
from .search.node_ceiling import OnceCeiling
from .search.occasion_plan import plan_told
from .search.own_children import asks_own_children, children_words, own_children
from .search.people import answered, asked_about
from .search.plan import (
    LEGS,
    SearchFilters,
    SearchPlan,
    Strategy,
    make_plan,
    pool_for,
    relevance_gates,
)
from .search.query_text import (
    STOP_WORDS,
    TimeFilterError,
    build_fts_query,
    day_window,
    parse_time_filter,
    query_terms,
    without_words,
)
from .search.question import read_question
from .search.ranked_hits import rank_fused
from .search.small_talk import asks_nothing, wordless
from .search.standing import earlier_states
from .search.state_steps import people_or_trip
from .search.still import asks_still
from .search.support import answers
from .search.thread_time import thread_filters
from .search.together import FTS_COMMON_NAME_SHARE, CommonNames
from .search.vector_order import words_decide_now
from .search.windowed import (
    admitted,
    entity_filter,
    first_legs,
    keep_within,
    own_doings,
    without_padding,
)
from .store.interface import Store

__all__ = [
    "FTS_COMMON_NAME_SHARE",
    "LEGS",
    "STOP_WORDS",
    "Retriever",
    "SearchFilters",
    "SearchHit",
    "Strategy",
    "TimeFilterError",
    "build_fts_query",
    "day_window",
    "parse_time_filter",
    "query_terms",
]

log = logging.getLogger(__name__)

SEEDS = 3  # best fused nodes the graph walks start from
# The host hands the model the current thread's transcript: its last turns
# are already in front of it, so the block leaves them out for older memory.
THREAD_TAIL_TURNS = 12
# get_context leaves out hits under this share of the best one's score.
WEAK_SHARE = 0.25
GATE_DEPTH = 10  # hits the relevance gate reads, however few are shown
NO_FILTERS = SearchFilters()
DEFAULT_STRATEGY = Strategy()


class Retriever:
    """Searches the memory and assembles the context block."""

    def __init__(
        self,
        storage: Store,
        embedder: EmbeddingService | None,
        config: MemoryConfig,
    ) -> None:
        self._storage = storage
        self._embedder = embedder
        self._config = config
        self._keywords = KeywordIntentClassifier()
        # One gate: the context block's, and a lower floor for explicit searches.
        floors = config.model_profile()  # the model's floors unless the user set them
        self._gate, self._floor, self._words_only = relevance_gates(config, floors)
        self._embedded_intents = (
            EmbeddingIntentClassifier(
                embedder, threshold=floors.intent_similarity_threshold
            )
            if embedder is not None
            else None
        )
        self._tasks = TaskSet(log)
        self._accesses = AccessBatch(storage.nodes, self._tasks)
        self._preparing = False
        self._common_names = CommonNames()
        self._other_script = OtherScriptNames()
        self._brands = CompoundNames()

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
        Common names (the speakers) are left out: in a short question they pull
        the vector to every turn the person speaks (LoCoMo, MiniLM: R@10 +0.6)."""
        if self._embedder is None or not self._storage.has_vectors:
            return None
        vector = await self._embedder.embed(self._query_text(text), "query")
        if vector is None or len(vector) != self._storage.dim:
            return None  # a database made for another width
        return vector

    def _query_text(self, text: str) -> str:
        return without_words(text, self._common_names.frequent)

    async def search(
        self,
        query: str,
        filters: SearchFilters = NO_FILTERS,
        *,
        reinforce: bool = True,
        vector: Sequence[float] | None = None,
        strategy: Strategy = DEFAULT_STRATEGY,
    ) -> list[SearchHit]:
        """The best valid nodes for `query` within `filters`, best first.
        `vector` saves embedding the query again; `strategy` picks the legs
        (search/plan.py). Access is reinforced unless `reinforce=False`."""
        if filters.limit <= 0 or wordless(query):
            return []
        # Small talk searched for ("good morning") finds its words, not vectors.
        gate = self._words_only if asks_nothing(query) else self._floor
        ceiling = OnceCeiling(self._storage)
        question = await read_question(self._storage, query, filters.now, ceiling)
        call = await self._begin(question, ceiling)
        try:
            plan = make_plan(call.query, filters, strategy, vector=vector, gate=gate)
            hits = await self._search(call, plan)
        finally:
            call.close()
        if reinforce and hits:
            self.reinforce([hit.node.id for hit in hits])
        return hits

    async def get_context(
        self,
        prompt: str,
        *,
        budget: int | None = None,
        thread_id: str | None = None,
        now: float | None = None,
    ) -> str | None:
        """The memory block for one agent turn, or None. Never raises.

        `thread_id` is the conversation being answered: its last
        THREAD_TAIL_TURNS turns are left out (the model sees them anyway).
        `now` is the turn's time ("yesterday" counts from it; default the clock).
        """
        embedder = self._embedder
        try:
            async with embedder.answering() if embedder else nullcontext():
                return await self._get_context(prompt, budget, thread_id, now)
        except Exception:
            log.exception("building the memory context failed")
            return None

    def reinforce(self, node_ids: Sequence[int]) -> None:
        """Count an access for each node, written in a batch (search/accesses.py)."""
        self._accesses.add(node_ids)

    async def drain(self) -> None:
        """Write the waiting accesses and wait for background work (tests, shutdown)."""
        self._tasks.spawn(self._accesses.flush(), "record access")
        await self._tasks.drain()

    # -- internals -------------------------------------------------------------

    async def _get_context(
        self, prompt: str, budget: int | None, thread_id: str | None, now: float | None
    ) -> str | None:
        if asks_nothing(prompt):  # greetings, thanks, no word at all
            return None
        self.prepare_in_background()
        asked = prompt[: 8 * MAX_QUERY_CHARS]
        # The model first: a local one runs one text at a time, and the
        # indexer stores this very turn meanwhile (docs/embedder.md).
        await self._common_names.refresh(self._storage)
        embedder = self._embedder if self._storage.has_vectors else None
        if embedder is not None:
            embedder.start([self._query_text(asked)], "query")
        ceiling = OnceCeiling(self._storage)
        question = await read_question(self._storage, prompt, now, ceiling)
        call = await self._begin(question, ceiling)
        try:
            # The FTS and entity legs and the thread's tail need only the
            # prompt (the plan's size does not depend on the intent): they run
            # on the read thread while the prompt is embedded, a model call of
            # 10-25 ms, and the FTS hits' parts are read meanwhile (search/call.py).
            early = size_plan(call.query.complexity, call.query.intent)
            # "What was I doing then?": the time the thread last named
            timed = await thread_filters(self._storage, thread_id, prompt, now)
            window = await call.window(self._storage, timed)
            ahead = (pool_for(early.limit), (), window)
            model = embedder is not None
            call.start_fts(self._storage, ahead, LEGS, read_ahead=model)
            vector, shown, _ = await asyncio.gather(
                self.embed_query(asked),
                self._thread_tail(thread_id),
                self._entity_leg_ahead(call, ahead)
                if model
                else self._named_entities(call),
            )
            intent = self.intent_classifier.classify(prompt, vector)
            sized = size_plan(
                call.query.complexity,
                intent,
                default_budget=self._config.context_token_budget,
            )
            filters = SearchFilters(
                limit=sized.limit,
                after=timed.after,
                before=timed.before,
                exclude_ids=frozenset(shown),
                now=now,
            )
            strategy = Strategy(intent=intent, depth=sized.depth)
            plan = make_plan(
                call.query, filters, strategy, vector=vector, gate=self._gate
            )
            hits = await self._search(call, plan)
        finally:
            call.close()
        hits = [hit for hit in hits if not is_echo(hit.node, call.query.flat)]
        if not hits:
            return None
        # A complex prompt's larger budget is not filled with weak matches.
        hits = [hit for hit in hits if hit.score >= WEAK_SHARE * hits[0].score]
        query = call.query
        earlier = earlier_states(hits, query.text, query.state_terms, query.own_words)
        block, used = await build_context_block(
            self._storage,
            hits,
            [*call.people, *(call.named or [])],
            budget or sized.token_budget,
            earlier,
            people_first=bool(call.people),
        )
        if used:
            self.reinforce(used)
        return block

    async def _begin(self, query: AnalysedQuery, ceiling: OnceCeiling) -> Call:
        """The call's plan; `ceiling` its node ceiling, read once for all."""
        await self._common_names.refresh(self._storage)
        read = await self._other_script.refresh(self._storage)
        query = await with_loanwords(self._storage, query, self._other_script, ceiling)
        if read is not None:
            self._brands.reset(read)
        # "Lisbon" asks about "Лиссабон" too: its turns are read by both names.
        other = self._other_script.named_in_other_script(query.names)
        # "Which bank am I with?" asks about "ActivoBank" (compound_names.py)
        brands = self._brands.carrying(stem(term) for term in query.state_terms)
        named = [*other, *brands]
        # "the kids" are the user's children, searched by their names; as
        # words, each in few turns of them: no name need meet the others
        kids = await self._children(query)
        terms = [*query.state_terms, *(name_key(e.name) for e in named), *kids]
        others = relations_of_others(query.text) | frozenset(kids)
        call = Call(query, *self._common_names.split(terms, others), ceiling)
        call.other_script = other
        return call

    async def _children(self, query: AnalysedQuery) -> list[str]:
        asked = asks_own_children(query.text)
        return children_words(await own_children(self._storage)) if asked else []

    async def _search(self, call: Call, plan: SearchPlan) -> list[SearchHit]:
        call.ranking = True  # the texts read ahead are ranked from here on
        filters = plan.filters
        # The window (time, entity) selects what every leg ranks, in SQL.
        wanted = await entity_filter(self._storage, filters.entity_name)
        window = await call.window(self._storage, filters, wanted)
        mine = window and await own_doings(self._storage, plan.query, filters, window)
        if mine:
            return mine
        # Queued with the entity lookup: the read thread runs both back to back.
        key = (plan.pool, tuple(filters.types), window)
        call.start_fts(self._storage, key, plan.legs)
        named = await self._named_entities(call)
        # A question about a person alone is answered from the person
        # (by their entity links: a strategy without the entity leg has none).
        # "Do I still have the Getz?" names only the thing, yet asks whether
        # it is still had: a search, whose end of the thing leads (after_the_end).
        if "entity" in plan.legs and not asks_still(plan.query.text):
            call.people = asked_about(plan.query, named, call.other_script)
        hits = await people_or_trip(self._storage, call.people, plan, window, wanted)
        if answered(plan.query, call.people, hits):  # the newest doing first
            return with_member_things(hits, plan.query, named)
        ranked, fused = await self._run_legs(call, plan, named, window)
        # Only the head of the fusion can reach the top `limit`, even boosted
        # (measured: cutting at 3 × limit changes no recall number), and
        # loading nodes and entities for the long tail was half the query.
        fused = without_padding(fused, ranked)[: plan.pool]
        hits = await rank_fused(
            self._storage,
            call,
            plan.query,
            fused,
            window,
            self._other_script,
            replies="graph" in plan.legs,
        )
        q = plan.query  # old against new is the words' (search/vector_order.py)
        hits = words_decide_now(
            hits, ranked, self._config, q.text, q.state_terms, q.own_words
        )
        hits = [h for h in hits if admitted(h.node, filters, window)]
        # The gate reads deeper than is shown: a context block shows 5, and
        # the one turn that answers may rank 6th-10th (all already ranked).
        gated = hits[: max(filters.limit, GATE_DEPTH)]
        if not answers(plan, gated, ranked) and not plan_told(q.text, gated):
            return []  # nothing about what is asked (search/support.py)
        hits = hits[: filters.limit]
        if filters.history:
            hits = await with_history(self._storage, hits, filters.limit)
        return hits

    async def _thread_tail(self, thread_id: str | None) -> list[int]:
        if not thread_id:
            return []
        nodes = self._storage.nodes
        return await nodes.latest_episode_ids(thread_id, limit=THREAD_TAIL_TURNS)

    def prepare_in_background(self) -> None:
        """Embed the intent exemplars once, off the turn (keywords meanwhile)."""
        classifier = self._embedded_intents
        if classifier is None or classifier.ready or self._preparing:
            return
        self._preparing = True
        self._tasks.spawn(classifier.prepare(), "embed intent exemplars")

    async def _entity_leg_ahead(self, call: Call, key: LegKey) -> None:
        call.start_entity_leg(self._storage, key, await self._named_entities(call))

    async def _named_entities(self, call: Call) -> list[Entity]:
        # get_context needs them twice (search, then the block): once a call.
        if call.named is None:
            named = await named_entities(self._storage, call.query)
            call.named = list({e.id: e for e in [*named, *call.other_script]}.values())
        return call.named

    async def _run_legs(
        self,
        call: Call,
        plan: SearchPlan,
        named: Sequence[Entity],
        window: NodeWindow | None,
    ) -> tuple[dict[str, Ranked], list[tuple[int, float]]]:
        """The legs' rankings and their fusion."""
        legs, pool, types = plan.legs, plan.pool, plan.filters.types
        key, storage = (pool, tuple(types), window), self._storage
        ranked = await first_legs(
            storage,
            call.fts(storage, key) if "fts" in legs and call.has_words else None,
            call.entity_leg(storage, key, named)
            if "entity" in legs and named
            else None,
            window,
            limit=pool,
            types=types,
        )
        if "vector" in legs:
            vector = plan.vector
            if vector is None:
                vector = await self.embed_query(plan.query.text)
            if vector is not None and self._storage.has_vectors:
                candidates = [i for leg in ranked.values() for i, _ in leg]
                ranked["vector"] = await vector_leg(
                    self._storage,
                    vector,
                    limit=pool,
                    candidates=candidates,
                    window=window,
                )
        if plan.gate is not None:
            ranked = admit_relevant(ranked, plan.gate)
        fused = fuse(ranked, self._config)
        if "graph" in legs:
            seeds = fused[:SEEDS]
            top = max((score for _, score in seeds), default=0.0) or 1.0
            walked = await graph_leg(
                self._storage,
                plan.intent,
                plan.query.walk,
                [(node_id, score / top) for node_id, score in seeds],
                depth=plan.depth,
                limit=pool,
                entities_of=functools.partial(call.entities_of, storage),
            )
            ranked["graph"] = await keep_within(self._storage, walked, window)
            fused = with_leg(fused, "graph", ranked["graph"], self._config)
        return ranked, fused
