"""Relative dates in a question, as a time window relative to "now".

"What did I do yesterday?", "last weekend", "two weeks ago", "вчера",
"на прошлой неделе", "в марте": words, until they are read against the time
of the turn being answered. `relative_window` finds the first such phrase
and returns its UTC window: `strict` for exact phrases (a day, a week, a
month: the search keeps only that window), not strict for vague ones
("recently", "недавно": the search prefers that span, it does not filter)
and for ones that may name the future ("on Monday", "в выходные",
"10 октября", "летом") unless the question asks about the past.
Pure: no clock, no storage; `now` is always given.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..core.months import MONTHS_EN, MONTHS_RU_IN, MONTHS_RU_OF, month_number
from ..core.text import UPPER_LETTERS
from .day_range import day_range

DAY = 86400.0
RECENT_DAYS = 14  # what "recently" covers, softly
FEW = 4  # "a few days ago", "несколько недель назад": the four units back


@dataclass(frozen=True, slots=True)
class RelativeWindow:
    """[after, before) in unix seconds; `phrase` is the words that named it."""

    after: float
    before: float
    strict: bool
    phrase: str


# The cardinals one to ten in both languages (also read by
# search/asked_of.py, where they say an age).
CARDINALS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "один": 1, "два": 2, "две": 2, "три": 3,
    "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9,
    "десять": 10,
}  # fmt: skip
# ... and the other words a count of days or weeks is said with
_NUMBERS = {
    **CARDINALS, "a": 1, "an": 1, "couple of": 2, "одну": 1, "один день": 1,
    "пару": 2,
}  # fmt: skip
_ANY_MONTH = "|".join(MONTHS_EN + MONTHS_RU_OF)
_MONTH_NAMES = frozenset(MONTHS_EN + MONTHS_RU_IN + MONTHS_RU_OF)
# "early October", "в конце сентября": a third of the month
_PART_EN = r"(early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of)"
_PART_RU = r"(начале|середине|конце)"
# the first month of each season (meteorological: summer is June to August)
_SEASONS = {
    "winter": 12, "spring": 3, "summer": 6, "autumn": 9, "fall": 9,
    "зим": 12, "весн": 3, "лет": 6, "осен": 9,
}  # fmt: skip
_SEASON_EN = r"(winter|spring|summer|autumn|fall)"
_SEASON_RU = r"(зим|весн|лет|осен)(?:ой|ом|ью)"
# "in March 2023", "between August 11 and August 15, 2023", "December 1,2023":
# a year in the sentence makes these dates (query_dates), not relative ones
_NO_YEAR = r"(?![^?.!;]*(?<!\d)(?:19|20)\d\d(?!\d))"
_DAYS_EN = "monday tuesday wednesday thursday friday saturday sunday".split()
# accusative, as in "в понедельник", "в прошлую пятницу"
_DAY_PARTS_EN = r"(?:mornings|afternoons|evenings|nights)"
_DAYS_RU = "понедельник вторник среду четверг пятницу субботу воскресенье".split()
_NUM = r"(\d{1,2}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + r")"
_UNIT_EN = r"(days?|weeks?|months?|years?)"
_UNIT_RU = r"(дн\w*|день|недел\w*|месяц\w*|год\w*|лет)"
# "неделю назад", "месяц назад": one, its number left unsaid
_ONE_RU = r"()(день|неделю|месяц|год)"
# ("a couple of days ago", "пару дней назад" stay two: see "ago")
_FEW = r"(?:a\s+)?(?:few|several)|несколько"
_LAST_RU = r"(?:(?:за|в)\s+)?(?:последн|прошедш)\w+"
_AGO_RU = r"(?:тому\s+)?назад"  # "две недели тому назад" is "две недели назад"
_B, _E = r"(?<!\w)", r"(?!\w)"

# (pattern, kind): tried in order, the first match anywhere in the text wins.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), kind)
    for p, kind in [
        # "the last three days", "за последние две недели": up to now
        (rf"{_B}(?:(?:in|over|during)\s+)?the\s+(?:last|past)\s+{_NUM}\s+{_UNIT_EN}{_E}"
         rf"|{_B}{_LAST_RU}\s+{_NUM}\s+{_UNIT_RU}{_E}", "span"),
        # "в последние дни", "последние недели": a few of them
        (rf"{_B}(?:(?:за|в)\s+)?последн(?:ие|их)\s+(дн(?:и|ей)|недел(?:и|ь)|месяц(?:ы|ев)){_E}",
         "few-span"),
        (rf"{_B}(?:(?:in|over|during)\s+)?the\s+(?:last|past)\s+(){_UNIT_EN}{_E}"
         rf"|{_B}за\s+(?:последн|прошедш)\w+\s+(){_UNIT_RU}{_E}", "span"),
        # "a few days ago", "the last few weeks", "несколько дней назад"
        (rf"{_B}(?:{_FEW})\s+{_UNIT_EN}\s+ago{_E}"
         rf"|{_B}(?:{_FEW})\s+{_UNIT_RU}\s+{_AGO_RU}{_E}", "few-ago"),
        (rf"{_B}(?:the\s+)?(?:last|past)\s+(?:{_FEW})\s+{_UNIT_EN}{_E}"
         rf"|{_B}(?:за\s+)?последн\w+\s+(?:{_FEW})\s+{_UNIT_RU}{_E}", "few-span"),
        # "half a year ago", "полгода назад"
        (rf"{_B}half\s+a\s+(year|month)\s+ago{_E}"
         rf"|{_B}пол(года|месяца)\s+{_AGO_RU}{_E}", "half-ago"),
        (rf"{_B}(?:{_NUM}\s+{_UNIT_EN}|a\s+()(fortnight))\s+(?:ago|back){_E}", "ago"),
        (rf"{_B}(?:{_NUM}\s+{_UNIT_RU}|{_ONE_RU})\s+{_AGO_RU}{_E}", "ago"),
        # "дня три назад": the number after its unit says "about"
        (rf"{_B}{_UNIT_RU}\s+{_NUM}\s+{_AGO_RU}{_E}", "about-ago"),
        (rf"{_B}(?:the\s+)?day\s+before\s+yesterday{_E}|{_B}позавчера{_E}", "day-2"),
        (rf"{_B}yesterday\s+morning{_E}|{_B}вчера\s+утром{_E}|{_B}утром\s+вчера{_E}",
         "morning-1"),
        (rf"{_B}(?:last|yesterday)\s+(?:night|evening){_E}"
         rf"|{_B}(?:вчера|прошлым)\s+вечером{_E}|{_B}вечером\s+вчера{_E}"
         rf"|{_B}(?:прошлой|этой|вчера|сегодня)\s+ночью{_E}", "last-night"),
        (rf"{_B}(?:yesterday|вчера){_E}", "day-1"),
        (rf"{_B}this\s+morning{_E}|{_B}(?:сегодня\s+)?утром{_E}", "morning"),
        (rf"{_B}(?:this\s+evening|tonight|(?:сегодня\s+)?вечером){_E}", "evening"),
        (rf"{_B}(?:today|сегодня){_E}", "day-0"),
        (rf"{_B}(?:the\s+)?weekend\s+before\s+last{_E}"
         rf"|{_B}(?:(?:в|на)\s+)?позапрошл(?:ые|ых)\s+выходн\w*{_E}", "weekend-2"),
        # "на (прошлых) выходных" is how the weekend is said as often as "в …"
        (rf"{_B}(?:this\s+)?(?:last|past)\s+weekend{_E}"
         rf"|{_B}(?:(?:в|на)\s+)?прошл(?:ые|ых)\s+выходн\w*{_E}", "last-weekend"),
        (rf"{_B}(?:this\s+|the\s+)?weekend{_E}"
         # "Как я провёл выходные?": the weekend without a preposition
         rf"|{_B}(?:(?:в|на)\s+)?(?:эти\s+|этих\s+|мои\s+|наши\s+)?выходн(?:ые|ых){_E}",
         "weekend"),
        (rf"{_B}(?:the\s+)?week\s+before\s+last{_E}"
         rf"|{_B}на\s+позапрошлой\s+неделе{_E}", "week-before-last"),
        (rf"{_B}last\s+week{_E}|{_B}на\s+прошлой\s+неделе{_E}", "last-week"),
        (rf"{_B}this\s+week{_E}|{_B}на\s+этой\s+неделе{_E}", "this-week"),
        (rf"{_B}last\s+month{_E}|{_B}в\s+прошлом\s+месяце{_E}", "last-month"),
        (rf"{_B}this\s+month{_E}|{_B}в\s+этом\s+месяце{_E}", "this-month"),
        (rf"{_B}last\s+year{_E}|{_B}в\s+прошлом\s+году{_E}", "last-year"),
        (rf"{_B}this\s+year{_E}|{_B}в\s+этом\s+году{_E}", "this-year"),
        # "10 октября", "October 10th", "the 3rd of May": the latest such day
        (rf"{_B}(\d{{1,2}})(?:st|nd|rd|th|-?го)?\s+(?:of\s+)?({_ANY_MONTH}){_E}{_NO_YEAR}",
         "date"),
        (rf"{_B}()({'|'.join(MONTHS_EN)})\s+(\d{{1,2}})(?:st|nd|rd|th)?{_E}{_NO_YEAR}",
         "date"),
        (rf"{_B}(?:in\s+|at\s+)?{_PART_EN}[\s-]+({'|'.join(MONTHS_EN)}){_E}{_NO_YEAR}"
         rf"|{_B}в\s+{_PART_RU}\s+({'|'.join(MONTHS_RU_OF)}){_E}{_NO_YEAR}",
         "month-part"),
        # "in March 2023" names its year: a date (query_dates), not a relative month
        (rf"{_B}(?:in\s+)({'|'.join(MONTHS_EN)}){_E}{_NO_YEAR}", "month"),
        (rf"{_B}в\s+({'|'.join(MONTHS_RU_IN)}){_E}{_NO_YEAR}", "month"),
        (rf"{_B}во?\s+позапрошл\w+\s+({'|'.join(_DAYS_RU)}){_E}", "weekday-2"),
        (rf"{_B}last\s+({'|'.join(_DAYS_EN)}){_E}", "last-weekday"),
        (rf"{_B}во?\s+прошл\w+\s+({'|'.join(_DAYS_RU)}){_E}", "last-weekday"),
        # not "on Sunday mornings": a habit, every Sunday (search/leisure.py)
        (rf"{_B}on\s+({'|'.join(_DAYS_EN)}){_E}(?!\s+{_DAY_PARTS_EN})", "weekday"),
        # "во вторник", "в эту субботу"
        (rf"{_B}во?\s+(?:эт\w+\s+)?({'|'.join(_DAYS_RU)}){_E}", "weekday"),
        # "last summer", "прошлым летом": the latest one that has ended
        (rf"{_B}(?:last|past)\s+{_SEASON_EN}{_E}|{_B}прошл\w+\s+{_SEASON_RU}{_E}",
         "last-season"),
        # "this summer", "летом": the latest one begun (may be the next: soft)
        (rf"{_B}(?:(?:this|in\s+the)\s+){_SEASON_EN}{_E}"
         rf"|{_B}(?:эт\w+\s+)?{_SEASON_RU}{_E}", "season"),
        (rf"{_B}(?:recently|lately|the\s+other\s+day|недавно|на\s+днях"
         rf"|в\s+последнее\s+время){_E}", "recent"),
    ]
]  # fmt: skip


# A past question ("What did I do at the weekend?") means the last weekend.
_PAST = re.compile(
    r"(?<!\w)(?:did|was|were|went|had|got|happened|\w{2,}(?:л|ла|ло|ли|лся|лась))(?!\w)",
    re.I,
)
# "Поеду 10 октября", "late September works": a date, a part of a month or a
# season in a prompt may be ahead (soft); a question about the past is strict.
_MAYBE_NEXT = ("weekend", "weekday", "season", "date", "month-part")


# "Where were we originally going in November?", «Куда мы сначала
# собирались ехать в ноябре?»: a plan as first made, which the user told
# months before the time it was for; the month is the plan's, not the
# telling's, so it is preferred, not a filter.
_ORIGINAL_PLAN = re.compile(
    r"(?=.*\b(?:originally|at first|original|first plan)\b"
    r"|.*(?<!\w)(?:сначала|изначально|первоначальн\w*)(?!\w))"
    r"(?=.*\b(?:plan\w*|going|supposed|meant|intend\w*)\b"
    r"|.*(?<!\w)(?:собира\w*|планир\w*|план\w*|хотел\w*|думал\w*)(?!\w))",
    re.I,
)
# "Where did we end up going in August?", «Куда мы в итоге поехали летом?»:
# how a changed plan turned out in a month or a season gone by. Its answer
# is the trip within that time and the plan that sent it there, told months
# before ("New plan: a week in Kerry instead, in August"): the month is the
# plan's, so it is preferred, not a filter, as for the plan first made; nor
# do the ending words ask for a present state (search/standing.py).
_ENDED_UP_PAST = re.compile(
    r"\b(?:did (?:i|we|you) end up|ended up)\b"
    r"|(?<!\w)(?:в итоге|в конце концов)(?: \w+)? \w+(?:ли|ла|лся|лись)(?!\w)",
    re.I,
)
_PLAN_TIMES = frozenset({"month", "month-part", "season", "date"})


def ended_up_in_a_time_gone(text: str) -> bool:
    """The question asks how a plan ended up in a named past month or season."""
    return bool(_ENDED_UP_PAST.search(text)) and names_a_month(
        " ".join(re.findall(r"\w+", text))
    )


def _names_the_plans_time(text: str) -> bool:
    """The month or season is the plan's (first made or ended up)."""
    return bool(_ORIGINAL_PLAN.match(text)) or ended_up_in_a_time_gone(text)


