"""The stdio MCP server answers `initialize` before the memory is open; the
tools come once it is, the same as the server built on an open memory."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from agent_memory import __version__
from agent_memory.standalone.host import StandaloneHost
from fakes import HashEmbedder

if not hasattr(pytest.importorskip("mcp"), "Client"):  # 2.x has Client
    pytest.skip("needs_mcp: the host has no MCP SDK 2.x", allow_module_level=True)
from agent_memory.standalone.mcp_opening import WaitingServer  # noqa: E402
from agent_memory.standalone.mcp_server import build_server  # noqa: E402
from agent_memory.tools import TOOL_NAMES  # noqa: E402
from mcp import Client  # noqa: E402


async def test_initialize_is_answered_before_the_memory_opens(tmp_path: Path) -> None:
    front = WaitingServer()
    async with Client(front) as client:  # the handshake: nothing is open yet
        assert (client.server_info.name, client.server_info.version) == (
            "agent-memory",
            __version__,
        )
        listing = asyncio.create_task(client.list_tools())
        await asyncio.sleep(0.05)
        assert not listing.done()  # tools wait for the memory
        async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as host:
            front.open(build_server(host))
            names = [tool.name for tool in (await listing).tools]
            stored = await client.call_tool(
                "remember_fact", {"fact": "Omar keeps bees"}
            )
            found = await client.call_tool("search_memory", {"query": "bees"})
    assert names == [*TOOL_NAMES, "get_context", "record_turn"]
    assert not stored.is_error
    assert "Omar keeps bees" in found.content[0].text  # type: ignore[union-attr]


async def test_a_memory_that_cannot_open_fails_the_requests() -> None:
    front = WaitingServer()
    async with Client(front) as client:
        front.fail(RuntimeError("cannot open the memory at /x"))
        result = await client.call_tool("search_memory", {"query": "bees"})
    assert result.is_error
    assert "cannot open the memory" in result.content[0].text  # type: ignore[union-attr]


def test_the_command_exits_with_the_error_when_the_memory_cannot_open(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "memory.db"
    bad.write_bytes(b"not a database at all" * 100)
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
    done = subprocess.run(
        [sys.executable, "-m", "agent_memory", "--db", str(bad), "--embedder"]
        + ["none", "mcp"],
        input=json.dumps(request) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "cannot open the memory" in done.stderr
