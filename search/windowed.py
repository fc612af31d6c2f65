"""Windows that select before the legs rank.

A search's time window (the caller's after/before, else an exact relative
date in the question: search/when.py) and its entity filter become one
`NodeWindow` that every leg applies in SQL. Pruning the fused top list
instead emptied old windows: the best matches from any time filled the top,
then the window removed them all. The `window_leg` adds the window's newest
nodes as weak candidates, so a window that holds turns never comes back
empty (and drops them once the question's words found some: they are no
answer beside those, `without_padding`); "What did I do …" questions get
the user's own turns of the window in time order (`own_doings`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Node, NodeType, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .doings import asks_assistant, most_telling
from .plan import SearchFilters
from .stem_sets import hit_stems, shares_stem

Ranked = list[tuple[int, float]]

USER_ROLE = "user"
DOINGS_SCAN = 400  # the user's turns of the window read for "What did I do"


# A still-question's end goes on for this long (a count "без сахара", the new
# doing's turns), read as at most this many of the user's turns, oldest first.
AFTER_END_DAYS = 120
AFTER_END_TURNS = 150
_DAY = 86400.0


async def own_turns_after(
    storage: Store, end: Node, window: NodeWindow | None
) -> list[Node]:
    """The user's turns in the `AFTER_END_DAYS` after `end`, oldest first,
    within the search's person or thread (`window`)."""
    return await _own_turns(
        storage, end.when + 1e-6, end.when + AFTER_END_DAYS * _DAY, window
    )


async def own_turns_before(
    storage: Store, end: Node, window: NodeWindow | None, days: float
) -> list[Node]:
    """The user's turns in the `days` before `end`, oldest first, within
    the search's person or thread (`window`)."""
    return await _own_turns(storage, end.when - days * _DAY, end.when - 1e-6, window)


async def _own_turns(
    storage: Store, start: float, end: float, window: NodeWindow | None
) -> list[Node]:
    span = NodeWindow(start, end, window.entity_id if window else None, USER_ROLE)
    ids = await storage.index.window_nodes(
        span, limit=AFTER_END_TURNS, types=("episodic",), oldest_first=True
    )
    nodes = await storage.nodes.get_nodes(ids) if ids else {}
    return [nodes[i] for i in ids if i in nodes]


def start_and_after(
    turns: Sequence[Node],
    starts: Callable[[Node], frozenset[str]],
    goes_on: Callable[[Node, frozenset[str]], bool],
    limit: int,
) -> list[Node]:
    """The first of `turns` that `starts` a new thing (its stems; empty: the
    turn starts none) and the later turns that go on with that thing, at most
    `limit`, the start first; none when no turn starts one. The shape of a
    change told by the new state alone (search/taken_up.py, told_change.py)."""
    for at, node in enumerate(turns):
        new = starts(node)
        if new:
            later = [n for n in turns[at + 1 :] if goes_on(n, new)]
            return [node, *later][:limit]
    return []


async def turns_as_hits(storage: Store, nodes: Sequence[Node]) -> list[SearchHit]:
    """The `nodes` as hits scored 0 with their entities, in their order."""
    linked = await storage.entities.entities_of_nodes([n.id for n in nodes])
    return [SearchHit(node, 0.0, linked.get(node.id, [])) for node in nodes]


async def unseen_hits(
    storage: Store, hits: Sequence[SearchHit], ids: Sequence[int]
) -> list[SearchHit]:
    """The turns of `ids` not among `hits`, as hits scored 0 with their
    entities: the nodes and their links read together (on PostgreSQL the two
    round trips overlap), for the rules that bring turns of their own in."""
    have = {hit.node.id for hit in hits}
    new_ids = [node_id for node_id in ids if node_id not in have]
    if not new_ids:
        return []
    nodes, linked = await asyncio.gather(
        storage.nodes.get_nodes(new_ids),
        storage.entities.entities_of_nodes(new_ids),
    )
    return [SearchHit(n, 0.0, linked.get(n.id, [])) for n in nodes.values()]


def time_window(
    filters: SearchFilters, query: AnalysedQuery
) -> tuple[float | None, float | None]:
    """(after, before): the caller's, else the question's exact relative date."""
    if filters.after is not None or filters.before is not None:
        return filters.after, filters.before
    relative = query.when
    if relative is not None and relative.strict:
        return relative.after, relative.before
    return None, None


