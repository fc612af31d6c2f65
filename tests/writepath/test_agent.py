"""MemoryAgent: the rendered prompt, model selection, and the write-path tools
driven through a real Runner by ScriptedModel."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Any

import jinja2
import pytest
from agent_memory.agent import (
    MemoryAgent,
    find_memory_model,
    model_from_env,
    render_input,
    render_instructions,
)
from agent_memory.agent_tools import WriteContext
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import Entity, NodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agents import OpenAIChatCompletionsModel
from fakes import HashEmbedder, service
from scripting import add_turns, call, consolidator, fact, finish_chunk, user_text

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ScriptedModel, assistant_message  # noqa: E402


def context(storage: MemoryStorage, **fields: Any) -> WriteContext:
    return WriteContext(
        storage=storage, retriever=Retriever(storage, None, MemoryConfig()), **fields
    )


def tool_outputs(model: ScriptedModel) -> list[str]:
    """Every tool result the model was shown, in order."""
    items = model.calls[-1].input
    assert isinstance(items, list)
    return [
        str(i["output"])
        for i in items
        if isinstance(i, dict) and i.get("type") == "function_call_output"
    ]


async def test_prompt_numbers_episodes_and_hides_ids(storage: MemoryStorage) -> None:
    ids = await add_turns(storage, "t1", [("user", "hello"), ("orchestrator", "hi")])
    episodes = await storage.sessions.session_episodes("t1")

    instructions = render_instructions("consolidation", today=dt.date(2026, 3, 1))
    data = render_input("consolidation", episodes=episodes)

    assert "Today is 2026-03-01." in instructions and "save_nodes_batch" in instructions
    assert "[1] user: hello\n[2] orchestrator: hi\n" in data
    assert f"id {ids[0]}" not in data + instructions


def test_each_mode_renders_its_own_task() -> None:
    mila = Entity(1, "Mila", "person", ("Milochka",), None, 3, 0.0, 0.0)

    causal = render_instructions("causal")
    enrichment = render_input("enrichment", entity=mila)

    assert "save_causal_edges" in causal and "<episodes>" not in causal
    assert "update_entity_summary" in render_instructions("enrichment")
    assert "aliases: Milochka" in enrichment
    with pytest.raises(ValueError, match="entity"):
        render_input("enrichment")


def test_a_missing_template_variable_fails_loudly() -> None:
    incomplete: Any = SimpleNamespace(name="Mila", type="person")  # no aliases

    with pytest.raises(jinja2.UndefinedError):
        render_input("enrichment", entity=incomplete)


async def test_chunks_share_their_instructions_and_send_turns_as_user_input(
    storage: MemoryStorage,
) -> None:
    """A server's prompt cache (llama.cpp, OpenAI) reuses a request's longest
    common prefix: the instructions and tool schemas must not change from chunk
    to chunk, and the chunk's turns come after them, in the user message."""
    turns = [("user", f"Turn {n}: I keep {n} bonsai trees.") for n in range(1, 5)]
    await add_turns(storage, "t1", turns)
    model = ScriptedModel([*finish_chunk(), *finish_chunk()])

    result = await consolidator(storage, model, consolidation_chunk_size=2).consolidate(
        "t1"
    )

    model.assert_complete()
    assert (result.outcome, result.chunks) == ("consolidated", 2)
    first, second = model.calls[0], model.calls[2]
    assert first.system_instructions == second.system_instructions
    assert [t.name for t in first.tools] == [t.name for t in second.tools]
    for text in (t for _, t in turns):
        assert text not in (first.system_instructions or "")
    assert "[1] user: Turn 1:" in user_text(first) and "Turn 3" not in user_text(first)
    assert "[1] user: Turn 3:" in user_text(second)


def test_model_from_env_needs_a_key_or_an_endpoint() -> None:
    assert model_from_env({}) is None
    local = model_from_env(
        {"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1", "AGENT_MEMORY_MODEL": "qwen3"}
    )
    assert isinstance(local, OpenAIChatCompletionsModel)
    assert local.model == "qwen3"


class Router:
    def __init__(self, model: Any) -> None:
        self.model = model

    def get_model(self, agent_id: str) -> Any:
        if isinstance(self.model, Exception):
            raise self.model
        return self.model


class Context:
    def __init__(self, router: Any) -> None:
        self.model_router = router


def test_router_model_is_used_and_key_error_means_none() -> None:
    scripted = ScriptedModel()

    assert find_memory_model(Context(Router(scripted)))[0] is scripted
    model, why = find_memory_model(Context(Router(KeyError("memory_agent"))))
    assert model is None and "nothing configured" in why
    assert find_memory_model(Context(Router(None)))[0] is None
    broken, why = find_memory_model(Context(Router(ValueError("no provider 'x'"))))
    assert broken is None and "no provider 'x'" in why


