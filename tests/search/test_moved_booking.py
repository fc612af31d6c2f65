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


def test_a_move_names_the_day_it_leaves_and_its_month() -> None:
    assert booked_days(BOOKING) == {("20", "nov")}
    assert booked_days("Flight to Riga on Dec 3rd, 7:40.") == {("3", "dec")}
    assert booked_days("Запись на 7 октября, 9:00.") == {("7", "oct")}
    assert moves_day(CALL, {("20", "nov")})
    assert moves_day(NOTE, {("20", "nov")})
    moved = "My appointment's moved from 3 December to 9 December."
    assert moves_day(moved, {("3", "dec")})
    assert moves_day("Контроль теперь 18 декабря в 17:00, не 15-го.", {("15", "dec")})
    assert not moves_day(CALL, {("21", "nov")})  # another booking's day
    assert not moves_day(CALL, {("20", "dec")})  # ... and month
    assert not moves_day("The dentist is on 20 November, at 9am.", {("20", "nov")})


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


async def test_a_move_naming_neither_thing_nor_place_is_found_after_it(
    storage: MemoryStorage,
) -> None:
    # the optician's call names no eye test, no street: only the day it
    # leaves and its month tie it to the booking
    booking = "Booked an eye test at the optician on Karl-Marx-Allee for 12 October."
    call = "Оптика позвонила: проверку зрения перенесли с 12 на 19 октября."
    texts = [booking, *NOISE, call, *NOISE]
    found = await top_answers(storage, texts, T0, "When is my eye test?")

    assert found[:2] == [call, booking], found