def relative_window(text: str, now: float) -> RelativeWindow | None:
    """The window the first relative-date phrase in `text` names, or None."""
    if (days := day_range(text, now)) is not None:  # before its single dates
        return RelativeWindow(*days[:2], bool(_PAST.search(text)), days[2])
    for pattern, kind in _PATTERNS:
        found = pattern.search(text)
        if found is not None:
            if kind == "weekend" and _weekend_just_begun(text, now):
                kind = "last-weekend"
            window = _resolve(kind, found, now)
            if window is not None:
                after, before, strict = window
                strict = strict or (kind in _MAYBE_NEXT and bool(_PAST.search(text)))
                if kind in _PLAN_TIMES and _names_the_plans_time(text):
                    strict = False
                return RelativeWindow(after, min(before, now + DAY), strict, found[0])
    return None


def _weekend_just_begun(text: str, now: float) -> bool:
    """A past question on a Saturday: this weekend has barely begun, so "How
    was my weekend?" asks about the last whole one (on a Sunday, this one)."""
    saturday = dt.datetime.fromtimestamp(now, dt.UTC).weekday() == 5
    return saturday and bool(_PAST.search(text)) and not _THIS.search(text)


_THIS = re.compile(r"\bthis\s+weekend\b|(?<!\w)(?:эти|этих)\s+выходн", re.I)


