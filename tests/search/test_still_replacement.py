"""A still-question whose end names, in lower case, what took the thing's
place ("chess club still?" → «в шахматы больше не хожу, два раза в неделю
хор»), and one that names its thing by a verb alone ("Do I still drive?"
once the car is sold; search/still.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.end_words import ends_state
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Mum called about her garden and the new fence.",
)
OLD_CHESS_EN = [
    "Chess club tonight, Grisha beat me in a Sicilian.",
    "At the chess club Grisha showed me a new gambit.",
]
CHESS_END_EN = (
    "I don't go to the chess club anymore, choir twice a week and no energy"
    " left for chess."
)
PUZZLES_EN = [
    "Solved five chess puzzles from the magazine.",
    "Solved seven chess puzzles from the magazine.",
    "Solved three chess puzzles from the magazine.",
]
CHOIR_EN = [
    "Choir rehearsal tonight, my voice held.",
    "The choir director praised the basses today.",
]
OLD_CHESS_RU = [
    "Вечером в шахматном клубе, две партии выиграл.",
    "В шахматном клубе турнир, занял третье место.",
]
CHESS_END_RU = "В шахматы больше не хожу, два раза в неделю хор, и на шахматы сил нет."
PUZZLES_RU = [
    "Решал шахматные задачи из журнала, пять штук.",
    "Решал шахматные задачи из журнала, семь штук.",
    "Решал шахматные задачи из журнала, три штук.",
]
CHOIR_RU = ["Репетиция хора, разучиваем «Журавли».", "На хоре хвалили басов."]


def test_the_thing_named_before_anymore_ends_it() -> None:
    """ "I don't go to the chess club anymore": the negated verb is a frame,
    the thing named after it before "anymore" is what ends; a habit said no
    more of something else ends nothing asked."""
    chess = frozenset({"ches", "club"})
    assert ends_state(CHESS_END_EN, chess)
    assert ends_state("She doesn't do judo any more.", frozenset({"judo"}))
    assert not ends_state(
        "I don't go there anymore, chess is fine.", frozenset({"judo"})
    )
    assert not ends_state("No problem, I don't want it anymore.", chess)


@pytest.mark.parametrize(
    ("question", "groups"),
    [
        (
            "chess club still?",
            (OLD_CHESS_EN, [CHESS_END_EN], PUZZLES_EN, CHOIR_EN),
        ),
        (
            "Я ещё хожу на шахматы?",
            (OLD_CHESS_RU, [CHESS_END_RU], PUZZLES_RU, CHOIR_RU),
        ),
    ],
)
async def test_the_doing_the_end_names_leads_the_things_later_mentions(
    storage: MemoryStorage, question: str, groups: tuple[list[str], ...]
) -> None:
    """The choir, named in lower case by the end, is the state now: its
    turns rank above the chess puzzles solved at home, which say the
    thing's word but are no club gone back to."""
    old, end, puzzles, choir = groups
    found = await top_answers(storage, among_noise(NOISE, *groups), T0, question)

    assert found[0] == end[0], found
    first_puzzle = min((found.index(t) for t in puzzles if t in found), default=9)
    assert choir[0] in found and found.index(choir[0]) < first_puzzle, found


OLD_CAR = [
    "Drove to the shuk in my old Mazda, parked two streets away.",
    "Filled up the Mazda, 280 shekels. Robbery.",
]
CAR_SOLD = "Sold the Mazda to Rafi for 14,000 shekels. Handed over the keys."
NO_CAR = ["No car, so Ira drove me to the pharmacy."]


@pytest.mark.parametrize("question", ["Do I still drive?", "am I still driving?"])
async def test_a_question_asked_by_driving_finds_the_car_sold(
    storage: MemoryStorage, question: str
) -> None:
    """ "Do I still drive?" names no car, its verb set aside as the frame:
    the car category is the thing, so the sale ends it and the turns
    without the car follow."""
    texts = among_noise(NOISE, OLD_CAR, [CAR_SOLD], NO_CAR)
    found = await top_answers(storage, texts, T0, question)

    assert found[0] == CAR_SOLD, found
    assert NO_CAR[0] in found[:3], found
