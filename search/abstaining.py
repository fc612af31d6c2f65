"""The turns that count the days since a state ended: "Day two without sugar".

After "Всё, сахар бросил" or "Всё, завязала… отдала кофемашину" the user
keeps count: "Day two without sugar", «Десять дней без сахара», "One week
without coffee", "Day two without it". Such a turn goes on with the end —
the state is still over — yet it rarely says the asked word ("sweets",
"coffee"), so the thing's read misses it. A turn is one when a span of
time (a day, a week, a month, «день», «неделя», «месяц») stands right
before "without" / «без», and the word after it is the thing, what the
end word ends ("сахар" of «сахар бросил»; its twin in the other language
too), or "it" / «него». Not any word of the end turn: «Десять дней без
сахара. На дневной смене больше не тянет…» ends no sugar by «больше не».
Bounded: one read of the user's turns in the months after the end.
"""

from __future__ import annotations

import re

from ..core.records import Node, SearchHit
from ..store.interface import Store
from .stem_sets import text_stems
from .twin_words import with_twins
from .windowed import turns_as_hits

# "day two without", "ten days without", «третий день без», «полтора месяца без»
_COUNT = re.compile(
    r"\b(?:day|days|week|weeks|month|months)(?:\s+\w+)?\s+without\s+(\w+)"
    r"|(?<!\w)(?:день|дня|дней|неделю|неделя|недели|недель|месяц|месяца"
    r"|месяцев)\s+без\s+(\w+)",
    re.I,
)
# "without it", «без него»: the count names what the end ended before.
_THE_ENDED = frozenset("it that them него неё нее этого них".split())


def counts_without(text: str, ended: frozenset[str]) -> bool:
    """The text counts time without a word of `ended` (stems), or without
    "it"."""
    for match in _COUNT.finditer(text):
        word = (match.group(1) or match.group(2)).casefold()
        if word in _THE_ENDED or text_stems(word) & ended:
            return True
    return False


async def counting_turns(
    storage: Store, turns: list[Node], ended: frozenset[str]
) -> list[SearchHit]:
    """Those of `turns` (the user's after an end, oldest first:
    windowed.own_turns_after) that count time without what it ended
    (`ended`: stems)."""
    found = [n for n in turns if counts_without(n.content, with_twins(ended))]
    return await turns_as_hits(storage, found)
