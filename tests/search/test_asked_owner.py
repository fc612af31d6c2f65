"""Who owns the user's workplace now is asked as the boss: the new owner is
filed as the boss (writepath/workplace_owners.py), and their turns answer."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.asked_relation import asked_relations
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
ANA = [
    "Ana wants a spring tasting menu by May, five courses.",
    "Ana gave the whole kitchen a bonus after the review came out.",
]
TURNS = [
    "My boss Goran came in to taste the lamb before the Friday service.",
    "Goran shouted at the dishwasher again, the bistro is loud on Fridays.",
    "Горан подписал бумаги. с апреля бистро принадлежит Ане Йованович.",
    "Walked the dog along the river, then beers with Zhenya.",
    *ANA,
    "Booked the dentist for next Tuesday morning.",
]


@pytest.mark.parametrize(
    "question",
    [
        "who owns the bistro now?",
        "Who's the owner of the restaurant these days?",
        "who runs our cafe now",
        "кто сейчас владелец бистро",
        "Кому теперь принадлежит бистро?",
        "кто теперь владеет рестораном?",
    ],
)
def test_the_owner_of_the_workplace_now_is_asked_as_the_boss(question: str) -> None:
    assert "boss" in asked_relations(analyse(question))


@pytest.mark.parametrize(
    "question",
    [
        "who owned the bistro before Ana",
        "Кто был владельцем бистро до Аны?",
        "who owns the bistro",
        "who owns two restaurants now",
    ],
)
def test_an_owner_of_before_or_of_no_time_is_asked_as_it_is(question: str) -> None:
    assert analyse(question).text == question


async def test_the_new_owner_s_turns_answer_who_owns_the_bistro_now(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, TURNS, T0)
    for question in ("who owns the bistro now?", "кто сейчас владелец бистро"):
        hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
        found = [hit.node.content for hit in hits]
        assert set(ANA) <= set(found[:3]), (question, found)
        assert not any(text.startswith("Goran") for text in found), found


# No boss on file: the café is none the user works at, and its owner is
# asked as the owner, in the question's own words.
MARTA = "Marta owns the café on Lime Street now, she bought it from the Doyles."
CAFE_TURNS = [
    "Coffee at the café on Lime Street before the dentist, the scones are gone.",
    MARTA,
    "Walked the dog along the river, then beers with Zhenya.",
    "Booked the dentist for next Tuesday morning.",
    "The Doyles ran that café for thirty years.",
]


def test_with_no_boss_on_file_the_owner_is_asked_as_it_is() -> None:
    question = "who owns the café now?"
    assert analyse(question, owner_as_boss=False).text == question


async def test_the_owner_of_a_café_the_user_never_worked_at_is_the_owner(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, CAFE_TURNS, T0)
    hits = await retriever.search(
        "who owns the café now?", SearchFilters(limit=5), reinforce=False
    )
    found = [hit.node.content for hit in hits]
    assert MARTA in found[:2], found
