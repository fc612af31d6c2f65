"""Routing on the labelled questions (tests/data/intents.jsonl): at least 95 %
right with no embedder, a 256-d embedder of the host's shape and the local
MiniLM one. The embedding classifier alone routed 38 % of them right."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.embeddings import EmbeddingService
from agent_memory.search.intent import (
    EmbeddingIntentClassifier,
    IntentClassifier,
    KeywordIntentClassifier,
)
from fakes import HashEmbedder

LABELLED = Path(__file__).parent.parent / "data" / "intents.jsonl"
TARGET = 0.95


def labelled() -> list[dict[str, str]]:
    with LABELLED.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


async def accuracy(classifier: IntentClassifier, embedder: Any | None) -> float:
    rows = labelled()
    texts = [row["text"] for row in rows]
    vectors = (
        await embedder.embed_batch(texts)
        if embedder is not None
        else [None] * len(rows)
    )
    right = sum(
        classifier.classify(row["text"], vector) == row["intent"]
        for row, vector in zip(rows, vectors, strict=True)
    )
    return right / len(rows)


async def embedded(embedder: Any) -> EmbeddingIntentClassifier:
    classifier = EmbeddingIntentClassifier(EmbeddingService(embedder, embedder.dim))
    assert await classifier.prepare()
    return classifier


def test_the_labelled_set_covers_both_languages_and_every_intent() -> None:
    rows = labelled()
    assert len(rows) >= 150
    for lang in ("en", "ru"):
        intents = {row["intent"] for row in rows if row["lang"] == lang}
        assert intents == {"why", "when", "who", "what", "general"}


async def test_keywords_alone() -> None:
    assert await accuracy(KeywordIntentClassifier(), None) >= TARGET


async def test_host_shaped_embedder() -> None:
    embedder = HashEmbedder(dim=256)
    assert await accuracy(await embedded(embedder), embedder) >= TARGET


@pytest.mark.needs_embedder
async def test_local_embedder() -> None:
    from agent_memory.standalone.local_embedder import LocalEmbedder

    embedder = LocalEmbedder()
    assert await accuracy(await embedded(embedder), embedder) >= TARGET


async def test_keywords_decide_and_exemplars_take_the_rest() -> None:
    embedder = HashEmbedder(dim=256)
    classifier = await embedded(embedder)
    (who, plan) = await embedder.embed_batch(["Who is Anna?", "Plan my weekend"])
    # a keyword wins over the nearest exemplar
    assert classifier.classify("Why is that?", who) == "why"
    # no keyword: a near paraphrase of an exemplar routes, anything else is general
    assert classifier.classify("that Anna person", who) == "who"
    assert classifier.classify("Plan my weekend", plan) == "general"
