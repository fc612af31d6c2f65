"""A booking moved to another day (search/moved_booking.py): for "When's the
dentist?" the turns that move it lead, the clinic's call that names no
dentist (only the doctor, in the other script) among them, and the booking
they move follows them."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.moved_booking import asks_when, booked_days, moves_day
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 9, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
# the dentist met before, in Russian: her name is filed in both scripts
MET = "Мой стоматолог, доктор Фицджеральд, сказал беречь зубы."
BOOKING = "Booked the dentist, Dr Fitzgerald, for 20 November at 9am."
CALL = "Из клиники Фицджеральда позвонили: перенесли приём с 20-го на 26 ноября."
NOTE = "So dentist is 26 Nov at 4:30pm now, not the 20th."


def test_a_move_names_the_day_it_leaves() -> None:
    assert booked_days(BOOKING) == {"20"}
    assert booked_days("Flight to Riga on Dec 3rd, 7:40.") == {"3"}
    assert booked_days("Запись на 7 октября, 9:00.") == {"7"}
    assert moves_day(CALL, {"20"})
    assert moves_day(NOTE, {"20"})
    assert moves_day("My appointment's moved from 3 December to 9 December.", {"3"})
    assert moves_day("Стоматолог теперь 12-го, не 7-го, а 12-го.", {"7"})
    assert not moves_day(CALL, {"21"})  # another booking's day
    assert not moves_day("The dentist is on the 20th, at 9am.", {"20"})


def test_a_question_of_when_a_thing_is() -> None:
    assert asks_when("When's the dentist?")
    assert asks_when("Когда мне к стоматологу?")
    assert asks_when("What time is my flight?")
    assert not asks_when("Who's my dentist now?")
    assert not asks_when("When did I last see the dentist?")


async def test_the_moves_lead_and_the_booking_follows(storage: MemoryStorage) -> None:
    texts = [MET, *NOISE, BOOKING, *NOISE, CALL, *NOISE, NOTE, *NOISE]
    found = await top_answers(storage, texts, T0, "When's the dentist?")

    assert found[:3] == [NOTE, CALL, BOOKING], found


async def test_asked_in_russian_too(storage: MemoryStorage) -> None:
    texts = [MET, *NOISE, BOOKING, *NOISE, CALL, *NOISE, NOTE, *NOISE]
    found = await top_answers(storage, texts, T0, "Когда мне к стоматологу?")

    assert CALL in found and BOOKING in found, found
    assert found.index(CALL) < found.index(BOOKING), found
