"""A relative of someone else's asked by their owner ("Matěj's mum", «маму
Матея») is found by the alias her naming turn filed (writepath/kin_of.py,
search/kin_asked.py): her turns answer, not her owner's, though the owner is
talked of far more and the boyfriend is no spouse (no in-law is filed)."""

from __future__ import annotations

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.names_asked import named_entities
from agent_memory.search.people import asked_about
from agent_memory.storage import MemoryStorage
from day_turns import START, answers, linked_days

MATEJ = [
    "Matěj fixed my bike chain.",
    "Matěj is stressed about his thesis.",
    "Matěj and I went hiking on Sunday.",
    "Матей опять допоздна на работе.",
    "Матей купил билеты в кино.",
    "Matěj forgot his keys again.",
    "Матей простудился, лежит дома.",
]
JANA = [
    "Matěj's mum Jana lives in Kolín, she is a nurse.",
    "Рождество у мамы Матея в Колине, Яна подарила мне шарф.",
    "Мама Матея Яна прислала рецепт.",
    # her own turns say no «мама»: found by her entity alone
    "Jana sent me photos of her garden in Kolín.",
    "Яна звонила, зовёт нас на обед в субботу.",
]
LIFE = [
    "My boyfriend Matěj cooked dinner tonight.",
    "Мой парень Матей починил велосипед.",
    "Coffee with my friend Dana at the station.",
    *MATEJ,
    JANA[0],
    *MATEJ,
    *JANA[1:3],
    *MATEJ,
    *JANA[3:],
    *MATEJ,
]


@pytest.mark.parametrize(
    "question",
    [
        "what have I told you about Matěj's mum?",
        "Tell me about Matěj's mother",
        "что рассказывала про маму Матея?",
    ],
)
async def test_the_relative_is_asked_not_her_owner(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, LIFE, START)

    query = analyse(question)
    asked = asked_about(query, await named_entities(storage, query))
    assert asked, question
    assert {e.name for e in asked} <= {"Jana", "Яна"}, asked
    top = await answers(retriever, question, SearchFilters(limit=5))
    assert len(top) >= 3 and set(top[:3]) <= set(JANA), top


async def test_the_relatives_name_is_answered(storage: MemoryStorage) -> None:
    """«Как зовут маму Матея?» asks the name of a relative known by her
    owner alias: answered from her (each turn of hers names her), her
    naming turns first."""
    retriever = await linked_days(storage, LIFE, START)

    top = await answers(retriever, "как зовут маму Матея?", SearchFilters(limit=5))
    assert set(top[:3]) <= set(JANA), top
    assert JANA[2] in top


async def test_a_relative_never_said_is_no_one(storage: MemoryStorage) -> None:
    """No brother of Dana's was said: "Dana's brother?" names Dana alone."""
    await linked_days(storage, LIFE, START)

    for question in ("Dana's brother?", "Как зовут брата Даны?"):
        named = await named_entities(storage, analyse(question))
        assert {e.name for e in named} <= {"Dana"}, question


async def test_the_owners_name_is_no_name_of_the_relative(
    storage: MemoryStorage,
) -> None:
    """Oren's alias "Катя's husband" holds her name: «Катя» still names Катя
    alone (a case of her name, not of his: core/relations.own_names)."""
    await linked_days(
        storage,
        ["Моя дочка Катя вышла на смену.", "Муж Кати Орен чинил нам кран."],
        START,
    )

    named = await named_entities(storage, analyse("Катя"))
    assert {e.name for e in named} == {"Катя"}
    asked = await named_entities(storage, analyse("Как зовут мужа Кати?"))
    assert "Орен" in {e.name for e in asked}
