"""The turns that name what the asked thing is now, fetched by its entity.

A question about the present ("Where do I work now?") finds, by its words,
the statements of the change and of the present ("I'm joining Kestrel Labs",
"Я теперь работаю в Kestrel Labs"), and through them the current value
(search/changes.py current_value). The other turns naming that value rarely
repeat the question's words ("First day at Kestrel Labs in Vienna!"), so
the words alone leave them out of the candidates; read by the value's
entity links, they join the candidates, and the stance's weighting
(search/standing.py) ranks those about the asked thing above the old state.
"""

from __future__ import annotations

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .changes import asked_keys, current_value, is_value
from .standing import about_ids, stance
from .windowed import USER_ROLE, unseen_hits

# The newest turns read per search (the value's entities together): the
# present is told in the newest ones; more would cost time for old turns.
VALUE_TURNS = 20


async def with_current_value(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` and, for a question about now, the user's newest turns naming
    the current value (within `window`), scored as the weakest hit naming it:
    the weighting that follows decides whether they rise."""
    if stance(query.text) != "now":
        return hits
    about = about_ids(hits, query.text, query.state_terms)
    value = current_value(hits, about, asked_keys(query.text, query.own_words))
    if not value:
        return hits
    naming = [hit for hit in hits if any(is_value(e.name, value) for e in hit.entities)]
    if not naming:  # a value that is a word ("coffee"), no entity to read by
        return hits
    entity_ids = [
        e.id for hit in naming for e in hit.entities if is_value(e.name, value)
    ]
    found = await storage.entities.entity_node_ids(
        entity_ids, limit=VALUE_TURNS, types=("episodic",), window=window
    )
    unseen = await unseen_hits(storage, hits, [node_id for node_id, _ in found])
    score = min(hit.score for hit in naming)
    mine = [h for h in unseen if h.node.source_role == USER_ROLE]
    return [*hits, *(SearchHit(h.node, score, h.entities) for h in mine)]
