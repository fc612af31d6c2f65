"""Whom the home is rented from, asked by the renting itself, asks the
landlord: now, or the former one when the renting is in the past."""

from __future__ import annotations

import pytest
from agent_memory.search.analysis import analyse
from agent_memory.search.asked_relation import asked_relations, same_relation_aliases


@pytest.mark.parametrize(
    "question",
    [
        "Who do I rent from now?",
        "Who do we pay the rent to?",
        "Кому я сейчас плачу за квартиру?",
        "Кому мы сейчас платим за аренду?",
        "У кого я сейчас снимаю?",
    ],
)
def test_whom_the_rent_goes_to_asks_the_landlord(question: str) -> None:
    asked = asked_relations(analyse(question))
    assert "landlord" in asked
    assert "my former landlord" not in same_relation_aliases(analyse(question))


@pytest.mark.parametrize(
    "question",
    [
        "Who did we rent the flat from before?",
        "У кого я снимала комнату раньше?",
        "У кого мы снимали квартиру?",
    ],
)
def test_renting_in_the_past_asks_the_former_landlord(question: str) -> None:
    assert "my former landlord" in same_relation_aliases(analyse(question))


@pytest.mark.parametrize(
    "question",
    [
        "How much rent do I pay?",
        "Сколько мы платим за аренду?",
        "Кому я плачу за интернет?",
        "Who do I call about the boiler?",
    ],
)
def test_other_questions_of_rent_or_payment_ask_no_landlord(question: str) -> None:
    assert analyse(question).text == question
