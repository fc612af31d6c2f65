"""A still-question whose state no turn ends: its newest turns answer.

"Am I still on metformin?", «Я ещё на магнии?»: when no turn about the
thing ends it (search/still.py found none) and the user still speaks of it
lately, the state holds, and what shows it holding now is the thing's
newest mentions ("metformin morning and evening, done"). Its first turns
carry the question's words as well and, by score, lead: the prescription's
start, the first pill's side effects, the old dose. Those are the state as
it was; the newest few turns lead instead. A thing gone quiet for months
while the user went on talking (cycling to work, then only the new car) is
no state shown holding by its last mentions: its ranking is left alone.
Only a thing named by one word is read so: of "sugar in my tea" the newest
turn about tea alone says nothing of the sugar.
"""

from __future__ import annotations

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .windowed import USER_ROLE, lifted_first

# The thing's newest turns lifted: enough to show the state now, few
# enough to leave the rest of the ranking to the question's words.
NEWEST_LIFTED = 3
# Talk this long after the thing's newest mention without it: it went quiet.
QUIET_DAYS = 60
_DAY = 86400.0


async def newest_first(
    storage: Store,
    hits: list[SearchHit],
    about: list[SearchHit],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the newest of the user's turns about the thing (`about`,
    read from the whole memory) first, unless the thing went quiet."""
    own = {hit.node.id: hit for hit in about if hit.node.source_role == USER_ROLE}
    newest = sorted(own.values(), key=lambda hit: (hit.node.when, hit.node.id))
    lifted = newest[-NEWEST_LIFTED:][::-1]
    if not lifted or await _went_quiet(storage, lifted[0], window):
        return hits
    ids = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [hit for hit in hits if hit.node.id not in ids])


async def _went_quiet(
    storage: Store, last: SearchHit, window: NodeWindow | None
) -> bool:
    """The user said anything `QUIET_DAYS` or more after the thing's newest
    mention `last` (within the search's person or thread): one turn read."""
    quiet = NodeWindow(
        last.node.when + QUIET_DAYS * _DAY,
        None,
        window.entity_id if window else None,
        USER_ROLE,
    )
    return bool(await storage.index.window_nodes(quiet, limit=1, types=("episodic",)))
