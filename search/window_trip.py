"""A trip asked within a time window: the days between leaving and coming back.

"Tenerife" or "the Kerry trip" between two dates: the user names the place
when leaving ("Packed for Tenerife", «Выехали в Керри!») and when coming
back ("Back from Tenerife", «Вернулись из Керри»), and tells the days in
between by what was done there ("Went up Teide on the cable car", "Went out
on a boat from Dingle harbour"), not by the trip's name. So the text leg
finds the leaving and the return, and the window's other turns pad the
answer. Any trip is told so: within a window, once the user's turns saying
what is asked hold a leaving and, later, a coming back, the user's own
turns between the two are the trip's days; they follow the turns that name
it. Both ends are needed: a topic word ("pottery") said often over weeks
has no leaving and no return, and the turns between two of its mentions
are no part of it. Bounded: one read of the user's turns between the two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .doings import telling
from .windowed import USER_ROLE, lifted_first, says_asked, unseen_hits

# A trip lasts at most this long: a leaving further before the return is
# another one (or a plan).
TRIP_DAYS = 30
_DAY = 86400.0
# At most this many of the trip's days' turns join the answer.
TRIP_TURNS = 12
# At most this many of the user's turns between leaving and coming back read.
TRIP_READ = 150
# An entity's turns before the trip read to judge it one of the trip's own.
TRIP_THINGS_READ = 10
# A turn's first word, after a word of chat and its comma ("right, Sitting").
_OPENING = re.compile(r"^(?:\w+,\s+)?(\w+)")

# Coming back: "Back from Tenerife", "home from Kerry", "got back",
# «Вернулись из Керри», «приехали домой», «снова дома».
_RETURN = re.compile(
    r"\b(?:back\s+(?:home\s+)?from|home\s+from|(?:got|came|flew|drove)\s+"
    r"(?:back|home)|returned)\b"
    r"|(?<!\w)(?:вернул(?:ся|ась|ись)|(?:при(?:ехал|летел)\w*|снова|опять)\s+дом(?:а|ой)?)"
    r"(?!\w)",
    re.I,
)
# Leaving: "Packed for Tenerife", "off to Kerry", "flew to", "arrived in",
# «Выехали в Керри», «улетели», «прилетели в», «собрали чемоданы».
_LEAVING = re.compile(
    r"\b(?:pack(?:ed|ing)\s+for|off\s+to|(?:flew|flying|drove|driving|left"
    r"|leaving|head(?:ed|ing)|set\s+off)\s+(?:out\s+)?(?:to|for)"
    r"|(?:arrived|landed)\s+(?:in|at))\b"
    r"|(?<!\w)(?:вы(?:ехал|летел)\w*|уехал\w*|улетел\w*|улетаем|летим|едем"
    r"|поехали|полетели|отправил\w*|при(?:ехал|летел)\w*\s+(?:в|на)"
    r"|собрал\w*\s+чемодан\w*)(?!\w)",
    re.I,
)


def comes_back(text: str) -> bool:
    """The turn tells coming back from somewhere."""
    return bool(_RETURN.search(text))


def leaves(text: str) -> bool:
    """The turn tells leaving for somewhere (packing for it, setting off,
    arriving there), and no coming back."""
    return bool(_LEAVING.search(text)) and not comes_back(text)


async def with_trip_days(
    storage: Store,
    hits: list[SearchHit],
    wanted: AbstractSet[str],
    named: AbstractSet[int],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the asked trip's days (the user's turns between its
    leaving and its return in the window) after the turns that name it;
    unchanged when the named turns hold no leaving and later return."""
    if window is None or not window.timed or not wanted:
        return hits
    naming = [hit for hit in hits if says_asked(hit, wanted, named)]
    span = _trip_span(naming) or await _unnamed_return(storage, naming, window)
    if span is None:
        return hits
    said = {hit.node.id for hit in naming}
    days = [
        hit
        for hit in await _days_between(storage, hits, window, named, *span)
        if hit.node.id not in said
    ]
    if not days:
        return hits
    first = said | {hit.node.id for hit in days}
    rest = [hit for hit in hits if hit.node.id not in first]
    return lifted_first([*naming, *days], rest)


