"""The car before the new one, told sold on a day of its own
(search/sold_before.py): no turn names both cars, the old car's turns name
its make and model but never the word "car", and the sale is said in
Russian («Продал Фиесту…»), so only the sale before the new car's first
turn gives the older one, when the user's turns about it name a car; a
thing of another kind sold then is no answer."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
# everyday talk; the first two share the question's words ("car", "before")
NOISE = (
    "Washed the car by hand, it's sunny for once.",
    "Read the news for an hour, bad idea before bed.",
    "Cooked a big pot of soup for the week.",
    "Priya moved to Vienna for a design job.",
    "The company picnic got rained out.",
)
OLD_CAR = [
    "Фиеста опять еле завелась утром",
    "Our old Ford Fiesta wouldn't start again, the starter this time.",
    "Took the Fiesta to the garage, they want 400 quid for the clutch.",
]
SALE = "Продал Фиесту за 800 фунтов парню с соседней улицы. Прощай, старушка"
NEW_CAR = [
    "Picked up the Yaris today, silver, only 40k on the clock!",
    "Drove the Yaris to the coast, so quiet.",
    "Filled up the Yaris, petrol prices again.",
]


def _life(old: list[str], sale: str, new: list[str]) -> list[str]:
    noise = [NOISE[i % 5] for i in range(40)]
    return [*old, *noise[:20], sale, *noise[20:], *new]


async def test_the_car_sold_before_the_new_one(storage: MemoryStorage) -> None:
    texts = _life(OLD_CAR, SALE, NEW_CAR)
    top = await top_answers(storage, texts, T0, "What car did I have before the Yaris?")
    assert {*OLD_CAR, SALE} <= set(top[:5]), top


async def test_a_thing_of_another_kind_sold_is_no_car(storage: MemoryStorage) -> None:
    bike = ["Rode the Brompton along the canal.", "Brompton got a flat tyre."]
    sale = "Sold the Brompton to a student for 300."
    texts = _life(bike, sale, NEW_CAR)
    top = await top_answers(storage, texts, T0, "What car did I have before the Yaris?")
    assert not {*bike, sale} & set(top[:5]), top
