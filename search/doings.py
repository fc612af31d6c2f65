"""Which of the user's turns tell what they did, for "What did I do …".

A day holds a few user turns: one tells a doing ("Went to a jazz concert",
"Сварил борщ"), the rest ask, plan or pass on others' news. A window longer
than the answer's limit gets the most telling turns spread over its days —
the best of each day first — not the first turns in time order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Node

DAY = 86400.0
TOLD_WORDS = 4

# A turn opening on a verb in the past, its subject the speaker left out:
# "Went …", "Took Pepper …", "Back from …", "Сварил …", "Ходили …".
_EN_PAST = re.compile(
    r"^(?:back\s+from|\w+ed|went|took|did|spent|had|made|swam|ran|saw|met|got"
    r"|came|ate|drank|bought|found|read|wrote|rode|flew|gave|left|won|built"
    r"|caught|brought|sang|slept)\b",
    re.I,
)
_RU_PAST = re.compile(
    r"^(?:утром\s+|вечером\s+|долго\s+)?\w{2,}(?:л|ла|ли|лся|лась|лись)\b", re.I
)
# "I went …", "Lena and I watched …", "Мы с Леной смотрели …"
_WITH_ME = re.compile(
    r"^(?:i|we|\w+\s+and\s+i)\s+(?:\w+ed|went|took|did|spent|had|made|saw|met)\b"
    r"|^(?:я|мы)\s+(?:с\s+\w+\s+)?\w{2,}(?:л|ла|ли)\b",
    re.I,
)
_ASKS = re.compile(r"^(?:remind|need|напомни|надо|нужно|important)\b", re.I)
# A day or a time of day opening a diary line before what was done:
# "Wednesday, walked Sandro …", "Sunday evening: back at …", «Среда, отвёл …».
_WHEN_FIRST = re.compile(
    r"^(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today"
    r"|yesterday)(?:\s+(?:morning|afternoon|evening|night))?|tonight"
    r"|this\s+(?:morning|afternoon|evening)"
    r"|(?:понедельник|вторник|среда|четверг|пятница|суббота|воскресенье|сегодня"
    r"|вчера)(?:\s+(?:утром|днём|днем|вечером|ночью))?)\s*[,:—–-]\s*",
    re.I,
)
# Someone did a thing with the speaker as its object: "Kostya picked me up",
# «Костя забрал меня …», «Лиля позвала нас …».
_TOOK_ME = re.compile(
    r"^[A-ZА-ЯЁ]\w+\s+(?:\w+ed|took|drove|brought)\s+(?:me|us)\b"
    r"|^[A-ZА-ЯЁ]\w+\s+\w{2,}(?:л|ла|ли)\s+(?:меня|нас)(?!\w)"
)
# A line ends when a sentence does: a full stop, "!" or "?" and a space.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
# The sentences a turn is judged by: a story is told in its first few.
TOLD_SENTENCES = 3


def telling(node: Node) -> int:
    """3: tells the speaker's own doing; 2: with someone; 1: a statement; 0: asks."""
    text = " ".join(node.content.split())
    if len(text.split()) < TOLD_WORDS or _ASKS.match(text) or _asks(text):
        return 0
    first, *rest = _SENTENCE_END.split(text)[:TOLD_SENTENCES]
    first = _WHEN_FIRST.sub("", first, count=1)
    if _EN_PAST.match(first) or _RU_PAST.match(first):
        return 3
    # "Pottery night at Amal's. I glazed my bowl": the doing may follow a
    # sentence that names the occasion.
    if any(_WITH_ME.match(line) for line in [first, *rest]) or _TOOK_ME.match(first):
        return 2
    return 1


def _asks(text: str) -> bool:
    """A turn asks when its question opens it or is most of it; a diary line
    that closes a told story on a question ("Who will I get now?") tells."""
    sentences = _SENTENCE_END.split(text)
    if sentences[0].endswith("?"):
        return True
    return text.endswith("?") and len(sentences) < TOLD_SENTENCES


def _spread(count: int) -> list[int]:
    """0..count-1 in an order whose every prefix is spread over the range."""

    def reversed_bits(i: int) -> float:
        value, part = 0.0, 0.5
        while i:
            value, i, part = value + part * (i & 1), i >> 1, part / 2
        return value

    return sorted(range(count), key=reversed_bits)


def most_telling(nodes: Sequence[Node], limit: int) -> list[Node]:
    """Up to `limit` of `nodes` (the user's turns of a window, oldest first):
    each day's most telling turn, then each day's next, a text said before
    after a new one; returned in time order."""
    days: dict[int, list[Node]] = {}
    for node in nodes:
        days.setdefault(int(node.when // DAY), []).append(node)
    ranked_days = [
        sorted(day, key=lambda n: -telling(n)) for _, day in sorted(days.items())
    ]
    order = _spread(len(ranked_days))
    chosen: list[Node] = []
    said: set[str] = set()
    depth = 0
    while len(chosen) < limit and any(len(d) > depth for d in ranked_days):
        level = [ranked_days[i][depth] for i in order if len(ranked_days[i]) > depth]
        level.sort(key=lambda n: (-telling(n), n.content in said))
        for node in level[: limit - len(chosen)]:
            chosen.append(node)
            said.add(node.content)
        depth += 1
    return sorted(chosen, key=lambda n: (n.when, n.id))
