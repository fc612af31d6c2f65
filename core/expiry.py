"""When a transient fact expires: a duration or a date as people say it.

"2 weeks", "for 3 days", "1 month", "2 недели", "2026-12-01", "Friday",
"until Friday", "до пятницы", "tomorrow". Parsed offline, in UTC. A date or a
weekday means "until the end of that day". Months count 30 days, years 365.
"""

from __future__ import annotations

import datetime as dt
import math
import re

from .text import fold

MAX_DAYS = 3650  # ten years: longer is not transient
DAY = 86400.0

_UNITS: dict[str, float] = {}
for _seconds, _words in (
    (60.0, "minute minutes min mins минута минуты минут минуту мин"),
    (3600.0, "hour hours h hr hrs час часа часов"),
    (DAY, "day days d день дня дней сутки суток"),
    (7 * DAY, "week weeks w wk неделя недели недель неделю нед"),
    (30 * DAY, "month months mo месяц месяца месяцев мес"),
    (365 * DAY, "year years y yr год года лет"),
):
    _UNITS.update(dict.fromkeys(_words.split(), _seconds))

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "ten": 10,
    "один": 1,
    "одну": 1,
    "одна": 1,
    "два": 2,
    "две": 2,
    "три": 3,
    "четыре": 4,
    "пять": 5,
}
_WEEKDAYS = {
    **dict.fromkeys(["monday", "mon", "понедельник", "понедельника"], 0),
    **dict.fromkeys(["tuesday", "tue", "вторник", "вторника"], 1),
    **dict.fromkeys(["wednesday", "wed", "среда", "среду", "среды"], 2),
    **dict.fromkeys(["thursday", "thu", "четверг", "четверга"], 3),
    **dict.fromkeys(["friday", "fri", "пятница", "пятницу", "пятницы"], 4),
    **dict.fromkeys(["saturday", "sat", "суббота", "субботу", "субботы"], 5),
    **dict.fromkeys(["sunday", "sun", "воскресенье", "воскресенья"], 6),
}
_DAYS_FROM_NOW = {
    **dict.fromkeys(["today", "сегодня"], 0),
    **dict.fromkeys(["tomorrow", "завтра"], 1),
    **dict.fromkeys(["next week", "следующей недели", "следующая неделя"], 7),
}
_LEAD = re.compile(
    r"^(?:for|in|until|till|til|by|through|expires?|на|до|через|в течение)\s+"
)
_DURATION = re.compile(r"^(\d+(?:[.,]\d+)?|[^\W\d]+)?\s*([^\W\d]+)$")


class ExpiryError(ValueError):
    """The text is neither a duration nor a date, or it lies in the past."""


def parse_expiry(text: str, now: float) -> float:
    """Unix seconds at which a fact said to last `text` expires."""
    phrase = _LEAD.sub("", fold(text).strip(" .")).strip()
    moment = _duration(phrase, now)
    if moment is None:
        try:
            moment = _date(phrase, now)
        except OverflowError:  # the day after 9999-12-31, say
            raise ExpiryError(f"expiry {text!r} is out of range.") from None
    if moment is None:
        raise ExpiryError(
            f"cannot read expiry {text!r}: give a duration (2 weeks, 3 days,"
            " 1 month) or a date (2026-12-01, Friday)."
        )
    if moment <= now:
        raise ExpiryError(f"expiry {text!r} is already past.")
    if moment - now > MAX_DAYS * DAY:
        raise ExpiryError(f"expiry {text!r} is more than {MAX_DAYS // 365} years away.")
    return moment


def _duration(phrase: str, now: float) -> float | None:
    match = _DURATION.match(phrase)
    if match is None or match.group(2) not in _UNITS:
        return None
    count_text = (match.group(1) or "1").replace(",", ".")
    if count_text in _NUMBERS:
        count = float(_NUMBERS[count_text])
    else:
        try:
            count = float(count_text)
        except ValueError:
            return None
    if not math.isfinite(count):  # float() reads "nan" and "inf" too
        return None
    return now + count * _UNITS[match.group(2)]


def _date(phrase: str, now: float) -> float | None:
    today = dt.datetime.fromtimestamp(now, dt.UTC).date()
    day: dt.date | None = None
    if phrase in _DAYS_FROM_NOW:
        day = today + dt.timedelta(days=_DAYS_FROM_NOW[phrase])
    elif phrase in _WEEKDAYS:
        ahead = (_WEEKDAYS[phrase] - today.weekday()) % 7 or 7
        day = today + dt.timedelta(days=ahead)
    else:
        try:
            if "t" in phrase or ":" in phrase:
                moment = dt.datetime.fromisoformat(phrase.upper())
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=dt.UTC)
                return moment.timestamp()
            day = dt.date.fromisoformat(phrase)
        except ValueError:
            return None
    # The end of that day: "until Friday" keeps the fact all Friday.
    end = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC)
    return end.timestamp()
