"""The real server process (`python -m agent_memory mcp`) over stdio and over
streamable HTTP, driven by a real `mcp.ClientSession`, and by openai-agents' own
MCP client: remember → search → correct → search → forget on a real database."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import agent_memory
import pytest

# The MCP SDK is a standalone extra; `make test-host` runs without it.
if not hasattr(pytest.importorskip("mcp"), "Client"):  # 2.x has Client
    pytest.skip("needs_mcp: the host has no MCP SDK 2.x", allow_module_level=True)
from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp_types.version import LATEST_HANDSHAKE_VERSION  # noqa: E402

READY = "MCP over HTTP at "
DRIFT = "answers initialize differently"  # mcp_opening.py says it on stderr


def server_command(data_dir: Path, *extra: str) -> tuple[list[str], dict[str, str]]:
    """The server's argv (FTS only: no embedder to load) and its environment."""
    package_parent = Path(agent_memory.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    for key in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)
    args = ["-m", "agent_memory", "--db", str(data_dir), "--embedder", "none", "mcp"]
    return [*args, *extra], env


async def call(session: ClientSession, name: str, **arguments: Any) -> Any:
    result = await session.call_tool(name, arguments)
    assert not result.is_error, result
    return json.loads(result.content[0].text)  # type: ignore[union-attr]


async def remember_search_correct_forget(session: ClientSession) -> None:
    await session.initialize()
    stored = await call(session, "remember_fact", fact="Anna lives in Berlin")
    found = await call(session, "search_memory", query="Anna Berlin")
    assert [item["id"] for item in found["results"]] == [stored["id"]]

    changed = await call(
        session, "correct_fact", old_fact=stored["id"], new_fact="Anna lives in Rome"
    )
    found = await call(session, "search_memory", query="Anna lives", type="semantic")
    assert [item["content"] for item in found["results"]] == ["Anna lives in Rome"]
    assert changed["replaces"]["id"] == stored["id"]

    gone = await call(session, "forget_fact", fact=changed["id"])
    found = await call(session, "search_memory", query="Anna lives", type="semantic")
    assert gone["id"] == changed["id"] and found["count"] == 0


async def test_stdio_session_remembers_corrects_and_forgets(tmp_path: Path) -> None:
    args, env = server_command(tmp_path)
    server = StdioServerParameters(command=sys.executable, args=args, env=env)
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write) as session,
    ):
        await remember_search_correct_forget(session)


@contextlib.asynccontextmanager
async def http_server(data_dir: Path) -> AsyncIterator[str]:
    """The server on a free port; yields its URL once it says it accepts."""
    args, env = server_command(data_dir, "--http", "--port", "0")
    process = await asyncio.create_subprocess_exec(
        sys.executable, *args, env=env, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    try:
        while READY not in (line := (await process.stderr.readline()).decode()):
            assert line, "the server exited before it listened"
        yield line.split(READY)[1].strip()
    finally:
        process.terminate()
        await process.wait()


async def test_http_session_remembers_corrects_and_forgets(tmp_path: Path) -> None:
    async with (
        http_server(tmp_path) as url,
        streamable_http_client(url) as (read, write),
        ClientSession(read, write) as session,
    ):
        await remember_search_correct_forget(session)


async def test_openai_agents_client_lists_and_calls_tools(tmp_path: Path) -> None:
    from agents.mcp import MCPServerStdio

    args, env = server_command(tmp_path)
    params = {"command": sys.executable, "args": args, "env": env}
    async with MCPServerStdio(params, client_session_timeout_seconds=30) as server:
        tools = await server.list_tools()
        result = await server.call_tool("remember_fact", {"fact": "Tom plays cello"})

    assert {"search_memory", "get_context", "record_turn"} <= {t.name for t in tools}
    assert json.loads(result.content[0].text)["status"] == "stored"  # type: ignore[union-attr]


CLIENT = {"name": "t", "version": "1"}


def initialize(version: str) -> dict[str, Any]:
    params = {"protocolVersion": version, "capabilities": {}, "clientInfo": CLIENT}
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


async def test_the_official_client_sees_a_plain_server(tmp_path: Path) -> None:
    args, env = server_command(tmp_path)
    server = StdioServerParameters(command=sys.executable, args=args, env=env)
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write) as session,
    ):
        ready = await session.initialize()
        tools = await session.list_tools()
        refused = await session.call_tool("search_memory", {"query": ""})
        stats = await session.read_resource("memory://stats")
    assert ready.server_info.name == "agent-memory"
    assert ready.protocol_version == LATEST_HANDSHAKE_VERSION
    assert {"search_memory", "record_turn"} <= {tool.name for tool in tools.tools}
    assert refused.is_error
    assert json.loads(stats.contents[0].text)["total_nodes"] == 0  # type: ignore[union-attr]


