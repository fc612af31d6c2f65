"""Turns that only step toward a change: an interview, an offer, a viewing,
an application («собеседование», «оффер», «смотрели квартиру», "applied").

For a question about now they name the next state before it holds ("Second
interview at Skelo") and share the asked thing's words ("job", «работа»)
more than the turns of the state itself ("Первый день в Skelo"), so they
filled the answer; they weigh less than a turn that tells the change or the
present (search/standing.py). Read from the raw words, never the things.
"""

from __future__ import annotations

import re

from .changes import holds_any, tells_change, tells_present

_STEP = re.compile(
    r"\b(?:(?:job )?interview(?:s|ed|ing)?|recruiters?|(?:job )?offers?"
    r"|viewings?|applied|appl(?:y|ying) for|applications?|shortlisted)\b"
    r"|(?<!\w)(?:собеседовани\w*|оффер\w*|рекрутер\w*|ваканси\w*"
    r"|смотрел[аи]? (?:квартир|дом)\w*|просмотр\w* (?:квартир|дом)\w*"
    r"|подал[аи]? (?:заявк|резюме|документ)\w*|откликнул\w*)(?!\w)",
    re.I,
)

# A literal every match of _STEP holds, as IGNORECASE compares it
# (changes.holds_any): the pattern (~5 µs a turn) runs only on a turn holding
# one; a question about now asks it of ~90 turns.
_STEP_KEYS = (
    "interview", "recruiter", "offer", "viewing", "appl", "shortlisted",
    "собеседовани", "оффер", "рекрутер", "ваканси", "смотрел", "просмотр",
    "подал", "откликнул",
)  # fmt: skip

# A step weighs this much less than a turn about the same thing: about as
# much as a change told weighs more (search/changes.py CHANGE_BOOST).
STEP_DROP = 0.6


def only_steps(text: str) -> bool:
    """The turn steps toward a change (_STEP) and tells neither a change nor
    the present: "Second interview at Skelo", not "Got the offer, I'm leaving
    Baltix Pay" (a change told)."""
    if not holds_any(text, _STEP_KEYS) or not _STEP.search(text):
        return False
    return not (tells_change(text) or tells_present(text))


def step_factor(text: str) -> float:
    """The weight of a turn about the asked thing, for a question about now."""
    return 1.0 / (1.0 + STEP_DROP) if only_steps(text) else 1.0
