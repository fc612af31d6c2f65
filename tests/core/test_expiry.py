"""parse_expiry: the texts it reads, and a clear ExpiryError for the rest,
never an OverflowError or a NaN moment (found by the fuzz test)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.expiry import ExpiryError, parse_expiry

NOW = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC).timestamp()
DAY = 86400.0


@pytest.mark.parametrize(
    ("text", "days"),
    [("2 weeks", 14.0), ("for 3 days", 3.0), ("tomorrow", 1.5), ("2026-11-30", 7.5)],
)
def test_reads_durations_and_dates(text: str, days: float) -> None:
    assert parse_expiry(text, NOW) == pytest.approx(NOW + days * DAY)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("9999-12-31", "out of range"),
        ("nan days", "cannot read"),
        ("inf weeks", "cannot read"),
        ("2020-01-01", "already past"),
        ("2999-01-01", "years away"),
    ],
)
def test_refuses_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(ExpiryError, match=says):
        parse_expiry(text, NOW)
