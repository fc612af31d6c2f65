"""The memory as an MCP server, for MCP clients (desktop assistants, editors, agents).

Outside the host the memory was reachable only through the CLI; most assistants
speak MCP. The server offers the orchestrator's twelve tools under the same names,
with the same parameter schemas and descriptions (taken from the `FunctionTool`s
tools.py builds, so the two cannot drift) and the same results: each body makes
the same body (toolkit/calls.py: argument checks, then the toolkit call), and
returns the result's compact JSON, which is what the model reads in the host.
A failure becomes the same `Problem` text as in the host (tools.on_failure),
marked `isError` as the MCP specification asks, so clients show a refused call
as failed: a raised error and a returned `Problem` alike.

Clients have no hot path, so `record_turn` feeds a turn through the standalone
host's router, exactly as the host's user_message/agent_response events do (same
handlers, same scoping by user and thread). `get_context` gives the block the
host would inject. The stats are also a resource. While the server is up, the
standalone host's scheduler runs the manifest's schedules (the nightly pipeline).

`mcp` (2.x, `MCPServer`) is imported only here, when `agent-memory mcp` runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..toolkit import args as check
from ..toolkit import calls
from ..toolkit import reads as tool_reads
from ..toolkit.models import Problem, ToolResult
from ..tools import TOOL_NAMES, on_failure
from . import mcp_arguments as checks
from .host import StandaloneHost
from .mcp_handshake import INSTRUCTIONS, SERVER_NAME

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.tools import Tool
    from mcp.types import CallToolResult

log = logging.getLogger("agent_memory.mcp")

STATS_URI = "memory://stats"
SCHEDULER_INTERVAL_S = 60.0
ROLES = {"user": "user", "assistant": "assistant", "orchestrator": "assistant"}

ToolBody = Callable[..., Awaitable[ToolResult | str]]


async def _answer(body: Awaitable[ToolResult | str]) -> CallToolResult:
    """The tool's result as the model reads it; a failure as the host's Problem,
    flagged as an error for the client."""
    try:
        result = await body
    except Exception as exc:
        return _text_result(on_failure(None, exc), failed=True)
    return _text_result(str(result), failed=isinstance(result, Problem))


def _text_result(text: str, *, failed: bool) -> CallToolResult:
    from mcp.types import CallToolResult, TextContent

    return CallToolResult(
        content=[TextContent(type="text", text=text)], is_error=failed
    )


def orchestrator_bodies(host: StandaloneHost) -> dict[str, ToolBody]:
    """The twelve tools' bodies (toolkit/calls.py), bound to this host's memory."""
    deps = host.services.tool_deps
    return {body.__name__: _bound(body, deps) for body in calls.BODIES}


def _bound(body: Callable[..., Awaitable[ToolResult]], deps: Any) -> ToolBody:
    """`body` with `deps` filled in; its signature (minus deps) stays for MCP."""
    import inspect
    import typing

    async def call(**arguments: Any) -> ToolResult:
        return await body(deps, **arguments)

    hints = typing.get_type_hints(body)
    signature = inspect.signature(body)
    parameters = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in list(signature.parameters.values())[1:]
    ]
    call.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    call.__name__ = body.__name__
    return call


def client_bodies(host: StandaloneHost) -> list[ToolBody]:
    """What only MCP clients need: the injected block and recording turns."""

    async def get_context(prompt: str, thread_id: str | None = None) -> str:
        """The memory block the host would add to the agent's instructions for
        this prompt ("" when nothing relevant is stored).

        Args:
            prompt: The user's message.
            thread_id: The conversation it belongs to (its own turns are left out).
        """
        return await host.context_for(prompt, thread_id or None)

    async def record_turn(
        text: str,
        role: str = "user",
        thread_id: str | None = None,
        user_id: str | None = None,
    ) -> str:
        """Record one conversation turn, as the host does for every message.

        Turns are searchable at once and become facts when the thread is
        consolidated (when the user moves to another thread, or overnight).

        Args:
            text: What was said.
            role: user or assistant.
            thread_id: The conversation's id; turns of one conversation share it.
            user_id: Whose conversation it is (default: local).
        """
        kind = ROLES.get(role.strip().lower())
        if kind is None:
            raise check.Invalid("role must be user or assistant")
        body = check.required(text, "text")
        thread = (thread_id or "").strip() or None
        user = (user_id or "").strip() or "local"
        if kind == "user":
            await host.user_message(body, thread, user_id=user)
        else:
            await host.agent_response(body, thread, user_id=user)
        await host.services.storage.drain()  # searchable when the call returns
        return str(_Recorded(status="recorded", role=kind, thread_id=thread))

    return [get_context, record_turn]


class _Recorded(ToolResult):
    status: str
    role: str
    thread_id: str | None = None


def _guarded(body: ToolBody) -> Callable[..., Awaitable[CallToolResult]]:
    """`body` answering text, failures included (the signature stays for MCP)."""

    async def call(**arguments: Any) -> CallToolResult:
        return await _answer(body(**arguments))

    call.__signature__ = _signature(body)  # type: ignore[attr-defined]
    call.__name__ = body.__name__
    call.__doc__ = body.__doc__
    return call


def _signature(body: ToolBody) -> Any:
    import inspect
    import typing

    hints = typing.get_type_hints(body)
    signature = inspect.signature(body)
    parameters = [
        p.replace(annotation=hints.get(name, p.annotation))
        for name, p in signature.parameters.items()
    ]
    return signature.replace(parameters=parameters, return_annotation=str)


@functools.cache
def _checked_tool() -> type[Tool]:
    """The SDK's Tool with the arguments' names and types checked first: a
    wrong call answers the host's Problem naming the tool's parameters
    (mcp_arguments.py), not pydantic's raw text, and no name is dropped."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.server.mcpserver.tools import Tool
    from pydantic import ValidationError

    class CheckedTool(Tool):
        async def run(
            self, arguments: dict[str, Any], context: Any, convert_result: bool = False
        ) -> Any:
            schema = self.parameters
            wrong = checks.wrong_names(self.name, schema, arguments)
            if wrong:
                return _text_result(checks.problem(wrong), failed=True)
            try:
                return await super().run(arguments, context, convert_result)
            except ToolError as exc:
                if not isinstance(exc.__cause__, ValidationError):
                    raise
                text = checks.wrong_values(self.name, schema, exc.__cause__.errors())
                return _text_result(checks.problem(text), failed=True)

    return CheckedTool


