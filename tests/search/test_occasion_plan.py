"""A plan for an occasion as it stands (search/occasion_plan.py): "Where are
we going for Christmas?" after the first plan was dropped is answered by the
new plan and the turns that firm it up ("Booked the train to Krakow"),
though they never say the occasion, above the dropped plan's turns."""

from __future__ import annotations

import datetime as dt

import pytest
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


def test_a_question_about_how_a_persons_day_is_kept_names_it() -> None:
    assert asked_occasions("How are we celebrating Mum's seventieth?")
    assert asked_occasions("Как мы теперь отмечаем мамин юбилей?")
    assert asked_occasions("Где мы празднуем папин юбилей?")
    assert asked_occasions("Где будет свадьба?")
    assert asked_occasions("Where are we having Dad's 65th?")
    # when the day is, not its plan; a timetable is no wedding
    assert not asked_occasions("When is Marina's birthday?")
    assert not asked_occasions("Где моё расписание?")


# Mum's round birthday: the trip to Perm dropped, Mum comes to the user's
# own town instead; the turns firming that up say only its month.
HOME = tuple(
    f"Watered the lemon tree in our Ypsonas garden, evening {n}." for n in range(1, 4)
)
PERM = [
    "Plan for Mum's seventieth: in February we fly to Perm via Istanbul.",
    "Mum has sewn a new dress for her seventieth party in Perm.",
]
PERM_OFF = "Perm is off: no leave at work, so no flight for Mum's seventieth."
COMES = "Mum's seventieth we celebrate here instead: she comes to Ypsonas in April."
PASSPORT = "Tonya got Mum a passport, they fly on 12 April."
TICKETS = "Sent Mum the money, the tickets for April are done."
FENCE = tuple(f"Painted the fence in Ypsonas, part {n}." for n in range(1, 4))


async def test_a_birthdays_new_plan_is_read_by_its_month(
    storage: MemoryStorage,
) -> None:
    texts = [
        *HOME,
        *PERM,
        *NOISE,
        PERM_OFF,
        COMES,
        FENCE[0],
        PASSPORT,
        *MORE_NOISE,
        FENCE[1],
        TICKETS,
        FENCE[2],
        *NOISE,
    ]
    question = "How are we celebrating Mum's seventieth?"
    found = await top_answers(storage, texts, T0, question)

    # the garden and fence turns name the new plan's place, but it is home
    assert set(found[:3]) == {COMES, PASSPORT, TICKETS}, found


async def test_a_weddings_new_plan_is_read_by_its_date(storage: MemoryStorage) -> None:
    texts = [
        "Wedding plan: Brick Works next September, about 120 guests.",
        "Sent the Brick Works deposit to hold the September wedding date.",
        *NOISE,
        "Big decision on the wedding: City Hall instead, on 15 May, 20 people.",
        *MORE_NOISE,
        "Booked the room at Pomegranate for 15 May, twenty people.",
        "Linda sent three cake sketches for May 15.",
        *NOISE,
    ]
    found = await top_answers(storage, texts, T0, "Where is the wedding?")

    assert not any("Brick Works" in text for text in found[:3]), found


# The summer's plan told by its month only: neither "holiday" nor "summer".
SUMMER_OFF = "Called off the Lisbon flights, Mum needs us at home in May."
SUMMER_NEW = "Rented a flat in Porto instead, the first week of July."
SUMMER_RU = "Вместо Лиссабона едем в Порту, сняли квартиру на первую неделю июля."


async def test_a_seasons_plan_told_by_its_month_answers(
    storage: MemoryStorage,
) -> None:
    texts = [*NOISE, SUMMER_OFF, *NOISE, SUMMER_NEW, *NOISE]
    question = "Where are we going on holiday this summer?"
    found = await top_answers(storage, texts, T0, question)

    assert SUMMER_NEW in found, found


async def test_a_seasons_plan_answers_in_russian(storage: MemoryStorage) -> None:
    texts = [*NOISE, SUMMER_RU, *NOISE]
    found = await top_answers(storage, texts, T0, "Куда мы едем в отпуск летом?")

    assert SUMMER_RU in found, found


# A trip booked, dropped by its place in the other language, replaced.
DROPPED_TRIP = [
    "Booked a flat in Lisbon for the October half term, near the river.",
    "Mum is in hospital again, we can't leave her now.",
    "Отменили Лиссабон, деньги вернули почти все.",
    "Booked a cottage in Cornwall instead, first week of November.",
]


@pytest.mark.parametrize(
    "question",
    [
        "Where were we going before we cancelled?",
        "Куда мы собирались до того, как всё отменили?",
    ],
)
async def test_where_a_dropped_plan_went_is_its_place(
    storage: MemoryStorage, question: str
) -> None:
    # The answer names the place, never "going" nor «собирались»: the turn
    # dropping the plan by its place lets the search through, and the
    # booking of that place answers with it; the plan made after does not.
    texts = [text for turn in DROPPED_TRIP for text in (*NOISE, turn)]
    found = await top_answers(storage, texts, T0, question)

    assert set(found[:2]) == {DROPPED_TRIP[0], DROPPED_TRIP[2]}, found


# A plan first made for a time of the year, asked of as it first was.
FIRST_PLAN = "Летом едем в Тбилиси, в августе, к друзьям Ани, билеты уже смотрим."


async def test_a_seasons_first_plan_answers(storage: MemoryStorage) -> None:
    # The plan's turn says the season but no other word of the question
    # («хотели», «поехать»): as a plan for the time it was, it answers a
    # question about the plan as first made.
    texts = [*NOISE, FIRST_PLAN, *NOISE]
    question = "Куда мы сначала хотели поехать летом?"
    found = await top_answers(storage, texts, T0, question)

    assert FIRST_PLAN in found, found
