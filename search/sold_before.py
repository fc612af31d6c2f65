"""The older thing of a kind, told sold apart from the new one's turns.

"What car did I have before the Skoda?": the turns of the new car never
name the old one, and the sale is told on its own day ("Продал Астру за
900 евро"), so no turn of change names both (search/earlier_value.py).
The user's sales from before the new thing's first turn give the things
left; one counts only when the user's turns about it name the new thing's
kind ("Наша старая Опель Астра": a car): a bike sold is no laptop before
the Mac. That thing's turns from before the new one join the candidates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ..core.records import NodeWindow
from ..store.interface import Store
from .kinds import kin_stems
from .query_text import fts_match
from .spelled_turns import spelled_turns
from .stem_sets import text_stems
from .windowed import USER_ROLE

# The user's sales read before the new thing: the latest ones tell the
# thing it replaced; the older ones seldom do.
SALES_READ = 10
# The turns read about a sold thing (as EARLIER_TURNS of earlier_value.py).
THING_TURNS = 20
# Saying a thing was sold, as searched (a Russian stem matches any ending).
_SOLD_TERMS = ("sold", "selling", "продал", "продала", "продали")


def window_before(window: NodeWindow | None, when: float) -> NodeWindow:
    """The user's turns within `window` and before `when`."""
    base = window or NodeWindow()
    before = when if base.before is None else min(base.before, when)
    return dataclasses.replace(base, before=before, role=USER_ROLE)


async def sold_before(
    storage: Store,
    later: set[str],
    began: float,
    window: NodeWindow | None,
    left_things: Callable[[str], list[str]],
) -> list[int]:
    """Ids of the user's turns from before `began` (the later thing's first
    turn) about the latest thing sold of the later thing's kind (none: no
    such sale); `left_things` reads what a turn leaves behind."""
    kin = kin_stems(later) - later
    match = fts_match(_SOLD_TERMS)
    if not began or not kin or match is None:
        return []
    before = window_before(window, began)
    ranked = await storage.index.fts_search(
        match, limit=SALES_READ, types=("episodic",), window=before
    )
    sales = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    for sale in sorted(sales.values(), key=lambda node: node.when, reverse=True):
        for thing in left_things(sale.content):
            if not later.isdisjoint(text_stems(thing)):
                continue
            turns = await _thing_turns(storage, thing, before, kin)
            if turns:
                return [sale.id, *turns]
    return []


async def _thing_turns(
    storage: Store, thing: str, window: NodeWindow, kin: frozenset[str]
) -> list[int]:
    """Ids of the turns in `window` naming `thing` (in either script), when
    one of them names the kind too (else none: the thing sold is of another
    kind)."""
    nodes = await spelled_turns(storage, thing, window, THING_TURNS)
    own = text_stems(thing)
    if all(kin.isdisjoint(text_stems(node.content) - own) for node in nodes):
        return []
    return [node.id for node in nodes]
