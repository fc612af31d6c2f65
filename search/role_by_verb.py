"""A relation asked by what the user does with that person, not by its name.

"Who do I report to now?" asks the boss, «У кого мы снимали квартиру раньше?»
the former landlord: the memory files the person under the relation, so the
question is said again as "who is my boss now" and read from the person who
holds it (search/people.py), now or before (search/past_holder.py). One
shape for every such relation (search/asked_boss.py, search/asked_landlord.py):
the verb phrase becomes the relation question, a verb in the past asks the
former holder, and the time words between the asker and the verb are kept,
since they still tell now from before (search/standing.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TIME_WORDS = (
    r"(?:now|currently|still|before|previously|these\s+days|сейчас|теперь|раньше)\s+"
)
# A time word between the asker and the verb; a pattern with two alternatives
# names the second `when2` (a group name is said once per pattern).
WHEN = rf"(?P<when>{_TIME_WORDS})?"
WHEN2 = rf"(?P<when2>{_TIME_WORDS})?"


@dataclass(frozen=True)
class RoleByVerb:
    """A relation's verb phrases and the questions they are said as."""

    english: re.Pattern[str]
    russian: re.Pattern[str]
    past: re.Pattern[str]  # a verb in the past asks the former holder
    now_en: str
    before_en: str
    now_ru: str
    before_ru: str

    def said_as_relation(self, text: str) -> str:
        """`text` with its verb phrase said as the relation question; any
        other text as it is."""
        text = self.english.sub(
            lambda m: self._asked(m, self.now_en, self.before_en), text
        )
        return self.russian.sub(
            lambda m: self._asked(m, self.now_ru, self.before_ru), text
        )

    def _asked(self, match: re.Match[str], now: str, before: str) -> str:
        head = before if self.past.search(match[0]) else now
        when = match.groupdict().get("when") or match.groupdict().get("when2") or ""
        return f"{head} {when}".rstrip()
