"""The relevance gate reads deeper than the block shows: the one turn that
says how old Halina is may rank below five turns on her old things, and
the memory still answers. An age is a number said as one («ей семьдесят»,
"turned 72", «(Олег, 61)»), not a count of things («сорок коробок»)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.asked_of import says_age
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

# Turns that share both of the question's words and say no age
HALINA_OLD = [
    "Halina found her old sewing machine in the attic, old but working.",
    "Halina's old neighbour from Gdansk came over, they talked old times.",
    "Halina wants to sell the old piano, it is too old to tune.",
    "Halina showed me old photos of the old house by the lake.",
    "Halina kept the old armchair, the old cat sleeps in it.",
    "Halina's old friend Basia is coming, old school friends.",
]


@pytest.mark.parametrize(
    ("told", "found"),
    [
        ([], False),
        (["Halina carried forty boxes up the stairs."], False),
        (["Halina turned seventy-two on Sunday."], True),
    ],
)
async def test_the_gate_reads_the_turn_ranked_below_the_shown_ones(
    storage: MemoryStorage, told: list[str], found: bool
) -> None:
    retriever = await linked_days(storage, [*told, *HALINA_OLD], T0)
    hits = await retriever.search(
        "How old is Halina?", SearchFilters(limit=5), reinforce=False
    )
    assert bool(hits) is found


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Шпрот спал на сорока коробках, сорок коробок!", False),
        ("Со Шпротом разобрали сорок коробок.", False),
        ("There's forty boxes in the hall and Shprot on top.", False),
        ("Лёве семь, он уже читает.", True),
        ("Ему тридцать восемь.", True),
        ("Halina's 80 now and still drives.", True),
        ("He's forty and still runs.", True),
        ("Сын Костя (Константин, 39, бэкенд-разработчик) перетащил нас.", True),
        ("Met Oleg (61) at the dacha.", True),
    ],
)
def test_a_number_is_an_age_only_said_as_one(text: str, age: bool) -> None:
    assert says_age(text) is age
