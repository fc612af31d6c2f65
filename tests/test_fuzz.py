"""A seeded, time-bounded fuzz of everything outside text reaches: the ten
tools (through the FunctionTools the agent gets), get_context, the hot-path
event handlers and the CLI. Odd input must come back as the tools' error
results or exit code 2, never as an exception, a fault the tools had to catch
(logged by toolkit/failures.py), or a write the store refused.

FUZZ_SEED and FUZZ_SECONDS (environment) change the run; a failure prints the
seed and the call, so it can be replayed.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from agent_memory.main import MemoryExtension
from agent_memory.standalone.cli.parser import main as cli_main
from fakes import FakeHostContext, HostRouter, running

pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.tool_context import ToolContext  # noqa: E402

SEED = int(os.environ.get("FUZZ_SEED", "20261123"))
SECONDS = float(os.environ.get("FUZZ_SECONDS", "8"))
BIG = 1_000_000

ODD_TEXT = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "lone \udfff surrogate",
    "\x1b[31mred\x1b[0m",
    "\u202eevil rtl",
    "😀" * 50,
    '"',
    "'",
    'NEAR("a" "b")',
    "a AND OR NOT",
    "*",
    "^prefix",
    "col:name",
    "%",
    "_%_\\",
    "\\%' or 1=1 --",
    "#1",
    "#0",
    "#-5",
    "#99999999999999999999999",
    "last_week",
    "2024-02-30",
    "9999-12-31",
    "0001-01-01",
    "Lena",
    "what does Lena like?",
    "ʼn ß ﬁ İ",
    "日本語のテキスト",
]
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**63,
    -(2**70),
    1e308,
    math.nan,
    math.inf,
    -math.inf,
    0.5,
    [],
    ["a", 1],
    {},
    {"nested": {"x": [1, 2]}},
]


def odd_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(["x", "Lena ", "\ud800", "\x00"]) * BIG
    if roll < 0.3:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(40)))
    return rng.choice(ODD_TEXT)


def odd_value(rng: random.Random) -> Any:
    return odd_text(rng) if rng.random() < 0.6 else rng.choice(ODD_VALUES)


def odd_args(rng: random.Random, schema: dict[str, Any]) -> dict[str, Any]:
    names = list((schema.get("properties") or {}).keys())
    args = {name: odd_value(rng) for name in names if rng.random() < 0.85}
    if rng.random() < 0.1:
        args[odd_text(rng)[:20] or "extra"] = odd_value(rng)
    return args


def encode(rng: random.Random, args: dict[str, Any]) -> str:
    """JSON as a model might send it: NaN/inf tokens allowed, sometimes broken."""
    text = json.dumps(args, allow_nan=True)
    if rng.random() < 0.05:
        return text[: rng.randrange(len(text) + 1)]
    return text


class Failures(logging.Handler):
    """Errors logged while the memory was fuzzed: caught faults count too."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @staticmethod
    def describe(record: logging.LogRecord) -> str:
        where = f"{record.name}: {record.getMessage()[:300]}"
        if not record.exc_info:
            return where
        return f"{where} {logging.Formatter().formatException(record.exc_info)[-600:]}"


@pytest.fixture
def failures() -> Any:
    handler = Failures()
    roots = [logging.getLogger("agent_memory"), logging.getLogger("host")]
    for logger in roots:
        logger.addHandler(handler)
    yield handler
    for logger in roots:
        logger.removeHandler(handler)


def turn_context(rng: random.Random) -> Any:
    fields = ("agent_id", "channel_id", "user_id", "thread_id")
    return SimpleNamespace(**{f: odd_value(rng) for f in fields if rng.random() < 0.9})


def event(rng: random.Random) -> dict[str, Any]:
    keys = ("text", "user_id", "thread_id", "channel", "agent_id")
    payload = {k: odd_value(rng) for k in keys if rng.random() < 0.9}
    if rng.random() < 0.3:
        payload["channel"] = SimpleNamespace(id=odd_value(rng), name=odd_value(rng))
    return payload


