"""The search strategies and the boosts, each a small function over storage.

Each leg returns (node id, score; higher is better), best first:
- `fts_leg`: FTS5 bm25 over the turn and its neighbouring turns (the context
  column), terms OR-ed;
- `vector_leg`: nearest vectors (cosine similarity);
- `entity_leg`: nodes linked to entities the query names;
- `graph_leg`: by intent, from the best seed nodes: why → causal chain,
  when → temporal chain, who/what → the seeds' entities.
Boosts then reward what the question points at directly: a person it names
speaking the turn, an entity it names linked to the node, a date it names;
brief turns weigh less. Over the ranked hits, `focus_on_threads` lifts the
threads that match best and `spread_over_threads` spreads list questions;
`admit_relevant` is get_context's relevance gate; `with_history` puts the
versions a fact superseded after it.
"""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from ..core.records import EdgeType, Entity, Node, NodeType, NodeWindow, SearchHit
from ..store.interface import Store
from .intent import Intent
from .morphology import cjk_needles
from .query_text import DateSpan, fts_match

Ranked = list[tuple[int, float]]

BIT_K = 10  # nearest by sign bits added when the lexical candidates are few
MAX_BIT_K = 20  # ... and when there is none (vec0 cost grows with k)
REPLY_SHARE = 0.3  # a question turn's next turn gets this share of its score
REPLY_SEEDS = 30  # among the best fused nodes
HOP_DECAY = 0.5
# The FTS leg scores at most about this many rows (bm25 costs ~5 µs a row):
# terms are taken rarest first while their rows add up to no more.
FTS_ROW_BUDGET = 2000
COMMON_ENTITY_SHARE = 0.05  # of all nodes: more links and an entity tells little
COMMON_ENTITY_FLOOR = 50  # ... but a small memory keeps all its entities
SPEAKER_BOOST = 0.6
ENTITY_BOOST = 0.2
DATE_BOOST = 1.0
# A turn of a few words ("Yeah, sounds great!") matches one query word with a
# high bm25 (short documents score high) yet rarely holds an answer.
BRIEF_TURN_WORDS = 15
BRIEF_TURN_POWER = 0.5
THREAD_FOCUS = 0.5  # share of its thread's best score a hit gains
THREAD_REPEAT = 0.8  # list questions: weight of each further hit of one thread
_SPEAKER = re.compile(r"^\s*([^\W\d_][\w .'-]{0,40}?):\s", re.UNICODE)
_BEFORE = re.compile(r"\bbefore\b|\bearlier\b|(?<!\w)(?:до|перед|раньше)(?!\w)", re.I)
_AFTER = re.compile(r"\bafter\b|\blater\b|(?<!\w)(?:после|потом)(?!\w)", re.I)


async def fts_leg(
    storage: Store,
    terms: Sequence[str],
    *,
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None = None,
    formed: Collection[str] = (),
    ceiling: int | None = None,
) -> Ranked:
    """bm25 over a bounded set of rows, whatever the size of the memory.

    A long question OR-ed together matched most of a chat memory ("said",
    "feel", "months" are in most turns) and bm25 scored every row: 30-130 ms
    at 10k nodes, linear in the memory. The terms are taken rarest first
    while their rows add up to FTS_ROW_BUDGET; the rest, common words with a
    low idf, are left out. When even the rarest term is that common, only
    the newest rows are scored (about FTS_ROW_BUDGET of its matches), unless
    a `window` selects the rows (its own bound). CJK words, which the FTS
    index cannot see, are found as substrings first. The terms of `formed`
    are searched by their noun forms (query_text.fts_match).
    """
    needles = cjk_needles(terms)
    ranked: Ranked = []
    if needles:
        ranked = await storage.index.substring_search(
            needles, limit=limit, types=types, window=window
        )
    kept, min_id = await _within_budget(storage, terms, ceiling)
    timed = window is not None and window.timed
    match = fts_match(kept, short_forms=timed, formed=formed)
    if match is None:
        return ranked
    found = await storage.index.fts_search(
        match,
        limit=limit,
        types=types,
        min_id=0 if window is not None else min_id,
        window=window,
    )
    seen = {node_id for node_id, _ in ranked}
    return ranked + [
        (node_id, -score) for node_id, score in found if node_id not in seen
    ]


