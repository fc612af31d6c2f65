"""A relation the question owns ("my GP", «мой Hausarzt») is the user's own,
not a relative asked of the person it names next to it."""

from __future__ import annotations

import pytest
from agent_memory.search.asked_of import asked_attribute
from agent_memory.search.morphology import stem
from agent_memory.search.query_text import query_terms


@pytest.mark.parametrize(
    "question",
    [
        "Who was my GP before Dr Aydın?",
        "Who was my Hausarzt before Dr Aydın?",
        "Кто был моим начальником до Прии?",
    ],
)
def test_an_owned_relation_is_not_asked_of_the_name(question: str) -> None:
    terms = query_terms(question)
    assert not asked_attribute(terms, question)


def test_a_relation_of_the_name_is_still_asked() -> None:
    question = "Who is Aydın's GP?"
    assert stem("gp") in asked_attribute(query_terms(question), question)