def _resolve(
    kind: str, found: re.Match[str], now: float
) -> tuple[float, float, bool] | None:
    today = _midnight(now)
    weekday = dt.datetime.fromtimestamp(now, dt.UTC).weekday()  # Monday 0
    if kind.startswith("day-"):
        start = today - int(kind[4:]) * DAY
        return start, start + DAY, True
    if kind == "last-night":
        return today - 6 * 3600, today + 6 * 3600, True
    if kind in ("morning", "morning-1"):
        start = today - (DAY if kind == "morning-1" else 0)
        return start + 4 * 3600, start + 12 * 3600, True
    if kind == "evening":
        return today + 17 * 3600, today + DAY, True
    if kind in ("last-weekend", "weekend", "weekend-2"):
        # The newest whole weekend; "the weekend" on a weekend is this one.
        saturday = today - ((weekday - 5) % 7) * DAY
        if kind != "weekend" and weekday >= 5:
            saturday -= 7 * DAY
        if kind == "weekend-2":
            return saturday - 7 * DAY, saturday - 5 * DAY, True
        # "в выходные поедем": a bare weekend may be the next one (soft)
        return saturday, saturday + 2 * DAY, kind == "last-weekend"
    if kind in ("this-week", "last-week", "week-before-last"):
        monday = today - weekday * DAY
        if kind == "this-week":
            return monday, today + DAY, True
        weeks = 2 if kind == "week-before-last" else 1
        return monday - 7 * weeks * DAY, monday - 7 * (weeks - 1) * DAY, True
    if kind in ("this-month", "last-month"):
        first = _month_start(now, 0)
        return (
            (first, today + DAY, True)
            if kind == "this-month"
            else (_month_start(now, -1), first, True)
        )
    if kind in ("this-year", "last-year"):
        month = dt.datetime.fromtimestamp(now, dt.UTC).month
        new_year = _month_start(now, 1 - month)
        if kind == "this-year":
            return new_year, today + DAY, True
        return _month_start(new_year, -12), new_year, True
    if kind == "month":
        return _latest_month(now, month_number(found[1]))
    if kind in ("date", "month-part"):
        return _month_days(kind, found, now)
    if kind in ("season", "last-season"):
        return _season(found, now, last=kind == "last-season")
    if kind in ("weekday", "last-weekday", "weekday-2"):
        name = found[1].lower()
        wanted = _DAYS_EN.index(name) if name in _DAYS_EN else _DAYS_RU.index(name)
        back = (weekday - wanted) % 7 or 7  # the last one before today
        start = today - (back + (7 if kind == "weekday-2" else 0)) * DAY
        # "on Monday" may be the next one ("в субботу поедем"): soft
        return start, start + DAY, kind != "weekday"
    if kind in ("ago", "about-ago"):
        return _ago(found, today, about=kind == "about-ago")
    if kind == "half-ago":  # half a year: six months; half a month: 15 days
        year = found[1] or found[2]
        centre = today - (182 if year.lower() in ("year", "года") else 15) * DAY
        return centre - 7 * DAY, centre + 8 * DAY, True
    if kind in ("span", "few-span", "few-ago"):
        return _span(kind, found, today)
    if kind == "recent":
        return today - RECENT_DAYS * DAY, today + DAY, False
    return None