async def exchange(data_dir: Path, *messages: dict[str, Any]) -> tuple[list[Any], str]:
    """Raw lines to the server process, all at once; the answers and stderr."""
    args, env = server_command(data_dir)
    process = await asyncio.create_subprocess_exec(
        sys.executable, *args, env=env, stdin=-1, stdout=-1, stderr=-1
    )
    lines = b"".join(json.dumps(m).encode() + b"\n" for m in messages)
    expected = sum("id" in m for m in messages)
    out, err = b"", b""
    try:
        assert process.stdin and process.stdout
        process.stdin.write(lines)
        await process.stdin.drain()
        answers = []
        while len(answers) < expected:
            line = await asyncio.wait_for(process.stdout.readline(), 60)
            assert line, "the server closed the stream"
            answers.append(json.loads(line))
        process.stdin.close()
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
    assert out == b""
    return answers, err.decode()


LISTING = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


async def test_an_unknown_version_gets_the_newest(tmp_path: Path) -> None:
    answers, err = await exchange(
        tmp_path, initialize("1999-01-01"), INITIALIZED, LISTING
    )
    assert answers[0]["result"]["protocolVersion"] == LATEST_HANDSHAKE_VERSION
    assert len(answers[1]["result"]["tools"]) == 14
    assert DRIFT not in err


async def test_requests_before_initialized_are_served_as_the_sdk_does(
    tmp_path: Path,
) -> None:
    early = {"jsonrpc": "2.0", "id": 0, "method": "tools/list"}
    sequence = (early, initialize("2025-03-26"), LISTING, INITIALIZED)
    answers, err = await exchange(tmp_path, *sequence)
    by_id = {answer["id"]: answer for answer in answers}
    assert by_id[0]["error"]["code"] == -32602  # before initialize: refused
    assert by_id[1]["result"]["protocolVersion"] == "2025-03-26"
    assert len(by_id[2]["result"]["tools"]) == 14  # after it: served
    answers, err = await exchange(
        tmp_path, initialize("2025-11-25"), LISTING, INITIALIZED
    )
    assert [a["id"] for a in answers] == [1, 2] and "tools" in answers[1]["result"]
    assert DRIFT not in err


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


async def test_ctrl_c_stops_the_server_while_the_client_keeps_its_end_open(
    tmp_path: Path,
) -> None:
    """A terminal never closes stdin: Ctrl-C must end the server anyway (it
    waited for the client's next line, which never came)."""
    args, env = server_command(tmp_path)
    # a server stuck on its way out shows where: faulthandler dumps every
    # thread's stack on SIGABRT (sent below when Ctrl-C did not end it)
    env["PYTHONFAULTHANDLER"] = "1"
    # a shell starts background jobs with SIGINT ignored, and an ignored
    # signal is inherited: the server is started as a terminal starts it
    process = await asyncio.create_subprocess_exec(
        sys.executable, *args, env=env, stdin=-1, stdout=-1, stderr=-1,
        preexec_fn=_sigint_as_in_a_terminal,
    )  # fmt: skip
    try:
        assert process.stdin and process.stdout and process.stderr
        for message in (initialize(LATEST_HANDSHAKE_VERSION), INITIALIZED, LISTING):
            process.stdin.write(json.dumps(message).encode() + b"\n")
        await process.stdin.drain()
        for _ in range(2):  # the tool listing comes once the memory is open
            assert await asyncio.wait_for(process.stdout.readline(), 60)
        process.send_signal(signal.SIGINT)
        try:
            code = await asyncio.wait_for(process.wait(), 30)
        except TimeoutError as stuck:
            process.send_signal(signal.SIGABRT)
            stacks = (await asyncio.wait_for(process.stderr.read(), 10)).decode()
            raise AssertionError(f"Ctrl-C did not end the server:\n{stacks}") from stuck
        err = (await process.stderr.read()).decode()
    finally:
        if process.returncode is None:
            process.kill()
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "agent-memory: stopped: interrupted"
    assert "Traceback" not in err
