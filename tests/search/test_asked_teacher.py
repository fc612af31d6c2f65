"""Who teaches the user, asked by the teaching itself, asks the teacher
(search/asked_teacher.py): the person filed as «наша преподавательница» is
the answer, her later turns by her name alone included."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.asked_relation import asked_relations
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 2, tzinfo=dt.UTC).timestamp()


@pytest.mark.parametrize(
    "question",
    [
        "Кто у меня преподаёт немецкий?",
        "кто нам сейчас преподаёт статистику?",
        "Кто преподаёт у нас историю?",
    ],
)
def test_the_teaching_asks_the_teacher(question: str) -> None:
    assert "teacher" in asked_relations(analyse(question))


@pytest.mark.parametrize(
    ("asked", "other"),
    [
        ("Кто у меня преподаёт физику?", "Кто у меня ведёт бухгалтерию?"),
        ("Кто нам преподаёт историю?", "Кто преподаёт в школе у Миши?"),
        # "teach" is a tutor's and a coach's too: searched by kin_words
        ("Кто преподавал у меня химию?", "Who teaches me piano?"),
    ],
)
def test_only_the_users_own_teaching_asks_the_teacher(asked: str, other: str) -> None:
    assert analyse(asked).text != asked
    assert analyse(other).text == other


def test_a_teacher_is_one_relation_in_either_word() -> None:
    # «преподавательница» (of a university or a language school) is a teacher
    asked = asked_relations(analyse("who is my teacher?"))
    assert asked & asked_relations(analyse("кто моя преподавательница?"))


TEACHER = [
    "первое занятие по немецкому, наша преподавательница пани Новотна, строгая",
    "пани Новотна задала выучить сорок глаголов к пятнице",
    "Новотна поставила мне пятёрку за диктант, ура",
]
NOISE = [
    "купила новые кроссовки, старые совсем развалились",
    "сходили с соседкой в кино, фильм так себе",
    "препод по экономике опять опоздал на пару",
    "в столовой сегодня давали гречку с котлетой",
]


async def test_who_teaches_me_finds_the_teacher_by_her_name(
    storage: MemoryStorage,
) -> None:
    texts = [TEACHER[0], *NOISE[:2], TEACHER[1], *NOISE[2:], TEACHER[2]]

    found = await top_answers(storage, texts, T0, "Кто у меня преподаёт немецкий?")

    assert set(TEACHER) <= set(found[:3]), found
