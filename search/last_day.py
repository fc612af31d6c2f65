"""The older workplace told by its last day.

"Where did I use to work?", «Где я раньше работала?»: the turns of the older
job seldom say "work" ("Onda studio day: Rui reviewed my wireframes"), and
the turn of leaving seldom names the new one. Yet a life marks the leaving
by its last day, in the same shape in any language: "Last day at Byrne
Heating", "Last shift at Purvciems substation", «последний день в Onda
Studio», «Последняя смена в Оксфаме» (lives 5-12, 16, 19, 20, 22). The
place named there is the older workplace; its turns from before that day
tell it (search/earlier_value.py fetches them, as it does for a leaving).
"""

from __future__ import annotations

import re

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .query_text import fts_match
from .windowed import USER_ROLE, unseen_hits

# The words a last day is searched by (phrases: "last day" is one term).
LAST_WORDS = (
    "last day",
    "last shift",
    "last working day",
    "последний день",
    "последняя смена",
    "последний рабочий",
)
# How many such turns are read: a life has few last days.
STATEMENTS = 40
FOLLOW = 2  # the best hits the older workplace's turns follow

_NAME = r"[A-ZÀ-ÞĀ-ſА-ЯЁ][\w'’&-]*(?:\s+[A-ZÀ-ÞĀ-ſА-ЯЁ][\w'’&-]*){0,2}"
# A last day at a place by its name: "Last day at Kyma Shipping", «Последняя
# смена на AMU». A name only ("my last day at work before the holidays"
# leaves no work), and "at" or «в / на», not "in" (a last day in Rome is a
# trip's end, not a leaving). The user's own: opening a sentence (the
# subject unsaid) or after "my", «мой»; «у Лёвы последний день в
# Регенбоге» is a child's.
_LAST_AT = re.compile(
    r"(?:^|(?<=[.!?…:;])\s*|(?i:\bmy\s+|(?<!\w)мо[йя]\s+))"
    r"(?:\b(?i:last\s+(?:working\s+)?(?:day|shift)\s+(?:at|with))"
    r"|(?<!\w)(?i:последн\w+\s+(?:рабоч\w+\s+)?(?:день|смен[аыу])\s+(?:в|во|на)))"
    rf"\s+[«\"'“]?({_NAME})"
)
# The question asks where or what the user worked, paid or not: "Where did
# I use to work?", "Where was I working before…", "What did I do for work
# before…", "where did I use to volunteer?", «Где я раньше работала?». Not
# what else of work ("What shifts did I use to work?" asks the hours), nor
# someone else's ("Where did Caroline work?").
_ASKS_WORK = re.compile(
    r"(?i:\bwhere\s+(?:did|do|was)\s+i\b.*\b(?:work|volunteer)"
    r"|\bwhat\s+did\s+i\s+do\s+for\s+(?:work|a\s+living)"
    r"|\bwhat\s+(?:was\s+my\s+)?job\s+did\s+i|\bwhat\s+was\s+my\s+(?:old\s+)?job)"
    r"|(?<!\w)(?i:где\s+я\b.*(?:работал|волонт)|кем\s+я\b.*работал)"
)


def asks_work(question: str) -> bool:
    """The question is about where or what the user worked."""
    return bool(_ASKS_WORK.search(question))


def last_day_places(text: str) -> list[str]:
    """The places `text` tells a last day at, as written ("Byrne Heating")."""
    return [found[1] for found in _LAST_AT.finditer(text)]


async def last_day_left(
    storage: Store, hits: list[SearchHit], question: str, window: NodeWindow | None
) -> tuple[SearchHit, list[str]]:
    """For a question about the user's older work: the user's latest turn
    within `window` that tells a last day at a named place (as a hit, scored
    as the best of `hits`), and that place (`hits`' first and none: no
    such turn; `hits` is never empty). The
    latest: the job left last is the one just before the present one."""
    match = fts_match(LAST_WORDS)
    if not asks_work(question) or match is None:
        return hits[0], []
    ranked = await storage.index.fts_search(
        match, limit=STATEMENTS, types=("episodic",), window=window
    )
    nodes = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    told = [n for n in nodes.values() if n.source_role == USER_ROLE]
    told = sorted((n for n in told if last_day_places(n.content)), key=lambda n: n.when)
    if not told:
        return hits[0], []
    last = told[-1]
    found = await unseen_hits(storage, [], [last.id])
    # scored as the third best hit: the best the question's words found
    # (the new job's first day, "Отдал Деклану заявление") stay beside the
    # older workplace's turns; the stance's weighting then orders them
    scores = sorted((hit.score for hit in hits), reverse=True)
    score = scores[min(FOLLOW, len(scores) - 1)]
    change = SearchHit(last, score, found[0].entities if found else [])
    return change, last_day_places(last.content)
