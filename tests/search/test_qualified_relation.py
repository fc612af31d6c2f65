"""A teacher asked by what they teach (search/qualified_relation.py): «как
зовут моего тренера по теннису?» names which coach; the coach the memory
knows, whose turns tell of judo only, is not the one asked, and "my judo
coach" still is."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.qualified_relation import asked_subject
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 6, 1, tzinfo=dt.UTC).timestamp()
COACH = (
    "Отвела Лёву на дзюдо в спорткомплекс у метро. Тренер Рик зовёт его тигром.",
    "Последнее дзюдо перед летом. Тренер Рик подарил Лёве старый пояс.",
    "Лёва скучает по Рику и по дзюдо, спрашивает, когда снова.",
)
NOISE = (
    "Long day, too many meetings.",
    "Купила на рынке клубнику и сыр.",
    "Rain all morning, we stayed in and baked bread.",
    "Томек чинит велосипед в сарае.",
)


async def _contents(storage: MemoryStorage, question: str) -> list[str]:
    texts = [NOISE[i % 4] for i in range(24)]
    for at, turn in zip((5, 12, 19), COACH, strict=True):
        texts.insert(at, turn)
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    return [hit.node.content for hit in hits]


@pytest.mark.parametrize(
    "question", ["как зовут моего тренера по теннису?", "Who's my tennis coach?"]
)
async def test_a_coach_of_another_sport_is_not_the_one_asked(
    storage: MemoryStorage, question: str
) -> None:
    assert not [text for text in await _contents(storage, question) if "Рик" in text]


async def test_the_coach_of_the_sport_asked_is_found(storage: MemoryStorage) -> None:
    found = await _contents(storage, "как зовут моего тренера по дзюдо?")
    assert any("Тренер Рик" in text for text in found[:5])


def test_the_subject_a_teacher_is_asked_by() -> None:
    assert "теннис" in asked_subject(analyse("как зовут моего тренера по теннису?"))
    assert "piano" in asked_subject(analyse("Who is my piano teacher?"))
    assert "бег" in asked_subject(analyse("Who is my running coach?"))
    assert not asked_subject(analyse("Who's my new coach?"))
    assert not asked_subject(analyse("мой старый друг по университету"))
