"""A range of days in a question (search/day_range.py): the whole range is
its window, not the single date at its end, and its day numbers are no
search words."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.day_range import day_range
from agent_memory.search.when import relative_window

# Tuesday 2027-05-18, noon UTC
NOW = dt.datetime(2027, 5, 18, 12, tzinfo=dt.UTC).timestamp()


def _day(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.UTC).date().isoformat()


@pytest.mark.parametrize(
    ("question", "after", "before"),
    [
        (
            "what went on with the boiler between 10 and 24 february",
            "2027-02-10",
            "2027-02-25",
        ),
        ("what did we do from 2 to 9 april?", "2027-04-02", "2027-04-10"),
        ("what did I do April 3-9", "2027-04-03", "2027-04-10"),
        ("what happened from 28 december to 4 january", "2026-12-28", "2027-01-05"),
        ("что было с дачей с 3 по 17 апреля?", "2027-04-03", "2027-04-18"),
        ("что мы делали между 5 и 12 марта", "2027-03-05", "2027-03-13"),
        ("что было с 25 декабря по 8 января?", "2026-12-25", "2027-01-09"),
        ("how was my knee from January 10 to March 5", "2027-01-10", "2027-03-06"),
        ("what happened between April 20 and May 10?", "2027-04-20", "2027-05-11"),
        ("what did I do from December 28 to January 4", "2026-12-28", "2027-01-05"),
        ("what did I do in the second half of february", "2027-02-16", "2027-03-01"),
        # a range that says its year is that year's, not the latest begun
        (
            "Where was John between August 11 and August 15 2023?",
            "2023-08-11",
            "2023-08-16",
        ),
        ("что было с 1 по 20 марта 2024 года", "2024-03-01", "2024-03-21"),
        (
            "what happened from 20 December to 5 January, 2025",
            "2024-12-20",
            "2025-01-06",
        ),
        ("what did I do in the first half of april", "2027-04-01", "2027-04-16"),
        ("что я делала в первой половине марта?", "2027-03-01", "2027-03-16"),
        ("что было во второй половине января", "2027-01-16", "2027-02-01"),
    ],
)
def test_a_range_of_days_is_the_window(question: str, after: str, before: str) -> None:
    window = relative_window(question, NOW)
    assert window is not None
    assert (_day(window.after), _day(window.before)) == (after, before)
    assert window.strict  # asked of the past: a filter


@pytest.mark.parametrize(
    "question",
    [
        "what happened with the van between 6 and 20 march",
        "что было с Лёшей с 6 по 20 марта?",
    ],
)
def test_the_range_keeps_its_month_as_a_word_not_its_days(question: str) -> None:
    terms = set(analyse(question, NOW).terms)
    assert not {"6", "20", "between"} & terms
    assert {"march", "марта"} & terms


def test_a_range_from_29_february_into_a_year_without_it_is_no_window() -> None:
    """In a leap year, "from 29 February to 3 January" starts the year
    before, which has no 29 February: no range, and no error either."""
    leap_summer = dt.datetime(2028, 6, 1, tzinfo=dt.UTC).timestamp()
    question = "what happened from 29 February to 3 January?"
    assert day_range(question, leap_summer) is None
    relative_window(question, leap_summer)  # read as the rest of when.py reads it
