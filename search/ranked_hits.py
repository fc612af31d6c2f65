"""The fused candidates of one search, ranked as hits.

Each candidate is weighed by what the question names (people, entities,
dates; legs.boost), its brevity and its own standing (search/standing.py);
chatter and superseded facts leave; then the orders of the question's kind
run: states (search/state_steps.py), threads, the person found, variety over
threads for a question asking for many, the head of a compound topic.
"""

from __future__ import annotations

import time

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .call import Call
from .compound_topic import head_first
from .cross_script import OtherScriptNames
from .found_person import with_found_person
from .fusion import add_scores
from .legs import (
    boost,
    brevity,
    focus_on_threads,
    reply_bonus,
    spread_over_threads,
)
from .small_talk import asks_nothing, says_nothing
from .standing import standing
from .state_steps import by_states


async def rank_fused(
    storage: Store,
    call: Call,
    query: AnalysedQuery,
    fused: list[tuple[int, float]],
    window: NodeWindow | None,
    other_script: OtherScriptNames,
    *,
    replies: bool,
) -> list[SearchHit]:
    """The fused candidates as hits: boosted by what the question names,
    weighed by standing and brevity, then the question kinds' own orders."""
    # Superseded facts leave the ranking (`hidden`); with `history` they
    # come back right after the fact that replaced them (with_history).
    named = call.named or []
    parts = await call.parts_of(storage, [node_id for node_id, _ in fused])
    if replies:
        bonus = await reply_bonus(storage, fused, parts.nodes)
        if bonus:
            fused = add_scores(fused, bonus)
            more = [i for i in bonus if i not in parts.nodes]
            await call.parts_of(storage, more)
    nodes, hidden, entities = parts.nodes, parts.hidden, parts.entities
    words = query.words
    named_ids = {e.id for e in named}
    dates = query.dates
    now = time.time()
    hits = []
    # A turn like "Okay, got it." answers nothing (unless small talk is
    # what is searched for): a thread's reply or neighbour, never a hit.
    drop_chatter = not asks_nothing(query.text)
    for node_id, score in fused:
        node = nodes.get(node_id)
        if node is None or node_id in hidden:
            continue
        if drop_chatter and node.type == "episodic" and says_nothing(node.content):
            continue
        linked = entities.get(node_id, [])
        factor = boost(
            node, linked, query_words=words, named_entities=named_ids, dates=dates
        )
        factor *= brevity(node) * standing(node, now)
        hits.append(SearchHit(node, score * factor, linked))
    # a thing's other spelling is the thing's; a person's is whose it is
    spelled = [e.name for e in call.other_script if e.type != "person"]
    hits = await by_states(storage, hits, query, window, named, other_script, spelled)
    hits = focus_on_threads(hits)
    hits = await with_found_person(storage, hits, query, named, window)
    if query.asks_for_many:
        hits = spread_over_threads(hits)
    # "table tennis" is about tennis: "the table" alone answers nothing
    return head_first(hits, query)
