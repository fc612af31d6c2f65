"""What local OpenAI-compatible servers need from the chat-completions client.

Found against llama.cpp's server (llama-cpp-python, chatml-function-calling),
and the usual gaps of Ollama and vLLM:
- after a tool call the Agents SDK sends the assistant message with
  `content: null`; such servers answer HTTP 500. It is sent as "" instead.
- `tool_choice="required"` gives HTTP 500, and with no `tool_choice` at all
  llama.cpp never calls a tool: "auto" is sent whenever tools are.
- llama.cpp's server keeps generating after the client gave up (timeout), up
  to the whole context: one runaway answer of a small model blocked it for
  ten minutes, and every later thread timed out behind it. Every request is
  capped at MAX_OUTPUT_TOKENS unless the caller set a limit.
- llama-cpp-python's chatml-function-calling ignores `max_tokens` while it
  writes a tool call's arguments (it constrains them with a grammar built from
  the tool's JSON schema): Gemma 3 270M looped inside one call for minutes.
  Strings and arrays of the schemas sent get `maxLength` / `maxItems`, which
  such grammars honour, so every call has an end.
- about 40 % of a small model's tool calls carry raw newlines inside JSON
  strings: such arguments are re-encoded when a lenient parse reads them; a
  whole object followed by stray text keeps the object. What no lenient parse
  reads is logged (its size, ends and the finish reason) before the SDK
  refuses it: the SDK keeps tool arguments out of its own logs.
Everything else (unknown tools, bad arguments) is left to the SDK, whose error
stops the run: the thread stays pending (writepath/consolidation.py).

The rewrite wraps `chat.completions.create`, the one call the SDK's
OpenAIChatCompletionsModel makes, so it works with every openai client
version and its HTTP library.
"""

from __future__ import annotations

import json
import logging
from typing import Any

log = logging.getLogger(__name__)

OPENAI_HOST = "api.openai.com"
MAX_OUTPUT_TOKENS = 256  # a few short tool calls; ~13 s at 20 tokens/s
MAX_STRING_CHARS = 400  # a fact, a name, a reason, an entity summary
MAX_ITEMS = 8  # facts, entities, aliases or episode numbers in one call


def compatible_request(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The create() arguments with the shapes local servers accept."""
    out = dict(kwargs)
    messages = out.get("messages")
    if isinstance(messages, list):
        out["messages"] = [_message(m) for m in messages]
    tools = out.get("tools")
    choice = out.get("tool_choice")
    if (
        isinstance(tools, list)
        and tools
        and (choice == "required" or not _given(choice))
    ):
        out["tool_choice"] = "auto"
    if isinstance(tools, list):
        out["tools"] = [bounded(tool) for tool in tools]
    if not any(_limit(out.get(k)) for k in ("max_tokens", "max_completion_tokens")):
        out["max_tokens"] = MAX_OUTPUT_TOKENS
    return out


def bounded(schema: Any) -> Any:
    """A copy of a tool (or JSON schema) whose strings and arrays have a length
    limit (a limit already there is kept)."""
    if isinstance(schema, list):
        return [bounded(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: bounded(value) for key, value in schema.items()}
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if "string" in kinds and "enum" not in schema:
        out.setdefault("maxLength", MAX_STRING_CHARS)
    if "array" in kinds:
        out.setdefault("maxItems", MAX_ITEMS)
    return out


def _message(message: Any) -> Any:
    if (
        isinstance(message, dict)
        and message.get("role") == "assistant"
        and message.get("content") is None
    ):
        return {**message, "content": ""}
    return message


def _limit(value: Any) -> bool:
    """Whether a token limit was set (not openai's NotGiven/Omit)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _given(value: Any) -> bool:
    """Whether an argument was set (the SDK passes openai's NotGiven/Omit)."""
    return isinstance(value, str | dict)


def repair_arguments(arguments: str) -> str:
    """Tool-call arguments as valid JSON when a lenient parse can read them
    (control characters inside strings); otherwise unchanged, for the SDK to
    refuse."""
    try:
        json.loads(arguments)
        return arguments
    except (TypeError, ValueError):
        pass
    lenient = json.JSONDecoder(strict=False)
    try:
        value, _end = lenient.raw_decode(arguments.strip())
    except (TypeError, ValueError):
        return arguments
    return (
        json.dumps(value, ensure_ascii=False) if isinstance(value, dict) else arguments
    )


def repair_response(response: Any) -> Any:
    """Repair the tool calls of a ChatCompletion in place (streams untouched)."""
    for choice in getattr(response, "choices", None) or []:
        for call in getattr(choice.message, "tool_calls", None) or []:
            function = getattr(call, "function", None)
            if function is not None and isinstance(function.arguments, str):
                function.arguments = repair_arguments(function.arguments)
                _log_if_invalid(function, getattr(choice, "finish_reason", None))
    return response


def _log_if_invalid(function: Any, finish_reason: Any) -> None:
    """One line on arguments the SDK is about to refuse: what a model sent."""
    text = function.arguments
    try:
        json.loads(text)
    except ValueError as error:
        log.warning(
            "the model sent invalid JSON for tool %s (%d chars, finish reason %s, "
            "%s): %r ... %r",
            function.name,
            len(text),
            finish_reason,
            error,
            text[:160],
            text[-80:],
        )


class _Completions:
    def __init__(self, inner: Any) -> None:
        self._inner = inner

    async def create(self, **kwargs: Any) -> Any:
        return repair_response(await self._inner.create(**compatible_request(kwargs)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _Chat:
    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.completions = _Completions(inner.completions)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class CompatibleClient:
    """An AsyncOpenAI client whose chat completions fit local servers; every
    other attribute is the client's own."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.chat = _Chat(client.chat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)


def needs_compat(base_url: str | None) -> bool:
    """Local and self-hosted servers get the rewrite; OpenAI itself does not."""
    return bool(base_url) and OPENAI_HOST not in str(base_url)
