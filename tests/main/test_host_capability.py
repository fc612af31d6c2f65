"""The embedding capability is asked for with the host's own class.

The host's providers hand it out by identity (`cap is EmbeddingCapability`),
so a Protocol of ours gets None there. A stand-in `core.llm.capabilities`
module and a router that matches by identity keep that from regressing.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from agent_memory.core import embeddings
from agent_memory.core.embeddings import EmbeddingCapability, capability_class
from fakes import FakeHostContext, HostRouter, running


class HostEmbeddingCapability:
    """Stands in for the host's class of that name."""


class IdentityRouter(HostRouter):
    """Matches capabilities as the host's providers do: by identity."""

    def __init__(self, embedding_dim: int) -> None:
        super().__init__(embedding_dim=embedding_dim)
        self.asked: list[type] = []

    def get_capability(self, protocol: type) -> Any:
        self.asked.append(protocol)
        return self if protocol is HostEmbeddingCapability else None


@pytest.fixture
def host_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    module = types.ModuleType(embeddings.HOST_CAPABILITIES)
    module.EmbeddingCapability = HostEmbeddingCapability  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, embeddings.HOST_CAPABILITIES, module)
    capability_class.cache_clear()
    yield
    capability_class.cache_clear()


def test_without_the_host_module_our_protocol_is_asked_for() -> None:
    capability_class.cache_clear()
    assert capability_class() is EmbeddingCapability


def test_our_protocol_gets_nothing_from_an_identity_router() -> None:
    router = IdentityRouter(embedding_dim=64)
    assert router.get_capability(EmbeddingCapability) is None


async def test_vectors_are_stored_through_the_hosts_class(
    host_module: None, host: FakeHostContext
) -> None:
    router = IdentityRouter(embedding_dim=3072)
    host.model_router = router
    async with running(host) as memory:
        await host.emit("user_message", _user("my sister Anna lives in Porto"))
        await memory.drain()
        (node,) = await memory.services.storage.sessions.session_episodes("t1")
        vectors = await memory.services.storage.index.node_embeddings([node.id])

    assert router.asked == [HostEmbeddingCapability]  # asked once, then cached
    assert len(vectors[node.id]) == 256


async def test_a_session_sends_batches_not_one_call_per_text(
    host_module: None, host: FakeHostContext
) -> None:
    host.settings = {"embedding_batch_size": 8}
    router = IdentityRouter(embedding_dim=256)
    host.model_router = router
    async with running(host) as memory:
        memory.services.indexer  # noqa: B018 - started by running()
        for n in range(20):
            memory.on_user_message(_user(f"note number {n} about the garden"))
            await memory.get_context(f"note number {n} about the garden", None)
        await memory.drain()

    assert router.embedder is not None
    calls = [c for c in router.embedder.calls if "garden" in " ".join(c)]
    texts = sum(len(c) for c in calls)
    assert texts == 20  # each user text embedded once: query and episode share it
    assert max(len(c) for c in calls) <= 8


def _user(text: str) -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "channel": object(), "thread_id": "t1"}
