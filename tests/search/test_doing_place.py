""" "What did I do at the allotment?" over a window (search/doing_place.py):
the user's turns that name the place or the person asked lead the window's
other doings, in either language, through the public search on a real
database."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
START = dt.datetime(2027, 3, 1, tzinfo=dt.UTC).timestamp()

# A fortnight of doings, one a day: the allotment on three days of it.
DAYS = [
    "went to the cinema with Jo, the new Pixar one",
    "cooked a huge pot of chili for the freezer",
    "two hours at the allotment, dug over the onion bed",
    "swam 30 lengths before work",
    "took the bus to York to see the minster",
    "весь день на участке, посадила чеснок",
    "painted the hallway, finally",
    "had dinner at Lena's, she made pelmeni",
    "ran 5k in the park, slow but done",
    "cleaned the whole flat, windows too",
    "spent the morning at the allotment with Stan, he fixed the shed roof",
    "bought new curtains for the bedroom",
]
AT_PLACE = [DAYS[2], DAYS[5], DAYS[10]]


async def _said(storage: MemoryStorage) -> None:
    for at, text in enumerate(DAYS):
        when = START + at * DAY + 18 * 3600
        await storage.nodes.add_episode(EpisodeDraft(text, "t0", "user", when))


@pytest.mark.parametrize(
    "question",
    [
        "what did I do at the allotment in the first half of march?",
        "что я делала на участке в первой половине марта?",
    ],
)
async def test_the_turns_at_the_place_asked_lead_the_doings(
    storage: MemoryStorage, question: str
) -> None:
    await _said(storage)
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    window = SearchFilters(after=START, before=START + 15 * DAY, limit=5)
    hits = await memory.search(question, window, reinforce=False)
    assert [hit.node.content for hit in hits][:3] == AT_PLACE


async def test_the_person_asked_with_leads_too(storage: MemoryStorage) -> None:
    await _said(storage)
    memory = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    window = SearchFilters(after=START, before=START + 15 * DAY, limit=5)
    question = "what did I do with Stan in the first half of march?"
    hits = await memory.search(question, window, reinforce=False)
    assert hits[0].node.content == DAYS[10]
