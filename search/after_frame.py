""" "How is my leg now after the surgery?": the event after which a state is
asked about is the question's time, not the thing asked.

«Как у меня теперь нога после операции?» asks about the leg; the turns that
answer («Прошла сегодня до Rosental без палочки, нога не болит») rarely name
the operation again, nor say «после». Counting «после» and «операции» among
the words one hit must share (support.py, half of the question's own words)
left the leg alone a third of them, and the question got nothing. The event
is set aside as "before X" sets aside its later state (before_own.py), and
the preposition, a function word, with it: the asked thing is still wanted.
"""

from __future__ import annotations

import re

from .morphology import stem
from .twin_words import with_twins

_AFTER = re.compile(
    r"(?<!\w)(after|since|после)\s+"
    r"(?:(?:the|my|our|мо\w+|наш\w+)\s+)?(\w+)",
    re.I,
)


def after_frame(text: str) -> set[str]:
    """Stems of the prepositions and events a question times itself by
    ("after the surgery" → after, surgery; «после операции» → посл,
    операци), with their twins (the question's words searched in the other
    language: «операции» is "surgery"); empty when it says none."""
    said = {stem(word) for m in _AFTER.finditer(text) for word in (m[1], m[2])}
    return set(with_twins(frozenset(said)))


def without_frame(words: set[str], frame: set[str]) -> set[str]:
    """`words` less the `frame`, unless nothing would be left: a question all
    of whose words are the frame ("what happened after the wedding?") still
    needs a hit to say one."""
    return (words - frame) or words
