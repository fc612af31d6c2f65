"""A weekday asked as a habit ("What do I do on Sunday mornings these
days?", «Чем я занимаюсь по средам?») asks every such day, not the last one,
and is answered by the doing the user's turns tie to it, the newest first
(search/habit_day.py; life 18: "sunday run club" gave way to "sunday yoga").
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import replace

from agent_memory.core.records import SearchHit
from agent_memory.search.analysis import analyse
from agent_memory.search.doings import done_by_other
from agent_memory.search.habit_day import asked_day, on_the_day_first
from agent_memory.search.when import relative_window
from day_hits import day_hit

SUNDAY_MORNINGS = "What do I do on Sunday mornings these days?"


def test_a_weekday_kept_as_a_habit_is_asked_not_a_date() -> None:
    assert asked_day(SUNDAY_MORNINGS) == 6
    assert asked_day("What sport do I do on Sundays these days?") == 6
    assert asked_day("Чем я сейчас занимаюсь по средам?") == 2
    assert asked_day("Чем я занимаюсь по воскресеньям?") == 6  # «-ям», not «-ам»
    assert asked_day("What did I do on Sunday?") is None
    now = time.time()
    assert relative_window(SUNDAY_MORNINGS, now) is None
    assert relative_window("What did I do on Sunday?", now) is not None


def _on(hit: SearchHit, weekday: int, week: int) -> SearchHit:
    """`hit` written at noon (UTC) on `weekday` of the `week`-th week of
    2028."""
    monday = dt.datetime(2028, 1, 3, 12, tzinfo=dt.UTC) + dt.timedelta(weeks=week)
    when = (monday + dt.timedelta(days=weekday)).timestamp()
    return SearchHit(replace(hit.node, created_at=when, event_time=when), 1.0, [])


def test_the_days_newest_doing_leads_not_its_old_one_nor_any_turn_of_the_day() -> None:
    run_club = _on(day_hit(1, 1, "sunday tennis at the club, lost two sets"), 6, 1)
    yoga = _on(day_hit(2, 2, "sunday yoga with Anika, 10am"), 6, 9)
    swim = _on(day_hit(3, 3, "swimming at Douglas Snow, 30 lengths"), 2, 10)
    brunch = _on(day_hit(4, 4, "sunday, lazy brunch with Alya on the balcony"), 6, 11)
    kinds = analyse(SUNDAY_MORNINGS).kinds
    hits = [swim, brunch, run_club, yoga]
    ranked = on_the_day_first(hits, SUNDAY_MORNINGS, kinds)
    assert [hit.node.id for hit in ranked[:2]] == [2, 1]  # yoga, then tennis
    # a Wednesday's doing leads for Wednesdays, told without the day's name
    wednesdays = "What do I do on Wednesday evenings now?"
    assert on_the_day_first(hits, wednesdays, kinds)[0].node.id == 3


def test_no_turn_of_the_day_leaves_the_order() -> None:
    hits = [day_hit(1, 1, "swimming, 30 lengths"), day_hit(2, 9, "pottery night")]
    kinds = analyse(SUNDAY_MORNINGS).kinds
    assert on_the_day_first(hits, "What do I do for fun?", kinds) == hits


def test_a_childs_session_is_his_not_the_users() -> None:
    text = "Arman's basketball practice at Eastview, the coach had them doing layups"
    assert done_by_other(text, ["Arman"])
    assert not done_by_other("my basketball practice, Arman watched", ["Arman"])
