"""A place or group the user introduces once by its category noun ("Treetops
nursery", «хор «Калина»») and later names alone ("Took Mia to Treetops") is
that category's thing (search/category_things.py, search/beside_words.py):
asked "Which nursery is Mia at now?", the later turns answer, and the
district said beside the word more often ("a flat in Didsbury, near a
nursery") is none."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "My daughter Mia is four and asks why about everything.",
    "Picked Mia up from Little Acorns nursery, she was covered in paint.",
    "Mia made a paper crown at Little Acorns nursery today.",
]
MOVE = [
    "Looked at a flat in Didsbury, there is a park and a nursery nearby.",
    "Signed for the flat in Didsbury! Mia will have to change nursery.",
    "Mia starts at Treetops nursery next week, Little Acorns gave her a card.",
]
NEW = [
    "Took Mia to Treetops this morning, she showed me their chickens.",
    "Mia says Treetops has a sandpit the size of a beach.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
)


OLD_RU = [
    "Моей дочке Мие четыре года, она всё время спрашивает «почему».",
    "Забрала Мию из садика «Солнышко», она вся в краске.",
    "Мия слепила ёжика в садике «Солнышко».",
]
MOVE_RU = [
    "Смотрели квартиру в Купчино, рядом парк и садик.",
    "Подписали договор на квартиру в Купчино! Мие придётся менять садик.",
    "Мия пошла в новый садик «Теремок», в «Солнышке» ей подарили открытку.",
]
NEW_RU = [
    "Отвела дочку в «Теремок», она показала мне кур.",
    "Воспитательница в «Теремке» говорит, что дочка всеми командует.",
]


async def _life(storage: MemoryStorage, *turns: list[str]) -> Retriever:
    noise = [NOISE[i % 2] for i in range(12)]
    later = [NOISE[i % 2] for i in range(4)]
    old, move, new = turns
    return await linked_days(storage, [*old, *noise, *move, *new, *later], T0)


@pytest.mark.parametrize(
    ("question", "turns"),
    [
        ("Which nursery is Mia at now?", (OLD, MOVE, NEW)),
        ("В какой садик сейчас ходит Мия?", (OLD_RU, MOVE_RU, NEW_RU)),
    ],
)
async def test_the_thing_named_by_its_category_answers_now(
    storage: MemoryStorage, question: str, turns: tuple[list[str], ...]
) -> None:
    retriever = await _life(storage, *turns)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits[:3]]
    assert set(turns[2]) <= set(top), top
