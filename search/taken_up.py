"""The doing taken up right after one ended: "Signed up at a boxing gym".

«Последний раз в шахматном клубе» and, the next day, "Signed up at a
boxing gym": the user tells a change by starting the new thing, and never
links it to the one ended. "Do I still go to chess?" is answered by the end
and by the new doing's turns, which never say "chess". A turn is the new
state when it is the user's within START_DAYS after the end, says a word
of starting ("signed up", "joined", "first class", «записался», «первое
занятие») and names a doing (a sport, a hobby, a game: search/kinds.py)
other than the ended one — and the ended thing is itself a doing, so a
sign-up that merely follows any end (a phone, a flat) is not lifted. The
start and the new doing's later turns (its word or its twin: "boxing",
«бокс») go on with the end, oldest first. Bounded: one read of the
user's turns in the months after the end.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from ..core.records import Node, NodeWindow, SearchHit
from ..store.interface import Store
from .doing_gear import done_by_its_words, gear_bought
from .kinds import ALL_DOINGS, DOING_STEMS, NON_DOING_STEMS, doings_said
from .stem_sets import text_stems
from .twin_words import twin_stems
from .windowed import own_turns_before, start_and_after, turns_as_hits

DAY = 86400.0
# How soon after the end the new doing starts, and how long before a told
# end (LEAD_DAYS, still.after_the_end): the new doing is often begun while
# the old one still fades ("my first bouldering session", then, two weeks
# on, "Jule's last pottery evening, I didn't go"; «Первое занятие
# керамики», then "since the choir ended").
START_DAYS = 14
LEAD_DAYS = 14
# At most this many of the new doing's turns, the start first.
TAKEN = 6
# "signed up", "joined", "first class" (or "first table tennis session": the
# doing's words between), "took up", «записался», «начала»,
# «первое занятие», «первая тренировка»
_STARTS = re.compile(
    r"\b(?:sign(?:ed|ing)? (?:\w+ )?up|joined|enrolled|took up|taking up"
    r"|started|first (?:[a-z]+ ){0,2}(?:class|lesson|session|training|practice"
    r"|game))\b"
    r"|(?<!\w)(?:записал\w*|записыва\w*|начал\w*|пош[её]л на|пошла на"
    r"|перв(?:ое|ая|ый|ую) (?:заняти\w*|тренировк\w*|урок\w*|игр\w*))(?!\w)",
    re.I,
)


def _with_doing_twins(stems: AbstractSet[str]) -> frozenset[str]:
    """The stems and their twins that are doings too ("box" and «бокс»; not
    «коробк», the other twin of "box")."""
    twins = (twin_stems(key) & DOING_STEMS for key in stems)
    return frozenset(stems).union(*twins)


def is_doing(thing: frozenset[str]) -> bool:
    """The thing (stems) is a doing: a sport, a hobby, a game, or one of
    their words ("chess", «шахматы», "training")."""
    return not _with_doing_twins(thing).isdisjoint(DOING_STEMS)


def started_doings(text: str, ended: frozenset[str]) -> frozenset[str]:
    """The doings the text starts (a word of starting and a doing named, or
    its gear bought: «Купили по шоссейнику»), the ended ones aside; each
    with its doing twins."""
    named = set(gear_bought(text))
    if _STARTS.search(text):
        named |= doings_said(ALL_DOINGS, text_stems(text), text)
    gone = _with_doing_twins(ended)
    return _with_doing_twins({key for key in named if key not in gone})


def _of_doing(node: Node, doing: frozenset[str]) -> bool:
    """The turn names the doing, or tells it by its gear or verbs ("a 60 km
    ride" once the bike is bought)."""
    text = node.content
    named = doings_said(ALL_DOINGS, text_stems(text), text)
    return not doing.isdisjoint(named) or done_by_its_words(text, doing)


async def taken_up(
    storage: Store,
    end: SearchHit,
    ended: frozenset[str],
    turns: list[Node],
    window: NodeWindow | None = None,
    lead_days: float = 0,
) -> list[SearchHit]:
    """The user's turn that starts another doing around `end` (of the doing
    `ended`: stems; from `lead_days` before it to START_DAYS after) and the
    new doing's later turns, oldest first; `turns`: the user's after `end`
    (windowed.own_turns_after), those before are read within `window`.
    Only a told end ("the last evening", «закончился») may look back: the
    doing's newest turn ends nothing, the old doing may go on beside the
    new one."""
    if not is_doing(ended):
        return []
    soon = end.node.when + START_DAYS * DAY
    before: list[Node] = []
    # «не пью» after "Signed up for table tennis": «матча» is a drink, no match
    if lead_days and ended.isdisjoint(NON_DOING_STEMS):
        before = await own_turns_before(storage, end.node, window, lead_days)

    def starts(node: Node) -> frozenset[str]:
        if node.when > soon:
            return frozenset()
        if node.when < end.node.when and not _STARTS.search(node.content):
            return frozenset()  # gear bought before the end: a gift, a plan
        return started_doings(node.content, ended)

    # the end may start the new doing itself: "Quit futsal. Bought a bike."
    found = start_and_after([*before, end.node, *turns], starts, _of_doing, TAKEN)
    return await turns_as_hits(storage, found)
