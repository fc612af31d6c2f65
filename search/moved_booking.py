"""A booking moved to another day: the move leads, the booking falls below.

"Booked the dentist, Dr Fitzgerald, for 20 November at 9am", then the
clinic's call «Из клиники Фицджеральда позвонили: перенесли приём с 20-го
на 26 ноября» and "So dentist is 26 Nov at 4:30pm now, not the 20th". An
appointment, a flight, a delivery or a meeting is booked for a day and then
moved; the turn that moves it names the day it leaves ("from the 20th",
«с 20-го», "not the 3rd", «не 15-го») and often not the thing
itself (the clinic's call says «приём», not "dentist"), so by its words it
trails the booking, or is not found at all. For a question about when a
thing is, the moves of the booking found (among the hits, the user's turns
after it, or the turns of the people and places it names, in either
script) lead, newest first, and the booking comes right after them: it is
how the plan began, no longer when it is. A move names the day it leaves
and the booked month ("from 3 December", «с 20-го на 26 ноября»): a word
of moving and a number alone are another thing's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.months import MONTH_PATTERN, month_key
from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .cross_script import OtherScriptNames
from .standing import stance
from .windowed import USER_ROLE, own_turns_after, turns_as_hits, unseen_hits

# The hits read for a booking: an answer ranked lower is no answer anyway.
BOOKING_RANK = 5
# The turns read by the booking's people and places (newest first).
MOVE_TURNS = 20

# "When's the dentist?", "What time is my flight?", «Когда мне к
# стоматологу?», «Во сколько приём?», «На какое число запись?»: when a thing
# is, not when it was ("When did I ...?" asks the past, left to its rules).
_ASKS_WHEN = re.compile(
    r"\bwhen(?:'s| is| are| do| does| will| am)\b"
    r"|\bwhat (?:time|day|date)\b"
    r"|(?<!\w)(?:когда|во сколько|на какое число|какого числа)(?!\w)",
    re.I,
)
_MONTH_WORD = re.compile(rf"(?<!\w)(?:{MONTH_PATTERN})\.?(?!\w)", re.I)
# A day booked: "for 20 November", "on 3rd December", "Nov 20", «на 20
# ноября» (the number of the day, with its month on either side).
_BOOKED_DAY = re.compile(
    rf"(?<![\d:.])(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_PATTERN})\.?(?!\w)"
    rf"|(?<!\w)({MONTH_PATTERN})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])",
    re.I,
)
# A booking moved: "rescheduled", "postponed", "moved from 3 December",
# "pushed back", "now ..., not the 20th", «перенесли», «отложили»,
# «сдвинули», «теперь 18-го, не 15-го» (not "changing": "Still going to
# the Dorset Street one, not changing dentist" books, it moves nothing).
_MOVED = re.compile(
    r"\b(?:reschedul\w*|postpon\w*|(?:mov|push|shift)(?:ed|ing)\b"
    r"|not the \d{1,2}(?:st|nd|rd|th)?\b)"
    r"|(?<!\w)(?:перен[её]с\w*|перенос\w*|отлож\w*|сдвину\w*"
    r"|не (?:на )?\d{1,2}-?(?:го|е|ое))(?!\w)",
    re.I,
)


def asks_when(text: str) -> bool:
    """The question asks when a thing is ("When's the dentist?")."""
    return bool(_ASKS_WHEN.search(text)) and stance(text) != "past"


def booked_days(text: str) -> set[tuple[str, str]]:
    """The days a turn books, each as its day of the month and its month
    ("for 20 November": {("20", "nov")})."""
    return {
        ((match[1] or match[4]).lstrip("0"), month_key(match[2] or match[3]))
        for match in _BOOKED_DAY.finditer(text)
    }


def moves_day(text: str, booked: set[tuple[str, str]]) -> bool:
    """The text moves a booking away from one of the `booked` days: a word
    of moving, the day it leaves and its month ("from the 20th" with "26
    Nov", «с 20-го на 26 ноября», "not the 3rd" with "9 December")."""
    if not booked or not _MOVED.search(text):
        return False
    days = set(re.findall(r"(?<![\d:.])0?(\d{1,2})(?![\d:])", text))
    months = {month_key(word) for word in _MONTH_WORD.findall(text)}
    return any(day in days and month in months for day, month in booked)


def _booking(hits: Sequence[SearchHit]) -> SearchHit | None:
    """The best ranked user's turn that books a day and moves none."""
    for hit in hits[:BOOKING_RANK]:
        text = hit.node.content
        own = hit.node.source_role == USER_ROLE
        if own and booked_days(text) and not _MOVED.search(text):
            return hit
    return None


def _moves_of(booking: SearchHit, hits: Sequence[SearchHit]) -> list[SearchHit]:
    """The user's `hits` told after the booking that move its day."""
    booked = booked_days(booking.node.content)
    return [
        hit
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and hit.node.when > booking.node.when
        and moves_day(hit.node.content, booked)
    ]


async def _linked_turns(
    storage: Store,
    hits: Sequence[SearchHit],
    booking: SearchHit,
    other_script: OtherScriptNames,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """The turns of the booking's people and places, in either script
    ("Fitzgerald" and «Фицджеральда»), not among `hits`."""
    names = [entity.name.split()[-1] for entity in booking.entities]
    entity_ids = [entity.id for entity in booking.entities]
    entity_ids += [e.id for e in other_script.named_in_other_script(names)]
    if not entity_ids:
        return []
    found = await storage.entities.entity_node_ids(
        entity_ids, limit=MOVE_TURNS, types=("episodic",), window=window
    )
    return await unseen_hits(storage, hits, [node_id for node_id, _ in found])


def _led_by_moves(
    hits: list[SearchHit], booking: SearchHit, moves: list[SearchHit]
) -> list[SearchHit]:
    """`hits` with the moves (newest first) and then the booking where the
    first of them stood, scored between their neighbours."""
    moved_ids = {hit.node.id for hit in moves} | {booking.node.id}
    at = min((i for i, hit in enumerate(hits) if hit.node.id in moved_ids), default=0)
    above = [hit for hit in hits[:at] if hit.node.id not in moved_ids]
    rest = [hit for hit in hits[at:] if hit.node.id not in moved_ids]
    group = sorted(moves, key=lambda hit: (hit.node.when, hit.node.id), reverse=True)
    group.append(booking)
    floor = max((hit.score for hit in rest), default=0.0)
    ceiling = above[-1].score if above else floor * 2.0 + 1.0
    step = (ceiling - floor) / (len(group) + 1)
    lifted = [
        SearchHit(hit.node, ceiling - step * (i + 1), hit.entities)
        for i, hit in enumerate(group)
    ]
    return above + lifted + rest


async def with_moved_booking(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """For a question about when a thing is, the moves of the booking found
    lead and the booking follows them (`hits` unchanged when none moves)."""
    if not asks_when(query.text):
        return hits
    booking = _booking(hits)
    if booking is None:
        return hits
    linked = await _linked_turns(storage, hits, booking, other_script, window)
    moves = _moves_of(booking, [*hits, *linked])
    seen = {hit.node.id for hit in [*hits, *linked]}
    booked = booked_days(booking.node.content)
    later = await own_turns_after(storage, booking.node, window)
    told = [n for n in later if n.id not in seen and moves_day(n.content, booked)]
    moves += await turns_as_hits(storage, told)
    if not moves:
        return hits
    return _led_by_moves(hits, booking, moves)
