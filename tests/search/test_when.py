"""Relative dates in English and Russian questions, read against "now"."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.when import asks_own_doings, relative_window

# Thursday 2026-10-29, 15:00 UTC
NOW = dt.datetime(2026, 10, 29, 15, tzinfo=dt.UTC).timestamp()


def day(text: str) -> str:
    return dt.datetime.fromtimestamp(
        dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC).timestamp(), dt.UTC
    ).isoformat()


def iso(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.UTC).isoformat()


@pytest.mark.parametrize(
    ("question", "after", "before", "strict"),
    [
        ("What did I do yesterday?", "2026-10-28", "2026-10-29", True),
        ("Что я делал вчера?", "2026-10-28", "2026-10-29", True),
        ("и позавчера", "2026-10-27", "2026-10-28", True),
        ("what happened today", "2026-10-29", "2026-10-30", True),
        ("сегодня", "2026-10-29", "2026-10-30", True),
        ("this morning", "2026-10-29T04:00", "2026-10-29T12:00", True),
        ("что было утром", "2026-10-29T04:00", "2026-10-29T12:00", True),
        ("last night", "2026-10-28T18:00", "2026-10-29T06:00", True),
        ("this evening", "2026-10-29T17:00", "2026-10-30", True),
        ("last weekend", "2026-10-24", "2026-10-26", True),
        ("в прошлые выходные", "2026-10-24", "2026-10-26", True),
        ("в выходные", "2026-10-24", "2026-10-26", False),
        ("this week", "2026-10-26", "2026-10-30", True),
        ("на этой неделе", "2026-10-26", "2026-10-30", True),
        ("last week", "2026-10-19", "2026-10-26", True),
        ("на прошлой неделе", "2026-10-19", "2026-10-26", True),
        ("last month", "2026-09-01", "2026-10-01", True),
        ("in March", "2026-03-01", "2026-04-01", True),
        ("в марте", "2026-03-01", "2026-04-01", True),
        ("in December", "2025-12-01", "2026-01-01", True),  # not in the future
        ("two weeks ago", "2026-10-12", "2026-10-19", True),
        ("две недели назад", "2026-10-12", "2026-10-19", True),
        ("3 days ago", "2026-10-26", "2026-10-27", True),
        ("три дня назад", "2026-10-26", "2026-10-27", True),
        ("last Friday", "2026-10-23", "2026-10-24", True),
        ("on Monday", "2026-10-26", "2026-10-27", False),  # may be the next one
        ("recently", "2026-10-15", "2026-10-30", False),
        ("недавно", "2026-10-15", "2026-10-30", False),
        # the weekend said with "на", as Russian speakers say it as often as "в"
        ("Что я делал на выходных?", "2026-10-24", "2026-10-26", True),
        ("на прошлых выходных", "2026-10-24", "2026-10-26", True),
        ("Как прошли прошлые выходные?", "2026-10-24", "2026-10-26", True),
        ("this past weekend", "2026-10-24", "2026-10-26", True),
        # one unit, its number unsaid
        ("Что я делал месяц назад?", "2026-09-14", "2026-10-15", True),
        ("неделю назад", "2026-10-19", "2026-10-26", True),
        ("год назад", "2025-10-14", "2025-11-14", True),
        ("a year ago", "2025-10-14", "2025-11-14", True),
        ("во вторник", "2026-10-27", "2026-10-28", False),
        ("Где я был во вторник?", "2026-10-27", "2026-10-28", True),
        ("в прошлый вторник", "2026-10-27", "2026-10-28", True),
        ("прошлой ночью", "2026-10-28T18:00", "2026-10-29T06:00", True),
        ("the week before last", "2026-10-12", "2026-10-19", True),
        ("на позапрошлой неделе", "2026-10-12", "2026-10-19", True),
        # up to now
        ("за последнюю неделю", "2026-10-22", "2026-10-30", True),
        ("in the past week", "2026-10-22", "2026-10-30", True),
        ("за последние три дня", "2026-10-26", "2026-10-30", True),
        ("over the last 2 weeks", "2026-10-15", "2026-10-30", True),
        # a few: the four units before today
        ("несколько дней назад", "2026-10-25", "2026-10-29", True),
        ("a few days ago", "2026-10-25", "2026-10-29", True),
        ("the last few weeks", "2026-10-01", "2026-10-30", True),
        ("пару дней назад", "2026-10-27", "2026-10-28", True),
        # more of how people say it: "тому назад", the number after its unit
        # ("about"), half a unit, the one before last, a part of the year
        ("две недели тому назад", "2026-10-12", "2026-10-19", True),
        ("дня три назад", "2026-10-25", "2026-10-28", True),
        ("a fortnight ago", "2026-10-12", "2026-10-19", True),
        ("3 weeks back", "2026-10-05", "2026-10-12", True),
        ("полгода назад", "2026-04-23", "2026-05-08", True),
        ("half a year ago", "2026-04-23", "2026-05-08", True),
        ("Как я провёл выходные?", "2026-10-24", "2026-10-26", True),
        ("the weekend before last", "2026-10-17", "2026-10-19", True),
        ("в позапрошлые выходные", "2026-10-17", "2026-10-19", True),
        ("в позапрошлую пятницу", "2026-10-16", "2026-10-17", True),
        ("yesterday morning", "2026-10-28T04:00", "2026-10-28T12:00", True),
        ("вчера утром", "2026-10-28T04:00", "2026-10-28T12:00", True),
        ("прошлым вечером", "2026-10-28T18:00", "2026-10-29T06:00", True),
        ("в последние дни", "2026-10-25", "2026-10-30", True),
        ("последние три дня", "2026-10-26", "2026-10-30", True),
        ("в последнее время", "2026-10-15", "2026-10-30", False),
        ("Что я делал 10 октября?", "2026-10-10", "2026-10-11", True),
        ("Приеду 10 октября", "2026-10-10", "2026-10-11", False),  # maybe ahead
        ("What did I do on October 10th?", "2026-10-10", "2026-10-11", True),
        (
            "Где я был 30 октября?",
            "2025-10-30",
            "2025-10-31",
            True,
        ),  # not in the future
        ("Что было в конце сентября?", "2026-09-21", "2026-10-01", True),
        ("What did I do in early October?", "2026-10-01", "2026-10-11", True),
        ("mid-October", "2026-10-11", "2026-10-21", False),
        ("в прошлом году", "2025-01-01", "2026-01-01", True),
        ("this year", "2026-01-01", "2026-10-30", True),
        ("Что я делал летом?", "2026-06-01", "2026-09-01", True),
        ("last summer", "2026-06-01", "2026-09-01", True),
        ("прошлой зимой", "2025-12-01", "2026-03-01", True),
        ("Летом поедем в Италию", "2026-06-01", "2026-09-01", False),  # maybe next
    ],
)
def test_phrase_becomes_a_window(
    question: str, after: str, before: str, strict: bool
) -> None:
    window = relative_window(question, NOW)
    assert window is not None, question
    assert (iso(window.after), iso(window.before), window.strict) == (
        day(after),
        day(before),
        strict,
    )


def test_no_phrase_no_window() -> None:
    assert relative_window("What does Anna drink?", NOW) is None
    assert relative_window("Maybe she will come", NOW) is None
    for no_day in ("Что я делал 31 ноября?", "What did I do on the 0th of May?"):
        assert relative_window(no_day, NOW) is None, no_day


def test_own_doings_questions() -> None:
    assert asks_own_doings("What did I do last weekend?")
    assert asks_own_doings("Чем я занимался на прошлой неделе?")
    assert not asks_own_doings("What did Anna do yesterday?")
    for asked in (
        "How was my weekend?",
        "Where did I go in March?",
        "Где я была в субботу?",
        "С кем я виделся на прошлой неделе?",
        "Как прошли мои выходные?",
        "Что я делала вчера?",
    ):
        assert asks_own_doings(asked), asked


def test_analysis_takes_the_phrase_out_of_the_words() -> None:
    query = analyse("Where did I go in March?", NOW)
    assert query.when is not None and query.when.strict
    assert "March" not in query.names  # a month, not a person
    assert "march" in query.terms  # session dates and turns say the month's name
    yesterday = analyse("What did I cook yesterday?", NOW)
    assert "yesterday" not in yesterday.terms
    dated = analyse("What did John attend in March 2023?", NOW)
    assert dated.when is None  # a month with its year is a date, not "last March"
    vague = analyse("what did we cook recently", NOW)
    assert vague.when is not None and not vague.when.strict
    assert vague.dates  # a soft preference: the boost, not a filter


def test_a_bare_weekend_or_weekday_is_the_last_one_in_a_past_question() -> None:
    for question in ("What did I do over the weekend?", "Что я делал в выходные?"):
        window = relative_window(question, NOW)
        assert window is not None and window.strict, question
    assert not relative_window("Куда поедут в субботу?", NOW).strict  # type: ignore[union-attr]
    assert not relative_window("Let's hike at the weekend", NOW).strict  # type: ignore[union-attr]


def test_own_doings_in_any_word_order_and_with_we() -> None:
    for asked in (
        "Что я вчера делал?",
        "Что я на прошлой неделе делала?",
        "Что мы делали в субботу?",
        "Куда мы ездили в июле?",
        "What did we do last weekend?",
        "What was I up to last week?",
        "What have I been up to this week?",
    ):
        assert asks_own_doings(asked), asked
    for dropped in (  # the pronoun left out; "spend", "провёл", "был занят"
        "Чем занимался вчера?",
        "Что делала на выходных?",
        "Как провёл выходные?",
        "How did I spend the weekend?",
        "Чем я был занят в пятницу?",
        "Что я сделал вчера?",
    ):
        assert asks_own_doings(dropped), dropped
    for other in (
        "Что Лена делала вчера?",
        "Что я думаю о Вите?",
        "Чем занимался Витя вчера?",
        "Что делала вчера Лена?",
    ):
        assert not asks_own_doings(other), other


def test_a_past_weekend_asked_on_a_saturday_is_the_last_whole_one() -> None:
    saturday = dt.datetime(2026, 10, 31, 15, tzinfo=dt.UTC).timestamp()
    sunday = dt.datetime(2026, 11, 1, 15, tzinfo=dt.UTC).timestamp()
    for question in ("How was my weekend?", "Что я делал в выходные?"):
        window = relative_window(question, saturday)
        assert window is not None, question
        assert (iso(window.after), iso(window.before)) == (
            day("2026-10-24"),
            day("2026-10-26"),
        )
        on_sunday = relative_window(question, sunday)
        assert on_sunday is not None and iso(on_sunday.after) == day("2026-10-31"), (
            question
        )
    this = relative_window("What did I do this weekend?", saturday)
    assert this is not None and iso(this.after) == day("2026-10-31")


def test_the_month_of_an_original_plan_is_preferred_not_a_filter() -> None:
    # the plan was told months before the month it was for
    for question in (
        "Where were we originally going in September?",
        "Куда мы сначала собирались ехать в сентябре?",
        "What was the original plan for this summer?",
    ):
        window = relative_window(question, NOW)
        assert window is not None and not window.strict, question
    for question in ("Where did we go in September?", "Куда мы ездили в сентябре?"):
        window = relative_window(question, NOW)
        assert window is not None and window.strict, question


def test_the_month_a_plan_ended_up_in_is_preferred_not_a_filter() -> None:
    # how a changed plan turned out: the plan was told months before
    for question in (
        "So where did we end up going in August?",
        "Куда мы в итоге поехали в августе?",
    ):
        window = relative_window(question, NOW)
        assert window is not None and not window.strict, question
    # a window question stays a window on when it was told
    for question in ("What did I do in August?", "Что я делал в августе?"):
        window = relative_window(question, NOW)
        assert window is not None and window.strict, question
