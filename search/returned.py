"""A return to an earlier state, as search/changes.py reads a change.

"Went back to the VHS class", "I'm back at Anjos Cowork", "Back in the
classroom", "returned to my old pharmacy", «Вернулась в VHS!», «Вернулся на
теннис к Левану»: after a switch away, coming back is itself the latest
change, and the state it returns to is the present ("German online or at
the VHS?" after a term on Zoom and a return). Whose return it is the caller
reads ("Lev is back at judo" is Lev's: search/standing.py's told_of_other).
Not "came back home" nor «вернулась домой» (no state follows a preposition
there), nor "back from" / «вернулась из» (where one was), nor "back to
work" after a holiday (the same job, no switch), nor "back at Zhanna's" (a
visit to someone's place, not a state).
"""

from __future__ import annotations

# A part of a pattern that is case-insensitive.
BACK_TO = (
    r"(?:\b(?:is|are|am|was|were|'m|'re|'s|went|go|goes|going|gone|got|came"
    r"|come|coming) back (?:to|at|in|into|on)|\breturn(?:ed|ing)? to"
    # a diary's line with no subject: "Back in the classroom."
    r"|(?:^|(?<=[.!?]\s))back (?:at|in|to))\b(?! work\b)(?!(?: \w+){1,2}'s\b)"
    r"|(?<!\w)вернул(?:ся|ась|ись|и)? (?:в|во|на|к)(?!\w)"
)
# Literals every match holds (search/changes.py's quick check).
BACK_TO_KEYS = ("back ", "return", "вернул")
