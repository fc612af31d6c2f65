"""Embeddings from an OpenAI-compatible server: OpenAI itself, Ollama, vLLM, llama.cpp.

Built on the `openai` package, which the host already has (so this needs no extra
and works whatever HTTP library that package uses underneath). Requests are
batched, bounded by a timeout, and retried by the client on 429 and 5xx with the
server's Retry-After; what still fails raises `EmbeddingError` saying what to fix.
Vectors ask for `encoding_format="float"` (local servers often lack base64), are
cut to the configured `dim` and re-normalised by `VectorCheck`; a server whose
vectors are shorter than `dim` gets None for those texts and one log line, so the
memory falls back to FTS + graph instead of storing vectors of the wrong width.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from types import TracebackType

import openai

from ..core.embeddings import Vector, VectorCheck
from ..core.errors import OperationError

log = logging.getLogger(__name__)

DEFAULT_MODEL = "text-embedding-3-small"
DEFAULT_DIMENSIONS = 256


class EmbeddingError(OperationError):
    """The embeddings endpoint refused or failed a request."""


class OpenAIEmbedder:
    """Batched async client for `POST {base_url}/embeddings`.

    `send_dimensions` passes `dimensions=dim` to the server; by default only for
    text-embedding-3-* models (older OpenAI models reject the parameter, local
    servers may ignore it). Either way vectors are cut to `dim` locally.
    """

    def __init__(
        self,
        *,
        model: str,
        dim: int,
        api_key: str | None = None,
        base_url: str | None = None,
        send_dimensions: bool | None = None,
        batch_size: int = 128,
        max_chars: int = 8000,
        timeout: float = 30.0,
        max_retries: int = 2,
    ) -> None:
        if dim < 1:
            raise ValueError(f"dim must be positive, got {dim}")
        self._model = model
        self._dim = dim
        self._base_url = base_url or "https://api.openai.com/v1"
        if send_dimensions is None:
            send_dimensions = model.startswith("text-embedding-3")
        self._send_dimensions = send_dimensions
        self._batch_size = batch_size
        self._max_chars = max_chars
        self._check = VectorCheck(dim, f"model {model!r}")
        # Local servers need no key, but the client insists on one.
        self._client = openai.AsyncOpenAI(
            api_key=api_key or "unused",
            base_url=self._base_url,
            timeout=timeout,
            max_retries=max_retries,
        )

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None
    ) -> OpenAIEmbedder | None:
        """An embedder configured from the environment, or None (logged once).

        OPENAI_API_KEY and/or OPENAI_BASE_URL select the server (a base URL alone
        suits a local server); AGENT_MEMORY_EMBEDDING_MODEL names the model
        (required with a base URL, else text-embedding-3-small) and
        AGENT_MEMORY_EMBEDDING_DIMENSIONS the stored width (default 256).
        """
        env = os.environ if environ is None else environ
        api_key = env.get("OPENAI_API_KEY") or None
        base_url = env.get("OPENAI_BASE_URL") or None
        model = env.get("AGENT_MEMORY_EMBEDDING_MODEL") or None
        if api_key is None and base_url is None:
            log.info("no OPENAI_API_KEY or OPENAI_BASE_URL: no OpenAI embedder")
            return None
        if model is None and base_url is not None:
            log.warning(
                "OPENAI_BASE_URL is set but AGENT_MEMORY_EMBEDDING_MODEL is not; "
                "name the server's embedding model to use it"
            )
            return None
        raw_dim = env.get("AGENT_MEMORY_EMBEDDING_DIMENSIONS") or ""
        try:
            dim = int(raw_dim) if raw_dim else DEFAULT_DIMENSIONS
            return cls(
                model=model or DEFAULT_MODEL,
                dim=dim,
                api_key=api_key,
                base_url=base_url,
            )
        except ValueError:
            log.warning(
                "AGENT_MEMORY_EMBEDDING_DIMENSIONS=%r is not a positive integer; "
                "no OpenAI embedder",
                raw_dim,
            )
            return None

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def model(self) -> str:
        return self._model

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]:
        """One unit vector per text; None for a blank text or a too-short vector."""
        out: list[Vector | None] = [None] * len(texts)
        # The API rejects empty inputs, so blank texts are never sent.
        todo = [i for i, text in enumerate(texts) if text.strip()]
        for start in range(0, len(todo), self._batch_size):
            chunk = todo[start : start + self._batch_size]
            vectors = await self._request([texts[i][: self._max_chars] for i in chunk])
            for i, vector in zip(chunk, vectors, strict=True):
                out[i] = self._check.fit(vector)
        return out

    async def _request(self, inputs: list[str]) -> list[list[float]]:
        # Through extra_body: the typed `dimensions` argument differs across
        # the openai versions the host may have.
        extra = {"dimensions": self._dim} if self._send_dimensions else None
        try:
            response = await self._client.embeddings.create(
                input=inputs,
                model=self._model,
                encoding_format="float",
                extra_body=extra,
            )
        except openai.AuthenticationError as exc:
            raise EmbeddingError(
                f"{self._base_url} refused the API key (401); check OPENAI_API_KEY"
            ) from exc
        except openai.RateLimitError as exc:
            raise EmbeddingError(
                f"{self._base_url} is rate limiting embeddings (429) after retries; "
                "try again later or lower the batch size"
            ) from exc
        except openai.APIStatusError as exc:
            raise EmbeddingError(
                f"{self._base_url} answered {exc.status_code} for model "
                f"{self._model!r}: {exc.message}"
            ) from exc
        except openai.APIConnectionError as exc:  # includes timeouts
            raise EmbeddingError(
                f"cannot reach {self._base_url} for embeddings: {exc}"
            ) from exc
        data = sorted(response.data, key=lambda item: item.index)
        if len(data) != len(inputs):
            raise EmbeddingError(
                f"{self._base_url} returned {len(data)} embeddings "
                f"for {len(inputs)} texts"
            )
        return [item.embedding for item in data]

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self._client.close()

    async def __aenter__(self) -> OpenAIEmbedder:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()