def _count_and_unit(
    found: re.Match[str], unit_first: bool = False
) -> tuple[int | None, str]:
    """The number (1 when unsaid: "неделю назад") and the unit a match names."""
    groups = [g for g in found.groups() if g is not None]
    if len(groups) < 2:  # a phrase of few: its unit only
        return None, groups[-1].lower()
    if unit_first:  # "дня три назад"
        groups.reverse()
    count_text, unit = groups[0].lower(), groups[1].lower()
    if not count_text:
        return 1, unit
    return (int(count_text) if count_text.isdigit() else _NUMBERS.get(count_text)), unit


def _unit_days(unit: str) -> int:
    if unit.startswith(("day", "дн", "ден")):
        return 1
    if unit.startswith(("week", "недел")):
        return 7
    return 365 if unit.startswith(("year", "год", "лет")) else 30


def _span(
    kind: str, found: re.Match[str], today: float
) -> tuple[float, float, bool] | None:
    """ "the last three days" up to today; "a few days ago" and "the last few
    weeks": the FEW units before today (up to now for "the last few")."""
    count, unit = _count_and_unit(found)
    days = _unit_days(unit)
    if kind == "span":
        return today - (count or 1) * days * DAY, today + DAY, True
    start = today - FEW * days * DAY
    return start, today + (DAY if kind == "few-span" else 0), True


