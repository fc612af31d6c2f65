"""The older workplace asked of without the later one is read by the turn
that tells its last day (search/last_day.py): "Last day at Byrne Heating"
names it, and its turns from before that day answer "Where did I use to
work?" though they never say "work"."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.last_day import asks_work, last_day_places
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Swam in the morning again.",
    "Made soup with the last of the carrots.",
    "Misha sent photos of their new house.",
    "Walked the dog around the park twice.",
    "Watched a film about whales, cried a bit.",
)
OLD = [
    "Three combi boilers in Phibsborough for Byrne Heating today.",
    "Byrne Heating van broke down again, Declan was furious.",
    "Declan gave me the Clontarf heat pump for Byrne Heating.",
]
NEW = [
    "Last day at Byrne Heating. Declan bought me a cake.",
    "First day at Glenmore, a van tour and a laptop at work.",
    "Glenmore work is calmer, the office has good coffee.",
]


async def test_the_older_workplace_is_read_by_its_last_day(
    storage: MemoryStorage,
) -> None:
    texts = [*OLD, *(NOISE[i % 5] for i in range(40)), *NEW]
    top = await top_answers(storage, texts, T0, "Where did I use to work?")
    # the older workplace's turns answer, though none says "work"
    assert set(OLD) & set(top[:5]), top


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Last day at Byrne Heating. Ciarán bought me a cake", ["Byrne Heating"]),
        ("Last shift at Purvciems substation. The Old Man", ["Purvciems"]),
        ("Friday was my last day at Kyma Shipping", ["Kyma Shipping"]),
        ("последний день в Onda Studio. Руй подарил", ["Onda Studio"]),
        ("Последняя смена в Оксфаме, Полин и Дорин", ["Оксфаме"]),
        # no name: no place left; someone else's last day is not the user's
        ("my last day at work before the holidays", []),
        ("И у Лёвы последний день в Регенбоге", []),
        # a trip's last day leaves no workplace
        ("Last day in Rome, gelato twice.", []),
    ],
)
def test_the_places_a_last_day_names(text: str, places: list[str]) -> None:
    assert last_day_places(text) == places


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Where did I use to work?", True),
        ("Где я раньше работала?", True),
        ("where did I use to volunteer?", True),
        ("What did I do for work before Orbita?", True),
        ("What shifts did I use to work?", False),
        ("Where did Caroline work?", False),
        ("What car did I use to have?", False),
    ],
)
def test_a_question_about_work(question: str, asks: bool) -> None:
    assert asks_work(question) is asks


# The older workplace's turn names the site it sent the user to beside the
# firm, and the user cycled to that district's yard every morning.
SITE = [
    "Three combi boilers in Phibsborough for Byrne Heating today.",
    "My boss Declan runs his own company, Byrne Heating; he put me on a"
    " site in Glasnevin for the whole week.",
]
COMMUTE = [
    f"Cycled to the yard in Glasnevin, {m} minutes, rain again."
    for m in (11, 12, 13, 14)
]
LEAVING = [
    "Handed in my notice to Declan, two weeks to go.",
    "Last day at Byrne Heating. Declan bought me a cake.",
    "First day at Glenmore, a van tour and a laptop, big company.",
]


async def test_the_site_beside_the_older_workplace_brings_no_commutes(
    storage: MemoryStorage,
) -> None:
    noise = (NOISE[i % 5] for i in range(40))
    texts = [*SITE, *COMMUTE, *noise, *LEAVING]
    top = await top_answers(storage, texts, T0, "Where did I use to work?")
    # the older workplace answers; the district its site was in is no
    # workplace, and the rides to its yard are no answer
    assert set(SITE) <= set(top), top
    assert not set(COMMUTE) & set(top), top