def build_server(host: StandaloneHost) -> MCPServer[Any]:
    """An `MCPServer` over a started host that was built with `tools=True`."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.tools import Tool

    schemas = {tool.name: tool for tool in host.tools}
    tools = []
    for name, body in orchestrator_bodies(host).items():
        orchestrator = schemas[name]  # the host's schema and description, verbatim
        tool = Tool.from_function(
            _guarded(body),
            name=name,
            description=orchestrator.description,
            structured_output=False,
        )
        tools.append(
            tool.model_copy(update={"parameters": orchestrator.params_json_schema})
        )
    for body in client_bodies(host):
        tools.append(Tool.from_function(_guarded(body), structured_output=False))
    tools = [_checked_tool()(**dict(tool)) for tool in tools]
    server: MCPServer[Any] = MCPServer(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=tools,
        log_level="WARNING",
    )

    @server.resource(STATS_URI, name="memory_stats", mime_type="application/json")
    async def stats() -> str:
        """Size and health of the memory: counts, database size, maintenance."""
        return str(await tool_reads.stats(host.services.tool_deps))

    return server


# -- running -------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def scheduled(host: StandaloneHost) -> Any:
    """The host's scheduler (nightly maintenance) while the server is up."""
    task = asyncio.create_task(host.scheduler.run_forever(SCHEDULER_INTERVAL_S))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def listening_socket(port: int) -> socket.socket:
    """A socket listening on 127.0.0.1:`port` (0 = any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    return sock


async def serve_stdio(host: StandaloneHost) -> None:
    server = build_server(host)
    async with scheduled(host):
        await server.run_stdio_async()


async def serve_http(host: StandaloneHost, port: int) -> None:
    """Streamable HTTP on 127.0.0.1; the URL goes to stderr once it accepts."""
    import uvicorn

    server = build_server(host)
    app = server.streamable_http_app(host="127.0.0.1")
    sock = listening_socket(port)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    async with scheduled(host):
        # Connections made from now on wait in the backlog until uvicorn accepts.
        print(f"agent-memory: MCP over HTTP at {url}", file=sys.stderr, flush=True)
        await uvicorn.Server(config).serve(sockets=[sock])


__all__ = ["STATS_URI", "TOOL_NAMES", "build_server", "serve_http", "serve_stdio"]
