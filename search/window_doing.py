"""A doing asked within a time window, told by its gear and verbs.

"cycling" between two dates: the user's turns of those weeks say "First
Saturday ride, 42 km", «Суббота: 70 км с Серёгой», «Купили по
шоссейнику», never the doing's word, so the text leg finds none of them
and the window's newest turns pad the answer instead. Within the asked
window a turn that tells the asked doing by its verbs or measure
(search/doing_gear.py) is one of it, and so is one that buys its gear: the
window already says which weeks, the question which doing. Gear only named
("drew me with a racket") is none. Only the doings search/doing_gear.py
knows, and only the user's own turns: a ride or "70 km" outside such a
question tells no sport. A move of home asked in a window is told the same
way, by its parts (search/move_frame.py), and so is a bare topic of life
(work, a trip, a permit: search/window_topics.py) but by a request to the
assistant. Bounded: one read of the user's turns of the window.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.records import Node, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .doing_gear import doings_named, gear_bought, told_by_its_verbs
from .doings import asks_assistant
from .move_frame import asks_the_move, tells_the_move
from .stem_sets import term_stems
from .window_topics import topic_asked
from .windowed import DOINGS_SCAN, USER_ROLE, lifted_first, unseen_hits

# At most this many turns of the doing lifted, the newest of the window's.
LIFTED = 10


async def with_window_doing(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the window's own turns that tell the asked doing by its
    gear or verbs (or the asked move by its parts) first, oldest first;
    unchanged without such turns."""
    if window is None or not window.timed:
        return hits
    tells = _teller(query)
    if tells is None:
        return hits
    mine = NodeWindow(window.after, window.before, window.entity_id, USER_ROLE)
    ids = await storage.index.window_nodes(
        mine, limit=DOINGS_SCAN, types=("episodic",), oldest_first=True
    )
    nodes = await storage.nodes.get_nodes(ids) if ids else {}
    told = [node_id for node_id in ids if node_id in nodes and tells(nodes[node_id])][
        -LIFTED:
    ]
    if not told:
        return hits
    known = {hit.node.id: hit for hit in hits}
    known.update({hit.node.id: hit for hit in await unseen_hits(storage, hits, told)})
    lifted = [known[i] for i in told if i in known]
    ids_lifted = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [hit for hit in hits if hit.node.id not in ids_lifted])


def _teller(query: AnalysedQuery) -> Callable[[Node], bool] | None:
    """What tells the doing the question asks, or None: a sport by its gear
    and verbs, a move of home by its parts, a bare topic by its parts. The
    doing is named in either language: «рыбалка» asks what "fishing" does
    (its twin)."""
    stems = frozenset(term_stems(query.own_words))
    doings = doings_named(stems)
    if doings:
        return lambda node: _tells(node.content, doings)
    if asks_the_move(query.text):
        return lambda node: tells_the_move(node.content)
    topic = topic_asked(query.text, sorted(stems))
    if topic is None:
        return None
    return lambda node: bool(topic.search(node.content)) and not asks_assistant(node)


def _tells(text: str, doings: frozenset[str]) -> bool:
    """The text buys the gear of one of `doings` (its start) or tells it by
    its verbs and measure; gear only named is no doing ("Sandro drew me
    with a racket")."""
    return bool(gear_bought(text) & doings) or told_by_its_verbs(text, doings)