async def test_tools_context_and_events_never_raise(
    tmp_path: Path, failures: Failures
) -> None:
    rng = random.Random(SEED)
    host = FakeHostContext(data_dir=tmp_path, model_router=HostRouter(None, 8))
    host.settings["embedding_dimensions"] = 8
    crashes: list[str] = []
    calls = 0
    async with running(host) as memory:
        tools = {t.name: t for t in memory.get_tools()}
        for n in range(30):  # something to find
            memory.on_user_message(
                {"text": f"Lena likes tea {n}", "user_id": "u", "thread_id": "t"}
            )
        await memory.drain()
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            calls += 1
            what = await one_call(rng, memory, tools)
            if what is not None:
                crashes.append(what)
            if calls % 50 == 0:
                await memory.drain()  # raises if a write was refused
        await memory.drain()
    logged = [failures.describe(r) for r in failures.records]
    print(f"fuzz seed {SEED}: {calls} calls, {len(crashes) + len(logged)} failures")
    for line in crashes + logged:
        print("FUZZ FAILURE", ascii(line[:1000]))
    assert crashes == [] and logged == [], (SEED, crashes[:5], logged[:5])


async def one_call(
    rng: random.Random, memory: MemoryExtension, tools: dict[str, Any]
) -> str | None:
    """One fuzzed call; a description of it when it raised or answered a fault."""
    roll = rng.random()
    try:
        if roll < 0.6:
            name = rng.choice(sorted(tools))
            tool = tools[name]
            raw = encode(rng, odd_args(rng, tool.params_json_schema))
            context = ToolContext(
                None, tool_name=name, tool_call_id="c", tool_arguments=raw
            )
            out = await tool.on_invoke_tool(context, raw)
            text = out if isinstance(out, str) else json.dumps(out, default=str)
            if "the memory tool failed" in text:
                return f"{name}({raw[:200]!r}) -> {text[:200]}"
        elif roll < 0.8:
            prompt = odd_text(rng)
            block = await memory.get_context(prompt, turn_context(rng))
            if block is not None and not isinstance(block, str):
                return f"get_context({prompt[:80]!r}) -> {type(block)}"
        elif roll < 0.83:  # the bus event, its payload as odd as the rest
            payload = rng.choice([event(rng), odd_value(rng)])
            await memory.on_thread_completed(SimpleNamespace(payload=payload))
        else:
            handler: Callable[[Any], Any] = rng.choice(
                [memory.on_user_message, memory.on_agent_response]
            )
            payload = event(rng)
            handler(payload)
    except Exception as exc:  # the point of the test: nothing gets here
        return f"roll {roll:.3f}: {exc!r}"
    return None


CLI_COMMANDS = [
    ["stats"],
    ["search", "{t}"],
    ["search", "{t}", "--type", "{t}"],
    ["search", "{t}", "--after", "{t}", "--before", "{t}", "--limit", "{t}"],
    ["context", "{t}"],
    ["list", "{t}"],
    ["list", "--page", "{t}", "--on", "{t}"],
    ["show", "{t}"],
    ["explain", "{t}"],
    ["entity", "{t}"],
    ["weak", "--threshold", "{t}", "--limit", "{t}"],
    ["timeline", "--entity", "{t}", "--after", "{t}"],
    ["remember", "{t}"],
    ["remember", "{t}", "--confidence", "{t}"],
    ["forget", "{t}"],
    ["correct", "{t}", "{t}"],
    ["confirm", "{t}"],
    ["--scope", "{t}", "stats"],
    ["--user", "{t}", "search", "{t}"],
    ["{t}"],
]


def cli_text(rng: random.Random) -> str:
    # argv cannot carry NUL or lone surrogates from a real shell, but main()
    # can be handed them: keep them, smaller.
    text = odd_text(rng)
    return text[:5000]


def test_the_cli_answers_odd_argv_with_exit_code_2_never_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(SEED)
    db = str(tmp_path / "memory.db")
    assert (
        cli_main(["--embedder", "none", "--db", db, "remember", "Lena likes tea"]) == 0
    )
    crashes = []
    deadline = time.monotonic() + SECONDS / 2
    calls = 0
    while time.monotonic() < deadline:
        calls += 1
        template = rng.choice(CLI_COMMANDS)
        argv = [part.replace("{t}", cli_text(rng)) for part in template]
        extra = ["--json"] if rng.random() < 0.5 else []
        try:
            code = cli_main(["--embedder", "none", "--db", db, *extra, *argv])
        except SystemExit as exc:  # argparse's usage errors: code 2
            code = int(exc.code or 0)
        except Exception as exc:
            crashes.append(f"{argv!r}: {exc!r}")
            continue
        err = capsys.readouterr().err
        if code not in (0, 2):
            crashes.append(f"{argv!r}: exit {code}: {err[-300:]}")
    print(f"cli fuzz seed {SEED}: {calls} calls, {len(crashes)} failures")
    assert crashes == [], (SEED, crashes[:5])
