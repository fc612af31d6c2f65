"""Saying nothing only when nothing is known: a question about the user's own
past before a later state it names ("What did I do on weekends before
tennis?", «Каким банком я раньше пользовался?») is answered by the older
turns, which never name the later state nor say the question's frame words
("use", «пользовался», «план»); a question on a thing never told still gets
nothing (search/before_own.py, search/frame_words.py, search/support.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.before_own import later_stems
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day, too many meetings.",
    "Read the news all afternoon.",
    "The company picnic got rained out.",
)
OLD = [
    "Chess in the park with Otar, my weekend ritual.",
    "Weekend chess with Otar again, he won twice.",
    "Knitting in the evenings again, a scarf for mum.",
    "Evening knitting, finished the left sleeve.",
    "Плачу за квартиру через приложение банка TBC, удобно.",
]
NEW = [
    "First tennis lesson today, my arm hurts.",
    "First pottery class, clay everywhere.",
    "Открыл счёт в Bank of Georgia, карта пришла через неделю.",
]


def _life() -> list[str]:
    return [*OLD, *(NOISE[i % 3] for i in range(30)), *NEW]


async def _answers(storage: MemoryStorage, question: str) -> list[str]:
    retriever = await linked_days(storage, _life(), T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits]


@pytest.mark.parametrize(
    ("question", "older"),
    [
        ("What did I do on weekends before tennis?", OLD[0]),
        ("What did I do in the evenings before pottery?", OLD[2]),
        ("Каким банком я раньше пользовался?", OLD[4]),
    ],
)
async def test_the_older_state_is_not_withheld(
    storage: MemoryStorage, question: str, older: str
) -> None:
    assert older in await _answers(storage, question)


async def test_a_thing_never_told_still_gets_nothing(storage: MemoryStorage) -> None:
    assert await _answers(storage, "What did I do at the gym before yoga?") == []


async def test_no_context_block_for_a_never_told_plan(storage: MemoryStorage) -> None:
    retriever = await linked_days(storage, _life(), T0)
    assert await retriever.get_context("Какой план на свадьбу Маши?") is None


def test_the_later_state_is_what_before_names() -> None:
    assert later_stems("What did I do in the evenings before pottery?") == {"pottery"}
    assert later_stems("What did I use to do before my pottery class?") == {
        stem("pottery"),
        stem("class"),
    }
    assert later_stems("What did I eat the day before yesterday?") == set()
    assert later_stems("Where do I go before work?") == set()
