"""A question's verb of flying, and the words its answers say it by.

«Когда мы летим в Омск?» is answered by «Билеты сдал, полетим в мае» and
«Вера нашла билеты на май: Тбилиси — Стамбул — Омск»; "When am I flying to
Toronto?" by "the cardiologist doesn't want me on a 12 hour flight": people
ask with the verb and tell with the flight, the tickets, another form of the
verb. The relevance gate (search/support.py) wants both of a question's two
own words in one hit, so the verb counts as said by any of these words.

The verb is known by its full form, not its stem: «летим» would stem to
«лет», which is also "years" («Сколько лет Шпроту?» must stay unanswered),
and «летом» is "in summer" (search/morphology.py gives the unprefixed forms
the stem «лететь» of their own).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .stem_sets import term_stems

# Flying, in the forms a question asks with: "fly", "flying", «летим»,
# «прилетают», «улечу»; never «лет», «лета», «летом», «летний».
_FLYING = re.compile(
    r"(?:fly|flies|flying|flew|flown)"
    r"|(?:по|при|у|вы)?(?:лет(?:им|ишь|ит|ят|ел|ела|ели|ал|ала|али|ать"
    r"|аю|аешь|ает|аем|аете|ают)|лечу)",
    re.I,
)

# What a turn on a flight says: the flight, the tickets, the plane, the
# airport, or a form of the verb (not «лечу», which is also "I treat"; not
# "plane", whose stem is "plan").
_SAID_BY = (
    "fly", "flies", "flying", "flew", "flight", "flights", "ticket", "tickets",
    "airport", "рейс", "рейсы", "рейсом", "билет", "билеты", "билетов",
    "билетами", "самолёт", "самолет", "самолётом", "самолетом", "аэропорт",
    "аэропорту", "перелёт", "перелет", "полёт", "полет", "летим", "летит",
    "летал", "полетим", "полечу", "полетят", "прилечу", "прилетим", "прилетят",
    "прилетит", "прилетают", "прилёт", "прилет", "улечу", "улетим", "улетаю",
    "вылет", "вылетаем", "вылетим",
)  # fmt: skip

_SAID_BY_STEMS = frozenset(term_stems(_SAID_BY))


def flying_kin(terms: Iterable[str]) -> tuple[set[str], set[str]]:
    """(the stems of the terms that are the verb of flying, by their full
    form; the stems of the words a turn says it by), both empty without it."""
    verbs = term_stems(term for term in terms if _FLYING.fullmatch(term))
    return verbs, set(_SAID_BY_STEMS) if verbs else set()
