"""`initialize` answered before the SDK loads (mcp_handshake.py): the answer is
the SDK's own for every version; test_mcp_transports.py drives the process."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.mcp_handshake import (
    HANDSHAKE_VERSIONS,
    answer_opening,
    initialize_result,
)
from fakes import HashEmbedder

if not hasattr(pytest.importorskip("mcp"), "Client"):  # 2.x has Client
    pytest.skip("needs_mcp: the host has no MCP SDK 2.x", allow_module_level=True)
import mcp_types  # noqa: E402
from agent_memory.standalone.mcp_opening import WaitingServer  # noqa: E402
from agent_memory.standalone.mcp_server import build_server  # noqa: E402
from mcp.shared.message import SessionMessage  # noqa: E402
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS  # noqa: E402

CLIENT = {"name": "t", "version": "1"}


def initialize(version: Any) -> dict[str, Any]:
    params = {"protocolVersion": version, "capabilities": {}, "clientInfo": CLIENT}
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


def test_the_versions_are_the_installed_sdks() -> None:
    assert HANDSHAKE_VERSIONS == HANDSHAKE_PROTOCOL_VERSIONS


async def sdk_answer(server: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The SDK server's answer on the wire to this one request."""
    send_in, read = anyio.create_memory_object_stream[Any](8)
    write, received = anyio.create_memory_object_stream[Any](8)
    low = server._lowlevel_server
    message = mcp_types.jsonrpc_message_adapter.validate_python(request)
    async with send_in, received, anyio.create_task_group() as tasks:
        tasks.start_soon(low.run, read, write, low.create_initialization_options())
        await send_in.send(SessionMessage(message))
        reply = await received.receive()
        tasks.cancel_scope.cancel()
    return reply.message.model_dump(by_alias=True, exclude_unset=True, mode="json")


REQUESTS = [initialize(v) for v in (*HANDSHAKE_VERSIONS, "1999-01-01", "2026-07-28")]
REQUESTS.append(initialize("2025-06-18"))
REQUESTS[-1]["params"]["clientInfo"] = {**CLIENT, "title": "T"}
REQUESTS[-1]["params"]["capabilities"] = {"roots": {"listChanged": True}}


@pytest.mark.parametrize("request_", REQUESTS)
async def test_the_answer_is_the_sdks(request_: dict[str, Any], tmp_path: Path) -> None:
    ours = initialize_result(request_["params"])
    expected = {"jsonrpc": "2.0", "id": 1, "result": ours}
    assert await sdk_answer(WaitingServer(), request_) == expected
    async with StandaloneHost(tmp_path, embedder=HashEmbedder(256)) as host:
        assert await sdk_answer(build_server(host), request_) == expected


def opening_of(*messages: Any) -> tuple[Any, bytes]:
    lines = b"".join(json.dumps(m).encode() + b"\n" for m in messages)
    out = io.BytesIO()
    return answer_opening(io.BytesIO(lines), out), out.getvalue()


def test_only_an_ordinary_initialize_is_answered_here() -> None:
    ready = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    opening, written = opening_of(ready, initialize("2025-06-18"), {"id": 9})
    assert json.loads(written)["result"]["protocolVersion"] == "2025-06-18"
    assert opening.answered == 1 and len(opening.lines) == 2  # the rest is unread

    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    odd = initialize("2025-06-18")
    odd["params"]["clientInfo"] = {"name": "t"}  # no version: the SDK refuses it
    for first in (listing, odd, initialize(20250618)):
        opening, written = opening_of(first)
        assert written == b"" and opening.answered is None and len(opening.lines) == 1
