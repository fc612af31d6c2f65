"""Who held a relation one holds one at a time, asked in the past tense.

"Who was my boss at Purvciems?", «Кто у меня был начальником до Ольги?»: the
present holder "is" the boss, so "was" asks the one before, the former boss
writepath/relations.py files when a newer one takes the relation.
"""

from __future__ import annotations

import re

from ..core.relations import ONE_AT_A_TIME
from .morphology import relation_base_forms

# The relation is the predicate of "was" after "who" (not "Where was my boss
# yesterday?", where the boss is the one asked of), maybe called old ("Who
# was my old manager?", «Кто был моим прежним начальником?»).
_ASKS_PAST_HOLDER = re.compile(
    r"^\W*who\s+(?:was|were)\s+(?:my|our)\s+([\w-]+)(?:\s+([\w-]+))?"
    r"|^\W*кто\s+(?:у\s+(?:меня|нас)\s+)?был[аи]?\s+(?:(?:мо|наш)\w*\s+)?(\w+)"
    r"(?:\s+(\w+))?",
    re.I,
)
_OLD = frozenset("old former previous старый старая старым старой".split())
_OLD_RU = re.compile(r"(?:прежн|бывш)\w+")  # «прежним», «бывшей»: any case


def past_holder_relation(text: str) -> str:
    """The relation held one at a time (a boss, a landlord) whose past holder
    the question asks, in its base form; "" for none."""
    asked = _ASKS_PAST_HOLDER.search(text)
    if asked is None:
        return ""
    said = [w.lower() for w in asked.groups() if w]
    if re.match(r"['’]s\b", text[asked.end(1 if asked[1] else 3) :]):
        return ""  # "Who was my boss's wife?" asks the wife
    words = relation_base_forms(said)
    if len(words) == 2 and (words[0] in _OLD or _OLD_RU.fullmatch(words[0])):
        words = words[1:]
    return words[0] if words[0] in ONE_AT_A_TIME else ""
