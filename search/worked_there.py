"""Where the user worked in a place: a turn telling the user's work there.

«Где я работала в Алматы до Праги?», "where did I work in Lisbon?": every
turn naming the place and any work word shares the question's words (the
parents' jobs «в Алматы», the move to Prague), so the relevance gate
(search/support.py) let the whole city's turns through though the user never
worked there. The question is answered only by a turn saying the place and
the user's own work: "I worked at a bank in Almaty", «в Алматы я работала
в кофейне», "my first job was in Almaty". Someone else's work in the place
(«мама работает бухгалтером в Алматы») is none. Only a past job: "where do
I work in Prague?" asked in the city one lives in is answered by the job's
turns, which seldom name the city.
"""

from __future__ import annotations

import re

from ..core.records import SearchHit
from .morphology import stem
from .slots import asks_work
from .stem_sets import hit_stems
from .when import names_a_month

# "in Almaty", «в Алматы», «на Кипре»: the place asked (capitalised; «до
# Праги», "before Prague" are a time, not where)
_PLACE = re.compile(r"(?<!\w)(?i:in|в|во|на)\s+([A-ZА-ЯЁ]\w+)")
# The user's own work: "I worked", "I used to work", "I had a job", "my
# (first) job", «я работала», «я там подрабатывал», «моя работа», «работаю»
# (first person), a clause opening with the verb («работала в кофейне»).
_OWN_WORK = re.compile(
    r"\bI(?:'d|\s+(?:\w+\s+){0,2})(?:work(?:ed|ing)?|had\s+a\s+job|interned)\b"
    r"|\bmy\s+(?:\w+\s+)?(?:job|work|internship)\b"
    r"|(?<!\w)я\s+(?:\w+\s+){0,2}(?:под)?работал\w*"
    r"|(?:^|[,.;:!—–-]\s*)(?:под)?работал[аи]?(?!\w)"
    r"|(?<!\w)(?:под)?работаю(?!\w)|(?<!\w)мо(?:я|ей|ю)\s+(?:\w+\s+)?работ\w*"
    r"|(?<!\w)я\s+(?:\w+\s+)?устроил(?:ся|ась)",
    re.I,
)


# A past job asked: "where did I work", "worked", «работала», «работал»
_PAST = re.compile(
    r"\b(?:did\s+I\s+work|worked|was\s+I\s+working|used\s+to\s+work)\b"
    r"|(?<!\w)(?:под)?работал\w*",
    re.I,
)


def work_place_asked(text: str) -> frozenset[str]:
    """The stems of the place a question asks where the user worked in
    before («Где я работала в Алматы?» → алмат); empty when it asks no such
    thing."""
    if not asks_work(text) or not _PAST.search(text):
        return frozenset()
    # "in March" is a time, not a place
    places = (m[1] for m in _PLACE.finditer(text) if not names_a_month(m[1]))
    return frozenset(stem(place) for place in places)


def tells_work_there(hit: SearchHit, places: frozenset[str]) -> bool:
    """The hit names one of `places` (in its text or its entities' names)
    and tells the user's own work."""
    return not places.isdisjoint(hit_stems(hit)) and bool(
        _OWN_WORK.search(hit.node.content)
    )
