"""A person asked by relation is answered with the turns of their first name
alone: "Marek Nowak, head of department" is filed as the boss, "Marek" and
«Марек» since as people of their own."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()


async def _said(storage: MemoryStorage, said: list[str]) -> Retriever:
    return await linked_days(storage, said, T0)


LATER = [
    "Marek asked me to cover the Friday stand-up while he is away.",
    "Марек похвалил мой отчёт на планёрке.",
]


async def test_the_boss_by_full_name_is_the_first_name_too(
    storage: MemoryStorage,
) -> None:
    said = [
        "First day at the new job. Marek Nowak, head of logistics, showed me "
        "the warehouse and the coffee machine.",
        *LATER,
        *(f"Paid the power bill, month {i}." for i in range(20)),
    ]
    r = await _said(storage, said)
    for question in ("Who's my boss?", "Кто мой начальник?"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert set(LATER) <= set(top), (question, top)


async def test_a_first_name_two_full_names_begin_with_is_neither(
    storage: MemoryStorage,
) -> None:
    said = [
        "First day at the new job. Marek Nowak, head of logistics, showed me "
        "the warehouse and the coffee machine.",
        "Bumped into Marek Zielinski from my old school at the station.",
        *LATER,
        *(f"Paid the power bill, month {i}." for i in range(20)),
    ]
    r = await _said(storage, said)
    top = [h.node.content for h in await r.search("Who's my boss?", reinforce=False)]
    assert said[0] in top
    assert not set(LATER) & set(top), top


async def test_the_introduction_stays_among_the_first_names_turns(
    storage: MemoryStorage,
) -> None:
    """ "My fiancé Owen Mercer" once, "Owen" in many turns since: the turn
    that says who he is ("fiancé" with its accent) still answers."""
    said = [
        "My fiancé Owen Mercer teaches chemistry at a high school downtown.",
        *(f"Owen and I walked by the lake, evening {i}." for i in range(25)),
    ]
    r = await _said(storage, said)
    top = [h.node.content for h in await r.search("Who's my fiancé?", reinforce=False)]
    assert said[0] in top[:3], top
