"""What was done with someone named is that person's, not the user's alone.

«Что мы с Матеем делали в феврале?», "what did I do with Maty in May?",
"what did Maty and I do?" have the shape of "What did I do …" (the user's
own turns of the time, search/when.py `asks_own_doings`), yet ask about the
days spent with the person: their turns of the time answer
(search/window_person.py), and the user's other days («сварила суп»,
"counted cargo bikes") do not. Only a capitalised name is someone: «мы с
мамой» stays the user's own doings.
"""

from __future__ import annotations

import re

from ..core.text import UPPER_LETTERS

_WITH_SOMEONE = re.compile(
    rf"(?<!\w)(?:с|со)\s+(?-i:[{UPPER_LETTERS}])\w+"
    r"|\bwith\s+(?-i:[A-Z])\w+|\b(?-i:[A-Z])\w+\s+and\s+I\b",
    re.I,
)


def done_with_someone(text: str) -> bool:
    """The question names someone the thing was done with («мы с Матеем»,
    "with Maty", "Maty and I")."""
    return bool(_WITH_SOMEONE.search(text))
