"""The MCP server over stdio, answering `initialize` before the memory is open.

Opening the memory for MCP loads openai-agents (the tools' schemas come from
the orchestrator's tools) and starts the embedder: seconds, while clients give
a server 5-10 s to answer `initialize`. So a front server answers the
handshake at once (name, version, instructions and capabilities need no
memory) and every other request waits for the real server of mcp_server.py,
which is built once the memory is open: the same tools, schemas and results.
If the memory cannot be opened, the command fails with that error.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import Resource, Tool

from .. import __version__
from .host import StandaloneHost
from .mcp_server import INSTRUCTIONS, SERVER_NAME, build_server, scheduled

Opener = Callable[[], AbstractAsyncContextManager[StandaloneHost]]


class WaitingServer(MCPServer[Any]):
    """Answers `initialize` itself; tools and resources come from `real`."""

    def __init__(self) -> None:
        super().__init__(
            SERVER_NAME,
            version=__version__,
            instructions=INSTRUCTIONS,
            log_level="WARNING",
        )
        self._real: asyncio.Future[MCPServer[Any]] = (
            asyncio.get_running_loop().create_future()
        )

    def open(self, real: MCPServer[Any]) -> None:
        self._real.set_result(real)

    def fail(self, exc: BaseException) -> None:
        if not self._real.done():
            self._real.set_exception(exc)

    async def real(self) -> MCPServer[Any]:
        return await asyncio.shield(self._real)

    async def list_tools(self) -> list[Tool]:
        return await (await self.real()).list_tools()

    async def call_tool(
        self,
        name: str,
        arguments: dict[str, Any],
        context: Context[Any, Any] | None = None,
    ) -> Any:
        return await (await self.real()).call_tool(name, arguments, context)

    async def list_resources(self) -> list[Resource]:
        return await (await self.real()).list_resources()

    async def read_resource(self, uri: Any, context: Any = None) -> Iterable[Any]:
        return await (await self.real()).read_resource(uri, context)


async def serve_stdio_early(opening: Opener) -> None:
    """Serve over stdio at once; open the memory meanwhile, close it at the end."""
    front = WaitingServer()
    finished = asyncio.Event()

    async def memory() -> None:
        try:
            # openai-agents takes about a second to import: in a thread, so the
            # loop answers `initialize` meanwhile (get_tools then finds it loaded).
            await asyncio.to_thread(importlib.import_module, "agents")
            async with opening() as host:
                front.open(build_server(host))
                async with scheduled(host):
                    await finished.wait()
        except BaseException as exc:
            front.fail(exc)
            raise

    serving = asyncio.create_task(front.run_stdio_async())
    opened = asyncio.create_task(memory())
    try:
        await asyncio.wait({serving, opened}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        finished.set()
        if opened.done() and opened.exception() is not None:
            serving.cancel()  # the memory did not open: fail with its error
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        await opened  # closes the memory; raises its error if it failed