async def _within_budget(
    storage: Store, terms: Sequence[str], ceiling: int | None
) -> tuple[list[str], int]:
    """(the rarest terms whose rows fit FTS_ROW_BUDGET, smallest id to score)."""
    if not terms:
        return [], 0
    rows, ceiling = await storage.index.term_rows(
        terms, cap=FTS_ROW_BUDGET * 10, ceiling=ceiling
    )
    # A count is cached (stale by up to a tenth of the memory): a term counted
    # at 0 may match now, so it stays in, at no cost if it still matches none.
    ordered = sorted((n, term) for term, n in rows.items())
    kept: list[str] = []
    total = 0
    for n, term in ordered:
        # `total`, not `kept`: terms that match nothing ("say" in a memory of
        # "said") come first and must not push out the rarest term that does
        # match (at 1M nodes every question then matched no row at all).
        if total and total + n > FTS_ROW_BUDGET:
            break
        kept.append(term)
        total += n
    # The rarest term alone over budget: its newest ~budget matches.
    return kept, newest_start(ceiling, total)


def newest_start(ceiling: int, rows: int) -> int:
    """The smallest node id to score so that about FTS_ROW_BUDGET of `rows`
    matches, spread over the ids up to `ceiling`, are scored (0: all)."""
    if rows <= FTS_ROW_BUDGET:
        return 0
    return max(0, ceiling - ceiling * FTS_ROW_BUDGET // rows)


async def vector_leg(
    storage: Store,
    vector: Sequence[float],
    *,
    limit: int,
    candidates: Sequence[int] = (),
    window: NodeWindow | None = None,
) -> Ranked:
    """Cosine similarity of candidate nodes, re-scored exactly with floats.

    A float scan of 100k vectors costs ~65 ms here, so the scan is restricted:
    the other legs' candidates are scored (~1 ms), plus, when they are fewer
    than `limit`, the nearest by sign bits (~6 ms for 10 at 100k; more with no
    candidate at all). Measured on LoCoMo: scoring the lexical candidates is
    what raises recall; the exact top of the whole index as a fusion leg
    lowered it (docs/retrieval.md).
    """
    wanted = set(candidates)
    near: list[int] = []
    if len(wanted) < limit:
        k = BIT_K if wanted else min(limit, MAX_BIT_K)
        near = await storage.index.knn_bits(vector, limit=k)
        if window is not None:  # vec0 knows no time: the window's own only
            inside = await storage.index.within(near, window)
            near = [node_id for node_id in near if node_id in inside]
    ids = list(dict.fromkeys([*candidates, *near]))
    found = await storage.index.vector_distances(vector, ids)
    return [(node_id, max(1.0 - distance, 0.0)) for node_id, distance in found]


async def entity_leg(
    storage: Store,
    entities: Sequence[Entity],
    *,
    limit: int,
    types: Sequence[NodeType],
    window: NodeWindow | None = None,
) -> Ranked:
    """Nodes linked to the entities, most of them first, then newest.

    An entity linked to a large share of the memory (the user, the other
    speaker of every turn) tells as little as a stop word: its list would be
    its newest nodes, whatever the query. It is left out here; the boosts
    still reward it. Measured on LoCoMo with RRF fusion, where such a list
    weighs as much as the FTS one: R@10 48.7 with it, see docs/retrieval.md.
    Within a `window` it tells again (Caroline's turns of one day): kept.
    """
    cap = await storage.entities.common_links(
        share=COMMON_ENTITY_SHARE, floor=COMMON_ENTITY_FLOOR
    )
    timed = window is not None and window.timed
    telling = [e.id for e in entities if timed or e.mention_count <= cap]
    if not telling:
        return []
    pairs = await storage.entities.entity_node_ids(
        telling, limit=limit, types=types, window=window
    )
    # Most named entities linked first, then newest; scores fall with rank.
    return [(node_id, 1.0 / (1 + rank)) for rank, (node_id, _) in enumerate(pairs)]


@dataclass(frozen=True)
class RelevanceGate:
    """Cosine similarities a hit needs to reach the context block.

    `vector`: found by the vector alone; `words`: found by its words too;
    `support`: a vector match that alone shows the memory knows what is asked
    (search/support.py). Config `context_min_similarity`,
    `context_min_word_similarity` and `min_support_similarity`.
    """

    vector: float
    words: float
    support: float = math.inf


def admit_relevant(ranked: dict[str, Ranked], gate: RelevanceGate) -> dict[str, Ranked]:
    """The legs without hits that only chance ties to the query.

    Every search returns something (the vector leg always has nearest
    neighbours), but a context block for "hi" or "thanks!" made of the
    nearest turns is noise in every turn's instructions. Kept: nodes linked
    to an entity the query names; word matches, unless the vector says they
    are unrelated (under `gate.words`: "write me a haiku" matching "let me
    write down..."); vector-only hits at `gate.vector` or above. Without a
    vector for a node, its word match decides. Measured with MiniLM on the
    dev data, defaults 0.4 / 0.05: R@10 -0.4, R@5 -0.4; a words floor of 0.1
    costs -1.0 (docs/retrieval.md, round 5).
    """
    similarity = dict(ranked.get("vector", ()))
    named = {node_id for node_id, _ in ranked.get("entity", ())}
    named |= {node_id for node_id, _ in ranked.get("window", ())}  # asked for
    worded = {node_id for node_id, _ in ranked.get("fts", ())}

    def admitted(node_id: int) -> bool:
        score = similarity.get(node_id)
        if node_id in named:
            return True
        if node_id in worded:
            return score is None or score >= gate.words
        return score is not None and score >= gate.vector

    return {
        leg: [(node_id, s) for node_id, s in hits if admitted(node_id)]
        for leg, hits in ranked.items()
    }


def walk_direction(query: str) -> tuple[bool, bool]:
    """(walk forward, walk backward) along the temporal chain for a `when` query."""
    after, before = bool(_AFTER.search(query)), bool(_BEFORE.search(query))
    if after != before:
        return after, before
    return True, True


async def graph_leg(
    storage: Store,
    intent: Intent,
    walk: tuple[bool, bool],
    seeds: Sequence[tuple[int, float]],
    *,
    depth: int,
    limit: int,
    entities_of: Callable[[Sequence[int]], Awaitable[dict[int, list[Entity]]]]
    | None = None,
) -> Ranked:
    """Nodes reached from the seeds by the intent's edges, scored by distance;
    `walk` is (forward, backward) on the temporal chain (walk_direction).
    `entities_of`: the seeds' entities, those read ahead kept (search/call.py)."""
    if not seeds or depth <= 0:
        return []
    scores: dict[int, float] = {}
    reached = await _reach(storage, intent, walk, [s for s, _ in seeds], depth)
    for seed_id, seed_score in seeds:
        for node_id, hops in reached.get(seed_id, ()):
            score = seed_score * HOP_DECAY**hops
            scores[node_id] = max(scores.get(node_id, 0.0), score)
    if intent in ("who", "what"):
        ids = sorted(s for s, _ in seeds)  # the order the entities' read gives
        linked = await (entities_of or storage.entities.entities_of_nodes)(ids)
        entities = {e.id: e for i in ids for e in linked.get(i, [])}
        for node_id, score in await entity_leg(
            storage, list(entities.values()), limit=limit, types=()
        ):
            scores[node_id] = max(scores.get(node_id, 0.0), score * HOP_DECAY)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:limit]