def _ago(
    found: re.Match[str], today: float, *, about: bool = False
) -> tuple[float, float, bool] | None:
    """ "three days ago" is that day; "дня три назад" (about) a day either side."""
    count, unit = _count_and_unit(found, unit_first=about)
    if not count:
        return None
    if unit == "fortnight":
        count, unit = 2 * count, "week"
    if unit.startswith(("year", "год", "лет")):
        centre = today - count * 365 * DAY
        return centre - 15 * DAY, centre + 16 * DAY, True
    if unit.startswith(("day", "дн", "ден")):
        start = today - count * DAY
        return start - about * DAY, start + (1 + about) * DAY, True
    if unit.startswith(("week", "недел")):
        # "two weeks ago" is about that week, give or take a few days
        centre = today - count * 7 * DAY
        return centre - 3 * DAY, centre + 4 * DAY, True
    centre = today - count * 30 * DAY  # months
    return centre - 15 * DAY, centre + 16 * DAY, True


def _month_days(
    kind: str, found: re.Match[str], now: float
) -> tuple[float, float, bool] | None:
    """ "10 октября", "October 10": that day of the latest such month; "early
    October", "в конце сентября": the month's first, middle or last ten days."""
    words = [g.lower() for g in found.groups() if g]
    month = next(month_number(w) for w in words if w in _MONTH_NAMES)
    start, end, _ = _latest_month(now, month)
    if kind == "date":
        day = int(next(w for w in words if w.isdigit()))
        if day < 1:
            return None
        moment = start + (day - 1) * DAY
        if moment > now:  # "25 ноября" asked on 10 November: last year's
            start, end, _ = _latest_month(start - DAY, month)
            moment = start + (day - 1) * DAY
        return (moment, moment + DAY, False) if moment < end else None
    part = _part_of_month(next(w for w in words if w not in _MONTH_NAMES))
    return (
        start + 10 * part * DAY,
        end if part == 2 else start + 10 * (part + 1) * DAY,
        False,
    )


