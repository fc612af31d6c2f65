"""A relative spoken of by the relation alone ("My mom lives in Kazan": no
name, so linked to nobody) answers a question about that person
(search/own_relation.py), for a relation one has once and keeps; not for
"my boss", nor when the turn names someone."""

from __future__ import annotations

import datetime as dt

from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.own_relation import lifelong, says_own
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
HOME = "My mom lives in Kazan and calls me every Sunday morning."
TURNS = [
    HOME,
    *(
        ("Mom called, she's worried I don't eat enough.", "Mom sent a parcel.")[i % 2]
        for i in range(30)
    ),
    "Мама звонила, волнуется, что я мало ем.",
    "My boss is strict about deadlines.",
    "My boss Ingrid lives in Baden.",
]


async def _life(storage: MemoryStorage) -> Retriever:
    return await linked_days(storage, TURNS, T0)


def test_my_relation_in_any_case() -> None:
    mother = {"mom", "mother", "мама", "мать"}
    assert says_own("My mom lives in Kazan", mother)
    assert says_own("Отвёз мою маму на дачу", mother)
    assert not says_own("Mom called", mother)  # a name: the linker's
    assert not says_own("Sam's mom makes great pies", mother)
    assert lifelong({"boss", "начальник", "mom"}) == {"mom"}


async def test_the_unnamed_turn_answers_where_she_lives(storage: MemoryStorage) -> None:
    retriever = await _life(storage)
    for question in ("Where does my mother live?", "Где живёт моя мама?"):
        hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
        assert HOME in [hit.node.content for hit in hits], question
    hits = await retriever.search(
        "Where does my boss live?", SearchFilters(limit=5), reinforce=False
    )
    assert "My boss is strict about deadlines." not in [
        h.node.content for h in hits[:1]
    ]


def test_a_russian_in_law_is_the_users_own_without_a_possessive() -> None:
    in_law = {"тёща", "mother-in-law"}
    assert says_own("Возил тёщу на рынок, она купила вишни.", in_law)
    assert says_own("Тёща звонила по видео.", in_law)
    assert not says_own("Его тёща приехала из Самары.", in_law)
    assert not says_own("Мама звонила.", {"мама"})  # a name: the linker's


MOTHER_IN_LAW = [
    "Тёща, Галина Петровна, приезжает к нам на две недели.",
    *(("Соня рисует котов.", "Купили Соне краски.")[i % 2] for i in range(30)),
    "Возил тёщу на рынок, она купила три килограмма вишни.",
    "Галина Петровна опять переставила посуду.",
]


async def test_a_question_about_her_finds_the_turn_that_says_only_tyoshcha(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, MOTHER_IN_LAW, T0)
    hits = await retriever.search(
        "Галина Петровна", SearchFilters(limit=10), reinforce=False
    )
    assert MOTHER_IN_LAW[-2] in [hit.node.content for hit in hits]