async def _reach(
    storage: Store,
    intent: Intent,
    walk: tuple[bool, bool],
    seeds: Sequence[int],
    depth: int,
) -> dict[int, list[tuple[int, int]]]:
    """{seed: (node id, hops) reached from it by the intent's edges}: why →
    causes first (edges point cause → effect), then effects; when → the
    temporal chain in `walk`'s directions. One statement a direction."""
    if intent == "why":
        directions: list[tuple[EdgeType, bool]] = [
            ("causal", False),
            ("causal", True),
        ]
    elif intent == "when":
        forward, backward = walk
        directions = [
            ("temporal", ahead)
            for ahead, wanted in ((True, forward), (False, backward))
            if wanted
        ]
    else:
        return {}
    out: dict[int, list[tuple[int, int]]] = {}
    # Awaited together: the read thread runs the two walks back to back.
    walks = await asyncio.gather(
        *(
            storage.graph.walk_from_each(seeds, edge_type, forward=ahead, depth=depth)
            for edge_type, ahead in directions
        )
    )
    for reached in walks:
        for seed, found in reached.items():
            out.setdefault(seed, []).extend(found)
    return out


@dataclass
class HitParts:
    """What ranking the fused ids needs besides their scores: the valid nodes
    by id, the ids a valid newer fact supersedes, each node's entities."""

    nodes: dict[int, Node]
    hidden: set[int]
    entities: dict[int, list[Entity]]


async def hit_parts(
    storage: Store, ids: Sequence[int], parts: HitParts | None = None
) -> HitParts:
    """The HitParts of `ids` (added to `parts` when given), read in one
    statement (store/hit_rows.py)."""
    nodes, hidden, entities = await storage.graph.read_hits(ids)
    if parts is None:
        return HitParts(nodes, hidden, entities)
    parts.nodes.update(nodes)
    parts.hidden.update(hidden)
    parts.entities.update(entities)
    return parts


