"""A day of the week asked as a habit: "What do I do on Sunday mornings
these days?", "What sport do I do on Sundays?", «Чем я занимаюсь по средам?».

Such a question asks every Sunday, not the last one (search/when.py reads
"on Sunday" alone as a date), and its answer is the doing the user's turns
tie to that day: "sunday yoga with Anika", «воскресная йога», or write on
it ("lane swim 7:30pm" on a Wednesday). Those turns lead, the newest first
unless the past is asked: the day's doing changes ("sunday run club" →
"sunday yoga") as any state does.
"""

from __future__ import annotations

import datetime as dt
import re

from ..core.records import SearchHit
from .kinds import AskedKinds, asks_doings, doings_said
from .leisure import HABIT_DAY_EN, HABIT_DAY_RU, WEEKDAYS_EN, WEEKDAYS_RU
from .standing import stance
from .stem_sets import text_stems

_ASKED = re.compile(rf"\b{HABIT_DAY_EN}\b|(?<!\w){HABIT_DAY_RU}(?!\w)", re.I)
# how a turn says the day, in either language: "Sunday", «в воскресенье»,
# «воскресная», «по средам», «четверговый» (not «среди», "among")
_SAID = [
    re.compile(rf"\b{en}day|(?<!\w){ru}", re.I)
    for en, ru in zip(
        WEEKDAYS_EN,
        (
            r"понедельник",
            r"вторник",
            r"сред(?:а|у|ы|е|ам|ой)(?!\w)",
            r"четверг",
            r"пятниц",
            r"суббот",
            r"воскрес(?:ень|н)",
        ),
        strict=True,
    )
]


def asked_day(text: str) -> int | None:
    """The weekday (0 = Monday) `text` asks as a habit, or None."""
    found = _ASKED.search(text)
    if found is None:
        return None
    said = found.group().casefold().split()[1]  # "sundays", «средам»
    if said in WEEKDAYS_RU:
        return WEEKDAYS_RU.index(said)
    return next(i for i, day in enumerate(WEEKDAYS_EN) if said.startswith(day))


def on_the_day_first(
    hits: list[SearchHit], text: str, kinds: AskedKinds
) -> list[SearchHit]:
    """`hits` with those of the weekday asked as a habit first (newest first,
    unless the question asks the past): saying it or written on it, and
    telling a doing of the `kinds` asked if it asks one; as they were when
    none is."""
    day = asked_day(text)
    if day is None:
        return hits
    said, doings = _SAID[day], asks_doings(kinds)

    def of_the_day(hit: SearchHit) -> bool:
        content = hit.node.content
        # a diary's doing is written on its day: "lane swim 7:30pm" of a
        # Wednesday (the day as the context block dates it, in UTC)
        written = dt.datetime.fromtimestamp(hit.node.when, dt.UTC).weekday() == day
        if not (written or said.search(content)):
            return False
        # of a doing asked, a doing ("sunday, lazy brunch" is no sport)
        return not doings or bool(doings_said(kinds, text_stems(content), content))

    on_day: list[SearchHit] = []
    rest: list[SearchHit] = []
    for hit in hits:
        (on_day if of_the_day(hit) else rest).append(hit)
    if not on_day:
        return hits
    if stance(text) != "past":
        on_day.sort(key=lambda hit: -hit.node.when)
    # scores above every other hit: the later steps keep the order by score
    top = max(hit.score for hit in hits)
    lifted = [
        SearchHit(hit.node, top + len(on_day) - rank, hit.entities)
        for rank, hit in enumerate(on_day)
    ]
    return lifted + rest
