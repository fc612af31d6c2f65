"""A question about the user's own time, asked without naming a category:
"What do I do for fun?", "What's Polina doing after school these days?",
«Чем я занимаюсь по вечерам?». What one does in one's own time is a hobby
or a sport (search/kinds.py names both); time at work is not ("Am I still
on evenings?", «Я всё ещё работаю по вечерам?»): the time is said with a
verb of doing, or by what it is for ("for fun", «для души»)."""

from __future__ import annotations

import re
from collections.abc import Sequence

# A weekday kept as a habit: "on Sundays", "on Wednesday evenings", «по
# средам» ask every such day (search/habit_day.py reads which), Monday first.
WEEKDAYS_EN = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")
WEEKDAYS_RU = (
    "понедельникам вторникам средам четвергам пятницам субботам воскресеньям".split()
)
HABIT_DAY_EN = (
    rf"on\s+(?:{'|'.join(WEEKDAYS_EN)})day"
    r"(?:s|\s+(?:mornings|afternoons|evenings|nights))"
)
HABIT_DAY_RU = rf"по\s+(?:{'|'.join(WEEKDAYS_RU)})"

LEISURE = re.compile(
    r"\bfor\s+fun\b|\bin\s+(?:my|our|his|her|their)\s+(?:free|spare)\s+time\b"
    r"|\b(?:do|does|did|doing)\s+(?:\w+\s+){0,2}(?:in\s+the\s+evenings?"
    r"|after\s+(?:school|work)|on\s+(?:the\s+)?weekends?|at\s+weekends?"
    rf"|{HABIT_DAY_EN})\b"
    r"|(?<!\w)(?:для\s+души|для\s+удовольствия|в\s+свободное\s+время)(?!\w)"
    r"|(?<!\w)(?:занима|дела)\w*\s+(?:\w+\s+)?(?:по\s+вечерам|после\s+(?:школы"
    rf"|уроков|работы)|по\s+выходным|{HABIT_DAY_RU})(?!\w)",
    re.I,
)

# "Where do I work out these days?", «Где я сейчас качаюсь?», «В какой зал я
# хожу?»: exercising said by its verb, a sport asked without naming one.
# Not "I work out the tax" (a sum figured), «качаюсь на качелях» (a swing).
WORKING_OUT = re.compile(
    r"\b(?:i|we|you)\s+(?:\w+\s+)?work(?:ed|ing)?\s+out\b"
    r"(?!\s+(?:the|a|an|how|what|why|when|if|whether|that|this|it|my|our|his|her)\b)"
    r"|(?<!\w)(?:качаюсь|качался|качалась|качаться|качаемся)(?!\s+на\s)(?!\w)"
    r"|(?<!\w)(?:хож\w*|ход\w*)\s+(?:\w+\s+)?в\s+(?:спорт)?зал(?!\w)"
    r"|(?<!\w)в\s+(?:\w+\s+)?(?:спорт)?зал\s+(?:\w+\s+)?(?:хож|ход)\w*",
    re.I,
)


def without_working_out(text: str, terms: list[str]) -> list[str]:
    """`terms` without the verb of exercising in English ("work" of "work
    out"): the sport category answers it by its members, and "work" would
    search the user's job."""
    if not WORKING_OUT.search(text):
        return terms
    return [term for term in terms if term not in _WORK_VERB]


_WORK_VERB = frozenset({"work", "worked", "working", "out"})


# "What race am I training for?", "Which exam are we preparing for?", «К
# какому забегу я готовлюсь?»: the verb of working towards a goal frames the
# question as "for" does; the goal is the noun asked, and the turns that
# answer name it ("next goal: the Leeds 10k", «записалась на полумарафон»)
# without the verb. Read as the sport's word, "training" searched the
# user's every workout and commute instead (its twin is the train).
_GOAL_VERB = (
    r"(?:train|training|prepare|preparing|prepping|getting\s+ready|get\s+ready)"
)
_RU_GOAL_VERB = r"(?:готов|тренир)\w*"
GOAL_ASKED = re.compile(
    rf"\b(?:what|which)\s+\w+\s+(?:\w+\s+){{1,3}}{_GOAL_VERB}\s+for\b"
    rf"|(?<!\w)к\s+(?:как|котор)\w+\s+\w+\s+(?:\w+\s+){{0,3}}{_RU_GOAL_VERB}"
    rf"|(?<!\w){_RU_GOAL_VERB}\s+к\s+(?:как|котор)\w+",
    re.I,
)
_GOAL_WORDS = re.compile(rf"{_GOAL_VERB}|{_RU_GOAL_VERB}|getting|get|ready", re.I)


def without_goal_verb(text: str, terms: list[str]) -> list[str]:
    """`terms` without the verb of working towards the goal a question
    asks (`GOAL_ASKED`); `terms` itself when nothing else would be left."""
    if not GOAL_ASKED.search(text):
        return terms
    kept = [term for term in terms if not _GOAL_WORDS.fullmatch(term)]
    return kept or terms


_GOAL_SAID = re.compile(rf"\b{_GOAL_VERB}\b|(?<!\w){_RU_GOAL_VERB}", re.I)


def without_goal_phrase(text: str) -> str:
    """`text` without the verb of a goal asked (`GOAL_ASKED`): no family of
    everyday doings is named by it ("training" is no workout of the race)."""
    return _GOAL_SAID.sub(" ", text) if GOAL_ASKED.search(text) else text


def own_time_doings(text: str, members: Sequence[str]) -> list[str]:
    """Of a question about someone's own time ("What does Sonya do after
    school?", «Чем Поля занимается после школы?»), the `members` of the
    categories of doings it asks (search/kinds.py): her turns name one and
    no word of the question, so a turn linked to her must say one."""
    return list(members) if LEISURE.search(text) else []


# "What did I do in the evenings before pottery?", «Чем я занималась по
# вечерам до керамики?»: a question about the older doing
_PAST = re.compile(
    r"\b(?:did|used\s+to|before)\b|(?<!\w)(?:занимал|делал)\w*|(?<!\w)до\s+\w",
    re.I,
)


def asks_before(text: str) -> bool:
    """The question asks one's own time before: the old doing, once over, is
    told by its time («Вечер хора, а хора нет»), often by no word of a hobby
    or a sport, so the time is searched and no category is asked."""
    return bool(_PAST.search(text)) and bool(LEISURE.search(text))


def without_leisure(text: str, terms: list[str]) -> list[str]:
    """`terms` without the words of the phrase that asks one's own time now:
    the new doing's turns rarely say "evening" or "fun" ("Pottery night: I
    tried a teapot"), and "Packing boxes all evening" says it without one.
    Not of the past (`asks_before`)."""
    said = {
        word.casefold()
        for phrase in LEISURE.finditer(text)
        for word in re.findall(r"\w+", phrase.group())
    }
    return [term for term in terms if term.casefold() not in said - _WEEKDAYS]


# "on Sundays": the day stays searched, it tells one doing from the others
_WEEKDAYS = frozenset(
    f"{day}day{end}" for day in WEEKDAYS_EN for end in ("", "s")
) | frozenset(WEEKDAYS_RU)
