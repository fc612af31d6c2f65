"""EmbeddingService: the one place vectors are fitted, checked and batched."""

from __future__ import annotations

import logging
import math

import pytest
from agent_memory.core.embeddings import (
    EmbeddingService,
    Vector,
    matryoshka_native_width,
)


class ScriptedProvider:
    """An embedding API at the process boundary answering with given vectors."""

    def __init__(self, dim: int, answer: list[Vector | None] | None = None) -> None:
        self.dim = dim
        self.answer = answer
        self.calls: list[list[str]] = []
        self.error: Exception | None = None

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]:
        self.calls.append(list(texts))
        if self.error is not None:
            raise self.error
        if self.answer is not None:
            return list(self.answer)
        return [[float(len(t)), 1.0, 0.0, 0.0] for t in texts]


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_matryoshka_vector_is_cut_and_made_unit_length() -> None:
    provider = ScriptedProvider(6, [[3.0, 4.0, 0.0, 0.0, 9.0, 9.0]])
    (vector,) = await EmbeddingService(provider, 4).embed_batch(["x"])
    assert vector == [0.6, 0.8, 0.0, 0.0]


def test_only_known_matryoshka_models_have_a_native_width() -> None:
    assert matryoshka_native_width("text-embedding-3-small") == 1536
    assert matryoshka_native_width(" Text-Embedding-3-Large ") == 3072
    # not Matryoshka, an alias that may hide any model, or no model at all
    for model in ("text-embedding-ada-002", "my-deployment", "", None):
        assert matryoshka_native_width(model) is None


async def test_zero_and_nan_vectors_are_no_vector_and_warned_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    zero, nan = [0.0] * 4, [1.0, math.nan, 0.0, 0.0]
    provider = ScriptedProvider(4, [zero, nan, zero, nan, [0.0, 2.0, 0.0, 0.0]])
    service = EmbeddingService(provider, 4)
    with caplog.at_level(logging.WARNING):
        out = await service.embed_batch(list("fghij"))
        await service.embed_batch(list("abcde"))
    assert out == [None, None, None, None, [0.0, 1.0, 0.0, 0.0]]
    assert len(warnings(caplog)) == 2  # one for zero, one for NaN


async def test_a_narrower_provider_gives_none_with_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    provider = ScriptedProvider(2, [[1.0, 0.0], [0.0, 1.0]])
    service = EmbeddingService(provider, 4)
    with caplog.at_level(logging.WARNING):
        assert await service.embed_batch(["a", "b"]) == [None, None]
        assert await service.embed_batch(["c", "d"]) == [None, None]
    (message,) = warnings(caplog)
    assert "2 dimensions" in message and "4" in message


async def test_a_raising_provider_gives_none_and_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    provider = ScriptedProvider(4)
    provider.error = ConnectionError("service down")
    service = EmbeddingService(provider, 4)
    with caplog.at_level(logging.WARNING):
        assert await service.embed_batch(["a", "b"]) == [None, None]
        assert await service.embed("c") is None
    (message,) = warnings(caplog)
    assert "service down" in message


async def test_a_miscounting_provider_gives_none() -> None:
    provider = ScriptedProvider(4, [[1.0, 0.0, 0.0, 0.0]])
    assert await EmbeddingService(provider, 4).embed_batch(["a", "b"]) == [None, None]


async def test_batches_are_capped_and_order_is_kept() -> None:
    provider = ScriptedProvider(4)
    service = EmbeddingService(provider, 4, max_batch=2)
    texts = ["a", "bb", "ccc", "dddd", "eeeee"]
    out = await service.embed_batch(texts)
    assert provider.calls == [["a", "bb"], ["ccc", "dddd"], ["eeeee"]]
    for text, vector in zip(texts, out, strict=True):
        assert vector is not None
        assert vector[0] / vector[1] == pytest.approx(len(text))
        assert math.fsum(x * x for x in vector) == pytest.approx(1.0)
    assert await service.embed_batch([]) == []
    assert len(provider.calls) == 3


async def test_a_recent_text_is_not_sent_twice() -> None:
    # get_context embeds the user's text, then the indexer stores it: one call.
    provider = ScriptedProvider(4)
    service = EmbeddingService(provider, 4)
    first = await service.embed("hello there")
    again = await service.embed_batch(["hello there", "new", "new"])

    assert provider.calls == [["hello there"], ["new"]]
    assert again[0] == first and again[1] == again[2] is not None
