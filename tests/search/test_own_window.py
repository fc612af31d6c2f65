"""A topic asked within a time, no one named, is the user's own
(search/own_window.py): "what happened with the car between 2 and 20
March?" is answered by the window's turns naming a make, as "what car do I
have?" is, and a question naming someone stays theirs."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.storage import MemoryStorage

from tests.day_turns import DAY, START, answers, retriever_of, turn

# 2026-05-01: the March asked is this year's
NOW = START + 120 * DAY
MARCH_1 = 59  # days after START

EVERYDAY = [
    "made a big pot of lentil soup",
    "долго гуляли с собакой в парке",
    "rain all day, stayed in with a book",
    "испекла пирог с яблоками",
    "the boiler is making a noise again",
    "позвонила подруге, проболтали час",
    "sorted the spare room, three bags for the charity shop",
    "пересадила фикус в большой горшок",
    "watched an old western with a cup of tea",
    "сварила борщ на три дня",
    "fixed the dripping tap in the bathroom",
    "ходила на рынок за рыбой",
]
CAR_TURNS = [
    "test drove a skoda octavia at the dealer, nice and quiet",
    "нашли тойоту, 2018 год, Костя проверит",
]


@pytest.mark.parametrize(
    "question",
    [
        "what happened with the car between 2 and 20 march",
        "что было с машиной со 2 по 20 марта?",
    ],
)
async def test_the_car_in_a_window_is_answered_by_its_makes(
    tmp_path: Path, question: str
) -> None:
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    try:
        texts = [EVERYDAY[0], CAR_TURNS[0], EVERYDAY[1], CAR_TURNS[1], *EVERYDAY[2:]]
        for day, text in enumerate(texts, start=MARCH_1 + 2):
            await turn(storage, text, START + day * DAY + 3600)
        filters = SearchFilters(
            after=START + (MARCH_1 + 1) * DAY,
            before=START + (MARCH_1 + 20) * DAY,
            limit=10,
            now=NOW,
        )
        found = await answers(retriever_of(storage), question, filters)
        assert set(found[:2]) == set(CAR_TURNS)
    finally:
        await storage.close()


def test_a_window_asked_of_someone_named_asks_no_category_of_the_users() -> None:
    own = analyse("what happened with the car between 2 and 20 march", NOW)
    assert own.kinds.kinds  # the user's car: its makes are searched
    theirs = analyse("what happened with Sam's car between 2 and 20 march", NOW)
    assert not theirs.kinds.kinds
    assert not analyse("что было с машиной Кирилла в марте", NOW).kinds.kinds
