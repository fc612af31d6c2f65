"""A misbehaving OpenAI-compatible chat server on the loopback, for tests.

The LLM endpoint is the process boundary: the real `openai` client and the real
Agents SDK talk HTTP to this server, which plays a consolidation model and
misbehaves the way real local servers and small models do (see BEHAVIOURS).
The well-behaved script: save the user's turns as facts, mark the chunk
consolidated, answer "done"; other modes (causal, enrichment) get a plain
answer. Which request fails and how often depends on the seed.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Behaviours of real servers (the first five) and of small models.
BEHAVIOURS = [
    "good",
    "null_content_500",  # llama.cpp: assistant `content: null` after a tool call
    "required_choice_500",  # tool_choice="required" -> 500; none -> no tool call
    "rate_limited",  # 429 with Retry-After, then fine
    "server_errors",  # plain 500s, some requests or all
    "timeout",  # answers after the client gave up
    "cut_stream",  # the response body stops half-way
    "unknown_tool",
    "missing_arguments",
    "wrong_types",
    "raw_newlines",  # raw newlines inside JSON strings (repairable)
    "invalid_json",  # arguments that are not JSON at all
    "empty_tool_name",
    "empty_final_output",
    "never_calls_a_tool",
    "same_tool_forever",
    "junk_facts",  # placeholders, invented values, the prompt's example
]
# The calls these make are invalid: nothing may be stored from them.
INVALID_CALLS = {
    "unknown_tool",
    "missing_arguments",
    "wrong_types",
    "invalid_json",
    "empty_tool_name",
}
JUNK = [
    "The user's sister Anna lives in Lyon",  # prompt.jinja2's example
    "The user keeps robot_in_Berlin",
    "The user prefers A/B/C",
    "The user is 42 years old",
]
TIMEOUT_SLEEP = 1.5
_EPISODE = re.compile(r"^\[(\d+)\] (\w+): (.*)$", re.MULTILINE)


class Script:
    """One behaviour under one seed; counts the requests it has answered."""

    def __init__(self, behaviour: str, seed: int) -> None:
        self.behaviour = behaviour
        self.rng = random.Random(seed)
        self.requests = 0
        self.failing = self.rng.randint(1, 3)  # 429s or 500s before it recovers

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        """(status, headers, JSON body or a special marker)."""
        self.requests += 1
        b, messages = self.behaviour, body.get("messages", [])
        tools = [t["function"]["name"] for t in body.get("tools") or []]
        choice = body.get("tool_choice")
        if b == "null_content_500" and any(
            m.get("role") == "assistant" and m.get("content", "") is None
            for m in messages
        ):
            return 500, {}, _error("content must be a string")
        if b == "required_choice_500" and choice == "required":
            return 500, {}, _error("tool_choice required unsupported")
        if b == "rate_limited" and self.requests <= self.failing:
            return 429, {"Retry-After": "0"}, _error("rate limited")
        if b == "server_errors" and (self.rng.random() < 0.5 or self.failing == 3):
            return 500, {}, _error("internal error")
        if b == "timeout" and self.rng.random() < 0.7:
            time.sleep(TIMEOUT_SLEEP)
        if b == "cut_stream" and self.rng.random() < 0.7:
            return 200, {}, "CUT"
        if "save_nodes_batch" not in tools:
            return 200, {}, _reply(text="none")
        if b == "required_choice_500" and choice is None:
            return 200, {}, _reply(text="I read the episodes.")  # llama.cpp
        return 200, {}, _reply(*self._consolidation_step(messages))

    def _consolidation_step(
        self, messages: list[dict[str, Any]]
    ) -> tuple[str | None, str, str]:
        """(tool name or None for text, arguments, text) of the next step."""
        b = self.behaviour
        step = sum(1 for m in messages if m.get("role") == "assistant")
        # the write path sends the chunk's episodes as the user message
        shown = next((m["content"] for m in messages if m["role"] == "user"), "")
        turns = [(int(n), text) for n, role, text in _EPISODE.findall(str(shown))]
        if b == "never_calls_a_tool":
            return None, "", "Here is what I found in the conversation."
        if b == "same_tool_forever":
            return "get_session_episodes", '{"offset": 0, "limit": 5}', ""
        if step == 0:
            return self._save(turns)
        if step == 1:
            return "mark_session_consolidated", "{}", ""
        return None, "", "" if b == "empty_final_output" else "done"

    def _save(self, turns: list[tuple[int, str]]) -> tuple[str | None, str, str]:
        b = self.behaviour
        facts = [
            {"type": "semantic", "content": text, "confidence": 0.8, "episodes": [n]}
            for n, text in turns
        ]
        if b == "junk_facts":
            facts = [
                {"type": "semantic", "content": j, "confidence": 0.9, "episodes": [1]}
                for j in JUNK
            ] + facts[:1]
        if b == "unknown_tool":
            return "save_everything", json.dumps({"facts": facts}), ""
        if b == "empty_tool_name":
            return "", json.dumps({"facts": facts}), ""
        if b == "missing_arguments":
            facts = [{"content": f["content"]} for f in facts]
        if b == "wrong_types":
            facts = [{**f, "episodes": "one", "confidence": "high"} for f in facts]
        arguments = json.dumps({"facts": facts}, ensure_ascii=False)
        if b == "raw_newlines":
            # A raw newline inside a string, as small models write it.
            arguments = arguments.replace('", "confidence"', '\n", "confidence"')
        if b == "invalid_json":
            arguments = arguments[: len(arguments) // 2]
        return "save_nodes_batch", arguments, ""


def _error(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "server_error"}}


def _reply(tool: str | None = None, arguments: str = "", text: str = "") -> Any:
    message: dict[str, Any] = {
        "role": "assistant",
        "content": text if not tool else None,
    }
    if tool is not None:
        message["tool_calls"] = [
            {
                "id": f"call_{random.randrange(10**9)}",
                "type": "function",
                "function": {"name": tool, "arguments": arguments},
            }
        ]
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "misbehaving",
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if tool else "stop",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep the test output clean

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        self.server.bodies.append(body)
        status, headers, payload = self.server.script.answer(body)
        if payload == "CUT":
            data = json.dumps(_reply(text="done")).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    script: Script
    bodies: list[dict[str, Any]]


@contextmanager
def serving(behaviour: str, seed: int = 0) -> Iterator[_Server]:
    """The server on a free loopback port; its `/v1` URL is `url(server)`."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.script, server.bodies = Script(behaviour, seed), []
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
    )
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def url(server: _Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/v1"


async def add_turns(storage: Any, turns: list[tuple[str, str]]) -> list[int]:
    """Store (role, text) turns of thread "t", an hour ago; their ids."""
    from agent_memory.core.records import EpisodeDraft

    start = time.time() - 3600
    return [
        await storage.nodes.add_episode(EpisodeDraft(text, "t", role, start + i))
        for i, (role, text) in enumerate(turns)
    ]
