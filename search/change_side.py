"""Which side of the user's latest change a turn about the changed thing is.

Before "handed in my notice at X, joining Y" X's turns are the old state;
after it, the new. Only the user's own turns tell the user's state: after
«Вернулась в свою аптеку в Адаре!», «Лиля говорит, что в Адаре без меня
вечерами хаос» names the place but tells what a colleague said of it, and
lifting it pushed the user's own turns about the pharmacy out of the top
(search/standing.py's told_of_other and search/others_now.py read whose a
turn is; the caller passes the user's own).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Literal

from ..core.records import SearchHit
from .changes import current_value, leaves_behind, tells_change, things_of, told_value

# A turn that names what the best change told about (its entities, by stem:
# "Берлина" and "Берлине" are one city) weighs this much more on the asked
# side of the change, and as much less on the other. Not the people it
# names: in "switched to coffee, Lena's espresso machine won me over" Lena
# did not change, and every later turn about her rose.
SIDE_BOOST = 0.5


def side_of_change(
    hits: list[SearchHit],
    about: set[int],
    asked: Literal["now", "past"],
    own: AbstractSet[int],
    question: AbstractSet[str] = frozenset(),
) -> list[SearchHit]:
    """The hits re-weighed by their side of the best change told among the
    `about` ids (see SIDE_BOOST). Only the user's `own` turns rise on the
    asked side: someone else's words about the thing tell no state of the
    user's; on the other side they sink all the same ("Тимур прислал план на
    Новый год" after the plan changed tells the new plan, not the first).
    The order is left to the caller's sort."""
    change = next(
        (h for h in hits if h.node.id in about and tells_change(h.node.content)),
        None,
    )
    if change is None:
        return hits
    # a word counts once the statements agree on it (the current value:
    # "coffee"), not any word of the change ("started my new job at X")
    words = (
        current_value(hits, about, question)
        if asked == "now"
        else told_value(hits, about)
    )
    named, at = things_of(change, words), change.node.when
    # for now, what the change leaves behind ("moving out of X") is the old
    # state on both sides of it: "dinner at the old flat on X" after it too
    left = leaves_behind(change, frozenset()) if asked == "now" else set()
    named -= left
    if not named and not left:
        return hits

    def weight(hit: SearchHit) -> float:
        if hit is change or hit.node.when == at:
            return 1.0
        things = things_of(hit, words)
        if named.isdisjoint(things):
            return 1.0 if left.isdisjoint(things) else 1.0 / (1.0 + SIDE_BOOST)
        if (hit.node.when > at) != (asked == "now"):
            return 1.0 / (1.0 + SIDE_BOOST)
        return 1.0 + SIDE_BOOST if hit.node.id in own else 1.0

    return [SearchHit(h.node, h.score * weight(h), h.entities) for h in hits]
