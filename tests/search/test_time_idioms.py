"""A phrase of time that borrows a topic's word is not about the topic
(search/time_idioms.py): "a pint with Vova after work" tells when, not who
the user works for, so asked "Who do I work for now?" the job's own turns
lead and the friend of the evening lends nothing to the job's current value."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.stem_sets import text_stems
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
JOB = [
    "Handed in my notice at Declan's, starting at Glenmore in March.",
    "Я теперь работаю в Glenmore, Ниам моя начальница.",
    "First day at Glenmore. Niamh gave me a van tour and a laptop.",
]
EVENINGS = [
    "Had a pint with Vova after work, he's thinking of going back to Poltava.",
    "После работы зашли с Вовой в паб, он всё про Полтаву.",
    "Vova's kid has chickenpox now, poor lad.",
]
NOISE = (
    "Walked the dog along the canal.",
    "Tried a new ramen place near the station.",
)


def test_after_work_says_no_work() -> None:
    assert "work" not in text_stems(EVENINGS[0])
    assert not {"работ", "работы"} & text_stems(EVENINGS[1])
    # the job's own turns and the commute keep the word
    assert "work" in text_stems("I cycle to work now, 20 minutes.")


@pytest.mark.parametrize(
    "question", ["Who do I work for now?", "На кого я сейчас работаю?"]
)
async def test_the_job_leads_a_turn_after_work(
    storage: MemoryStorage, question: str
) -> None:
    noise = [NOISE[i % 2] for i in range(20)]
    # the evenings are the newest: the recency of now would lift them
    turns = [*noise, *JOB, *EVENINGS, *EVENINGS[:2]]
    retriever = await linked_days(storage, turns, T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits[:3]]
    assert set(top) <= set(JOB), top
