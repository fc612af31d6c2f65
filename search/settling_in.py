"""The turns that tell settling into a new home, for a question about home.

"First night in Haarlem", «Первая ночь в Агенскалнсе», "Our first evening
in the new flat": the night after a move tells where home is now (and that
the home before is behind), but it shares no word with "Where do we live
now?" or «Где мы жили раньше?» (no "live", "home", «живём»), so the words
leave it out of the candidates, and the stance's rules (search/standing.py)
do not count it as about the asked thing. For a question about the user's
home now, the user's turns that open a first night, evening or morning
somewhere are fetched by those words; among the candidates they count as
about home.
"""

from __future__ import annotations

import re

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .changes import tells_change
from .query_text import fts_match
from .slots import asks_home
from .windowed import USER_ROLE, unseen_hits

# The first night (evening, morning) *in* or *at* a place: not "the first
# night of the festival", "first evening class".
_SETTLING = re.compile(
    r"\bfirst (?:night|evening|morning|weekend) (?:in|at)\b"
    r"|(?<!\w)(?:перв(?:ая|ую|ой) ночь|перв(?:ый|ое) (?:вечер|утро)"
    r"|перв(?:ые|ых) выходн\w+) (?:в|во|на)(?!\w)",
    re.I,
)
# What the FTS is asked (phrases; a Russian word's stem is a prefix).
_PHRASES = (
    "first night", "first evening", "first morning", "first weekend",
    "первая ночь", "первый вечер", "первое утро", "первые выходные",
)  # fmt: skip
# The newest such turns read: a life moves home a few times at most.
SETTLING_TURNS = 6


def settles_in(text: str) -> bool:
    """The turn tells a first night (evening, morning) in a place."""
    return bool(_SETTLING.search(text))


def settling_ids(hits: list[SearchHit], question: str) -> set[int]:
    """Ids of the user's hits that tell settling in, for a question about
    the user's home (none for any other question)."""
    if not asks_home(question):
        return set()
    return {
        hit.node.id
        for hit in hits
        if hit.node.source_role == USER_ROLE and settles_in(hit.node.content)
    }


async def with_settling_in(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    asked: str | None,
) -> list[SearchHit]:
    """`hits` and, for a question about the user's home now (`asked`, the
    stance; before, the night names the new home only), the user's turns
    that tell settling in (within `window`), scored as the user's best turn
    that tells a change (else the weakest hit): the stance's weighting,
    which counts them as about home, decides whether they rise."""
    if not hits or asked != "now" or not asks_home(query.text):
        return hits
    match = fts_match(_PHRASES)
    if match is None:
        return hits
    ranked = await storage.index.fts_search(
        match, limit=SETTLING_TURNS, types=("episodic",), window=window
    )
    unseen = await unseen_hits(storage, hits, [node_id for node_id, _ in ranked])
    if not unseen:
        return hits
    # as the user's best turn of change: a move told in other words
    changes = [h.score for h in hits if _own(h) and tells_change(h.node.content)]
    score = max(changes, default=min(hit.score for hit in hits))
    found = [
        SearchHit(h.node, score, h.entities)
        for h in unseen
        if h.node.source_role == USER_ROLE and settles_in(h.node.content)
    ]
    return [*hits, *found]


def _own(hit: SearchHit) -> bool:
    return hit.node.source_role == USER_ROLE
