"""The turns and things of a question how one gets about, now.

"Do I still cycle to work?", «Как я теперь езжу на работу?», «На чём мы
сейчас ездим?»: the way now is often a car, told by driving or by the car
("Drove to Citywest", «На работу на Шкоде», "15 minutes in the Skoda"),
words no way of the category (bike, bus, train) shares; and a way's word
inside another ("hurling training") names no way at all. The category's
things (search/category_things.py) are read from these turns: the ones
search/kinds.py reads as a way, by a member, by driving or by the car
ridden, and the car's make counts however rarely the hits name it (the
old bike's yard, carried by the searched ways, is named more often).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.records import SearchHit
from .analysis import AnalysedQuery
from .company import asks_riding
from .kinds import AskedKinds
from .morphology import stem
from .standing import told_of_other
from .stem_sets import shares_stem, text_stems
from .windowed import USER_ROLE


def riding_holders(
    hits: list[SearchHit], wanted: set[str], query: AnalysedQuery
) -> list[SearchHit]:
    """The user's own turns, not told of someone else, that carry a word of
    the question other than the ways, or name a way as search/kinds.py
    reads it (by driving, by the car ridden; "hurling training" is no
    train, and its club no way to work)."""
    kinds = query.kinds
    others = wanted - kinds.member_stems
    return [
        hit
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and not told_of_other(hit, query.text)
        and _tells_way(hit.node.content, others, kinds)
    ]


def _tells_way(text: str, others: set[str], kinds: AskedKinds) -> bool:
    stems = text_stems(text)
    return shares_stem(others, stems) or bool(
        kinds.said(stems, text, members_only=True)
    )


def riding_stems(kinds: AskedKinds) -> frozenset[str]:
    """The stems a turn names a way by, whatever its score: the ways, the
    verb of driving and the cars ("Skoda", «Шкоде»)."""
    if not asks_riding(kinds):
        return frozenset()
    return kinds.way_stems | frozenset(map(stem, kinds.thing_names))


def ridden_keys(kinds: AskedKinds, key: Callable[[str], str]) -> frozenset[str]:
    """The loose keys (by `key`) of what one rides: the ways and the car
    makes. The car bought last is often named in fewer of the hits than
    the old bike's yard, yet it is the way now. Only asked of now: asked
    before, the old way is named often enough, and the new car counted
    anyway would leave the old way alone among the makes."""
    if not asks_riding(kinds):
        return frozenset()
    return frozenset(key(name) for name in kinds.thing_names) - {""}
