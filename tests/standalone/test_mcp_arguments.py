"""A wrong or unknown parameter name over MCP: the host's Problem (isError)
naming the tool's parameters, never pydantic's raw text, never silently dropped."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.mcp_server import build_server
from fakes import HashEmbedder

if not hasattr(pytest.importorskip("mcp"), "Client"):  # 2.x has Client
    pytest.skip("needs_mcp: the host has no MCP SDK 2.x", allow_module_level=True)
from mcp import Client  # noqa: E402


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[StandaloneHost]:
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as started:
        yield started


@pytest.mark.parametrize(
    ("tool", "arguments", "says"),
    [
        ("remember_fact", {"text": "Anna likes tea"}, ["no parameter 'text'", "fact"]),
        ("explain_fact", {"fact": "#1"}, ["no parameter 'fact'", "fact_id"]),
        ("correct_fact", {"fact": "#1", "new_fact": "x"}, ["old_fact"]),
        ("get_entity_info", {"name": "Anna"}, ["entity_name (string, required)"]),
        ("get_context", {"query": "x"}, ["needs 'prompt'"]),
        ("search_memory", {"query": 5}, ["query: Input should be a valid string"]),
    ],
)
async def test_a_wrong_name_or_type_names_the_tools_parameters(
    host: StandaloneHost, tool: str, arguments: dict[str, Any], says: list[str]
) -> None:
    async with Client(build_server(host)) as client:
        result = await client.call_tool(tool, arguments)

    assert result.is_error
    error = json.loads(result.content[0].text)["error"]  # type: ignore[union-attr]
    assert f"The parameters of {tool} are:" in error
    assert "pydantic" not in error and "validation error" not in error
    for part in says:
        assert part in error


async def test_an_unknown_name_beside_the_right_ones_is_not_dropped(
    host: StandaloneHost,
) -> None:
    async with Client(build_server(host)) as client:
        typo = {"fact": "Anna likes green tea", "confidnce": 0.5}
        refused = await client.call_tool("remember_fact", typo)
        stats = await client.call_tool("memory_stats", {})

    assert refused.is_error
    error = json.loads(refused.content[0].text)["error"]  # type: ignore[union-attr]
    assert "'confidnce'" in error and "confidence (number)" in error
    counts = json.loads(stats.content[0].text)["nodes_by_type"]  # type: ignore[union-attr]
    assert not counts.get("semantic")  # nothing stored with a guessed confidence
