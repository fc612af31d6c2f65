"""A topic of life asked within a time window, told by its parts.

«Что было с работой с 1 по 20 марта?», "what happened at work last week?":
the user's turns of those weeks tell the job by its parts ("last shift at
the café", "First day at the new firm, my mentor is …", «стажировка 30
часов в неделю», «новый начальник»), rarely by the word «работа»; a trip
or a holiday by its bookings, flights, tickets and packing («взяли путёвку»,
"booked the seats on the flight"); a residence permit by its abbreviation
and its steps («подала на продление ВНЖ», "Filed the extension"). The text
leg finds only the turns with the topic's word, and the window's newest
turns pad the answer. Within the asked window the user's turns saying one
of the topic's parts are its turns (search/window_doing.py lifts them); the
window already says which weeks, the question which topic. Only a bare
topic: a question naming a person or place too ("the Kerry trip", «поездки
к отцу») is read by those (search/window_trip.py, window_person.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import RELATIONS
from .morphology import relation_base_forms, stem

_WORK = re.compile(
    r"\b(?:work(?:s|ed|ing)?(?!\s+out)|job|shifts?|office|boss|manager"
    r"|colleagues?|co-?workers?|mentor|intern(?:ship)?|first\s+day\s+at"
    r"|salary|payslip|hired|promot\w+|resign\w*|retir\w+)\b"
    r"|(?<!\w)(?:(?:по|от|за|под)?работ\w*|смен[аыуеой]\w*|офис\w*|начальни\w*"
    r"|босс\w*|коллег\w*|наставни\w*|стажир\w*|стажёр\w*|зарплат\w*|уволил\w*"
    r"|устроил\w*|пенси\w+|проводы)(?!\w)",
    re.I,
)
_TRIP = re.compile(
    r"\b(?:trip|holiday|vacation|flights?|fl(?:y|ew|ying)|tickets?|booked"
    r"|booking|hotel|cottage|packing|suitcase|airport|boarding"
    r"|packed\s+(?:my|our|the|for|up|half|a)\b)\b"
    r"|(?<!\w)(?:поездк\w*|отпуск\w*|путёвк\w*|путевк\w*|рейс\w*|перел[её]т\w*"
    r"|билет\w*|забронировал\w*|брон[ьиюея]\w*|отел\w*|гостиниц\w*|чемодан\w*"
    r"|аэропорт\w*|самол[её]т\w*|вылет\w*)(?!\w)",
    re.I,
)
_PERMIT = re.compile(
    r"\b(?:permit|visa|residence\s+card|extension|biometric\w*|immigration"
    r"|ministry\s+of\s+the\s+interior)\b"
    r"|(?<!\w)(?:внж|вид\w*\s+на\s+жительство|виз[аыуе]\w*|продлени\w*"
    r"|миграционн\w*|МВД)(?!\w)",
    re.I,
)
# Each topic: the stems of the words asking it (either language), and what
# tells one of its parts.
_TOPICS = (
    (frozenset(map(stem, "work job работа работой работе работу".split())), _WORK),
    (
        frozenset(
            map(
                stem,
                """trip holiday vacation travel поездка поездку поездке отпуск
                отпуском отпуске путешествие""".split(),
            )
        ),
        _TRIP,
    ),
    (frozenset(map(stem, "permit visa внж виза визой визу".split())), _PERMIT),
)
_WORD = re.compile(r"\w+", re.UNICODE)
# a capitalised word after the first names a person or place
_NAMED = re.compile(r"(?<=\w)\W+[A-ZА-ЯЁ]\w+")
_MONTH_OR_TIME = re.compile(
    r"^(?:january|february|march|april|may|june|july|august|september|october"
    r"|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|christmas|easter)$",
    re.I,
)


def topic_asked(text: str, own_stems: Sequence[str]) -> re.Pattern[str] | None:
    """What tells a part of the bare topic the question asks (work, a trip
    or holiday, a permit), or None: no such topic, or one said of a person
    or place."""
    found = next((tells for words, tells in _TOPICS if words & set(own_stems)), None)
    if found is None or _names_someone(text):
        return None
    return found


def _names_someone(text: str) -> bool:
    """A person or place named beside the topic: a capitalised word after
    the first (not a month or a weekday) or a relative («к отцу»)."""
    names = (m[0].strip(" \t,.?!") for m in _NAMED.finditer(text))
    if any(not _MONTH_OR_TIME.match(_WORD.findall(n)[-1]) for n in names):
        return True
    words = [w.casefold() for w in _WORD.findall(text)]
    return any(word in RELATIONS for word in relation_base_forms(words))
