"""A doing asked within a time window is told there by its gear, verbs and
measure ("a 60 km ride", «70 км»), never by its word
(search/window_doing.py, search/doing_gear.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import window_answers

NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Meeting with the client ran late again, I had to run for the bus.",
    "Мама звонила, спрашивала про отпуск.",
)
RIDES = [
    "Всё, с футзалом завязал. Купили с Сэмом по подержанному шоссейнику.",
    "First Saturday ride with Sam along the coast, 42 km. My legs are jelly.",
    "Суббота: 70 км с Сэмом до маяка и обратно, впервые не отстал.",
    "Saturday: rode with Sam to the old harbour, 55 km, coffee on the way.",
]
# before the window: a ride of another time is no answer
EARLIER_RIDE = "Rode 30 km with Sam on a rented bike, just to try."


def _days() -> list[str]:
    """Days of noise with the rides among them, the window opening on the
    first of them (day `len(NOISE) + 1`)."""
    texts = [EARLIER_RIDE, *NOISE]
    for ride in RIDES:
        texts += [*NOISE, ride]
    return texts


async def _window_answers(storage: MemoryStorage, question: str) -> list[str]:
    return await window_answers(storage, _days(), len(NOISE) + 1, question)


async def test_a_doing_in_a_window_is_found_by_its_gear_and_rides(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "cycling")

    assert found[: len(RIDES)] == RIDES, found
    assert EARLIER_RIDE not in found


async def test_a_doing_not_asked_lifts_no_rides(storage: MemoryStorage) -> None:
    found = await _window_answers(storage, "ramen")

    assert found and all("ramen" in text for text in found), found


async def test_gear_only_named_in_a_window_tells_no_doing(
    storage: MemoryStorage,
) -> None:
    racket = "Sam drew me holding a racket, the racket bigger than me."
    played = "Tennis at Levan's, lost two sets but my backhand is back."
    days = [*_days(), racket, played]
    found = await window_answers(storage, days, len(NOISE) + 1, "tennis")

    assert found and found[0] == played


FISHING = [
    "Monday fishing with Nemo on the Sava, rain the whole time.",
    "понедельник, рыбалка с Немо на Дунае, жарили рыбу на берегу.",
]
# a fishing day told by what it gave, never by the doing's word
BITELESS = "понедельник, с Немо на реку. ни одной поклёвки, замёрз как собака."
CAUGHT = "Monday with Nemo on the Tisa: caught two perch and a small pike."


def _fishing_days() -> list[str]:
    texts = [*NOISE]
    for said in (*FISHING, BITELESS, CAUGHT):
        texts += [*NOISE, said]
    return texts


async def test_a_fishing_day_told_by_its_bite_is_one_of_the_window(
    storage: MemoryStorage,
) -> None:
    found = await window_answers(storage, _fishing_days(), 1, "fishing")

    assert BITELESS in found, found


async def test_a_doing_asked_in_russian_is_told_by_its_english_verbs(
    storage: MemoryStorage,
) -> None:
    found = await window_answers(storage, _fishing_days(), 1, "рыбалка")

    assert CAUGHT in found and BITELESS in found, found
