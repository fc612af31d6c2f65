"""`agent-memory view --serve`: the inspector page served on 127.0.0.1.

Every page load reads the memory again, and the page's panel can forget or
correct a fact. Changes go through the same toolkit calls the CLI and the
agent use (toolkit/calls.py), with the person as the author, in the scope the
command was started with.

Only this page may change the memory: the server listens on 127.0.0.1 only,
accepts a request only for its own host name (no DNS rebinding), a change only
from its own origin and with the token written into the page it served (a
page on another site can neither read that token nor send the header).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import json
import logging
import secrets
import threading
from collections.abc import Awaitable, Callable, Coroutine
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ..core.scope import ScopeView, current_view, using_view
from ..toolkit import calls
from ..toolkit.changes import ToolDeps
from ..toolkit.models import Problem
from .host import StandaloneHost
from .inspector import ViewFilters, collect, render_html

log = logging.getLogger("agent_memory.inspector")

LOOPBACK = "127.0.0.1"
MAX_BODY = 64 * 1024
# How long a request waits for the memory before it answers 503.
WAIT_S = 60.0


class Inspector:
    """What the served page does, run on the event loop that owns the memory."""

    def __init__(self, host: StandaloneHost, filters: ViewFilters) -> None:
        self.host = host
        self.filters = filters
        self.token = secrets.token_urlsafe(24)
        self.view: ScopeView | None = current_view()

    async def page(self) -> str:
        data = await collect(self.host.services.storage, self.filters)
        data["meta"]["served"] = {"token": self.token}
        return render_html(data)

    async def forget(self, body: dict[str, Any]) -> dict[str, Any]:
        return await self._change(lambda deps: calls.forget_fact(deps, _ref(body)))

    async def correct(self, body: dict[str, Any]) -> dict[str, Any]:
        text = body.get("text")
        if not isinstance(text, str):
            raise ValueError("send the corrected text as 'text'")
        return await self._change(
            lambda deps: calls.correct_fact(deps, _ref(body), text)
        )

    async def _change(
        self, call: Callable[[ToolDeps], Awaitable[Any]]
    ) -> dict[str, Any]:
        # The person looking at the page, not the agent, is the source.
        deps = dataclasses.replace(self.host.services.tool_deps, author="user")
        result = await call(deps)
        if isinstance(result, Problem):
            raise ValueError(result.error)
        await self.host.services.storage.drain()
        done = json.loads(result.model_dump_json(exclude_none=True))
        return {"message": f"{done['status']}: {done['content']}", "result": done}

    def run(
        self, loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, Any]
    ) -> Any:
        """Run `work` on the memory's loop, in the command's scope; from a thread."""

        async def scoped() -> Any:
            with using_view(self.view):
                return await work

        return asyncio.run_coroutine_threadsafe(scoped(), loop).result(WAIT_S)


def _ref(body: dict[str, Any]) -> str:
    node_id = str(body.get("id", "")).strip()
    if not node_id.isdigit():
        raise ValueError("send the fact's id as 'id'")
    return f"#{node_id}"


def start(
    inspector: Inspector, loop: asyncio.AbstractEventLoop, port: int
) -> ThreadingHTTPServer:
    """The server, answering in its own thread; stop it with `shutdown()`."""

    class Handler(_Handler):
        pass

    Handler.inspector = inspector
    Handler.loop = loop
    server = ThreadingHTTPServer((LOOPBACK, port), Handler)
    server.daemon_threads = True
    Handler.origins = _origins(server.server_address[1])
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _origins(port: int) -> set[str]:
    return {f"{name}:{port}" for name in (LOOPBACK, "localhost")}


class _Handler(BaseHTTPRequestHandler):
    inspector: Inspector
    loop: asyncio.AbstractEventLoop
    origins: set[str]

    def log_message(self, format: str, *args: Any) -> None:
        log.debug(format, *args)

    def do_GET(self) -> None:
        if not self._own_host():
            return self._send(403, {"error": "unknown host"})
        if self.path.split("?")[0] != "/":
            return self._send(404, {"error": "not found"})
        try:
            page = self.inspector.run(self.loop, self.inspector.page())
        except Exception as exc:
            log.warning("inspector page failed: %s", exc)
            return self._send(500, {"error": str(exc)})
        self._reply(200, "text/html; charset=utf-8", page.encode("utf-8"))

    def do_POST(self) -> None:
        actions = {
            "/api/forget": self.inspector.forget,
            "/api/correct": self.inspector.correct,
        }
        action = actions.get(self.path)
        if action is None:
            return self._send(404, {"error": "not found"})
        refusal = self._refusal()
        if refusal:
            return self._send(403, {"error": refusal})
        try:
            body = self._body()
            return self._send(200, self.inspector.run(self.loop, action(body)))
        except ValueError as exc:
            return self._send(400, {"error": str(exc)})
        except Exception as exc:
            log.warning("inspector change failed: %s", exc)
            return self._send(500, {"error": str(exc)})

    def _own_host(self) -> bool:
        return self.headers.get("Host", "") in self.origins

    def _refusal(self) -> str | None:
        """Why a change request is not from the page this server served."""
        if not self._own_host():
            return "unknown host"
        origin = self.headers.get("Origin", "")
        if origin.removeprefix("http://") not in self.origins:
            return "changes are accepted only from the inspector page itself"
        token = self.headers.get("X-Inspector-Token", "")
        if not hmac.compare_digest(token.encode(), self.inspector.token.encode()):
            return "missing or wrong page token: reload the page"
        if self.headers.get_content_type() != "application/json":
            return "send JSON"
        return None

    def _body(self) -> dict[str, Any]:
        size = int(self.headers.get("Content-Length") or 0)
        if size > MAX_BODY:
            raise ValueError("request too large")
        try:
            body = json.loads(self.rfile.read(size) or b"{}")
        except ValueError as exc:
            raise ValueError(f"not JSON: {exc}") from exc
        if not isinstance(body, dict):
            raise ValueError("send a JSON object")
        return body

    def _send(self, status: int, data: dict[str, Any]) -> None:
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._reply(status, "application/json", body)

    def _reply(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Frame-Options", "DENY")
        self.end_headers()
        self.wfile.write(body)
