"""The one relevance gate: small talk and wordless prompts inject nothing, a
wordless search finds nothing;
`search` drops vector-only hits under `search_min_relevance`."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import NodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.search.small_talk import asks_nothing
from agent_memory.storage import MemoryStorage
from fakes import HashEmbedder, service

SMALL_TALK = [
    "hi", "Hi!", "hello", "good morning", "thanks!", "Thank you so much",
    "hey there, how are you?", "привет", "спасибо", "доброе утро", "как дела?",
    "Спасибо большое!", ".", "?!", "",
]  # fmt: skip
QUESTIONS = [
    "dentist", "Hi, who is Anna?", "thanks, when is the vet?",
    "как дела у Анны на работе", "good morning routine", "hello world program",
    "What is up with the server?", "no idea what Sam likes",
]  # fmt: skip
UNRELATED = [
    "Gina: ;)", "the deploy runs on Fridays", "Melanie painted a sunrise",
    "we booked flights to Porto", "the CDN cache was purged", "Pepper is a good dog",
]  # fmt: skip


@pytest.mark.parametrize("prompt", SMALL_TALK)
def test_small_talk_asks_nothing(prompt: str) -> None:
    assert asks_nothing(prompt)


@pytest.mark.parametrize("prompt", QUESTIONS)
def test_questions_are_searched(prompt: str) -> None:
    assert not asks_nothing(prompt)


async def memory(tmp_path: Path, floor: float) -> tuple[MemoryStorage, Retriever]:
    embedder = HashEmbedder(dim=64)
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=64)
    config = MemoryConfig(embedding_dimensions=64, search_min_relevance=floor)
    texts = ["the dentist appointment is on Monday", "good morning Anna", *UNRELATED]
    ids = await storage.nodes.add_nodes([NodeDraft("semantic", t) for t in texts])
    vectors = await embedder.embed_batch(texts)
    await storage.index.save_embeddings(
        [(i, v) for i, v in zip(ids, vectors, strict=True) if v is not None]
    )
    return storage, Retriever(storage, service(embedder), config)


async def test_greetings_inject_nothing_and_search_finds_only_their_words(
    tmp_path: Path,
) -> None:
    storage, retriever = await memory(tmp_path, 0.3)
    try:
        for prompt in ("good morning", "Hi!", "спасибо", "."):
            assert await retriever.get_context(prompt) is None, prompt
        for prompt in ("Hi!", "спасибо", ".", "?!"):
            assert await retriever.search(prompt) == [], prompt
        # asked for by name, the words are searched: the turn that says them
        found = await retriever.search("good morning")
        assert found[0].node.content == "good morning Anna"
        assert await retriever.get_context("when is the dentist?") is not None
    finally:
        await storage.close()


@pytest.mark.needs_vectors  # the floor is about hits found by the vector leg
async def test_search_floor_drops_unrelated_vector_hits(tmp_path: Path) -> None:
    storage, retriever = await memory(tmp_path, 0.3)
    try:
        hits = await retriever.search("dentist")
        assert [h.node.content for h in hits] == [
            "the dentist appointment is on Monday"
        ]
    finally:
        await storage.close()
    storage, retriever = await memory(tmp_path / "open", -1.0)
    try:
        assert len(await retriever.search("dentist")) > 1  # the floor did it
    finally:
        await storage.close()
