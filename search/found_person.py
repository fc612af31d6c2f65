"""Who the user does something with: the person the words find, told by who they are.

"С кем я хожу на скалодром?", "Who do I go climbing with?": no name in the
question; its words find one person's turns ("Прия нашла новую трассу на
скалодроме", three times), but the turns that say who she is to the user
("Priya is my climbing partner") share no word with it, or are in the other
script. When most of the top hits are linked to one person the question does
not name, and the question asks who, about the user, that person's most
telling turns (people.person_hits: her relation stated first, both scripts)
join the ranked hits at the score of the last of that majority.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .names_asked import is_person
from .person_hits import person_hits
from .plan import SearchFilters
from .slots import about_user

TOP = 5  # the top hits looked at
MAJORITY = 3  # ... of which this many linked to one person
JOINED = 3  # the person's most telling turns that join


async def with_found_person(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    named: Sequence[Entity],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` (ranked) and, for a "who" question about the user whose top
    hits are mostly one unnamed person's, that person's most telling turns;
    best first."""
    if query.intent != "who" or window is not None or not about_user(query.text):
        return hits
    ranked = sorted(hits, key=lambda hit: -hit.score)[:TOP]
    asked = {e.id for e in named}
    counts = Counter(
        e.id
        for hit in ranked
        for e in hit.entities
        if is_person(e) and e.id not in asked
    )
    if not counts:
        return hits
    person_id, count = counts.most_common(1)[0]
    if count < MAJORITY:
        return hits
    person = next(e for hit in ranked for e in hit.entities if e.id == person_id)
    score = [h.score for h in ranked if any(e.id == person_id for e in h.entities)][
        MAJORITY - 1
    ]
    have = {hit.node.id: hit.score for hit in hits}
    told = await person_hits(storage, [person], SearchFilters(), time.time())
    # Her most telling turns not already ranked that high: new ones join, and
    # one the words found low is raised ("The new head of our bakery is Maria
    # (Мария), 44, …" says "bakery" once in a long story).
    joined = {h.node.id: h for h in told if have.get(h.node.id, 0.0) < score}
    raised = list(joined)[:JOINED]
    out = [hit for hit in hits if hit.node.id not in raised]
    out += [SearchHit(joined[i].node, score, joined[i].entities) for i in raised]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out
