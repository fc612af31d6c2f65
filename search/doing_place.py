"""Where or with whom a "What did I do …" question asks: "What did I do at
the allotment in March?", "what was I doing with Nastya last week", «что я
делала на участке в марте?», «чем я занимался с Лёшей на выходных?».

The window's own turns answer "What did I do?" (search/windowed.py
own_doings), the most telling of each day first; the place or person after
a preposition narrows it: the turns that name it lead, the day's other
doings only fill the answer after them. The question's time words ("in the
first week", «в те дни», "back then") name no place. Pure: no storage.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.months import MONTH_PATTERN
from ..core.records import Node
from .analysis import AnalysedQuery
from .stem_sets import shares_stem, term_stems, text_stems

# A place or a person is asked after one of these: "at the allotment", "with
# Stan", «на участке», «с Настей», «у мамы»; "to" is left out ("get up to").
_PREPOSITION = re.compile(
    r"(?<!\w)(?:at|on|in|with|for|about|around|на|в|во|с|со|у|про|около)\s+"
    r"(?:(?:the|my|our|a|an|мо\w+|наш\w+)\s+)?([\w'’-]+)",
    re.I,
)
_MONTH = re.compile(MONTH_PATTERN, re.I)  # "March", «март», «марте»
# The words of a time, not of a place ("in the first week", «в те дни»).
_TIME_WORDS = frozenset(
    "week weeks weekend weekends day days month months year years first last"
    " end beginning start middle back then time morning evening night"
    " неделю неделе недели дни день дня месяц месяце выходные выходных"
    " конце начале середине ту те тот то время тогда утром вечером".split()
)


def asked_place(query: AnalysedQuery) -> frozenset[str]:
    """The stems of the place or person the question asks the doings at or
    with, and their twins in the other language (empty: none)."""
    phrase = query.when.phrase if query.when is not None else ""
    rest = query.text.replace(phrase, " ") if phrase else query.text
    words = {found[1].casefold() for found in _PREPOSITION.finditer(rest)}
    asked = [term for term in query.terms if term.casefold() in words and _place(term)]
    if not asked:
        return frozenset()
    # the twins are the question's: "allotment" is «участок» in Russian turns
    return frozenset(term_stems([*asked, *filter(_place, query.twin_terms)]))


def _place(term: str) -> bool:
    """The term may name a place or a person: no time, month or number."""
    word = term.casefold()
    return word not in _TIME_WORDS and not _MONTH.fullmatch(word) and not word.isdigit()


def at_the_place_first(nodes: Sequence[Node], place: frozenset[str]) -> list[Node]:
    """Of `nodes` (the window's own turns, oldest first), those that name
    `place`, in time order; none when `place` is empty."""
    if not place:
        return []
    return [node for node in nodes if shares_stem(place, text_stems(node.content))]
