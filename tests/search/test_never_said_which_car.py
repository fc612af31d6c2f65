"""Saying nothing when which car a named person drives was never said (asked
in English): "went
to the lake in Kostya's car", «ездили на его машине» say he has one, not
which; "Kostya drives an old Volvo" says which."""

from __future__ import annotations

from pathlib import Path

from agent_memory.search.morphology import stem
from agent_memory.search.owned_things import which_owned_asked
from agent_memory.storage import MemoryStorage
from day_turns import START, top_answers

KOSTYA = [
    "Kostya and I went to the lake in his car, the water was cold",
    "Ездили с Костей на его машине в Сортавалу",
    "Kostya fixed the shelf in the hallway",
    "Kostya and I played chess all evening",
]
HIS_MAKE = "Kostya drives an old Volvo estate now"


async def test_his_car_said_without_its_make_answers_no_which(
    storage: MemoryStorage, tmp_path: Path
) -> None:
    question = "What car does Kostya drive?"
    assert await top_answers(storage, KOSTYA, START, question) == []
    other = await MemoryStorage.open(tmp_path / "other.db", dim=8)
    try:  # his make, said, still answers
        found = await top_answers(other, [*KOSTYA, HIS_MAKE], START, question)
    finally:
        await other.close()
    assert HIS_MAKE in found


def test_which_owned_thing_is_asked() -> None:
    assert which_owned_asked("What car does Kostya drive?") == {stem("car")}
    assert which_owned_asked("Where did Kostya park his car?") == set()
