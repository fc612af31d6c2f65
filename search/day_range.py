"""A range of days a question names: "between 15 and 31 January", "from 1
to 15 March", "1–15 March", "from 20 January to 5 February", "from January
10 to March 5", «с 1 по 20 марта», «с 20 января по 5 февраля», "the first
half of January", «во второй половине апреля».

Read before the single dates of search/when.py: there, "between 15 and 31
January" was the one day "31 January", so a question asked without the
caller's dates searched a day of its fortnight; and the range's day numbers
stayed search words, so "20" found «бассейн, 20 дорожек» in a question
about Kirill. The range holds its last day (`before` is the day after it)
and is the latest one that has begun, as a single date is. Pure: no clock.
"""

from __future__ import annotations

import datetime as dt
import re

from ..core.months import MONTHS_EN, MONTHS_RU_OF, month_number

_DAY = 86400.0
_MONTH = "|".join(MONTHS_EN + MONTHS_RU_OF)
_MONTH_EN = "|".join(MONTHS_EN)
_B, _E = r"(?<!\w)", r"(?!\w)"
# a day's number with its English or Russian ending ("1st", «1-го», «20-е»)
_D = r"(\d{1,2})(?:st|nd|rd|th|-?го|-?е)?"
_TO = r"\s*(?:-|–|—|to|till|until|and|по|до|и)\s*"
_FROM = r"(?:(?:between|from|с|со|между)\s+)?"
# the year a range may end with ("August 15 2023", «31 марта 2023 года»): its
# days are that year's, not the latest begun
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d)(?:\s*(?:года|г\.?))?)?"
_RANGES = [
    re.compile(p, re.I)
    for p in (
        # "from 20 January to 5 February", «с 20 января по 5 февраля»
        rf"{_B}{_FROM}{_D}\s+(?:of\s+)?({_MONTH}){_TO}{_D}\s+(?:of\s+)?({_MONTH}){_YEAR}{_E}",
        # "between 15 and 31 January", "1-15 March", «с 1 по 20 марта»
        rf"{_B}{_FROM}{_D}(){_TO}{_D}\s+(?:of\s+)?({_MONTH}){_YEAR}{_E}",
        # "between January 15 and 31", "March 1-15"
        rf"{_B}{_FROM}({'|'.join(MONTHS_EN)})\s+{_D}{_TO}{_D}{_YEAR}{_E}",
        # "from January 10 to March 5", "between April 20 and May 10"
        rf"{_B}{_FROM}({_MONTH_EN})\s+{_D}{_TO}({_MONTH_EN})\s+{_D}{_YEAR}{_E}",
    )
]
# "the first half of January", «в первой половине марта»
_HALF = re.compile(
    rf"{_B}(?:in\s+)?(?:the\s+)?(first|second)\s+half\s+of\s+({'|'.join(MONTHS_EN)}){_E}"
    rf"|{_B}(?:в|во)\s+(первой|второй)\s+половине\s+({'|'.join(MONTHS_RU_OF)}){_E}",
    re.I,
)
_HALF_DAYS = 15  # the first half is the 1st to the 15th


def day_range(text: str, now: float) -> tuple[float, float, str] | None:
    """(after, before, phrase) of the range of days `text` names, the
    latest that has begun by `now`; None when it names none."""
    today = dt.datetime.fromtimestamp(now, dt.UTC).date()
    found = _HALF.search(text)
    if found is not None:
        first, month = (found[1], found[2]) if found[1] else (found[3], found[4])
        start = _latest(today, month_number(month), 1)
        second = first.lower() in ("second", "второй")
        begin = start.replace(day=_HALF_DAYS + 1) if second else start
        end = _next_month(start) if second else start.replace(day=_HALF_DAYS + 1)
        return _seconds(begin), _seconds(end), found[0]
    for at, pattern in enumerate(_RANGES):
        found = pattern.search(text)
        if found is not None:
            days = _days(found, at, today)
            if days is not None:
                return _seconds(days[0]), _seconds(days[1]), found[0]
    return None


def names_a_range(phrase: str) -> bool:
    """The phrase is a range of days: its day numbers are no search words."""
    return bool(_HALF.fullmatch(phrase) or any(p.fullmatch(phrase) for p in _RANGES))


def _days(
    found: re.Match[str], at: int, today: dt.date
) -> tuple[dt.date, dt.date] | None:
    """[first, day after last] of a range match (pattern `at`), or None
    when its days are no calendar's."""
    if at == 2:
        month, first, last = found[1], found[2], found[3]
        first_month = month
    elif at == 3:  # the month before each day, as an American date is written
        first_month, first, month, last = found[1], found[2], found[3], found[4]
    else:
        first, first_month, last, month = found[1], found[2], found[3], found[4]
    if not first_month and int(first) >= int(last):  # "5 and 3 March": no range
        return None
    first_month = first_month or month
    try:
        year = found.group("year")
        end = (
            dt.date(int(year), month_number(month), int(last))
            if year
            else _latest(today, month_number(month), int(last))
        )
        start = end.replace(month=month_number(first_month), day=int(first))
        if start > end:  # "from 20 December to 5 January": the year before
            start = start.replace(year=start.year - 1)
    except ValueError:  # "31 February", "0 March", 29 February a year before
        return None
    return start, end + dt.timedelta(days=1)


def _latest(today: dt.date, month: int, day: int) -> dt.date:
    """The latest `day` of `month` begun by `today` (this year's or last)."""
    this_year = dt.date(today.year, month, 1)
    year = today.year if this_year <= today else today.year - 1
    return dt.date(year, month, day)


def _next_month(day: dt.date) -> dt.date:
    return dt.date(day.year + day.month // 12, day.month % 12 + 1, 1)


def _seconds(day: dt.date) -> float:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()
