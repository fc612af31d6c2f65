"""A question asking a dose is answered by the medicine's turns, which give
the dose as an amount and never say "dose": "What dose of amlodipine am I on
now?" found nothing (the relevance gate wanted "dose" and "amlodipine" in one
turn), while "amlodipine dose" found both turns. A dose never said of a
medicine never mentioned still finds nothing."""

from __future__ import annotations

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.compound_head import asked_head, asked_unit
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
NOW = 1_790_000_000.0


async def said(storage: MemoryStorage, *texts: str) -> list[int]:
    """The user's turns, a day apart, the last one a day ago."""
    ids = []
    for i, text in enumerate(texts):
        when = NOW - (len(texts) - i) * DAY
        draft = EpisodeDraft(text, f"t{i}", "user", when)
        ids.append(await storage.nodes.add_episode(draft))
    return ids


def test_a_dose_is_the_form_of_the_answer() -> None:
    assert asked_unit("What dose of amlodipine am I on?") == {stem("dose")}
    assert asked_unit("на какой дозе метформина я сейчас?") == {stem("дозе")}
    assert not asked_head("what dose of amlodipine am I on?")
    assert asked_head("Which gym do I go to?") == {stem("gym")}


async def test_a_dose_question_is_answered_by_the_amounts(
    storage: MemoryStorage,
) -> None:
    turns = await said(
        storage,
        "gp says my blood pressure is still high, starting amlodipine 5mg tomorrow",
        "took the dog to the park, muddy as anything",
        "эндокринолог сказала начинать метформин 500 мг вечером",
        "bp review, dr upped the amlodipine to 10 mg, ankles a bit swollen",
        "made borscht for G, he loved it",
        "анализы так себе, метформин подняли до 1000 мг",
    )
    started, upped = turns[0], turns[3]
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in (
        "what dose of amlodipine am i on now?",
        "Which dose of amlodipine do I take?",
    ):
        hits = await retriever.search(question, SearchFilters(limit=5))
        assert {h.node.id for h in hits} >= {started, upped}, question
    for question in (
        "на какой дозе метформина я сейчас?",
        "What dose of metformin am I on?",
    ):
        hits = await retriever.search(question, SearchFilters(limit=5))
        assert any("метформин" in h.node.content for h in hits), question
    for never in ("what dose of vitamin D am I on?", "какая доза инсулина у меня?"):
        assert await retriever.search(never, SearchFilters(limit=5)) == [], never
