"""A general verb in the question ("Что я готовил?") meets the specific words
its answers use ("Сварил борщ", "Пёк хлеб"), on a real database."""

from __future__ import annotations

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.kin_words import kin_terms
from agent_memory.storage import MemoryStorage

DAY = 86_400.0
NOW = 1_790_000_000.0


async def turn(
    storage: MemoryStorage, text: str, when: float, role: str = "user"
) -> int:
    draft = EpisodeDraft(text, f"t{int(when // DAY)}", role, when)
    return await storage.nodes.add_episode(draft)


def test_the_general_verb_brings_its_family() -> None:
    cooked = kin_terms("Что я готовил на прошлой неделе?")
    assert {"сварил", "пёк", "пек"} <= set(cooked)  # with ё and as typed without
    # both languages: a bilingual user tells it in either
    assert "bake" in cooked and "испёк" in kin_terms("What did I cook?")
    assert "swam" in kin_terms("Did I work out this week?")
    assert "бегал" in kin_terms("Я занимался спортом?")
    assert kin_terms("Я готовился к экзамену") == ()  # preparing, not cooking
    assert kin_terms("What did Lena say?") == ()


async def test_a_window_question_with_a_general_verb_finds_what_was_done(
    storage: MemoryStorage,
) -> None:
    start = NOW - 40 * DAY
    cooked = [
        await turn(storage, "Сварил большую кастрюлю борща.", start + 3 * DAY),
        await turn(
            storage, "Пёк хлеб на закваске, корочка получилась.", start + 9 * DAY
        ),
    ]
    for i in range(30):  # the window's newest turns: small talk after them
        await turn(
            storage, "Ой, неприятно.", start + (20 + i / 2) * DAY, "orchestrator"
        )
        await turn(
            storage, f"Какая погода будет на выходных, {i}?", start + (20 + i / 2) * DAY
        )
    hits = await Retriever(storage, None, MemoryConfig(embedding_dimensions=8)).search(
        "Что я готовил?", SearchFilters(after=start, before=NOW), reinforce=False
    )
    assert set(cooked) <= {h.node.id for h in hits[:5]}


async def test_the_family_crosses_languages(storage: MemoryStorage) -> None:
    # "What sport did I use to do?" is answered by «Утренняя йога»
    yoga = await turn(storage, "Утренняя йога в студии, растяжка.", NOW - 30 * DAY)
    for i in range(20):
        await turn(storage, f"Booked a table for Friday, {i}.", NOW - (20 - i) * DAY)
    hits = await Retriever(storage, None, MemoryConfig(embedding_dimensions=8)).search(
        "What sport did I do?", SearchFilters(), reinforce=False
    )
    assert yoga in {h.node.id for h in hits[:3]}
