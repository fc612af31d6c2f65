"""Drives the memory tools the way the host does: a real openai-agents Agent run,
with a ScriptedModel at the model boundary issuing the tool call. What the tool
returned is read back from the next model call's input, i.e. what the model saw.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from agent_memory.config import MemoryConfig
from agent_memory.entities import EntityLinker
from agent_memory.records import NodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.tools import ToolDeps, build_tools
from agents import Agent, RunConfig, Runner, Tool
from agents.testing import ScriptedModel, assistant_message, function_call
from fakes import HashEmbedder

CONFIG = MemoryConfig(embedding_dimensions=8)


@pytest.fixture
def embedder() -> HashEmbedder:
    return HashEmbedder(8)


@pytest.fixture
async def deps(
    storage: MemoryStorage, embedder: HashEmbedder
) -> AsyncIterator[ToolDeps]:
    yield ToolDeps(
        storage,
        Retriever(storage, embedder, CONFIG),
        CONFIG,
        embedder,
        EntityLinker(storage),
    )


@pytest.fixture
def tools(deps: ToolDeps) -> list[Tool]:
    return build_tools(deps)


async def run_calls(
    tools: list[Tool], calls: list[tuple[str, dict[str, Any]]]
) -> list[str]:
    """Run one agent turn whose model calls `calls` in parallel; the raw outputs."""
    model = ScriptedModel(
        [
            [
                function_call(name, args, call_id=f"call-{i}")
                for i, (name, args) in enumerate(calls)
            ],
            [assistant_message("done")],
        ]
    )
    agent = Agent(name="orchestrator", instructions="test", model=model, tools=tools)

    await Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True))

    model.assert_complete()
    seen = model.calls[1].input
    assert isinstance(seen, list)
    outputs = {
        item["call_id"]: item["output"]
        for item in seen
        if isinstance(item, dict) and item.get("type") == "function_call_output"
    }
    return [outputs[f"call-{i}"] for i in range(len(calls))]


async def call(tools: list[Tool], name: str, **args: Any) -> dict[str, Any]:
    """One tool call through a real agent run; the JSON the model received."""
    (output,) = await run_calls(tools, [(name, args)])
    value = json.loads(output)
    assert isinstance(value, dict), output
    return value


async def add_fact(
    storage: MemoryStorage, text: str, *, type: str = "semantic", **fields: Any
) -> int:
    return await storage.add_node(NodeDraft(type=type, content=text, **fields))  # type: ignore[arg-type]


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [item["id"] for item in items]
