"""The MCP server in process (mcp.Client on the MCPServer object): what a client
sees matches what the orchestrator's tools show the model in the host."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory import __version__
from agent_memory.core.scope import DEFAULT_VIEW, using_view
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.mcp_server import STATS_URI, build_server
from agent_memory.tools import TOOL_NAMES
from fakes import HashEmbedder

# The MCP SDK is a standalone extra; `make test-host` runs without it.
if not hasattr(pytest.importorskip("mcp"), "Client"):  # 2.x has Client
    pytest.skip("needs_mcp: the host has no MCP SDK 2.x", allow_module_level=True)
from mcp import Client  # noqa: E402


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[StandaloneHost]:
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as started:
        yield started


async def call(client: Client, name: str, **arguments: Any) -> Any:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


async def test_tools_are_the_orchestrators_plus_context_and_turns(
    host: StandaloneHost,
) -> None:
    async with Client(build_server(host)) as client:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}
        info = client.server_info

    assert (info.name, info.version) == ("agent-memory", __version__)

    assert list(listed) == [*TOOL_NAMES, "get_context", "record_turn"]
    for tool in host.tools:  # the host's schema and description, verbatim
        assert listed[tool.name].input_schema == tool.params_json_schema
        assert listed[tool.name].description == tool.description
    assert listed["record_turn"].input_schema["required"] == ["text"]


async def test_results_are_the_tool_results_the_model_reads(
    host: StandaloneHost,
) -> None:
    async with Client(build_server(host)) as client:
        stored = await call(client, "remember_fact", fact="Anna's birthday is 3 May")
        again = await call(client, "remember_fact", fact="Anna's birthday is 3 May")
        bad = await client.call_tool("search_memory", {"query": "x", "limit": 500})
        unknown = await client.call_tool("explain_fact", {"fact_id": "#99999"})

    assert stored["status"] == "stored" and again["id"] == stored["id"]
    assert again["status"] != "stored"  # reinforced, not duplicated
    # A fixable mistake is the host's Problem text, flagged as a failed call.
    assert bad.is_error and unknown.is_error
    assert "limit" in json.loads(bad.content[0].text)["error"]  # type: ignore[union-attr]
    assert "error" in json.loads(unknown.content[0].text)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("search_memory", {"query": ""}),
        ("search_memory", {"query": "x", "limit": -5}),
        ("search_memory", {"query": "x", "after": "24/05/2023"}),
        ("remember_fact", {"fact": "Tom plays chess", "confidence": 5}),
        ("forget_fact", {"fact": "#999999"}),
        ("get_entity_info", {"entity_name": "Nobody Known"}),
        ("record_turn", {"text": "hello", "role": "system"}),
        ("purge_memory", {"confirmation": "not-a-token"}),
    ],
)
async def test_refused_calls_are_errors_for_the_client(
    host: StandaloneHost, tool: str, arguments: dict[str, Any]
) -> None:
    async with Client(build_server(host)) as client:
        result = await client.call_tool(tool, arguments)

    assert result.is_error, result
    assert json.loads(result.content[0].text)["error"]  # type: ignore[union-attr]


async def test_recorded_turns_are_searchable_scoped_and_give_context(
    host: StandaloneHost,
) -> None:
    async with Client(build_server(host)) as client:
        said = await call(
            client,
            "record_turn",
            text="My sister Lena moved to Vienna last spring",
            thread_id="t1",
            user_id="ana",
        )
        await call(client, "record_turn", text="Vienna, lovely!", role="assistant")
        wrong = await client.call_tool("record_turn", {"text": "x", "role": "robot"})
        found = await call(client, "search_memory", query="Lena Vienna")
        block = await client.call_tool("get_context", {"prompt": "Where is Lena?"})

    # The in-process client runs get_context in this task, which leaves the
    # turn's view (user "local") set here: read ana's (the owner's) scope.
    with using_view(DEFAULT_VIEW):
        episodes = await host.services.storage.sessions.session_episodes("t1")
    assert said == {"status": "recorded", "role": "user", "thread_id": "t1"}
    assert [(n.source_role, n.attributes.get("user_id")) for n in episodes] == [
        ("user", "ana")
    ]
    assert wrong.is_error
    assert "role" in json.loads(wrong.content[0].text)["error"]  # type: ignore[union-attr]
    assert any("Lena" in item["content"] for item in found["results"])
    # get_context asks as the local user: ana's private memory stays out of it.
    assert "Vienna" not in block.content[0].text  # type: ignore[union-attr]


async def test_stats_resource_matches_the_stats_tool(host: StandaloneHost) -> None:
    async with Client(build_server(host)) as client:
        await call(client, "remember_fact", fact="Tom plays the cello")
        tool = await call(client, "memory_stats")
        resource = await client.read_resource(STATS_URI)

    assert json.loads(resource.contents[0].text) == tool  # type: ignore[union-attr]
    assert tool["nodes_by_type"]["semantic"] == 1


async def test_purge_memory_over_mcp_asks_then_erases(host: StandaloneHost) -> None:
    async with Client(build_server(host)) as client:
        stored = await call(client, "remember_fact", fact="My PIN hint is Prawnbel")
        asked = await call(client, "purge_memory", what="fact", target=stored["id"])
        kept = await call(client, "search_memory", query="Prawnbel")
        done = await call(client, "purge_memory", confirmation=asked["confirmation"])
        gone = await call(client, "search_memory", query="Prawnbel")

    assert asked["status"] == "confirm" and asked["memories"] == 1
    assert kept["results"] and done["status"] == "purged"
    assert not gone.get("results")
    assert host.services.storage.path.read_bytes().count(b"Prawnbel") == 0


async def test_an_entity_is_fixed_from_an_mcp_client(host: StandaloneHost) -> None:
    async with Client(build_server(host)) as client:
        await call(client, "remember_fact", fact="I walked my dog Pepper with Melanie")
        await call(client, "remember_fact", fact="A postcard from Mell in Paris")
        merged = await call(
            client, "edit_entity", action="merge", entity_name="Melanie", value="Mell"
        )
        typed = await call(
            client, "edit_entity", action="type", entity_name="Pepper", value="pet"
        )
        gone = await call(client, "edit_entity", action="delete", entity_name="Paris")
        info = await call(client, "get_entity_info", entity_name="Mell")
        missing = await client.call_tool("get_entity_info", {"entity_name": "Paris"})

    assert merged["aliases"] == ["Mell"] and typed["type"] == "pet"
    assert "memories are kept" in gone["done"]
    assert info["name"] == "Melanie" and info["mentions"] == 2
    assert missing.is_error and "error" in missing.content[0].text  # type: ignore[union-attr]
