"""How the user gets somewhere: "How do I get to work?", «На чём я езжу в универ?».

The question asks the way (a bus, the tram, a bike, «на маршрутке»), and the
turns that answer name the way, not the question's verb: "Biked to Fernway
in the rain", «На велике на смену». The verb of getting somewhere is the
question's frame, as "live" is of "Who do I live with?" (search/kin_words.py):
searched, "get" finds "getting married" and "got a haircut", «езжу» finds
«ездили в Величку», and those crowd out the turns that name the way. The
phrase names the commute category (search/kinds.py); its members are
searched instead of the verb.
"""

from __future__ import annotations

import re

# A place one goes to every day, after "to" / «на», «до», «в».
_PLACE = (
    r"(?:work|the\s+office|uni|university|school|campus|college"
    r"|работ\w*|офис\w*|универ\w*|университет\w*|институт\w*|школ\w*)"
)
# The phrase of a question about getting to such a place: a verb of going
# and the place.
_TO_PLACE = re.compile(
    rf"\b(?:get|go|travel|ride|cycl|driv|drove|commute)\w*\s+to\s+{_PLACE}\b"
    rf"|\bwhat do (?:i|we) ride\s+to\s+{_PLACE}\b"
    r"|(?<!\w)(?:на\s+ч[её]м\s+(?:\w+\s+){0,3})?"
    rf"(?:езж\w*|езд\w*|добир\w*|доеза\w*)\s+(?:на|до|в)\s+{_PLACE}",
    re.I,
)
# Getting about at all, to anywhere: "How do I get around?", «Как я
# передвигаюсь?» (not "get around to it": a chore put off).
_AROUND = re.compile(
    r"\b(?:get|gets|getting|got|go|goes|going)\s+(?:a?round|about)\b(?!\s+to\b)"
    r"|(?<!\w)передвига\w*",
    re.I,
)
# The phrase of a question about getting somewhere: to such a place, or
# "on what" one rides, to anywhere («На чём мы сейчас ездим?»).
COMMUTE_ASKED = re.compile(
    rf"{_TO_PLACE.pattern}"
    r"|\bwhat do (?:i|we) ride(?:\s+to\s+\w+)?"
    rf"|{_AROUND.pattern}"
    r"|(?<!\w)на\s+ч[её]м\s+(?:\w+\s+){0,3}(?:езж\w*|езд\w*|добир\w*)"
    r"(?:\s+(?:на|до|в)\s+\w+)?",
    re.I,
)

# The verbs of getting somewhere that say nothing of how: not "ride" or
# "cycle" («кататься»), which a turn of the way says ("a bike ride").
_GOING = re.compile(
    r"get|gets|getting|got|go|goes|going|travel\w*|around|round|about"
    r"|добира\w*|доезжа\w*|езж\w*|езд\w*|передвига\w*",
    re.I,
)


def without_going(text: str, terms: list[str]) -> list[str]:
    """`terms` without the verb of getting somewhere, of a question about
    getting to a place (`_TO_PLACE`); `terms` itself when nothing else
    would be left. Without the place («На чём мы сейчас ездим?») the verb
    is all the question says, and the turns say it too («ездили на Ниро»)."""
    if _AROUND.search(text):
        # "get around" is no word of the answers ("Biked in", «на трамвае»):
        # the commute's members are searched alone
        return [term for term in terms if not _GOING.fullmatch(term)]
    if not _TO_PLACE.search(text):
        return terms
    kept = [term for term in terms if not _GOING.fullmatch(term)]
    return kept or terms


# Driving, the commonest way to work, said by its verb, by the car or by
# the wheel: "Drove to Citywest", "driving in now", "by car", «на машине»,
# «за рулём». Not "drive" or "drives": a street ("Ardeevin Drive") and "a
# long drive" say them of no way of getting anywhere.
_DRIVING = re.compile(
    r"\b(?:drove|driving|drive\s+(?:in|to)\s+work|by\s+car|in\s+(?:the|my|our)\s+car)\b"
    r"|(?<!\w)(?:на\s+(?:машин[еау]|тачк[еау]|авто)|за\s+рул[её]м)(?!\w)",
    re.I,
)
# The words of driving a question names the way by ("Do I still drive to
# work?"), not searched: "drove" brought in "Pablo drove me home", someone
# else's driving, and the turns of his that crowd out the user's way.
DRIVING_WORDS = ("drive", "drove", "driving")


