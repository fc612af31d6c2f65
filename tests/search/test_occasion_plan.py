"""A plan for an occasion as it stands (search/occasion_plan.py): "Where are
we going for Christmas?" after the first plan was dropped is answered by the
new plan and the turns that firm it up ("Booked the train to Krakow"),
though they never say the occasion, above the dropped plan's turns."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.occasion_plan import asked_occasions
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 9, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Finished the second season of that detective show.",
)
OLD_PLAN = [
    "We want to spend Christmas in Vienna this year, just the four of us.",
    "Booked an apartment in Vienna for Christmas, 22 to 27 December.",
    "The kids are already excited about the Christmas markets in Vienna.",
]
# Many turns that share the question's "going" and the booking's month.
MORE_NOISE = tuple(
    f"Going to the gym on day {n} of December, the {n}th week of training."
    for n in range(1, 30)
)
END = "The landlord cancelled on us, so Vienna is off. Got a full refund at least."
NEW_PLAN = "На Рождество поедем к брату в Краков, он очень рад."
BOOKED = "Booked the train to Krakow for the four of us, 21 to 28 December."


def test_a_question_about_a_plan_for_a_time_of_the_year_names_it() -> None:
    assert asked_occasions("Where are we going for Christmas?")
    assert asked_occasions("Где я встречаю Новый год?")
    assert asked_occasions("Куда в итоге едем летом?")
    assert asked_occasions("Where am I going on holiday in December?")
    # the plan as first made, a question without "where", no time of the year
    assert not asked_occasions("Where were we originally going for Christmas?")
    assert not asked_occasions("What did Mum give me for Christmas?")
    assert not asked_occasions("Where are we going?")


async def test_the_new_plan_and_its_booking_lead(storage: MemoryStorage) -> None:
    texts = [*OLD_PLAN, *NOISE, END, NEW_PLAN, *MORE_NOISE, BOOKED, *NOISE]
    found = await top_answers(storage, texts, T0, "Where are we going for Christmas?")

    assert found[:2] == [NEW_PLAN, BOOKED], found


async def test_a_plan_made_again_with_the_same_places_leads(
    storage: MemoryStorage,
) -> None:
    # The plan comes back the other way round: no new place marks it.
    old = [
        "In July I fly to Moscow for Timur's birthday, he turns ten.",
        "Flights Belgrade to Moscow in July, Timur's birthday is on the 8th.",
    ]
    dropped = "Cancelled the July flights to Moscow, no days off at work."
    again = "Mum found flights: Moscow to Belgrade on 1 July, she brings Timur."
    texts = [*old, *NOISE, dropped, *MORE_NOISE, again, *NOISE]
    question = "What's the plan for Timur's birthday in July?"
    found = await top_answers(storage, texts, T0, question)

    assert found[0] == again, found


# A holiday asked by its season, told by its month: the Almaty plan dropped,
# Tenerife planned instead; no turn of it says "autumn".
AUTUMN_NOISE = tuple(
    f"Walked the dog in the park, autumn leaves everywhere, day {n}."
    for n in range(1, 12)
)
ALMATY = [
    "Zarina asks me to Almaty in September for her birthday, flying via Istanbul.",
    "Looking at flights to Almaty in September, about 640 pounds.",
]
ALMATY_OFF = "Cancelled the Almaty trip in September, the move costs too much."
TENERIFE = "Geoff suggested Tenerife in October instead of Almaty, a week by the sea."
BOOKED_TENERIFE = "Booked Tenerife with Geoff, 12 to 19 October, Jet2 from Leeds."
PACKED = "Packed for Tenerife, the cases are by the door."


async def test_a_seasons_plan_told_by_its_month_leads(storage: MemoryStorage) -> None:
    texts = [
        *ALMATY,
        *NOISE,
        ALMATY_OFF,
        *NOISE,
        TENERIFE,
        BOOKED_TENERIFE,
        *AUTUMN_NOISE,
        PACKED,
        *NOISE,
    ]
    question = "Where are we going on holiday in the autumn?"
    found = await top_answers(storage, texts, T0, question)

    assert set(found[:3]) == {TENERIFE, BOOKED_TENERIFE, PACKED}, found
