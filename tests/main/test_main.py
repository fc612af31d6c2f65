"""The extension against a host context that behaves as the contract says."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from agent_memory.core.config import ConfigError
from agent_memory.main import MemoryExtension
from fakes import FakeHostContext, HostRouter, consolidations, running


@pytest.fixture
async def memory(host: FakeHostContext) -> AsyncIterator[MemoryExtension]:
    async with running(host) as extension:
        yield extension


def user(text: Any, thread: str | None = "t1", **extra: Any) -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "channel": object(), "thread_id": thread}


def answer(text: str, thread: str = "t1") -> dict[str, Any]:
    payload = user(text, thread)
    payload["agent_id"] = "orchestrator"
    return payload


async def episodes(memory: MemoryExtension, thread: str = "t1") -> list[Any]:
    await memory.drain()
    return await memory.services.storage.sessions.session_episodes(thread, limit=100)


async def test_initialize_opens_memory_db_and_subscribes(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    assert (host.data_dir / "memory.db").exists()
    assert set(host.handlers) == {"user_message", "agent_response"}
    assert set(host.bus) == {"thread.completed"}
    assert memory.health_check()
    assert memory.context_priority == 50


async def test_health_check_fails_once_storage_is_closed(host: FakeHostContext) -> None:
    memory = MemoryExtension()
    await memory.initialize(host)
    await memory.start()
    await memory.stop()
    await memory.services.storage.close()

    assert not memory.health_check()
    await memory.destroy()
    assert not memory.health_check()


async def test_turns_are_stored_as_a_chain_with_roles(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    await host.emit("user_message", user("I adopted a cat named Miso"))
    await host.emit("agent_response", answer("Congratulations on Miso!"))

    stored = await episodes(memory)

    assert [(n.content, n.source_role) for n in stored] == [
        ("I adopted a cat named Miso", "user"),
        ("Congratulations on Miso!", "orchestrator"),
    ]
    chain = await memory.services.storage.graph.walk(
        [stored[0].id], "temporal", forward=True, depth=1
    )
    assert chain == [(stored[1].id, 1)]


async def test_handler_returns_before_the_disk_write(
    memory: MemoryExtension,
) -> None:

    result = memory.on_user_message(user("queued, not yet written"))

    assert result.done()
    assert memory.services.storage.pending_writes == 1
    assert len(await episodes(memory)) == 1


@pytest.mark.parametrize(
    "payload",
    [
        user(""),
        user("   \n"),
        user(None),
        {"user_id": "u1"},
        answer("(Error: model timed out)"),
        answer("(No agent configured.)"),
    ],
)
async def test_noise_and_host_error_markers_are_not_stored(
    memory: MemoryExtension, host: FakeHostContext, payload: dict[str, Any]
) -> None:
    event = "agent_response" if "agent_id" in payload else "user_message"

    await host.emit(event, payload)

    assert await episodes(memory) == []


async def test_oversized_text_is_truncated_and_flagged(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    await host.emit("user_message", user("x" * 40_000))

    (node,) = await episodes(memory)

    assert len(node.content) == 32_000
    assert node.attributes["truncated"] is True
    assert node.attributes["original_chars"] == 40_000


async def test_missing_thread_goes_to_the_default_thread(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    await host.emit("user_message", user("no thread id", thread=None))

    assert len(await episodes(memory, "default")) == 1


async def test_thread_switch_and_completion_schedule_consolidation_once(
    host: FakeHostContext,
) -> None:
    calls: list[str] = []
    release = asyncio.Event()

    class Recording(MemoryExtension):
        async def consolidate_thread(self, thread_id: str) -> bool:
            calls.append(thread_id)
            await release.wait()  # still running when the duplicates arrive
            return True

    async with running(host, Recording()):
        await host.emit("user_message", user("first thread", thread="a"))
        await host.emit("user_message", user("second thread", thread="b"))
        await host.publish("thread.completed", {"thread_id": "b", "reason": "idle"})
        await host.publish("thread.completed", {"thread_id": "b", "reason": "idle"})
        release.set()
        await consolidations()

    assert calls == ["a", "b"]


async def test_thread_completed_reaches_every_users_turns_of_that_thread(
    host: FakeHostContext,
) -> None:
    """Per-user scopes store a thread under one key per user ("t2@user:bob"),
    while the host names the bare thread: each is consolidated, once."""
    calls: list[str] = []

    class Recording(MemoryExtension):
        async def consolidate_thread(self, thread_id: str) -> bool:
            calls.append(thread_id)
            return True

    async with running(host, Recording()) as memory:
        for who, thread in (("ann", "t2"), ("bob", "t2"), ("cy", "t22")):
            await host.emit("user_message", {**user("a plan", thread), "user_id": who})
        await memory.drain()
        pending = await memory.services.storage.sessions.pending_sessions()
        await host.publish("thread.completed", {"thread_id": "t2", "reason": "idle"})
        await consolidations()

    t2 = sorted(s.session_id for s in pending if s.session_id.split("@")[0] == "t2")
    assert len(t2) == 2 and sorted(calls) == t2, (calls, pending)  # not t22


async def test_embeddings_come_from_the_host_capability_cut_to_size(
    host: FakeHostContext,
) -> None:
    host.model_router = HostRouter(embedding_dim=3072)
    async with running(host) as memory:
        await host.emit("user_message", user("embed me please"))
        (node,) = await episodes(memory)
        vectors = await memory.services.storage.index.node_embeddings([node.id])

    assert len(vectors[node.id]) == 256
    assert abs(sum(x * x for x in vectors[node.id]) - 1.0) < 1e-4


async def test_bad_config_is_an_error_at_initialize(host: FakeHostContext) -> None:
    host.settings = {"context_token_budget": "lots"}

    with pytest.raises(ConfigError, match="context_token_budget"):
        await MemoryExtension().initialize(host)


async def test_host_settings_override_manifest_defaults(host: FakeHostContext) -> None:
    host.settings = {"rrf_k": 10}
    memory = MemoryExtension()
    await memory.initialize(host)
    await memory.destroy()

    assert memory.config.rrf_k == 10
    assert memory.config.decay_threshold == 0.05


async def test_get_context_never_raises_and_unknown_tasks_are_ignored(
    memory: MemoryExtension,
) -> None:
    assert await memory.get_context("", None) is None
    assert await memory.get_context('"unbalanced (NEAR * :', None) is None
    assert await memory.execute_task("no_such_task") is None


async def test_stop_drains_every_queued_turn(host: FakeHostContext) -> None:
    memory = MemoryExtension()
    await memory.initialize(host)
    await memory.start()
    for n in range(200):
        memory.on_user_message(user(f"turn {n}"))

    await memory.stop()
    stored = await memory.services.storage.sessions.session_episodes("t1", limit=500)
    await memory.destroy()

    assert len(stored) == 200
