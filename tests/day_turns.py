"""A memory of the user's own turns, one thread per day, searched without an
embedder: the small lives of the now/before, slots and changes tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.retrieval import NO_FILTERS, Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

START = 1_767_225_600.0  # 2026-01-01
DAY = 86_400.0


async def turn(
    storage: MemoryStorage, text: str, when: float, role: str = "user"
) -> int:
    """The id of `text`, said by `role` (the user unless told) at `when`, in
    the thread of its day."""
    draft = EpisodeDraft(text, f"t{int(when // DAY)}", role, when)
    return await storage.nodes.add_episode(draft)


def retriever_of(storage: MemoryStorage) -> Retriever:
    """A retriever over `storage`, searched without an embedder."""
    return Retriever(storage, None, MemoryConfig(embedding_dimensions=8))


@asynccontextmanager
async def retriever_over(
    folder: Path, turns: Iterable[tuple[int, str]]
) -> AsyncIterator[Retriever]:
    """A retriever over `turns` ((day, text), said by the user on that day)."""
    storage = await MemoryStorage.open(folder / "memory.db", dim=64)
    await storage.nodes.add_nodes(
        [
            NodeDraft(
                "episodic",
                text,
                source_type="conversation",
                source_role="user",
                session_id=f"day-{day}",
                event_time=START + day * DAY,
            )
            for day, text in turns
        ]
    )
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=64))
    try:
        yield retriever
    finally:
        await retriever.drain()
        await storage.close()


def among_noise(noise: Sequence[str], *groups: Sequence[str]) -> list[str]:
    """The groups' turns in order, each after the `noise` turns (so that a
    change is told on its own day among everyday talk)."""
    texts: list[str] = []
    for group in groups:
        for text in group:
            texts += [*noise, text]
    return texts


async def names_among_noise(
    storage: MemoryStorage,
    first: Sequence[str],
    noise: Sequence[str],
    last: Sequence[str],
    start: float,
) -> Retriever:
    """`first`, thirty turns of `noise`, then `last`, a day apart from
    `start` and linked by the offline linker: a person's turns in one
    script, everyday talk, then theirs in the other."""
    filler = [noise[i % len(noise)] for i in range(30)]
    return await linked_days(storage, [*first, *filler, *last], start)


async def linked_days(
    storage: MemoryStorage, texts: Iterable[str], start: float
) -> Retriever:
    """A retriever over `texts`, each said by the user a day after the one
    before (from `start`, a thread a day) and linked by the offline linker."""
    linker = EntityLinker(storage)
    for i, text in enumerate(texts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"day-{i}", "user", start + i * DAY)
        )
        await linker.link_text(node, text)
    return retriever_of(storage)


async def top_answers(
    storage: MemoryStorage, texts: Iterable[str], start: float, question: str
) -> list[str]:
    """The top 5 answers to `question` over `linked_days(texts)`."""
    retriever = await linked_days(storage, texts, start)
    return await answers(retriever, question, SearchFilters(limit=5))


async def answers_in_own_memory(
    folder: Path, texts: list[str], question: str
) -> list[str]:
    """The top answers over `texts` in a second memory, kept apart from the
    test's own (a question answered nothing there is asked again here once
    the thing is said)."""
    other = await MemoryStorage.open(folder / "other.db", dim=8)
    try:
        return await top_answers(other, texts, START, question)
    finally:
        await other.close()


# A little of a life that matters to nothing, said after the turns of top_three.
SMALL_TALK = [
    "Rainy all morning, finished the crossword before lunch.",
    "Bought a new kettle, the old one kept tripping the fuse.",
    "Дочитала детектив, концовка так себе.",
]
MARCH_2024 = 1_709_251_200.0  # 2024-03-01


async def top_three(
    storage: MemoryStorage, texts: list[str], question: str
) -> list[str]:
    """The top 3 answers to `question` over `texts` (and small talk), a day
    apart from 2024-03-01, in three threads, linked by the offline linker."""
    linker = EntityLinker(storage)
    for i, text in enumerate([*texts, *SMALL_TALK]):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 3}", "user", MARCH_2024 + i * DAY)
        )
        await linker.link_text(node, text)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, reinforce=False)
    return [h.node.content for h in hits][:3]


async def answers(
    retriever: Retriever, question: str, filters: SearchFilters = NO_FILTERS
) -> list[str]:
    """The texts of the hits for `question`, best first (searched without
    reinforcing, so that one test's questions do not move another's)."""
    hits = await retriever.search(question, filters, reinforce=False)
    return [hit.node.content for hit in hits]


async def window_answers(
    storage: MemoryStorage, texts: Sequence[str], first_day: int, question: str
) -> list[str]:
    """The top 10 answers to `question` over `texts` (said by the user a day
    apart, unlinked), searched within the 60 days from `first_day`."""
    for day, text in enumerate(texts):
        draft = EpisodeDraft(text, f"d{day}", "user", START + day * DAY + 3600)
        await storage.nodes.add_episode(draft)
    retriever = retriever_of(storage)
    after = START + first_day * DAY
    filters = SearchFilters(after=after, before=after + 60 * DAY, limit=10)
    return await answers(retriever, question, filters)
