"""The people of the user's life are no value of home (search/changes.py
current_value): the turns that tell a move name those who help and come to
see the new home as often as the home itself ("Kostya drove the boxes to
Vake", "Sandro ran around the new balcony"); counted into the value of
"Where do I live now?", every later turn naming them (a walk to the
kindergarten with Sandro) rose as the present. Those named before the move
(the family, the friends) move along with the user; those first named after
it (the new landlord, the neighbour) are of the new home and stay. A job
is not so: its people (the new boss) come with it, so only a question
about home (search/slots.py asks_home) drops them.
"""

from __future__ import annotations

from ..core.records import SearchHit
from .morphology import stem

# The mark asked_keys (search/changes.py) adds for a question about home: no
# turn's key (those are stems and "~"-marked words), so as one of the
# question's own words it drops nothing from a value.
ASKS_HOME = "?home"


def without_old_people(
    value: set[str], hits: list[SearchHit], since: float | None
) -> set[str]:
    """The `value` stems without the names of the people the hits named
    before `since` (the first change told; None: no change, value kept)."""
    if since is None:
        return value
    before = {
        stem(e.name)
        for hit in hits
        if hit.node.when < since
        for e in hit.entities
        if e.type == "person"
    }
    return value - before
