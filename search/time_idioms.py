"""Phrases of time that name a topic's word but are not about the topic.

"Had a pint with Vova after work", «после работы зашёл в магазин»: the
turn tells when, not where the user works; read as about the job, it ranks
above the job's own turns for "Who do I work for now?" and lends its people
to the job's current value. "after work", "before work" and their Russian
«после работы», «перед работой» are a time of day, so a turn's words about
what it tells are read without them. "to work", "at work" stay: "I cycle to
work" is the commute, "a new manager at work" is the job.
"""

from __future__ import annotations

import re

_TIME_OF_WORK = re.compile(
    r"\b(?:after|before) work\b|(?<!\w)(?:после работы|перед работой)(?!\w)",
    re.I,
)


def without_idioms(text: str) -> str:
    """`text` with its phrases of time that borrow a topic's word left out
    ("a pint after work" → "a pint")."""
    return _TIME_OF_WORK.sub(" ", text)
