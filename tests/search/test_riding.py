"""How the user gets to work now, when the way now is a car: the turns
say driving or the car ("Drove to Parkwest", «На работу на Тойоте»),
not a way the older turns carry (the bike, the bus), and a way inside
another word ("rugby training") is none (search/riding.py), on a real
database."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
BIKE = [
    "Cycled to the depot in Harold's Cross, 20 minutes, wind in my face.",
    "На велике до депо в Харолдс Кросс, двадцать минут.",
    "Bike to the Harold's Cross depot again, flat tyre halfway.",
    "Cycled to the Harold's Cross depot, sunny for once.",
]
BUS = ["Taking the 13 bus to the new job, an hour each way."]
CAR = [
    "Bought a Toyota Corolla, 2018, silver. Loan sorted.",
    "First time to work in the Toyota, 25 minutes on the M50.",
    "Drove to Parkwest, the M50 jammed at the Red Cow again.",
    "На работу на Тойоте, по M50 пробка у Red Cow.",
]
# the newest turns: a child's training, named with a way inside the word
TRAINING = [
    "Dropped Nina at rugby training in Templeogue.",
    "Dropped Nina at rugby training in Templeogue, rain again.",
    "Dropped Nina at rugby training in Templeogue tonight.",
]


@pytest.mark.parametrize(
    "question", ["How do I get to work now?", "Как я теперь езжу на работу?"]
)
async def test_the_car_now_leads_the_way_to_work(
    storage: MemoryStorage, question: str
) -> None:
    texts = [*BIKE, *BUS, *CAR, *TRAINING]
    answers = await top_answers(storage, texts, T0, question)
    assert answers[0] in CAR
    assert not set(answers[:3]) & set(TRAINING)
