"""The owner of the user's workplace is the user's boss, told without "boss".

«с апреля бистро принадлежит Ане», "Ana owns the bistro now", «первый
рабочий день при Ане», "my first day under Ana": when a workplace changes
hands, the user tells who it belongs to now, or under whom they work, and
later asks "Who's my boss these days?". The person is filed as the boss,
taking the relation from the one before (writepath/relations.py), only as a
guess (Mention.tentative): never over a relation of their own, and only
when someone holds the boss already (an owner alone may be a shop's).
"""

from __future__ import annotations

import re

from ..core.workplaces import WORKPLACES as _WORKPLACES
from .boss_titles import BOSS

_AFTER_WORK = (
    r"(?:рабоч\w+\s+(?:день|неделя|смена)|работа\w*"
    r"|first\s+(?:working\s+)?(?:day|week|shift)|working\s+day|work\w*)"
)


def _patterns(name: str) -> tuple[re.Pattern[str], ...]:
    said = re.escape(name)
    return (
        re.compile(
            rf"(?<!\w)(?:{_WORKPLACES})\s+(?:теперь\s+)?принадлежит\s+{said}(?!\w)",
            re.I,
        ),
        re.compile(
            rf"(?<!\w){said}\s+(?:now\s+)?owns\s+(?:the|our)\s+(?:{_WORKPLACES})(?!\w)",
            re.I,
        ),
        re.compile(
            rf"(?<!\w)the\s+(?:{_WORKPLACES})\s+(?:now\s+)?belongs\s+to\s+{said}(?!\w)",
            re.I,
        ),
        re.compile(rf"(?<!\w){_AFTER_WORK}\s+(?:при|under)\s+{said}(?!\w)", re.I),
    )


def owner_of_workplace(text: str, name: str) -> str:
    """ "boss" when the text says the user's workplace belongs to `name`, or
    that the user works under them; else ""."""
    return BOSS if any(p.search(text) for p in _patterns(name)) else ""
