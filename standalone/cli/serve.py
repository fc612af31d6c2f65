"""`agent-memory mcp`: serve the memory to MCP clients until stopped.

A body of its own (not in commands.py) so the `mcp` package is imported only
when this command runs; the server itself lives in standalone/mcp_server.py.
"""

from __future__ import annotations

import argparse
import importlib.util
from contextlib import AbstractAsyncContextManager

from ...core.errors import install_hint
from ..host import StandaloneHost
from .io import CliError, Output
from .session import open_host


async def run(args: argparse.Namespace, out: Output) -> int:
    if importlib.util.find_spec("mcp") is None:
        raise CliError(f"the MCP server needs the mcp package: {install_hint('mcp')}")
    if not 0 <= args.port <= 65535:
        raise CliError(f"--port {args.port}: pick a port from 1 to 65535 (0: any)")

    # tools=True: the MCP tools take their schemas from the orchestrator's tools.
    def opening() -> AbstractAsyncContextManager[StandaloneHost]:
        return open_host(args, tools=True, create=True)

    if args.http:
        from ..mcp_server import serve_http

        async with opening() as host:
            await serve_http(host, args.port)
    else:
        from ..mcp_opening import serve_stdio_early

        await serve_stdio_early(opening)  # answers `initialize` before it opens
    return 0
