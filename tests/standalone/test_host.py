"""The standalone host behaves as ../shared/host-contract.md describes."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.embeddings import EmbeddingCapability
from agent_memory.standalone.host import (
    BusEvent,
    EventBus,
    MessageRouter,
    ModelRouter,
    Scheduler,
    StandaloneHost,
    load_manifest,
    model_factory_from_env,
)
from agent_memory.writepath.nightly import STEPS
from agents import OpenAIChatCompletionsModel
from fakes import HashEmbedder
from host_v2 import HostDb, host_vector


def utc(hour: int, minute: int = 0, day: int = 1) -> dt.datetime:
    return dt.datetime(2025, 3, day, hour, minute, tzinfo=dt.UTC)


async def test_router_gives_each_handler_one_dict_and_survives_failures() -> None:
    router = MessageRouter()
    seen: list[Any] = []

    def broken(payload: dict[str, Any]) -> None:
        raise RuntimeError("boom")

    def sync_future(payload: dict[str, Any]) -> asyncio.Future[None]:
        seen.append(("sync", payload))
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        future.set_result(None)
        return future

    async def coroutine(payload: dict[str, Any]) -> None:
        seen.append(("async", payload))

    for handler in (broken, sync_future, coroutine):
        router.subscribe("user_message", handler)

    await router.dispatch("user_message", {"text": "hi", "thread_id": "t"})

    assert seen == [
        ("sync", {"text": "hi", "thread_id": "t"}),
        ("async", {"text": "hi", "thread_id": "t"}),
    ]


async def test_bus_events_carry_the_contract_fields() -> None:
    bus = EventBus()
    received: list[BusEvent] = []

    async def handler(event: BusEvent) -> None:
        received.append(event)

    bus.subscribe("thread.completed", handler)

    await bus.publish("thread.completed", {"thread_id": "t1", "reason": "idle"})

    (event,) = received
    assert event.topic == "thread.completed"
    assert event.payload == {"thread_id": "t1", "reason": "idle"}
    assert event.id and event.source == "host" and event.correlation_id is None
    assert isinstance(event.created_at, float)


async def test_scheduler_fires_the_manifest_cron_in_utc() -> None:
    ran: list[str] = []
    told: list[str] = []

    async def run(task: str) -> dict[str, Any] | None:
        ran.append(task)
        return {"text": "pruned 3 facts"}

    async def notify(text: str) -> None:
        told.append(text)

    scheduler = Scheduler.from_manifest(load_manifest(), run, notify, now=utc(2, 0))

    assert await scheduler.tick(utc(2, 59)) == []
    assert await scheduler.tick(utc(3, 0)) == ["run_nightly_maintenance"]
    assert await scheduler.tick(utc(3, 1)) == []
    assert ran == ["run_nightly_maintenance"]
    assert told == ["pruned 3 facts"]


def test_scheduler_rejects_a_bad_cron_line() -> None:
    async def run(task: str) -> None:
        return None

    with pytest.raises(ValueError, match="bad cron"):
        Scheduler.from_manifest(
            {"schedules": [{"name": "x", "cron": "every night"}]}, run, run
        )


async def test_model_router_without_models_behaves_like_the_host() -> None:
    router = ModelRouter()

    with pytest.raises(KeyError):
        router.get_model("memory_agent")
    assert router.get_capability(EmbeddingCapability) is None


async def test_model_router_offers_the_embedder_as_a_capability() -> None:
    router = ModelRouter(embedder=HashEmbedder(16), model_factory=lambda a: f"m:{a}")

    capability = router.get_capability(EmbeddingCapability)
    vectors = await capability.embed_batch(["hello world", ""], "any-model")

    assert isinstance(capability, EmbeddingCapability)
    assert len(vectors[0]) == 16 and vectors[1] is None
    assert router.get_model("memory_agent") == "m:memory_agent"


async def test_extension_runs_unchanged_in_the_standalone_host(tmp_path: Path) -> None:
    embedder = HashEmbedder(256)
    async with StandaloneHost(tmp_path, embedder=embedder) as host:
        await host.user_message("My sister Lena moved to Vienna", "t1")
        await host.agent_response("Vienna, lovely!", "t1")
        await host.agent_response("(Error: model unavailable)", "t1")
        await host.memory.drain()
        stored = await host.memory.services.storage.sessions.session_episodes("t1")
        block = await host.context_for("Where does Lena live?")
        stats = await host.memory.services.storage.admin.stats()

    assert [(n.content, n.source_role) for n in stored] == [
        ("My sister Lena moved to Vienna", "user"),
        ("Vienna, lovely!", "orchestrator"),
    ]
    assert "Vienna" in block
    assert stats.embedded_nodes == 2
    assert (tmp_path / "memory.db").exists()
    assert host.tools == host.memory.get_tools()


async def test_adopting_the_hosts_memory_keeps_no_vector_of_another_model(
    tmp_path: Path,
) -> None:
    """The host's 1,536-wide vectors would pass as text-embedding-3-small's
    (the configured name), but this host embeds with its own model: they are
    dropped and the node re-embedded by that model."""
    text = "Our cat Pixel likes fish"
    old = HostDb(tmp_path / "memory.db", width=1536)
    old.node("cat", text, at=0, embedding=host_vector([1.0] + [0.0] * 7, width=1536))
    old.close()
    embedder = HashEmbedder(256)
    async with StandaloneHost(tmp_path, embedder=embedder) as host:
        model = host.context.get_config("embedding_model")
        await host.services.indexer.backfill()
        vectors = await host.services.storage.index.node_embeddings([1])

    assert model == "HashEmbedder"
    assert vectors[1] == pytest.approx(embedder._embed(text), abs=1e-6)


async def test_unknown_task_is_ignored_and_known_one_returns(tmp_path: Path) -> None:
    async with StandaloneHost(tmp_path) as host:
        assert await host.run_task("no_such_task") is None
        result = await host.run_task("run_nightly_maintenance")
        runs = await host.memory.services.storage.sessions.maintenance_runs()

    assert result is None  # nothing failed, so nothing to tell the user
    assert set(runs) == set(STEPS)  # the known task did run every step


async def test_settings_override_manifest_config_shallowly(tmp_path: Path) -> None:
    host = StandaloneHost(tmp_path, settings={"context_token_budget": 500})

    assert host.context.get_config("context_token_budget") == 500
    assert host.context.get_config("rrf_k") == 60
    assert host.context.get_config("missing", "fallback") == "fallback"


def test_the_model_router_gets_the_environment_model_of_agent_py(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert model_factory_from_env() is None
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("AGENT_MEMORY_MODEL", "qwen3")

    factory = model_factory_from_env()

    assert factory is not None
    router = ModelRouter(model_factory=factory)
    model = router.get_model("memory_agent")
    assert isinstance(model, OpenAIChatCompletionsModel) and model.model == "qwen3"
    assert router.get_model("orchestrator") is model


async def test_the_standalone_host_never_says_context_is_unwired(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """MCP clients record turns and ask for context only when they want it."""
    async with StandaloneHost(tmp_path) as host:
        for n in range(6):
            await host.user_message(f"turn number {n}", "t1")
        await host.memory.drain()

    assert host.context.notifications == []
    assert not [r for r in caplog.records if "get_context" in r.getMessage()]


async def test_stopping_the_host_closes_the_models_it_handed_out(
    tmp_path: Path,
) -> None:
    # A night whose model run hit its time limit leaves a connection open; the
    # host closes its models' clients on stop, in the running loop.
    from agent_memory.agent import chat_model

    def factory(agent_id: str) -> Any:
        return chat_model("local", base_url="http://127.0.0.1:9/v1")

    async with StandaloneHost(tmp_path, model_factory=factory) as host:
        models = [host.model_router.get_model(a) for a in ("memory_agent", "other")]
        assert not any(model._client.is_closed() for model in models)

    assert all(model._client.is_closed() for model in models)