async def test_alias_merging_across_threads(storage: MemoryStorage) -> None:
    await add_turns(storage, "a", [("user", "Vitaly wants the report by Friday")])
    await add_turns(storage, "b", [("user", "My boss moved the meeting")])
    first = ScriptedModel(
        [
            [call("extract_and_link_entities", _entity("Vitaly", ["Vitya"], [1]))],
            *finish_chunk(),
        ]
    )
    second = ScriptedModel(
        [
            [call("extract_and_link_entities", _entity("my boss", ["Vitya"], [1]))],
            *finish_chunk(),
        ]
    )

    await consolidator(storage, first).consolidate("a")
    await consolidator(storage, second).consolidate("b")

    entities = await storage.entities.list_entities()
    person = [e for e in entities if e.type == "person"]
    assert len(person) == 1
    (boss,) = person
    assert (boss.name, boss.aliases) == ("Vitaly", ("Vitya", "my boss"))
    assert boss.mention_count >= 2
    linked = await storage.entities.nodes_of_entity(boss.id)
    assert {n.session_id for n in linked} == {"a", "b"}
    for name in ("vitaly", "VITYA", "My Boss"):
        found = await storage.entities.find_entity(name)
        assert found is not None and found.id == boss.id


def _entity(name: str, aliases: list[str], episodes: list[int]) -> dict[str, Any]:
    item = {
        "name": name,
        "type": "person",
        "aliases": aliases,
        "facts": [],
        "episodes": episodes,
    }
    return {"entities": [item]}


async def test_the_same_fact_twice_in_a_run_is_saved_once(
    storage: MemoryStorage,
) -> None:
    await add_turns(storage, "t1", [("user", "I live in Porto")])
    same = fact("The user lives in Porto", [1])
    model = ScriptedModel(
        [
            [call("save_nodes_batch", {"facts": [same]})],
            [call("save_nodes_batch", {"facts": [same]})],
            *finish_chunk(),
        ]
    )

    result = await consolidator(storage, model).consolidate("t1")

    assert tool_outputs(model)[:2] == ["saved F1 (1 new)", "saved F1 (0 new)"]
    assert result.counts["facts"] == 1
    assert len(await storage.nodes.find_nodes_by_text("The user lives in Porto")) == 1


async def test_wrong_numbers_are_explained(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", "I live in Porto")])
    model = ScriptedModel(
        [
            [call("detect_conflicts", {"facts": [1]})],
            [call("resolve_conflict", {"new_fact": 1, "old_memory": 3})],
            [call("extract_and_link_entities", _entity("Porto", [], [2]))],
            [call("get_session_episodes", {"offset": 5, "limit": 10})],
            *finish_chunk(),
        ]
    )

    await consolidator(storage, model).consolidate("t1")

    assert tool_outputs(model)[:4] == [
        "there is no fact F to refer to yet",
        "there is no fact F to refer to yet",
        "nothing linked: there is no episode 2; use numbers 1 to 1",
        "no episodes from offset 5; this chunk has 1",
    ]


async def test_episodes_page_and_session_state(storage: MemoryStorage) -> None:
    await add_turns(storage, "t1", [("user", f"turn {i}") for i in range(5)])
    model = ScriptedModel(
        [
            [call("is_session_consolidated", {})],
            [call("get_session_episodes", {"offset": 1, "limit": 2})],
            *finish_chunk(),
        ]
    )

    await consolidator(storage, model).consolidate("t1")

    state, page = tool_outputs(model)[:2]
    assert state == "status: pending; consolidated up to episode id 0"
    assert page == "[2] user: turn 1\n[3] user: turn 2\n(2 more)"


async def test_entity_summary_is_saved_and_embedded(storage: MemoryStorage) -> None:
    mila = await storage.entities.upsert_entity("Mila", mentions=4)
    await storage.nodes.add_node(NodeDraft("semantic", "Mila is the user's daughter"))
    embedder = HashEmbedder(8)
    model = ScriptedModel(
        [
            [call("update_entity_summary", {"summary": " ", "type": "person"})],
            [
                call(
                    "update_entity_summary",
                    {"summary": "The user's daughter.", "type": "person"},
                )
            ],
            [assistant_message("done")],
        ]
    )
    wc = context(storage, embedder=service(embedder), entity_id=mila.id)

    await MemoryAgent(model, timeout_seconds=10).run("enrichment", wc, entity=mila)

    model.assert_complete()
    outputs = tool_outputs(model)
    assert outputs[0] == "the summary is empty; write two or three sentences"
    assert outputs[1] == "summary saved"
    saved = await storage.entities.get_entity(mila.id)
    assert saved is not None
    assert (saved.summary, saved.type) == ("The user's daughter.", "person")
    assert embedder.calls == [["The user's daughter."]]