async def node_window(
    storage: Store,
    filters: SearchFilters,
    query: AnalysedQuery,
    entity_id: int | None = None,
) -> NodeWindow | None:
    """The window every leg ranks within (None: the whole memory).

    A question's own date that holds no memory at all ("last week" asked of
    a chat imported from last year) is not applied: its words still count.
    """
    after, before = time_window(filters, query)
    if after is None and before is None and entity_id is None:
        return None
    window = NodeWindow(after=after, before=before, entity_id=entity_id)
    asked = filters.after is None and filters.before is None and window.timed
    if asked and not await storage.index.window_nodes(window, limit=1):
        return NodeWindow(entity_id=entity_id) if entity_id is not None else None
    return window


async def entity_filter(storage: Store, name: str | None) -> int | None:
    """The id of the entity a search is limited to (-1: unknown, finds nothing)."""
    if not name:
        return None
    entity = await storage.entities.find_entity(name)
    return entity.id if entity else -1


async def window_leg(
    storage: Store, window: NodeWindow, *, limit: int, types: Sequence[NodeType]
) -> Ranked:
    """The user's newest turns of the window, scores falling with rank: the
    assistant's replies ("Sounds good.", "Oh no, that's annoying.") answer
    no question about a time, and filled the block of "What did I cook last
    week?" when nothing was cooked."""
    if not window.timed:
        return []  # an entity alone: the entity filter is no question
    mine = NodeWindow(window.after, window.before, window.entity_id, USER_ROLE)
    ids = await storage.index.window_nodes(mine, limit=limit, types=types)
    return [(node_id, 1.0 / (1 + rank)) for rank, node_id in enumerate(ids)]


async def first_legs(
    storage: Store,
    fts: Awaitable[Ranked] | None,
    entity: Awaitable[Ranked] | None,
    window: NodeWindow | None,
    *,
    limit: int,
    types: Sequence[NodeType],
) -> dict[str, Ranked]:
    """The legs that need only the question and the window, awaited together:
    the text leg (`fts`, None: not run), the entity leg (`entity`), the
    window's newest turns. On PostgreSQL each statement takes its own pooled
    connection, so their round trips overlap; SQLite's one read thread runs
    them in turn, as before. The legs in that order (fusion reads them so)."""
    legs = {
        "fts": fts,
        "entity": entity,
        "window": window_leg(storage, window, limit=limit, types=types)
        if window is not None and window.timed
        else None,
    }
    names = [name for name, leg in legs.items() if leg is not None]
    found = await asyncio.gather(*(leg for leg in legs.values() if leg is not None))
    return dict(zip(names, found, strict=True))


async def keep_within(
    storage: Store, ranked: Ranked, window: NodeWindow | None
) -> Ranked:
    """`ranked` without the nodes outside `window` (legs that walk edges)."""
    if window is None or not ranked:
        return ranked
    inside = await storage.index.within([node_id for node_id, _ in ranked], window)
    return [(node_id, score) for node_id, score in ranked if node_id in inside]


def admitted(node: Node, filters: SearchFilters, window: NodeWindow | None) -> bool:
    """The last check on a hit: the filters hold (the legs applied them in SQL)."""
    if node.id in filters.exclude_ids:
        return False
    if filters.types and node.type not in filters.types:
        return False
    if window is None:
        return True
    return (window.after is None or node.when >= window.after) and (
        window.before is None or node.when < window.before
    )


async def own_doings(
    storage: Store, query: AnalysedQuery, filters: SearchFilters, window: NodeWindow
) -> list[SearchHit] | None:
    """The user's own turns of the window, oldest first, for "What did I do …";
    None when the question is not one or the window holds none of them."""
    if not query.own_doings or not window.timed:
        return None
    mine = NodeWindow(window.after, window.before, window.entity_id, USER_ROLE)
    ids = await storage.index.window_nodes(
        mine,
        limit=DOINGS_SCAN,
        types=filters.types or ("episodic",),
        oldest_first=True,
    )
    ids = [i for i in ids if i not in filters.exclude_ids]
    if not ids:
        return None
    found = await storage.nodes.get_nodes(ids)
    # What one did is told, not asked: each day's most telling turns, spread
    # over the window when it holds more days than the answer has room for.
    chosen = most_telling([found[i] for i in ids if i in found], filters.limit)
    linked = await storage.entities.entities_of_nodes([n.id for n in chosen])
    # most_telling's order (doings first, in time order) is the answer's; the
    # scores say so to a caller sorting.
    # They stay above half the first: get_context drops hits below a share of
    # the best (retrieval.WEAK_SHARE), and 1 / (1 + rank) left its block the
    # window's first four turns of the answer's five or twenty.
    return [
        SearchHit(node, 1.0 - rank / (2 * len(chosen)), linked.get(node.id, []))
        for rank, node in enumerate(chosen)
    ]