def _trip_span(naming: Sequence[SearchHit]) -> tuple[float, float] | None:
    """(left, back): the last return told and the latest leaving before it
    within `TRIP_DAYS`; None without both."""
    returns = [h.node.when for h in naming if comes_back(h.node.content)]
    if not returns:
        return None
    back = max(returns)
    left = [
        h.node.when
        for h in naming
        if back - TRIP_DAYS * _DAY <= h.node.when < back and leaves(h.node.content)
    ]
    return (max(left), back) if left else None


async def _unnamed_return(
    storage: Store, naming: Sequence[SearchHit], window: NodeWindow
) -> tuple[float, float] | None:
    """(left, back) when the return does not name the place: "Flying to
    Crete!" and, days later, "back in Leeds, the washing machine is full":
    the user comes back to home, not from the trip. The trip ends at the
    user's first turn telling a return after the last one naming the place
    (while it is still named, a "got home" is the evening of a day there),
    within `TRIP_DAYS` of the leaving and the window. None without a
    leaving named, or with no such return."""
    left = [h.node.when for h in naming if leaves(h.node.content)]
    if not left:
        return None
    start = max(left)
    last = max(h.node.when for h in naming if h.node.when >= start)
    end = start + TRIP_DAYS * _DAY
    if window.before is not None:
        end = min(end, window.before)
    span = NodeWindow(last + 1e-6, end, window.entity_id, USER_ROLE)
    ids = await storage.index.window_nodes(
        span, limit=TRIP_READ, types=("episodic",), oldest_first=True
    )
    nodes = await storage.nodes.get_nodes(ids) if ids else {}
    for node_id in ids:
        node = nodes.get(node_id)
        if node is not None and comes_back(node.content):
            return start, node.when
    return None


async def _days_between(
    storage: Store,
    hits: Sequence[SearchHit],
    window: NodeWindow,
    named: AbstractSet[int],
    left: float,
    back: float,
) -> list[SearchHit]:
    """The user's turns strictly between `left` and `back` but requests to
    the assistant (they tell no day of the trip): those naming a thing of
    the trip's own first, then each day's first; each part in time order."""
    span = NodeWindow(left + 1e-6, back, window.entity_id, USER_ROLE)
    ids = await storage.index.window_nodes(
        span, limit=TRIP_READ, types=("episodic",), oldest_first=True
    )
    known = {hit.node.id: hit for hit in hits}
    known.update({hit.node.id: hit for hit in await unseen_hits(storage, hits, ids)})
    told = [known[i] for i in ids if i in known and telling(known[i].node) > 0]
    of_trip = await _trip_things(storage, told, named, left)
    there = [hit for hit in told if any(e.id in of_trip for e in hit.entities)]
    placed = {hit.node.id for hit in there}
    rest = [hit for hit in told if hit.node.id not in placed]
    return [*there, *_each_day_first(rest)][:TRIP_TURNS]


async def _trip_things(
    storage: Store, told: Sequence[SearchHit], named: AbstractSet[int], left: float
) -> set[int]:
    """The entities of `told` that are the trip's own: first named on it
    (Teide, in "Went up Teide on the cable car") or, before it, only ever
    named with the asked place (Dingle, in the plan "Kerry: Dingle, Fungie").
    A capitalised first word ("Sitting in our garden") is no name."""
    own: set[int] = set()
    for entity in {e.id: e for hit in told for e in _names_in(hit)}.values():
        if entity.id in named:
            continue
        before = await storage.entities.entity_nodes_between(
            entity.id, before=left, limit=TRIP_THINGS_READ
        )
        ids = [node.id for node in before]
        if not ids or (
            named
            and len(await storage.entities.linked_to(ids, sorted(named))) == len(ids)
        ):
            own.add(entity.id)
    return own


def _names_in(hit: SearchHit) -> list[Entity]:
    """The hit's entities but one named by the turn's first word (after a
    word of chat: "right, Sitting …"), which is a capital, not a name."""
    opening = _OPENING.match(hit.node.content)
    first = opening.group(1).casefold() if opening else ""
    return [e for e in hit.entities if e.name.casefold() != first]


def _each_day_first(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """`hits` (in time order) with each day's first turn before the days'
    later ones, each part in time order: a trip of a week told in thirty
    turns is told by all its days, not by its first two."""
    seen: set[int] = set()
    first: list[SearchHit] = []
    later: list[SearchHit] = []
    for hit in hits:
        day = int(hit.node.when // _DAY)
        (later if day in seen else first).append(hit)
        seen.add(day)
    return first + later
