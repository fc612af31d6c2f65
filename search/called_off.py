"""A plan called off in plain words, as search/changes.py reads a change.

"Berlin is off", "the trip's off", "Perm in February is not happening",
"we're not going to Siberia", «раз мы не едем в Берлин», «на юбилей не
прилетим»: no word of cancelling, yet the plan is over, and the turn names
the plan it ends (what a question about the original plan asks) and tells
the change (what a question about where it stands now asks). Not "he's off
to work", "not going to lie" (no place follows), «мне не лень».
"""

from __future__ import annotations

# A part of a pattern that is case-insensitive; a place after "not going
# to" is capitalised (case-sensitive). In Russian a journey negated: «не
# едем», «не поедем», «не прилетим», «не летим».
CALLED_OFF = (
    r"\b(?:(?:is|are|'s|’s) off(?! (?:to|for|at|on|work|sick|duty)\b)"
    r"|(?:is|are|'s|’s) not happening|(?-i:not going to [A-Z]\w*))\b"
    r"|(?<!\w)не (?:по|при)?(?:едем|еду|едет|едут|летим|лечу|летит|летят)(?!\w)"
)
# Literals every match holds (search/changes.py's quick check).
CALLED_OFF_KEYS = (
    " off",
    "not happening",
    "not going to",
    "не е",
    "не по",
    "не пр",
    "не л",
)
