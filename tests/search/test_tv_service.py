"""A question about the TV service ("Who's my TV provider?") names a category
its turns never say: they name the company ("Went back to Sky") or its
channels (search/kinds.py, search/kind_table.py). "TV" alone is no service:
what one watched on it, or the set repaired."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.kinds import asked_kinds
from agent_memory.search.query_text import query_terms
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
SERVICE = "Signed up with Virgin Media, the box comes on Friday."
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Walked the dog along the canal.",
)


def _kinds(question: str) -> tuple[str, ...]:
    return asked_kinds(question, tuple(query_terms(question))).terms


@pytest.mark.parametrize(
    "question",
    [
        "Who's my TV provider?",
        "Which TV company am I with now?",
        "What cable package do I have?",
        "Какое у меня сейчас телевидение?",
        "У меня сейчас кабельное ТВ?",
    ],
)
def test_the_service_asked_brings_its_companies(question: str) -> None:
    assert "virgin" in _kinds(question), question


def test_the_set_or_what_was_on_is_no_service() -> None:
    assert "virgin" not in _kinds("What did I watch on TV last night?")
    assert "virgin" not in _kinds("Когда я чинил телевизор?")


async def test_the_company_answers_the_provider_asked(storage: MemoryStorage) -> None:
    noise = [NOISE[i % 3] for i in range(12)]
    retriever = await linked_days(storage, [SERVICE, *noise], T0)
    hits = await retriever.search(
        "Who's my TV provider?", SearchFilters(limit=5), reinforce=False
    )
    assert hits and hits[0].node.content == SERVICE, hits
