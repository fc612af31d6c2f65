"""The MCP `initialize` answer over stdio, from the standard library alone.

Importing the `mcp` SDK takes about a second (pydantic models of several
protocol versions), and clients give a server 5-10 s to answer `initialize`,
counting from the spawn. So `agent-memory mcp` reads the client's first
request itself and, when it is an ordinary `initialize`, answers at once with
what the SDK's server would answer (a test checks the two agree for every
version). The lines read are then replayed into the SDK's server, which
handles the `initialize` again for its own state; mcp_opening.py drops that
second answer. Anything unusual (another first request, odd params) is not
answered here: the SDK answers it, a second later.

Only this module runs before the SDK loads: keep it free of heavy imports.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, Any

from .. import __version__

SERVER_NAME = "agent-memory"
INSTRUCTIONS = (
    "Long-term memory of the user's conversations, facts and people. Search it"
    " before answering anything that depends on earlier conversations; store"
    " durable facts with remember_fact; record each conversation turn with"
    " record_turn so it can be consolidated into facts overnight."
)
# The versions the installed SDK negotiates through `initialize` (a test
# checks them against mcp_types.version); a client asking another one is
# offered the newest, as the SDK does.
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
# What the SDK's MCPServer declares (it serves tools, resources and prompts).
CAPABILITIES: dict[str, Any] = {
    "prompts": {"listChanged": False},
    "resources": {"listChanged": False, "subscribe": False},
    "tools": {"listChanged": False},
}
# Frames before the first request that are kept for the SDK (as it does).
LEAD_LIMIT = 8


@dataclass
class Opening:
    """What the client sent up to its first request, and whether it was answered."""

    lines: list[bytes] = field(default_factory=list)
    answered: Any = None  # the id of the `initialize` answered here
    answer: dict[str, Any] | None = None


def initialize_result(params: Any) -> dict[str, Any] | None:
    """The SDK's result for `initialize` with these params; None when the
    request is not one this module can answer exactly as the SDK would."""
    if not isinstance(params, dict):
        return None
    version = params.get("protocolVersion")
    capabilities = params.get("capabilities")
    client = params.get("clientInfo")
    if not isinstance(version, str) or not isinstance(capabilities, dict):
        return None
    if not all(isinstance(value, dict) for value in capabilities.values()):
        return None
    if not isinstance(client, dict) or not {"name", "version"} <= client.keys():
        return None
    if not all(isinstance(value, str) for value in client.values()):
        return None
    return {
        "capabilities": CAPABILITIES,
        "instructions": INSTRUCTIONS,
        "protocolVersion": version
        if version in HANDSHAKE_VERSIONS
        else HANDSHAKE_VERSIONS[-1],
        "serverInfo": {"name": SERVER_NAME, "version": __version__},
    }


def _request(line: bytes) -> dict[str, Any] | None:
    """The JSON-RPC request on this line (None: a notification, a response or noise)."""
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if isinstance(message, dict) and "method" in message and "id" in message:
        return message
    return None


def answer_opening(wire_in: IO[bytes], wire_out: IO[bytes]) -> Opening:
    """Read up to the client's first request; answer it if it is `initialize`."""
    opening = Opening()
    while line := wire_in.readline():
        request = _request(line)
        if request is None:
            if len(opening.lines) < LEAD_LIMIT:
                opening.lines.append(line)
            continue
        opening.lines.append(line)
        if request.get("method") == "initialize" and request.get("jsonrpc") == "2.0":
            result = initialize_result(request.get("params"))
            if result is not None:
                reply = {"jsonrpc": "2.0", "id": request["id"], "result": result}
                wire_out.write(
                    json.dumps(reply, separators=(",", ":")).encode() + b"\n"
                )
                wire_out.flush()
                opening.answered, opening.answer = request["id"], result
        break
    return opening
