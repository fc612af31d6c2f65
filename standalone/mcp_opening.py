"""The MCP server over stdio, answering `initialize` before the memory is open.

mcp_handshake.py may have answered `initialize` before the SDK was even
imported: its lines are replayed here into the SDK's server, and the SDK's own
answer to that request is dropped (compared, so a drift shows on stderr).

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
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from io import TextIOWrapper
from typing import IO, Any, cast

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import Resource, Tool

from .. import __version__
from .host import StandaloneHost
from .mcp_handshake import INSTRUCTIONS, SERVER_NAME, Opening
from .mcp_server import build_server, scheduled

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


async def _replayed(opening: Opening, wire: IO[bytes]) -> AsyncIterator[str]:
    """The lines mcp_handshake.py read, then the rest of the client's stream."""
    for read in opening.lines:
        yield read.decode("utf-8", errors="replace")
    async for line in _lines(wire):
        yield line


async def _lines(wire: IO[bytes]) -> AsyncIterator[str]:
    """The stream's lines, read by a daemon thread: a read blocked on a client
    that keeps its end open (a terminal) cannot be interrupted, and a worker
    thread the process waits for (anyio's) kept Ctrl-C from ending it."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        text = TextIOWrapper(wire, encoding="utf-8", errors="replace")
        try:
            for line in text:
                loop.call_soon_threadsafe(lines.put_nowait, line)
        finally:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, name="mcp-stdin", daemon=True).start()
    while (line := await lines.get()) is not None:
        yield line


class _Answered:
    """The SDK's write stream without its answer to the `initialize` that
    mcp_handshake.py answered already (a differing answer is reported)."""

    def __init__(self, stream: Any, opening: Opening) -> None:
        self._stream, self._opening = stream, opening
        self._pending = opening.answer is not None

    async def send(self, item: SessionMessage) -> None:
        message = item.message
        if self._pending and getattr(message, "id", None) == self._opening.answered:
            self._pending = False
            if getattr(message, "result", None) != self._opening.answer:
                print(
                    "agent-memory: the SDK answers initialize differently:"
                    f" {message.model_dump(exclude_unset=True)}",
                    file=sys.stderr,
                )
            return
        await self._stream.send(item)

    async def aclose(self) -> None:
        await self._stream.aclose()

    async def __aenter__(self) -> _Answered:
        await self._stream.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._stream.__aexit__(*exc)


async def _serve_wire(front: MCPServer[Any], opening: Opening, wire: IO[bytes]) -> None:
    """`front.run_stdio_async()`, reading the replayed stream."""
    stdin = cast(Any, _replayed(opening, wire))
    async with stdio_server(stdin=stdin) as (read, write):
        server = front._lowlevel_server  # what run_stdio_async runs
        options = server.create_initialization_options()
        await server.run(read, cast(Any, _Answered(write, opening)), options)


async def serve_stdio_early(
    opening: Opener, wire: IO[bytes], handshake: Opening
) -> None:
    """Serve over stdio at once; open the memory meanwhile, close it at the end.

    `wire` is the client's stream after `handshake` (mcp_handshake.py)."""
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

    serving = asyncio.create_task(_serve_wire(front, handshake, wire))
    opened = asyncio.create_task(memory())
    try:
        await asyncio.wait({serving, opened}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        finished.set()
        # The client left (serving is done), the memory did not open (fail
        # with its error) or Ctrl-C: the server stops without waiting for the
        # client to close its end.
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        await opened  # closes the memory; raises its error if it failed