async def reply_bonus(
    storage: Store, fused: Sequence[tuple[int, float]], nodes: dict[int, Node]
) -> dict[int, float]:
    """Score for the turn that follows a well-ranked question turn.

    A question matches the query's words; the answer is in the reply, which
    often shares none of them ("What inspired your painting?" → "I painted it
    after visiting..."). Measured on LoCoMo: +2.5 R@10, +3.0 R@5 (share 0.4;
    0.3 since thread focus and brevity joined: R@10 81.7 -> 82.2).
    """
    asks = {
        node_id
        for node_id, _ in fused[:REPLY_SEEDS]
        if node_id in nodes
        and nodes[node_id].type == "episodic"
        and "?" in nodes[node_id].content
    }
    if not asks:
        return {}
    score_of = dict(fused)
    bonus: dict[int, float] = {}
    for edge in await storage.graph.edges_of(list(asks), types=["temporal"]):
        if edge.src_id in asks:
            share = REPLY_SHARE * score_of[edge.src_id]
            bonus[edge.dst_id] = max(bonus.get(edge.dst_id, 0.0), share)
    return bonus


def speaker_of(content: str) -> str | None:
    """The name in a "Name: text" turn (how transcripts attribute a speaker)."""
    m = _SPEAKER.match(content)
    return m[1].strip().casefold() if m else None


def boost(
    node: Node,
    linked: Iterable[Entity],
    *,
    query_words: set[str],
    named_entities: set[int],
    dates: Sequence[DateSpan],
) -> float:
    """Multiplier ≥ 1 for what the question names directly."""
    factor = 1.0
    speaker = speaker_of(node.content)
    if speaker is not None and speaker in query_words:
        factor += SPEAKER_BOOST
    if named_entities and any(e.id in named_entities for e in linked):
        factor += ENTITY_BOOST
    if any(span.start <= node.when < span.end for span in dates):
        factor += DATE_BOOST
    return factor


def brevity(node: Node) -> float:
    """Multiplier ≤ 1 for a dialogue turn shorter than BRIEF_TURN_WORDS words.

    Only episodes: a fact is short by design. Measured on LoCoMo: R@10 +0.4
    (hybrid), +1.0 (FTS only).
    """
    if node.type != "episodic":
        return 1.0
    words = len(node.content.split())
    return float(min(1.0, words / BRIEF_TURN_WORDS) ** BRIEF_TURN_POWER)


def focus_on_threads(
    hits: list[SearchHit], share: float = THREAD_FOCUS
) -> list[SearchHit]:
    """Each hit gains `share` of its thread's best score (relative to the top).

    A conversation that matches the question well somewhere is likely about
    it, so its other turns are better bets than a stray match elsewhere; the
    neighbour context column covers ±2 turns, this the whole thread. A node
    without a thread counts as its own. Measured on LoCoMo: R@10 +0.6
    (hybrid), +1.2 (FTS only). Best first.
    """
    best: dict[str | int, float] = {}
    for hit in hits:
        key = _thread_key(hit)
        best[key] = max(best.get(key, 0.0), hit.score)
    top = max(best.values(), default=0.0) or 1.0
    out = [
        SearchHit(
            hit.node,
            hit.score * (1 + share * best[_thread_key(hit)] / top),
            hit.entities,
        )
        for hit in hits
    ]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _thread_key(hit: SearchHit) -> str | int:
    return hit.node.session_id if hit.node.session_id is not None else hit.node.id


def spread_over_threads(
    hits: list[SearchHit], repeat: float = THREAD_REPEAT
) -> list[SearchHit]:
    """Each further hit from an already represented thread counts a bit less.

    For list questions ("What books has Melanie read?") the answers are spread
    over many conversations; without this one chatty thread fills the top.
    Measured on the dev data: multi-hop R@10 +1.6, R@5 +0.3, R@10 ±0.
    """
    seen: dict[str | int, int] = {}
    out = []
    for hit in hits:
        key = _thread_key(hit)  # facts have no thread: never spread
        count = seen.get(key, 0)
        seen[key] = count + 1
        out.append(SearchHit(hit.node, hit.score * repeat**count, hit.entities))
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


async def with_history(
    storage: Store, hits: list[SearchHit], limit: int
) -> list[SearchHit]:
    """Add the older versions each hit superseded, right after it."""
    older = await storage.graph.superseded_by([h.node.id for h in hits])
    if not older:
        return hits
    nodes = await storage.nodes.get_nodes(
        [i for ids in older.values() for i in ids], history=True
    )
    out: list[SearchHit] = []
    seen: set[int] = set()
    for hit in hits:
        for item in [hit] + [
            SearchHit(nodes[i], hit.score * 0.9)
            for i in older.get(hit.node.id, [])
            if i in nodes
        ]:
            if item.node.id not in seen:
                seen.add(item.node.id)
                out.append(item)
    return out[:limit]
