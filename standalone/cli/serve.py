"""`agent-memory mcp`: serve the memory to MCP clients until stopped.

A body of its own (not in commands.py) so the `mcp` package is imported only
when this command runs; the server itself lives in standalone/mcp_server.py.
Over stdio the client's `initialize` is answered (mcp_handshake.py) before
anything heavy is imported: the memory, openai-agents and the SDK load after.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import sys
from contextlib import AbstractAsyncContextManager
from typing import IO, TYPE_CHECKING

from ...core.errors import install_hint
from ..mcp_handshake import answer_opening
from .io import CliError, Output

if TYPE_CHECKING:
    from ..host import StandaloneHost


async def run(args: argparse.Namespace, out: Output) -> int:
    if importlib.util.find_spec("mcp") is None:
        raise CliError(f"the MCP server needs the mcp package: {install_hint('mcp')}")
    if not 0 <= args.port <= 65535:
        raise CliError(f"--port {args.port}: pick a port from 1 to 65535 (0: any)")

    # tools=True: the MCP tools take their schemas from the orchestrator's tools.
    def opening() -> AbstractAsyncContextManager[StandaloneHost]:
        from .session import open_host

        return open_host(args, tools=True, create=True)

    if args.http:
        from ..mcp_server import serve_http

        async with opening() as host:
            await serve_http(host, args.port)
    else:
        wire = claim_stdin()
        handshake = await asyncio.to_thread(answer_opening, wire, sys.stdout.buffer)
        from ..mcp_opening import serve_stdio_early

        await serve_stdio_early(opening, wire, handshake)
    return 0


def claim_stdin() -> IO[bytes]:
    """The client's stream on a descriptor of its own; fd 0 then reads the null
    device, so nothing else in the process (or a child) takes the client's bytes."""
    wire = os.dup(0)
    os.set_inheritable(wire, False)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return os.fdopen(wire, "rb", closefd=False)
