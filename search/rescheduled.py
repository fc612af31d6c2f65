"""A plan moved to another time is no move of home.

"Moved", "moving" are words of a question about home ("Where did we move?")
and of the turns that answer it ("We moved to Haarlem"); they are also what
a plan does: "Mum's call moved to the evening", "moved the dentist to
Monday", "the meeting got pushed to 3 pm", «созвон перенесли на вечер».
Such a turn tells a change, and a recent one, so for a question about the
user's home it rose above the move itself. A turn that moves something to
a time (a part of the day, a weekday, a clock time, "tomorrow", "next
week") is, for a question about home, not about home.
"""

from __future__ import annotations

import re

from ..core.records import SearchHit
from .slots import asks_home

_TIME = (
    r"(?:morning|afternoon|evening|night|tonight|tomorrow|today|noon|midday"
    r"|lunch(?:time)?|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|(?:next|this|the following) (?:week|month|day|\w+day)"
    r"|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|o'clock|h)\b)"
)
_MOVED_TO_A_TIME = re.compile(
    r"\b(?:mov|push|shift)(?:ed|ing)\s+(?:[\w']+\s+){0,2}?(?:back\s+)?"
    rf"(?:to|till|until)\s+(?:the\s+|a\s+)?{_TIME}"
    r"|(?<!\w)перен[её]с\w*\s+(?:\w+\s+)?на\s+(?:вечер|утро|завтра|обед"
    r"|понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье"
    r"|следующ\w+|\d{1,2}(?:[:.]\d\d)?)(?!\w)",
    re.I,
)


def moves_a_time(text: str) -> bool:
    """The turn moves something to another time ("moved to the evening")."""
    return bool(_MOVED_TO_A_TIME.search(text))


def rescheduled_ids(hits: list[SearchHit], question: str) -> set[int]:
    """Ids of the hits that move a plan in time, for a question about the
    user's home (none for any other question: "When is the dentist now?"
    is answered by the move)."""
    if not asks_home(question):
        return set()
    return {hit.node.id for hit in hits if moves_a_time(hit.node.content)}
