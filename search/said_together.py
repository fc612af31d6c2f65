"""Questions whose answer must say two things in one turn.

The relevance gate (search/support.py) lets a question through when a hit
shares its words; for these kinds one shared word is no answer, and each
names the pair a turn must say together:
- an owned thing asked of a relative ("what car does dad drive?": dad and
  his car, search/kin_owned.py);
- where the user worked in a place («где я работала в Алматы?»: the place
  and the user's own work, search/worked_there.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.records import SearchHit
from .kin_owned import kin_thing_asked, says_kin_thing
from .worked_there import tells_work_there, work_place_asked

Check = Callable[[SearchHit], bool]


def said_together(question: str) -> Check | None:
    """What a hit must say to answer `question`, or None when the question
    is none of these kinds (the gate's own reading decides)."""
    kin_thing = kin_thing_asked(question)
    if kin_thing is not None:
        return lambda hit: says_kin_thing(hit, kin_thing)
    places = work_place_asked(question)
    if places:
        return lambda hit: tells_work_there(hit, places)
    return None
