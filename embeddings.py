"""The one embedding interface the memory uses, and the adapter for the host's.

Everything that turns text into vectors (the host's capability, a local model, an
OpenAI-compatible server) is seen through `Embedder`: a fixed `dim` and one batched
call. Vectors are stored unit-length at the configured dimension, so cosine is a dot
product and a Matryoshka model (text-embedding-3-*) can be cut to size. Pure list
math: no numpy, which the host does not have.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

log = logging.getLogger(__name__)

Vector = list[float]


class Embedder(Protocol):
    """Texts to unit vectors of `dim` floats; None for a text it could not embed."""

    @property
    def dim(self) -> int: ...

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]: ...


@runtime_checkable
class EmbeddingCapability(Protocol):
    """Structural twin of the host's EmbeddingCapability (we may not import it)."""

    async def embed_batch(
        self, texts: list[str], model: str
    ) -> list[list[float] | None]: ...


def normalise(vector: Sequence[float]) -> Vector:
    """The vector scaled to length 1 (a zero vector stays zero)."""
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0.0:
        return [0.0] * len(vector)
    return [x / norm for x in vector]


def fit_dimension(vector: Sequence[float], dim: int) -> Vector | None:
    """Cut a Matryoshka vector to `dim` and re-normalise; None if it is too short."""
    if len(vector) < dim:
        return None
    return normalise(vector[:dim])


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity of two vectors (0.0 when either is zero)."""
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return dot / (na * nb)


class HostEmbedder:
    """Adapts the host's capability: truncates to `dim`, re-normalises, checks sizes.

    A provider that returns vectors shorter than `dim` cannot be used for our
    index: that is logged once and the text gets None, so the caller falls back
    to FTS + graph instead of crashing.
    """

    def __init__(self, capability: EmbeddingCapability, model: str, dim: int) -> None:
        self._capability = capability
        self._model = model
        self._dim = dim
        self._warned = False

    @property
    def dim(self) -> int:
        return self._dim

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]:
        raw = await self._capability.embed_batch(texts, self._model)
        out: list[Vector | None] = []
        for vector in raw:
            fitted = None if vector is None else fit_dimension(vector, self._dim)
            if vector is not None and fitted is None and not self._warned:
                self._warned = True
                log.warning(
                    "embedding provider returned %d dimensions, fewer than the "
                    "configured %d; those texts are searched by FTS and graph only",
                    len(vector),
                    self._dim,
                )
            out.append(fitted)
        return out
