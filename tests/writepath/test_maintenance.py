"""The nightly pipeline: isolated steps, recorded runs, causal links, main wiring."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from agent_memory.agent import MemoryAgent
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EdgeDraft, NodeDraft
from agent_memory.main import MemoryExtension
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.consolidation import Consolidator
from agent_memory.writepath.indexer import EpisodeIndexer
from agent_memory.writepath.nightly import STEPS, NightlyPipeline
from fakes import (
    FakeHostContext,
    HashEmbedder,
    HostRouter,
    consolidations,
    running,
    service,
)
from scripting import add_turns, call, connection_error, finish_chunk, user_text

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ModelStep, ScriptedModel, assistant_message  # noqa: E402

LATER = 2 * 3600  # seconds after the turns: the threads are idle by then


def pipeline(
    storage: MemoryStorage, model: ScriptedModel | None, embedder: Any = None
) -> NightlyPipeline:
    config = MemoryConfig(entity_enrichment_min_mentions=3)
    embedder = service(embedder)
    retriever = Retriever(storage, embedder, config)
    agent = MemoryAgent(model, timeout_seconds=10) if model else None
    consolidator = Consolidator(
        storage, retriever, config, lambda: agent, embedder=embedder
    )
    indexer = EpisodeIndexer(storage, embedder)
    return NightlyPipeline(storage, config, lambda: agent, consolidator, indexer)


def enrichment_steps(summary: str) -> list[Any]:
    return [
        [call("update_entity_summary", {"summary": summary, "type": "person"})],
        [assistant_message("done")],
    ]


def causal_steps(pairs: list[int]) -> list[Any]:
    links = [{"pair": p, "reason": "the request led to the answer"} for p in pairs]
    return [[call("save_causal_edges", {"links": links})], [assistant_message("ok")]]


async def test_every_step_runs_and_is_recorded(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", "Mila starts school"), ("user", "ok")])
    mila = await storage.entities.upsert_entity("Mila", type="concept", mentions=3)
    fact = await storage.nodes.add_node(
        NodeDraft("semantic", "Mila is seven", decay_rate=0.1)
    )
    embedder = HashEmbedder(8)
    model = ScriptedModel(
        [
            *finish_chunk(),
            *enrichment_steps("Mila is the user's daughter; she is seven."),
            *causal_steps([1]),
        ]
    )

    report = await pipeline(storage, model, embedder).run(now=time.time() + LATER)

    model.assert_complete()
    assert [s.step for s in report.steps] == list(STEPS)
    assert report.errors == [] and report.summary() is None
    counts = {s.step: s.counts for s in report.steps}
    # the two turns and the fact were stored without the slow path
    assert counts["embeddings"] == {"embedded": 3, "still_missing": 0}
    assert counts["consolidation"] == {"pending": 1, "consolidated": 1}
    assert counts["decay"] == {"checked": 1, "updated": 1, "pruned": 0}
    assert counts["entity_enrichment"] == {"entities": 1, "summarised": 1}
    assert counts["causal_inference"] == {"pairs": 1, "edges": 1}
    enrich_prompt = user_text(model.calls[2])
    assert "name: Mila" in enrich_prompt
    enriched = await storage.entities.get_entity(mila.id)
    assert enriched is not None and enriched.type == "person"
    assert enriched.summary == "Mila is the user's daughter; she is seven."
    runs = await storage.sessions.maintenance_runs()
    assert sorted(runs) == sorted(STEPS)
    assert runs["decay"].counts == counts["decay"] and runs["decay"].error is None
    assert (await storage.nodes.get_node(fact)) is not None


async def test_a_failing_step_does_not_stop_the_others(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", "Ask Mila"), ("user", "she said yes")])
    await storage.entities.upsert_entity("Mila", type="person", mentions=5)
    model = ScriptedModel(
        [
            *finish_chunk(),
            ModelStep.raise_error(connection_error()),  # enrichment fails
            *causal_steps([1]),
        ]
    )

    report = await pipeline(storage, model).run(now=time.time() + LATER)

    model.assert_complete()
    (failed,) = report.errors
    assert failed.step == "entity_enrichment"
    assert failed.error is not None and "APIConnectionError" in failed.error
    assert report.summary() == (
        f"Memory maintenance finished with errors (entity_enrichment: {failed.error})."
    )
    runs = await storage.sessions.maintenance_runs()
    assert runs["entity_enrichment"].error == failed.error
    assert runs["causal_inference"].counts == {"pairs": 1, "edges": 1}
    assert runs["decay"].error is None


async def test_one_entity_timing_out_is_not_the_nights_enrichment(
    storage: MemoryStorage,
) -> None:
    await storage.entities.upsert_entity("Mila", type="concept", mentions=5)
    await storage.entities.upsert_entity("Oleg", type="concept", mentions=4)
    for name in ("Mel", "Melanie"):  # filed apart: the model-free join still runs
        node = await storage.nodes.add_node(NodeDraft("semantic", f"{name} called"))
        entity = await storage.entities.upsert_entity(name, type="person", mentions=0)
        await storage.entities.link_entities([(node, entity.id)])
    model = ScriptedModel(
        [
            ModelStep.raise_error(TimeoutError()),  # the first entity's run
            *enrichment_steps("A friend of the user."),
        ]
    )

    report = await pipeline(storage, model).run(only=["entity_enrichment"])

    model.assert_complete()
    (step,) = report.steps
    assert step.error == "1 of 2 entities failed (TimeoutError: )"
    assert step.counts == {
        "entities": 2,
        "summarised": 1,
        "failed": 1,
        "people_joined": 1,
    }
    summaries = [
        (await storage.entities.find_entity(n)) for n in ("Mila", "Oleg", "Mel")
    ]
    assert sorted(bool(e and e.summary) for e in summaries[:2]) == [False, True]
    assert summaries[2] is not None and summaries[2].name == "Melanie"
    runs = await storage.sessions.maintenance_runs()
    assert runs["entity_enrichment"].counts == step.counts


async def test_enrichment_stops_when_the_model_keeps_failing(
    storage: MemoryStorage,
) -> None:
    for n, name in enumerate(("Ann", "Bob", "Cyd", "Dan")):
        await storage.entities.upsert_entity(name, type="concept", mentions=9 - n)
    model = ScriptedModel([ModelStep.raise_error(connection_error())] * 3)

    report = await pipeline(storage, model).run(only=["entity_enrichment"])

    model.assert_complete()  # the fourth entity was not asked
    (step,) = report.steps
    assert step.counts == {"entities": 4, "summarised": 0, "failed": 3}
    assert step.error is not None and step.error.startswith("3 of 4 entities failed")


async def test_causal_edges_are_written_once_per_pair(storage: MemoryStorage) -> None:
    ids = await add_turns(
        storage,
        "t1",
        [
            ("user", "The build is failing"),
            ("orchestrator", "Pin the compiler version"),
            ("user", "Pinned it, the build is green"),
        ],
    )
    model = ScriptedModel(causal_steps([1, 1, 2]))
    nightly = pipeline(storage, model)

    first = await nightly.infer_causal_links()
    second = await nightly.infer_causal_links()  # the model would raise if asked

    model.assert_complete()
    assert first == {"pairs": 2, "edges": 2}
    assert second == {"pairs": 0}
    edges = await storage.graph.edges_of(ids, types=["causal"])
    assert sorted((e.src_id, e.dst_id, e.confidence) for e in edges) == [
        (ids[0], ids[1], 0.7),
        (ids[1], ids[2], 0.7),
    ]


async def test_a_failed_causal_run_is_asked_again(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", "a"), ("user", "b")])
    model = ScriptedModel(
        [ModelStep.raise_error(connection_error()), *causal_steps([1])]
    )
    nightly = pipeline(storage, model)

    with pytest.raises(Exception, match="Connection error"):
        await nightly.infer_causal_links()
    again = await nightly.infer_causal_links()

    assert again == {"pairs": 1, "edges": 1}


async def test_without_a_model_llm_steps_are_skipped(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", "Ask Mila"), ("user", "yes")])
    await storage.entities.upsert_entity("Mila", type="person", mentions=5)

    report = await pipeline(storage, None).run(now=time.time() + LATER)

    counts = {s.step: s.counts for s in report.steps}
    assert counts["consolidation"] == {"pending": 1, "skipped_no_model": 1}
    assert counts["entity_enrichment"] == {"entities": 1, "skipped_no_model": 1}
    assert counts["causal_inference"] == {"pairs": 1, "skipped_no_model": 1}
    assert report.summary() is None
    state = await storage.sessions.get_session("t1")
    assert state is not None and state.status == "pending"


async def test_the_nightly_entity_step_joins_short_forms_filed_apart(
    storage: MemoryStorage,
) -> None:
    for name in ("Mel", "Melanie"):
        node = await storage.nodes.add_node(NodeDraft("semantic", f"{name} called"))
        entity = await storage.entities.upsert_entity(name, type="person", mentions=0)
        await storage.entities.link_entities([(node, entity.id)])

    report = await pipeline(storage, None).run(only=["entity_enrichment"])

    assert report.steps[0].counts["people_joined"] == 1
    melanie = await storage.entities.find_entity("Mel")
    assert melanie is not None and melanie.name == "Melanie"


# -- through the extension, as the host calls it --------------------------------


@pytest.fixture
async def memory(host: FakeHostContext) -> AsyncIterator[MemoryExtension]:
    host.settings["consolidation_idle_minutes"] = 0
    host.model_router = HostRouter()
    async with running(host) as extension:
        yield extension


def user(text: str, thread: str) -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "channel": object(), "thread_id": thread}


async def test_nightly_without_a_model_is_silent_and_logs_once(
    memory: MemoryExtension, host: FakeHostContext, caplog: pytest.LogCaptureFixture
) -> None:
    await host.emit("user_message", user("Mila starts school on Monday", "t1"))
    await memory.drain()

    with caplog.at_level(logging.WARNING):
        first = await memory.execute_task("run_nightly_maintenance")
        second = await memory.execute_task("run_nightly_maintenance")

    assert (first, second) == (None, None)
    warnings = [r for r in caplog.records if "no model for memory_agent" in r.message]
    assert len(warnings) == 1
    assert len(await memory.services.storage.sessions.pending_sessions()) == 1


async def test_unknown_task_returns_none(memory: MemoryExtension) -> None:
    assert await memory.execute_task("defragment_everything") is None


async def test_thread_completed_consolidates_with_the_router_model(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    model = ScriptedModel(finish_chunk())
    host.model_router.model = model
    await host.emit("user_message", user("Remember: I like green tea", "t1"))
    await memory.drain()

    await host.publish("thread.completed", {"thread_id": "t1", "reason": "idle"})
    await host.publish("thread.completed", {"thread_id": "t1", "reason": "idle"})
    consolidated = await memory.consolidate_thread("t1")

    assert consolidated is True
    model.assert_complete()
    assert await memory.services.storage.sessions.pending_sessions() == []


async def test_a_thread_switch_consolidates_the_previous_thread(
    memory: MemoryExtension, host: FakeHostContext
) -> None:
    model = ScriptedModel(finish_chunk())
    host.model_router.model = model
    await host.emit("user_message", user("Plan the trip to Porto", "t1"))
    await memory.drain()

    await host.emit("user_message", user("Something else entirely", "t2"))
    await consolidations()
    state = await memory.services.storage.sessions.get_session("t1")

    assert state is not None and state.status == "consolidated"
    model.assert_complete()
    assert state.consolidated_until_id > 0
    await memory.drain()
    t2 = await memory.services.storage.sessions.get_session("t2")
    assert t2 is not None and t2.status == "pending"


async def test_the_nightly_run_purges_expired_facts(storage: MemoryStorage) -> None:
    now = time.time()
    await add_turns(storage, "t1", [("user", "I feel Snorvalish today")])
    (turn,) = [n.id for n in await storage.nodes.list_nodes()]
    mood = await storage.nodes.add_node(
        NodeDraft("semantic", "The user feels Snorvalish", expires_at=now + 3600)
    )
    lasting = await storage.nodes.add_node(NodeDraft("semantic", "The user is tall"))
    await storage.graph.add_edges([EdgeDraft(mood, turn, "derived_from")])

    early = await pipeline(storage, None).run(now=now, only=["expiry"])
    late = await pipeline(storage, None).run(now=now + 2 * 3600, only=["expiry"])

    assert early.steps[0].counts == {"purged": 0, "derived": 0}
    assert late.steps[0].counts == {"purged": 1, "derived": 0}
    left = await storage.nodes.get_nodes([turn, mood, lasting], history=True)
    assert set(left) == {turn, lasting}  # the turn it came from stays
    runs = await storage.sessions.maintenance_runs()
    assert runs["expiry"].counts == {"purged": 1, "derived": 0}
