"""A statin is named by its drug, and someone else's relative is not the
user's.

"Am I still on the statins?", «Какой статин я сейчас пью?»: the turns name
the drug ("switching me to rosuvastatin", «забрала розувастатин»), never the
class word; the word table's statin category (search/kind_table.py) says it,
and the drug switched to answers first. "What's my sister's name?" is not
answered by "Fed Brenda's cat while she's at her sister's" (whose.py): the
sister is the neighbour's; "my sister Anna" still answers.
"""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

NOISE = [
    "Walked along the river with Geoff, then tea.",
    "Погода мерзкая, весь день дождь.",
]
STATINS = [
    "Dr Okafor put me on atorvastatin 20mg for the cholesterol.",
    "Picked up the atorvastatin at the pharmacy.",
    "Dr Okafor rang: switching me to rosuvastatin 10mg, stop the atorvastatin.",
    "Забрала в аптеке розувастатин, пить вечером.",
    "Ordered the rosuvastatin repeat on the NHS app.",
]


@pytest.mark.parametrize(
    "question", ["Am I still on the statins?", "Какой статин я сейчас пью?"]
)
async def test_a_statin_is_found_by_its_drug(
    storage: MemoryStorage, question: str
) -> None:
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*STATINS, *noise], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits and "rosuvastatin" in hits[0].node.content.replace("розу", "rosu")
    assert await retriever.get_context(question) is not None


NEIGHBOUR = [
    "Fed Brenda's cat Smudge while she's at her sister's.",
    "Brenda next door showed me photos of her grandson.",
    "Walked along the river with Geoff, then tea.",
]


@pytest.mark.parametrize(
    "question", ["What's my sister's name?", "What is my grandson called?"]
)
async def test_someone_elses_relative_is_no_answer(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, NEIGHBOUR, T0)
    assert await retriever.get_context(question) is None


async def test_the_users_own_relative_still_answers(storage: MemoryStorage) -> None:
    told = "My sister Anna rang from Almaty, all fine."
    retriever = await linked_days(storage, [*NEIGHBOUR, told], T0)
    hits = await retriever.search(
        "What's my sister's name?", SearchFilters(limit=5), reinforce=False
    )
    assert told in [hit.node.content for hit in hits]
