""" "What did I do on weekends before tennis?": the user's own past before a
later state the question names.

English says it with a first-person past tense (or what "my" thing was:
"What was my hobby before table tennis?") and "before X" closing the
question ("Which ward was I on before cardiology?", "What did I use to do
before pottery?"); Russian with a past tense and «до X» (before_past_ru.py).
X is the later state: the answer, the older state, need not say it (the
weekend chess before tennis never names tennis), so the relevance gate
(support.py) does not count it among the words one hit must share. Not a
date: "the day before yesterday", "the weekend before last", "before lunch".
"""

from __future__ import annotations

import re

from .asked_of import names_in
from .before_past_ru import state_before
from .morphology import stem

BEFORE_OWN = re.compile(
    r"\b(?:(?:did|was|were|had) (?:i|we)|(?:was|were) (?:my|our))\b.*"
    r"(?<!day )(?<!night )(?<!week )(?<!weekend )(?<!month )(?<!year )"
    r"\bbefore (?!(?:yesterday|last|today|tomorrow|noon|midnight|lunch|dinner"
    r"|breakfast|bed|then|that)\b)([\w' -]+?)\s*[?.!]*$",
    re.I,
)
# Words that only point at the later state: "before my pottery class".
_POINTERS = frozenset("my our the a an his her their".split())


def later_stems(text: str) -> set[str]:
    """Stems of the later state a question about the user's own past before
    it names ("before pottery" → pottery, «до тенниса» → теннис), empty when
    it asks no such thing."""
    found = BEFORE_OWN.search(text)
    words = found[1].split() if found else [state_before(text) or ""]
    return {stem(w) for w in words if w and w.casefold() not in _POINTERS}


def later_named(text: str) -> bool:
    """The question about the time before a later state names no one but
    that state («кто ходил к отцу до Гульназ?»): the turns linked to the
    names it says are the later one's, not the asked one's."""
    later = later_stems(text)
    return bool(later) and {stem(name) for name in names_in(text)} <= later
