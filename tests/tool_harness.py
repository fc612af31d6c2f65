"""Drives the memory tools the way the host does: a real openai-agents Agent run,
with a ScriptedModel at the model boundary issuing the tool call. What the tool
returned is read back from the next model call's input, i.e. what the model saw.
The toolkit's fixtures (embedder, deps, tools) are in toolkit/conftest.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import NodeDraft
from agent_memory.storage import MemoryStorage
from agents import Agent, RunConfig, Runner, Tool

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ScriptedModel, assistant_message, function_call  # noqa: E402

CONFIG = MemoryConfig(embedding_dimensions=8)


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
    return await storage.nodes.add_node(NodeDraft(type=type, content=text, **fields))  # type: ignore[arg-type]


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [item["id"] for item in items]
