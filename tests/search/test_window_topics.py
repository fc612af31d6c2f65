"""A bare topic of life asked within a time window is told by its parts, not
its word (search/window_topics.py through search/window_doing.py): a job by
its shifts, manager and payslip, a trip by its tickets, hotel and packing, a
permit by its extension; a crowded tram is no packing."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import window_answers

NOISE = (
    "Сварила борщ на три дня, соседка заходила на запах.",
    "The 9 bus was so packed I had to wait for the next one.",
    "Foggy and 6 degrees today, stayed in with a book.",
    "Мама прислала фото кота, он опять спит на батарее.",
)
JOB = [
    "Первая смена на складе, к вечеру ноги гудят.",
    "My new manager Kofi is strict but fair.",
    "Got my first payslip, 640 euros for two weeks.",
    "Стажировка в банке начинается в понедельник, волнуюсь.",
]
TRIP = [
    "Купили билеты в Ереван на 12 мая, туда и обратно.",
    "Booked the hotel near the Cascade for four nights.",
    "Packed my suitcase, the charger is the only thing left.",
]
PERMIT = [
    "Записалась на продление визы на следующий четверг.",
    "Filed my residence card extension today, four hours in the queue.",
]


def _days(told: list[str]) -> list[str]:
    """Days of noise with the told turns among them; the window opens on
    the first day."""
    texts: list[str] = []
    for said in told:
        texts += [*NOISE, said]
    return texts


async def test_a_topic_in_a_window_is_told_by_its_parts(
    storage: MemoryStorage,
) -> None:
    days = _days([*JOB, *TRIP, *PERMIT])
    for question, told in (
        ("что было с работой?", JOB),
        ("what happened at work?", JOB),
        ("что я писала про поездку?", TRIP),
        ("what happened with my visa?", PERMIT),
    ):
        found = await window_answers(storage, days, 0, question)
        assert set(told) <= set(found), (question, found)
        assert NOISE[1] not in found[: len(told)], (question, found)
        days = []  # the memory holds them: asked again over the same days
