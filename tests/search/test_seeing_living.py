"""Two everyday ways of asking the same thing: "who do I see for physio?" is
"who is my physio?" ("see" frames whom one goes to, like "go"), and "where am
I living these days?" is "where do I live?" (the home, not "for a living" nor
"the living room"). Both found nothing: the gate wanted "see" said beside
the physio, and "living" named no home. What was never said still finds
nothing."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.search.slots import asks_home
from agent_memory.storage import MemoryStorage
from day_turns import DAY, START, retriever_of, turn


def test_living_asks_the_home_unless_a_job_or_a_room() -> None:
    assert asks_home("where am I living these days?")
    assert not asks_home("what do I do for a living?")
    assert not asks_home("what colour is my living room?")


async def test_whom_one_sees_and_where_one_lives(storage: MemoryStorage) -> None:
    lines = (
        "First session with the new physio, Orla, my knee is a mess",
        "Moved into the flat on Harold's Cross Road today, boxes everywhere",
        "Orla gave me three new knee exercises with a band",
        "Новый кардиолог — доктор Фельдман, сказал пить больше воды",
    )
    ids = [await turn(storage, text, START + i * DAY) for i, text in enumerate(lines)]
    retriever = retriever_of(storage)
    filters = SearchFilters(limit=5)
    for question, said in (
        ("who do I see for physio now?", ids[0]),
        ("which cardiologist am I seeing?", ids[3]),
        ("where am I living these days?", ids[1]),
    ):
        hits = await retriever.search(question, filters)
        assert said in {h.node.id for h in hits}, question
    for never in ("who do I see for my back pain?", "which dentist do I see?"):
        assert await retriever.search(never, filters) == [], never
