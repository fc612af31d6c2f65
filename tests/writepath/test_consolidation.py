"""Consolidating threads with a real Agent/Runner, a scripted model and a real DB."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.consolidation import Consolidator
from fakes import HashEmbedder, service
from scripting import (
    add_turns,
    call,
    connection_error,
    consolidator,
    fact,
    finish_chunk,
    user_text,
)

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ModelStep, ScriptedModel, assistant_message  # noqa: E402

TURNS = [
    ("user", "My boss Vitaly asked me to migrate the billing service to Postgres."),
    ("orchestrator", "Got it. Do you know the deadline?"),
    ("user", "Vitya says the deadline is March 3."),
    ("user", "By the way, I prefer green tea over coffee in the morning."),
]


async def _count(storage: MemoryStorage, sql: str) -> int:
    rows = await storage._conn.rows(sql)
    return int(rows[0][0])


async def test_scripted_consolidation_yields_facts_entities_and_edges(
    storage: MemoryStorage,
) -> None:
    episodes = await add_turns(storage, "t1", TURNS)
    embedder = HashEmbedder(8)
    model = ScriptedModel(
        [
            [
                call(
                    "save_nodes_batch",
                    {
                        "facts": [
                            fact(
                                "Vitaly asked the user to migrate billing to Postgres",
                                [1],
                            ),
                            fact("The billing migration deadline is March 3", [2, 3]),
                            fact("The user prefers green tea in the morning", [4]),
                        ]
                    },
                )
            ],
            [
                call(
                    "extract_and_link_entities",
                    {
                        "entities": [
                            {
                                "name": "Vitaly",
                                "type": "person",
                                "aliases": ["Vitya", "my boss"],
                                "facts": [1, 2],
                                "episodes": [1, 3],
                            },
                            {
                                "name": "Postgres",
                                "type": "tool",
                                "aliases": [],
                                "facts": [1],
                                "episodes": [1],
                            },
                        ]
                    },
                )
            ],
            *finish_chunk(),
        ]
    )

    result = await consolidator(storage, model, embedder=embedder).consolidate("t1")

    model.assert_complete()
    assert (result.outcome, result.chunks) == ("consolidated", 1)
    assert result.counts["facts"] == 3
    shown = user_text(model.first_call)
    assert f"[1] user: {TURNS[0][1]}" in shown
    assert f"[2] orchestrator: {TURNS[1][1]}" in shown
    facts = await storage.nodes.list_nodes(types=["semantic"], newest_first=False)
    assert [f.content for f in facts] == [
        "Vitaly asked the user to migrate billing to Postgres",
        "The billing migration deadline is March 3",
        "The user prefers green tea in the morning",
    ]
    assert all(f.source_role == "memory_agent" and f.session_id == "t1" for f in facts)
    derived = await storage.graph.edges_of([facts[1].id], types=["derived_from"])
    assert sorted(e.dst_id for e in derived) == [episodes[1], episodes[2]]
    vitaly = await storage.entities.find_entity("my boss")
    assert vitaly is not None and vitaly.name == "Vitaly"
    assert vitaly.aliases == ("Vitya", "my boss")
    assert vitaly.type == "person"
    linked = await storage.entities.nodes_of_entity(vitaly.id)
    assert {n.id for n in linked} == {
        facts[0].id,
        facts[1].id,
        episodes[0],
        episodes[2],
    }
    entity_edges = await storage.graph.edges_of([facts[0].id], types=["entity"])
    assert {e.src_id for e in entity_edges} | {e.dst_id for e in entity_edges} >= {
        facts[1].id,
        episodes[0],
    }
    assert [t for t in embedder.calls if "The user prefers green tea" in t[-1]]
    assert await storage.index.node_embeddings([f.id for f in facts]) != {}
    state = await storage.sessions.get_session("t1")
    assert state is not None and state.status == "consolidated"
    assert state.consolidated_until_id == episodes[-1]
    hits = await Retriever(storage, service(embedder), MemoryConfig()).search(
        "when is the billing deadline",
        SearchFilters(types=("semantic",)),
        reinforce=False,
    )
    assert hits[0].node.id == facts[1].id


async def test_contradiction_supersedes_the_old_fact(storage: MemoryStorage) -> None:
    old = await _old_fact(storage, "The user lives in Berlin")
    await add_turns(storage, "t2", [("user", "I moved, I live in Lisbon now.")])
    model = ScriptedModel(
        [
            [
                call(
                    "save_nodes_batch",
                    {"facts": [fact("The user lives in Lisbon", [1])]},
                )
            ],
            [call("detect_conflicts", {"facts": [1]})],
            [call("resolve_conflict", {"new_fact": 1, "old_memory": 1})],
            *finish_chunk(),
        ]
    )

    result = await consolidator(storage, model).consolidate("t2")

    model.assert_complete()
    conflicts_output = _tool_output(model, 2)
    assert "M1: The user lives in Berlin" in conflicts_output
    assert result.counts["superseded"] == 1
    assert await storage.nodes.get_node(old) is None
    (new,) = await storage.nodes.find_nodes_by_text("The user lives in Lisbon")
    (edge,) = await storage.graph.edges_of([old], types=["supersedes"])
    assert (edge.src_id, edge.dst_id) == (new.id, old)
    hits = await Retriever(storage, None, MemoryConfig()).search(
        "where does the user live", SearchFilters(types=("semantic",)), reinforce=False
    )
    assert [h.node.content for h in hits] == ["The user lives in Lisbon"]


async def test_model_failure_midway_leaves_pending_and_retry_adds_no_duplicates(
    storage: MemoryStorage,
) -> None:
    ids = await add_turns(storage, "t3", TURNS)
    first = fact("Vitaly asked the user to migrate billing to Postgres", [1])
    second = fact("The user prefers green tea in the morning", [2])
    failing = ScriptedModel(
        [
            [call("save_nodes_batch", {"facts": [first]})],
            *finish_chunk(),
            # Second chunk: the fact is written, then the endpoint drops.
            [call("save_nodes_batch", {"facts": [second]})],
            ModelStep.raise_error(connection_error()),
        ]
    )

    result = await consolidator(
        storage, failing, consolidation_chunk_size=2
    ).consolidate("t3")

    failing.assert_complete()
    assert (result.outcome, result.chunks) == ("failed", 1)
    assert result.error is not None and "APIConnectionError" in result.error
    state = await storage.sessions.get_session("t3")
    assert state is not None
    assert (state.status, state.consolidated_until_id) == ("pending", ids[1])
    assert (state.attempts, state.last_error) == (1, result.error)

    retry = ScriptedModel(
        [[call("save_nodes_batch", {"facts": [second]})], *finish_chunk()]
    )
    again = await consolidator(storage, retry, consolidation_chunk_size=2).consolidate(
        "t3"
    )

    retry.assert_complete()
    assert (again.outcome, again.chunks) == ("consolidated", 1)
    shown = user_text(retry.first_call)
    assert TURNS[2][1] in shown and TURNS[0][1] not in shown
    facts = await storage.nodes.list_nodes(types=["semantic"])
    assert sorted(f.content for f in facts) == sorted(
        [first["content"], second["content"]]
    )
    assert (
        await _count(storage, "select count(*) from edges where type = 'derived_from'")
        == 2
    )
    state = await storage.sessions.get_session("t3")
    assert state is not None and state.status == "consolidated"


async def test_timeout_leaves_the_session_pending(storage: MemoryStorage) -> None:
    await add_turns(storage, "t4", TURNS[:1])

    async def hang(_: Any) -> Any:
        await asyncio.Event().wait()

    model = ScriptedModel([ModelStep.respond(hang)])

    result = await consolidator(storage, model, timeout=0.05).consolidate("t4")

    assert result.outcome == "failed"
    assert result.error is not None and "TimeoutError" in result.error
    state = await storage.sessions.get_session("t4")
    assert state is not None and state.status == "pending"


async def test_malformed_tool_arguments_leave_the_session_pending(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t5", TURNS[:1])
    model = ScriptedModel([[call("save_nodes_batch", '{"facts": [{"type": ')]])

    result = await consolidator(storage, model).consolidate("t5")

    assert result.outcome == "failed"
    assert result.error is not None and "save_nodes_batch" in result.error
    assert await storage.nodes.list_nodes(types=["semantic"]) == []
    state = await storage.sessions.get_session("t5")
    assert state is not None and (state.status, state.attempts) == ("pending", 1)


async def test_a_run_that_stops_without_marking_stays_pending(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t6", TURNS[:1])
    model = ScriptedModel([[assistant_message("I think that is all.")]])

    result = await consolidator(storage, model).consolidate("t6")

    assert result.outcome == "failed"
    assert "ChunkNotFinished" in (result.error or "")
    state = await storage.sessions.get_session("t6")
    assert state is not None and state.status == "pending"


async def test_bad_episode_number_is_explained_to_the_model(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t7", TURNS[:2])
    model = ScriptedModel(
        [
            [call("save_nodes_batch", {"facts": [fact("Vitaly is the boss", [9])]})],
            [call("save_nodes_batch", {"facts": [fact("Vitaly is the boss", [1])]})],
            *finish_chunk(),
        ]
    )

    result = await consolidator(storage, model).consolidate("t7")

    assert _tool_output(model, 1) == (
        "nothing saved: there is no episode 9; use numbers 1 to 2"
    )
    assert (result.outcome, result.counts["facts"]) == ("consolidated", 1)


async def test_consolidating_twice_does_not_call_the_model_again(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t8", TURNS[:2])
    model = ScriptedModel(finish_chunk())
    worker = consolidator(storage, model)

    results = await asyncio.gather(worker.consolidate("t8"), worker.consolidate("t8"))

    model.assert_complete()
    assert sorted(r.outcome for r in results) == ["already", "consolidated"]
    assert len(model.calls) == 2


async def test_a_thread_that_goes_on_is_resumed_after_its_mark(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t9", TURNS[:2])
    model = ScriptedModel([*finish_chunk(), *finish_chunk()])
    worker = consolidator(storage, model)
    await worker.consolidate("t9")
    await add_turns(storage, "t9", TURNS[2:3])

    state = await storage.sessions.get_session("t9")
    assert state is not None and state.status == "pending"
    result = await worker.consolidate("t9")

    model.assert_complete()
    assert result.outcome == "consolidated"
    later = user_text(model.calls[2])
    assert f"[1] user: {TURNS[2][1]}" in later and TURNS[0][1] not in later


async def test_without_a_model_sessions_stay_pending(storage: MemoryStorage) -> None:
    await add_turns(storage, "t10", TURNS[:1])
    worker = consolidator(storage, None, consolidation_idle_minutes=0)

    result = await worker.consolidate("t10")
    swept = await worker.sweep()

    assert result.outcome == "no_model"
    assert swept == {"pending": 1, "skipped_no_model": 1}
    state = await storage.sessions.get_session("t10")
    assert state is not None and (state.status, state.attempts) == ("pending", 0)


async def test_sweep_consolidates_only_idle_threads(storage: MemoryStorage) -> None:
    await add_turns(storage, "old", TURNS[:1])
    state = await storage.sessions.get_session("old")
    assert state is not None
    model = ScriptedModel(finish_chunk())
    worker = consolidator(storage, model, consolidation_idle_minutes=30)

    early = await worker.sweep(now=state.last_activity + 10 * 60)
    late = await worker.sweep(now=state.last_activity + 31 * 60)

    model.assert_complete()
    assert early == {"pending": 0}
    assert late["consolidated"] == 1


async def test_history_recovers_missed_turns_once(storage: MemoryStorage) -> None:
    await add_turns(storage, "t11", TURNS[:1])
    history = [
        {"role": "user", "content": TURNS[0][1], "created_at": 1.0},
        {"type": "function_call", "name": "search_memory", "arguments": "{}"},
        {
            "role": "assistant",
            "content": [{"type": "output_text", "text": "Noted, Postgres it is."}],
            "created_at": 2.0,
        },
    ]

    async def get_history(thread_id: str) -> list[Any] | None:
        return history if thread_id == "t11" else None

    model = ScriptedModel([*finish_chunk()])
    worker = Consolidator(
        storage,
        Retriever(storage, None, MemoryConfig()),
        MemoryConfig(),
        lambda: _agent(model),
        history=get_history,
    )

    first = await worker.consolidate("t11")
    second = await worker.consolidate("t11")

    assert (first.recovered, second.recovered) == (1, 0)
    episodes = await storage.sessions.session_episodes("t11")
    assert [(e.source_role, e.content) for e in episodes] == [
        ("user", TURNS[0][1]),
        ("orchestrator", "Noted, Postgres it is."),
    ]
    assert episodes[1].attributes == {"recovered": True}
    assert "[2] orchestrator: Noted, Postgres it is." in user_text(model.first_call)


def _agent(model: ScriptedModel) -> Any:
    from agent_memory.agent import MemoryAgent

    return MemoryAgent(model, timeout_seconds=10)


async def _old_fact(storage: MemoryStorage, text: str) -> int:
    from agent_memory.core.records import NodeDraft

    return await storage.nodes.add_node(NodeDraft("semantic", text, confidence=0.9))


def _tool_output(model: ScriptedModel, call_index: int) -> str:
    """The last tool result the model saw at its `call_index`-th call."""
    items = model.calls[call_index].input
    assert isinstance(items, list)
    outputs = [
        i
        for i in items
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]
    return str(outputs[-1]["output"])


async def test_sweep_stops_after_three_failures_in_a_row(
    storage: MemoryStorage,
) -> None:
    for thread in ("a", "b", "c", "d"):
        await add_turns(storage, thread, TURNS[:1])
    model = ScriptedModel([ModelStep.raise_error(connection_error())] * 3)
    worker = consolidator(storage, model, consolidation_idle_minutes=0)

    counts = await worker.sweep()

    model.assert_complete()
    assert counts == {"pending": 4, "failed": 3, "stopped_early": 1}
    assert len(await storage.sessions.pending_sessions()) == 4
