"""A person question typed all in lower case (search/asked_person_lower.py):
"who's ronan?" reads "ronan" as the name it is, so the turns that write it
in Russian letters («Ронан») answer it too."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.asked_person_lower import with_person_capitalised
from agent_memory.storage import MemoryStorage
from day_turns import names_among_noise

T0 = dt.datetime(2026, 5, 1, tzinfo=dt.UTC).timestamp()
RUSSIAN = (
    "мой коллега Ронан ирландец, очень смешной.",
    "вчера мой друг Ронан помог мне перевезти диван.",
)
ENGLISH = (
    "ronan's lent me his ladder for the weekend",
    "lunch with ronan at the canteen, he's off to cork in june",
)
NOISE = (
    "the bins go out on thursday now",
    "Купила новую лампу на кухню.",
    "long walk by the canal, sore feet",
    "Смотрели сериал до ночи.",
)


async def _memory(storage: MemoryStorage) -> Retriever:
    return await names_among_noise(storage, RUSSIAN, NOISE, ENGLISH, T0)


@pytest.mark.parametrize(
    "question", ["who's ronan?", "what do you know about ronan", "who is ronan again"]
)
async def test_a_lower_case_person_question_finds_the_russian_turns(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(RUSSIAN) <= set(top), top


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("who's ronan?", "who's Ronan?"),
        ("tell me about priya", "tell me about Priya"),
        ("кто такой петрович?", "кто такой Петрович?"),
    ],
)
def test_the_lower_case_name_of_a_person_question_is_capitalised(
    question: str, read: str
) -> None:
    assert with_person_capitalised(question) == read


@pytest.mark.parametrize(
    "question",
    [
        "who is my boss",  # a relation, not a name
        "tell me about mum",  # a relative's word
        "who was mark",  # a name that is also a word stays the word
        "tell me about football",  # an everyday word
        "tell me about yesterday",  # a day
        "who is everyone",  # a pronoun
        "расскажи про маму",
        "when did I see ronan?",  # not a person question
    ],
)
def test_no_word_but_a_name_is_capitalised(question: str) -> None:
    assert with_person_capitalised(question) == question