def _part_of_month(words: str) -> int:
    """0: early / в начале, 1: mid / в середине, 2: late / в конце."""
    if words.startswith(("early", "начал")) or "beginning" in words or "start" in words:
        return 0
    return 1 if words.startswith(("mid", "середин")) or "middle" in words else 2


def _season(
    found: re.Match[str], now: float, *, last: bool
) -> tuple[float, float, bool]:
    """The latest season begun ("этим летом"); `last`: the latest one ended."""
    first = _SEASONS[found[1].lower() if found[1] else found[2].lower()]
    start, _, _ = _latest_month(now, first)
    end = _month_start(start + DAY, 3)
    if last and end > now:
        start, end = _month_start(start + DAY, -12), _month_start(start + DAY, -9)
    return start, end, last  # "летом поедем": a bare season may be the next one


def _midnight(now: float) -> float:
    day = dt.datetime.fromtimestamp(now, dt.UTC).date()
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def _month_start(now: float, shift: int) -> float:
    moment = dt.datetime.fromtimestamp(now, dt.UTC)
    index = moment.year * 12 + moment.month - 1 + shift
    return dt.datetime(index // 12, index % 12 + 1, 1, tzinfo=dt.UTC).timestamp()


def _latest_month(now: float, month: int) -> tuple[float, float, bool]:
    """The most recent `month` that is not in the future (this one included)."""
    moment = dt.datetime.fromtimestamp(now, dt.UTC)
    year = moment.year if month <= moment.month else moment.year - 1
    start = dt.datetime(year, month, 1, tzinfo=dt.UTC)
    end = dt.datetime(year + month // 12, month % 12 + 1, 1, tzinfo=dt.UTC)
    return start.timestamp(), end.timestamp(), True


# The user ("I", "we", "я", "мы") asks what they did; in Russian a time
# phrase often comes between the pronoun and the verb ("Что я вчера делал?").
_BETWEEN = r"(?:\w+\s+){0,3}?"
# "делал", "занимался", "сделал", "был занят"
_DID_RU = r"(?:с?дела|занима|успе)л\w*|был\w*\s+занят\w*"
_OWN_DOINGS = re.compile(
    r"\bwhat\s+(?:did|have|had)\s+(?:i|we)\s+(?:been\s+)?(?:do|doing|done|(?:get\s+)?up\s+to)\b"
    r"|\bwhat\s+(?:was\s+i|were\s+we)\s+(?:doing|up\s+to)\b"
    r"|\bwhere\s+(?:did\s+(?:i|we)\s+go|was\s+i|were\s+we)\b"
    r"|\bhow\s+was\s+(?:my|our)\s+(?:day|weekend|week|morning|evening|holiday)\b"
    r"|\bhow\s+did\s+(?:i|we)\s+spend\b"
    rf"|(?<!\w)(?:что|чем)\s+(?:я|мы)\s+{_BETWEEN}(?:{_DID_RU})(?!\w)"
    # the pronoun left out, as Russian speakers often do ("Чем занимался
    # вчера?"), when no one else is named after the verb
    rf"|(?<!\w)(?:что|чем)\s+(?:{_DID_RU})(?![^?.!]*(?-i:[{UPPER_LETTERS}]))"
    r"|(?<!\w)как\s+(?:я\s+|мы\s+)?(?:провёл|провел|провели)\w*(?!\w)"
    rf"|(?<!\w)(?:где|куда)\s+(?:я|мы)\s+{_BETWEEN}(?:был\w*|ходил\w*|ездил\w*)(?!\w)"
    r"|(?<!\w)с\s+кем\s+я\s+(?:видел\w*|встречал\w*)(?!\w)"
    r"|(?<!\w)как\s+прош\w+\s+(?:мои\s+|мой\s+|наши\s+)?(?:выходные|день|неделя)(?!\w)",
    re.I,
)


def asks_own_doings(text: str) -> bool:
    """ "What did I do …" / "Что я делал …": the user's own turns are the answer."""
    return bool(_OWN_DOINGS.search(text))


_SEASON_WORD = re.compile(rf"{_SEASON_EN}|{_SEASON_RU}", re.I)


def names_a_month(phrase: str) -> bool:
    """ "in March", "в марте", "last summer": the month's or season's name is
    also a word a turn or a session date may say, so the search keeps it
    (unlike "yesterday")."""
    words = phrase.casefold().replace("-", " ").split()
    return any(word in _MONTH_NAMES or _SEASON_WORD.fullmatch(word) for word in words)


_A_SEASON = re.compile(rf"(?<!\w)(?:{_SEASON_EN}|{_SEASON_RU})(?!\w)", re.I)


def season_months(phrase: str) -> tuple[int, ...]:
    """The months (1-12) of the season `phrase` names («осенью»: 9-11)."""
    found = _A_SEASON.search(phrase)
    if found is None:
        return ()
    first = _SEASONS[(found[1] or found[2]).lower()]
    return tuple((first + shift - 1) % 12 + 1 for shift in range(3))


def month_words(month: int) -> tuple[str, str]:
    """A month's name in English and Russian ("October", «октября»)."""
    return MONTHS_EN[month - 1], MONTHS_RU_OF[month - 1]
