"""Fakes at the process boundary: a host context that behaves as
../shared/host-contract.md describes, its model router, an embedding API.
Our own code is never faked; `running` drives it through the host's lifecycle."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

import yaml
from agent_memory.core.embeddings import Embedder, EmbeddingService, normalise
from agent_memory.main import MemoryExtension

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = yaml.safe_load((ROOT / "manifest.yaml").read_text())


@dataclass
class BusEvent:
    topic: str
    payload: dict[str, Any]
    id: str = "evt-1"
    source: str = "host"
    created_at: float = 0.0
    correlation_id: str | None = None


@dataclass
class FakeHostContext:
    """The host's context object: config merge, subscriptions, data dir."""

    data_dir: Path
    extension_dir: Path = ROOT
    settings: dict[str, Any] = field(default_factory=dict)
    model_router: Any = None
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("host"))
    handlers: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    bus: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    notified: list[str] = field(default_factory=list)

    @property
    def config(self) -> dict[str, Any]:
        # The host merges settings over manifest defaults shallowly.
        return {**MANIFEST.get("config", {}), **self.settings}

    def get_config(self, key: str, default: Any = None) -> Any:
        return self.config.get(key, default)

    def subscribe(self, event: str, handler: Callable[..., Any]) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def unsubscribe(self, event: str, handler: Callable[..., Any]) -> None:
        self.handlers.get(event, []).remove(handler)

    def subscribe_event(self, topic: str, handler: Callable[..., Any]) -> None:
        self.bus.setdefault(topic, []).append(handler)

    async def emit(self, event: str, payload: dict[str, Any]) -> None:
        """Router events: handlers inline, one dict each, errors logged and ignored."""
        for handler in self.handlers.get(event, []):
            try:
                result = handler(payload)
                if hasattr(result, "__await__"):
                    await result
            except Exception:
                self.logger.exception("handler failed")

    async def publish(self, topic: str, payload: dict[str, Any]) -> None:
        for handler in self.bus.get(topic, []):
            await handler(BusEvent(topic, payload))

    async def notify_user(self, text: str, channel_id: str | None = None) -> None:
        self.notified.append(text)

    async def get_thread_history(self, thread_id: str) -> list[dict[str, Any]] | None:
        return None


@overload
def service(embedder: Embedder) -> EmbeddingService: ...
@overload
def service(embedder: None) -> None: ...
def service(embedder: Embedder | None) -> EmbeddingService | None:
    """The memory's embedding service around a fake provider, as main.py builds it."""
    return None if embedder is None else EmbeddingService(embedder, embedder.dim)


class HashEmbedder:
    """Deterministic bag-of-words embedding: texts sharing words are close.

    Stands in for an embedding API at the process boundary: same shapes (unit
    vectors of `dim` floats, None for empty text), no network.
    """

    def __init__(self, dim: int = 8) -> None:
        self._dim = dim
        self.calls: list[list[str]] = []

    @property
    def dim(self) -> int:
        return self._dim

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        self.calls.append(list(texts))
        return [self._embed(text) for text in texts]

    def _embed(self, text: str) -> list[float] | None:
        words = re.findall(r"\w+", text.lower())
        if not words:
            return None
        vector = [0.0] * self._dim
        for word in words:
            digest = hashlib.md5(word.encode()).digest()
            vector[digest[0] % self._dim] += 1.0 if digest[1] % 2 else 0.5
        return normalise(vector)


class HostRouter:
    """The host's model router: maybe a memory_agent model, maybe an embedding
    capability (`embed_batch(texts, model)`, backed by a HashEmbedder)."""

    def __init__(self, model: Any = None, embedding_dim: int | None = None) -> None:
        self.model = model
        self.embedder = HashEmbedder(embedding_dim) if embedding_dim else None

    def get_model(self, agent_id: str) -> Any:
        if self.model is None or agent_id != "memory_agent":
            raise KeyError(agent_id)
        return self.model

    def get_capability(self, protocol: type) -> Any:
        return self if self.embedder is not None else None

    async def embed_batch(self, texts: list[str], model: str) -> list[Any]:
        assert self.embedder is not None
        return await self.embedder.embed_batch(texts)


@asynccontextmanager
async def running(
    host: FakeHostContext, extension: MemoryExtension | None = None
) -> AsyncIterator[MemoryExtension]:
    """The extension through the host's lifecycle: initialize, start ... stop."""
    ext = extension or MemoryExtension()
    await ext.initialize(host)
    await ext.start()
    try:
        yield ext
    finally:
        await ext.stop()
        await ext.destroy()


async def consolidations() -> None:
    """Wait for the consolidations the extension started in the background
    (its tasks are named "memory: consolidate <thread>")."""
    tasks = [
        task
        for task in asyncio.all_tasks()
        if task.get_name().startswith("memory: consolidate ")
    ]
    await asyncio.gather(*tasks)