def without_padding(fused: Ranked, ranked: dict[str, Ranked]) -> Ranked:
    """`fused` without the nodes only the window leg found, once the
    question's words (the text or entity leg) found some in the window: the
    window's newest turns keep a window that holds turns from answering
    empty, they are no answer beside turns that say what is asked ("climbing"
    in a window was padded with "Give me a packing list…")."""
    if not ranked.get("window") or not (ranked.get("fts") or ranked.get("entity")):
        return fused
    found = {
        node_id
        for name, leg in ranked.items()
        if name != "window"
        for node_id, _ in leg
    }
    return [(node_id, score) for node_id, score in fused if node_id in found]


def lifted_first(lifted: list[SearchHit], rest: list[SearchHit]) -> list[SearchHit]:
    """`lifted` first, in its order, then `rest`: each scored above the next."""
    top = max((hit.score for hit in rest), default=1.0) or 1.0
    count = len(lifted)
    head = [
        SearchHit(hit.node, top * (2.0 + (count - i) / count), hit.entities)
        for i, hit in enumerate(lifted)
    ]
    return head + rest


def said_first(
    hits: list[SearchHit],
    wanted: AbstractSet[str],
    named: AbstractSet[int],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """In a time window, the turns that say what is asked (a `wanted` stem
    or its twin, in the turn or its entities' names: «Выехали в Керри!» is
    linked to Kerry; or a link to an entity the question names, `named`:
    Valera's turns are the boxing club's; the user's own turns only) before
    the turns the legs reached by where they sit: a day's context carries
    the topic to every turn of that day, and the walk scores a match's
    neighbours, so "the Kerry trip" in its week had "Niamh called a team
    meeting" above «Выехали в Керри!». A window holds few turns of its
    topic; they are the answer.
    Run on the legs' hits, before the rules that bring turns in by their
    own reading."""
    if window is None or not window.timed or not wanted:
        return hits
    says = [says_asked(hit, wanted, named) for hit in hits]
    first = [hit for hit, told in zip(hits, says, strict=True) if told]
    later = [hit for hit, told in zip(hits, says, strict=True) if not told]
    # Of those, the turns that tell lead the questions and requests to the
    # assistant that only name the topic: "swimming" in a window is
    # «бассейн после смены, 1 км», not "Why do my shoulders hurt after
    # swimming?" (a later sort by score keeps the order: `scored_below`).
    told = [hit for hit in first if not asks_assistant(hit.node)]
    asked = [hit for hit in first if asks_assistant(hit.node)]
    if told and asked:
        first = told + scored_below(asked, min(hit.score for hit in told))
    if not first or not later:
        return first or hits
    return first + scored_below(later, min(hit.score for hit in first))


def says_asked(
    hit: SearchHit, wanted: AbstractSet[str], named: AbstractSet[int]
) -> bool:
    """The user's turn says what is asked: a `wanted` stem or its twin in the
    turn or its entities' names, or a link to an entity the question names
    (`named`). The assistant's echo of the topic word tells nothing of it."""
    return hit.node.source_role == USER_ROLE and (
        shares_stem(wanted, hit_stems(hit))
        or any(entity.id in named for entity in hit.entities)
    )


def scored_below(hits: list[SearchHit], floor: float) -> list[SearchHit]:
    """`hits` in their order, scored under `floor` (a caller sorting by
    score keeps the order)."""
    top = max(hit.score for hit in hits)
    if top < floor:
        return hits
    scale = floor / (2 * top) if top > 0 else 0.0
    return [SearchHit(hit.node, hit.score * scale, hit.entities) for hit in hits]