# A question whether or how the user drives at all: "Do I still drive?",
# "Am I driving these days?", «Я всё ещё за рулём?», «Я ещё вожу машину?»,
# «Я езжу на машине?»: a yes/no question, or how often. It asks the car
# (search/kinds.py), as "What do we drive?" does; not where to ("Do I
# drive to work?" is the commute's), nor whom («вожу Сандро в садик»). Its
# verb is the question's frame: the turns say "drove", "in the Micra",
# «на Микре», and the verb searched finds "the baby monitor is driving her
# mad".
DRIVING_ASKED = re.compile(
    r"^\W*(?:(?:and|so|but|well)\W+)?(?:how\s+often\s+)?"
    r"(?:do|does|did|am|are|can|could)\s+(?:i|we)\s+(?:\w+\s+){0,2}?"
    r"(?:drive|driving)\b(?!\s+(?:to|into|in|home|back|up|down|over)\b)"
    r"|(?<!\w)за\s+рул(?:ь|[её]м)(?!\w)"
    r"|(?<!\w)(?:вож|вод|езж|езд)\w*\s+(?:ли\s+)?(?:\w+\s+)?(?:на\s+)?"
    r"(?:машин\w*|тачк\w*|авто|автомобил\w*)(?!\w)",  # not «автобус»
    re.I,
)
# The question's words of driving, never searched: "drive", «вожу», «за рулём».
_DRIVING_VERB = re.compile(r"driv\w*|drove|вож\w*|вод\w*|езж\w*|езд\w*|рул\w*", re.I)


def without_driving(text: str, terms: list[str]) -> list[str]:
    """`terms` without the verb of a question whether the user drives
    (`DRIVING_ASKED`): the car category answers it, by its makes and
    models."""
    if not DRIVING_ASKED.search(text):
        return terms
    return [term for term in terms if not _DRIVING_VERB.fullmatch(term)]


# The car category's members that are no car: what one pays for one.
NO_CARS = frozenset("lease leasing petrol diesel лизинг бензин дизель".split())


def rides_car(cars: tuple[str, ...]) -> re.Pattern[str]:
    """Driving said by the car one rides in, of `cars` (the car category's
    makes and models, lower case): "in the Skoda", "took the Corolla",
    «на Шкоде» («шкода» by its stem: «на Шкоде», «на шкоду»)."""
    makes = [car for car in cars if car not in NO_CARS]
    english = "|".join(re.escape(car) for car in makes if not _cyrillic(car))
    # a Russian make in -а, -я changes its ending («Шкода», «на Шкоде»)
    russian = "|".join(
        re.escape(car[:-1] if car[-1] in "ая" else car)
        for car in makes
        if _cyrillic(car) and len(car) > 3
    )
    return re.compile(
        rf"\b(?:in|took|take|taking)\s+(?:the|my|our)\s+(?:{english})\b"
        rf"|(?<!\w)на\s+(?:{russian})\w*",
        re.I,
    )


def _cyrillic(word: str) -> bool:
    return bool(re.search(r"[а-яё]", word, re.I))


# Driving someone mad, an idiom of no way of getting anywhere: "the baby
# monitor is driving her mad", "drove me up the wall", «сводит меня с ума»;
# not "drove home crazy tired", where the words after say where to.
_DRIVEN_MAD = re.compile(
    r"\b(?:drove|driving|drives?)\s+(?:(?!(?:to|in|into|home|back)\b)\w+\s+){1,3}?"
    r"(?:mad|crazy|nuts|insane|bananas|bonkers|potty|round\s+the\s+bend"
    r"|up\s+the\s+wall|to\s+distraction|to\s+drink)\b"
    r"|(?<!\w)свод\w*\s+(?:\w+\s+)?с\s+ума(?!\w)",
    re.I,
)


def says_driving(text: str, cars: re.Pattern[str]) -> bool:
    """The text tells driving somewhere (`_DRIVING`, or riding in a car
    `cars` names), not driving someone mad."""
    text = _DRIVEN_MAD.sub(" ", text)
    return bool(_DRIVING.search(text) or cars.search(text))
