"""Saying nothing in Russian of someone else's relative or thing: a name
declined like a relation word («девушку Жени»: «Жени» is Женя's genitive,
no «жена») asks of the name, as "Zhenya's girlfriend" does; the price of
someone else's thing («билеты мамы», "mum's tickets") is given only by a
turn saying that owner; an hour («в 10») is no price."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_amount import (
    asked_owner,
    gives_amount,
    says_owner,
    without_dates,
)
from agent_memory.search.asked_of import without_declined_names
from agent_memory.search.morphology import stem
from day_turns import retriever_over


def test_a_declined_name_is_no_relation_asked() -> None:
    terms = ["зовут", "девушку", "жени"]
    assert without_declined_names("Как зовут девушку Жени?", terms) == [
        "зовут",
        "девушку",
    ]
    # a relation written as itself stays the relation asked
    assert without_declined_names("When is Dad's birthday?", ["dad", "birthday"]) == [
        "dad",
        "birthday",
    ]


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("воскресенье в 10, Тимур показал билет", False),
        ("сербский с 10 до 12, дала домашку", False),
        ("билет в 10 евро", True),  # the currency still says it
        ("билеты за 34 000 динаров", True),
        ("paid at 7:30 for the tickets", False),
    ],
)
def test_an_hour_is_no_amount(sentence: str, amount: bool) -> None:
    assert gives_amount(sentence, {stem("билет"), stem("tickets")}) is amount
    assert ("10" in without_dates("в 10, Тимур")) is False


@pytest.mark.parametrize(
    ("question", "owner"),
    [
        ("Сколько стоили билеты мамы?", "мама"),
        ("How much did mum's tickets cost?", "mum"),
        ("Сколько стоила машина Кости?", "Кости"),
        ("Сколько стоили билеты в Омск?", ""),  # a place, no owner
        ("How much is our rent?", ""),
        ("What's the price of the flat?", ""),
    ],
)
def test_whose_price_is_asked(question: str, owner: str) -> None:
    assert asked_owner(question) == owner


def test_the_owner_is_said_in_either_language() -> None:
    assert says_owner("Mum paid 300 euros for her tickets.", "мама")
    assert says_owner("Костя купил машину за 5000.", "Кости")
    assert not says_owner("Bought the tickets: 34,000 dinars.", "мама")
    assert says_owner("Bought the tickets: 34,000 dinars.", "")


NOISE = [
    (1, "Bought the tickets: Belgrade to Moscow, 34,000 dinars."),
    (2, "воскресенье в 10, Тимур показал билет, который распечатала мама."),
    (3, "Dinner at Milica's. Milica is my girlfriend, a pharmacist."),
    (4, "Lunch with Zhenya (Женя) before my shift, he is a backend dev."),
    (5, "Sunday picnic with Zhenya and Milica, Zhenya brought a net."),
]


@pytest.mark.parametrize(
    "question",
    [
        "Как зовут девушку Жени?",  # the user's girlfriend, Zhenya's turns
        "Сколько стоили билеты мамы?",  # the user's tickets, mum at 10
    ],
)
async def test_nothing_said_of_theirs_finds_nothing(
    tmp_path: Path, question: str
) -> None:
    async with retriever_over(tmp_path, NOISE) as retriever:
        assert await retriever.search(question, reinforce=False) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Как зовут девушку Жени?", "У Жени новая девушка, зовут Вера."),
        ("Сколько стоили билеты мамы?", "Мама купила билеты за 200 евро."),
        ("Сколько стоили мои билеты?", NOISE[0][1]),
    ],
)
async def test_what_is_said_of_theirs_is_found(
    tmp_path: Path, question: str, said: str
) -> None:
    async with retriever_over(tmp_path, [*NOISE, (6, said)]) as retriever:
        found = await retriever.search(question, reinforce=False)
    assert said in [hit.node.content for hit in found]
