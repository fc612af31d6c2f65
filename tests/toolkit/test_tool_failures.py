"""What the model reads when a tool call goes wrong: never an exception."""

from __future__ import annotations

import logging

import pytest
from agent_memory.storage import MemoryStorage
from agents import Tool
from tool_harness import call


async def test_arguments_of_the_wrong_type_get_an_instructive_answer(
    tools: list[Tool],
) -> None:
    result = await call(tools, "search_memory", query="Anna", limit="many")

    assert result["error"].endswith("fix them and call again.")


async def test_a_fault_becomes_a_short_error_and_one_log_line(
    tools: list[Tool], storage: MemoryStorage, caplog: pytest.LogCaptureFixture
) -> None:
    await storage.close()

    with caplog.at_level(logging.ERROR, logger="agent_memory.toolkit.failures"):
        result = await call(tools, "memory_stats")

    assert result["error"].startswith("the memory tool failed (")
    logged = [r for r in caplog.records if r.name == "agent_memory.toolkit.failures"]
    assert len(logged) == 1
