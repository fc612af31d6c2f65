"""Everyday questions about one's own life, asked the way the user asks them.

The life (bench/data/everyday/: ~2,900 turns over 240 days, English and Russian,
written by bench/everyday_life.py) is ingested through the CLI's import path
(`parse_jsonl` → `with_ingest_keys` → `store_turns`, the slow path's vectors and
entity links included) into a real SQLite memory of the standalone host, with
its times as written and the host's clock (`life_clock`) set to the life's
own "today", its anchor, at the real time of day: "yesterday", "last
weekend" and "in August" in a question mean what they meant when the life was
written, whatever day the bench runs.
Each question is then asked as the host does: `get_context(prompt,
turn_context)` on the MemoryExtension, then, in the same task, a `search_memory`
tool call made by a real openai-agents run with a scripted model (limit 10;
the question's explicit after/before for windowed ones). Scores per category ×
language (bench/everyday_score.py) against the targets of issues 23 and 27.

    PYTHONPATH=<dir holding agent_memory> python bench/everyday.py
        [--embedder none|local|MODULE:FACTORY] [--verbose] [--json] [--keep DIR]
        [--data DIR] [--questions FILE]

`--questions FILE` asks another question set over the same life (default: the
life's questions.jsonl; a bare name is looked up in the life's folder), e.g.
paraphrases.jsonl, the same questions asked in other words.

`--data bench/data/everyday2` runs the second, smaller life (written by hand:
bench/everyday2_life.py); a data folder with a life.json gives its own anchor.

`--embedder MODULE:FACTORY` plugs another embedder: FACTORY() returns an object
with `dim` and `async embed_batch(texts) -> list[list[float] | None]`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import importlib
import json
import logging
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agent_memory.core.embeddings import Embedder
from agent_memory.standalone.cli.commands import store_turns, with_ingest_keys
from agent_memory.standalone.conversations import parse_jsonl
from agent_memory.standalone.host import StandaloneHost, TurnContext
from agents import Agent, RunConfig, Runner

# (a sibling module: `python bench/X.py` puts bench/ first on the path)
import everyday_life as life  # noqa: E402  # isort: skip
import everyday_score as score  # noqa: E402  # isort: skip

LIMIT = 10


def load_embedder(spec: str) -> Embedder | None:
    """`none`, `local` (the packaged MiniLM) or MODULE:FACTORY."""
    if spec == "none":
        return None
    if spec == "local":
        from agent_memory.standalone.local_embedder import load_local_embedder

        embedder = load_local_embedder()
        if embedder is None:
            raise SystemExit("--embedder local: the local model is not installed")
        return embedder
    module, _, factory = spec.partition(":")
    if not factory:
        raise SystemExit(f"--embedder {spec!r}: use none, local or MODULE:FACTORY")
    made: Embedder = getattr(importlib.import_module(module), factory)()
    return made


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


def shifted_file(turns: list[dict[str, Any]], shift: int) -> str:
    """The life as the CLI's ingest reads it, its times moved by `shift` days."""
    lines = []
    for turn in turns:
        when = dt.datetime.fromisoformat(turn["time"]) + dt.timedelta(days=shift)
        record = {
            "thread_id": turn["thread_id"],
            "role": turn["role"],
            "text": turn["text"],
            "time": when.isoformat(),
            "key": turn["key"],  # kept in the node's attributes: maps ids back
        }
        lines.append(json.dumps(record, ensure_ascii=False))
    return "\n".join(lines)


async def ingest(host: StandaloneHost, turns: list[dict[str, Any]], shift: int) -> None:
    parsed = parse_jsonl(shifted_file(turns, shift), "everyday")
    await store_turns(host.services, with_ingest_keys(parsed), lambda *_: None)
    await host.memory.drain()


def node_keys(db: Path) -> dict[str, str]:
    """Node id as the tools show it ("#12") → the turn's key."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "select id, json_extract(attributes, '$.key') from nodes"
        ).fetchall()
    return {f"#{node}": key for node, key in rows if key}


# -- asking ------------------------------------------------------------------------


def scripted_search(args: dict[str, Any]) -> Any:
    """A model that calls search_memory once, then answers (openai-agents >= 0.21)."""
    from agents.testing import ScriptedModel, assistant_message, function_call

    return ScriptedModel(
        [
            [function_call("search_memory", args, call_id="c1")],
            [assistant_message("ok")],
        ]
    )


async def search_tool(tools: list[Any], args: dict[str, Any]) -> dict[str, Any]:
    """One search_memory call through a real agent run; the JSON the model saw."""
    model = scripted_search(args)
    agent = Agent(name="orchestrator", instructions="-", model=model, tools=tools)
    await Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True))
    seen = model.calls[1].input
    for item in seen:
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            value: dict[str, Any] = json.loads(item["output"])
            return value
    raise RuntimeError("search_memory gave no output")


def tool_args(question: dict[str, Any], today: dt.date) -> dict[str, Any]:
    args: dict[str, Any] = {"query": question["text"], "limit": LIMIT}
    if "after_day" in question:
        args["after"], args["before"] = life.explicit_window(question, today)
    return args


async def ask(
    host: StandaloneHost, question: dict[str, Any], today: dt.date
) -> dict[str, Any]:
    turn = TurnContext(thread_id=f"ask-{question['id']}")
    started = time.perf_counter()
    block = await host.memory.get_context(question["text"], turn) or ""
    context_ms = (time.perf_counter() - started) * 1000
    args = tool_args(question, today)
    started = time.perf_counter()
    found = await search_tool(host.tools, args)
    search_ms = (time.perf_counter() - started) * 1000
    return {
        "block": block,
        "results": found.get("results", []),
        "error": found.get("error"),
        "args": args,
        "context_ms": context_ms,
        "search_ms": search_ms,
    }


@contextlib.contextmanager
def life_clock(days_back: int) -> Iterator[None]:
    """The process's wall clock (time.time, which the host reads as now) set
    `days_back` days back (forward when negative) for the run; the timers
    (perf_counter) are not."""
    real = time.time
    time.time = lambda: real() - days_back * 86_400  # type: ignore[assignment]
    try:
        yield
    finally:
        time.time = real  # type: ignore[assignment]


def questions_file(data: Path, name: str | None) -> Path:
    """The question set asked: a path as given, else a file in the life's folder."""
    if name is None:
        return data / "questions.jsonl"
    given = Path(name)
    return given if given.exists() else data / name


def anchor_of(data: Path) -> dt.date:
    """The life's reference "today": its life.json, else the first life's."""
    meta = data / "life.json"
    if meta.exists():
        return dt.date.fromisoformat(json.loads(meta.read_text("utf-8"))["anchor"])
    return life.ANCHOR


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    data = Path(args.data)
    turns = read_jsonl(data / "turns.jsonl")
    questions = read_jsonl(questions_file(data, args.questions))
    now = dt.datetime.now(dt.UTC)
    anchor = anchor_of(data)
    today = anchor
    if anchor == life.ANCHOR and now.time() < life.LAST_MORNING_END:
        print(
            "note: the life's last morning (05:00-05:30 UTC) is still ahead;"
            " 'this morning' questions find nothing yet",
            file=sys.stderr,
        )
    shift = 0  # the life's own dates: the clock moves to them instead
    embedder = load_embedder(args.embedder)
    with life_clock((now.date() - today).days):
        return await _run_life(args, folder, turns, questions, today, shift, embedder)


async def _run_life(
    args: argparse.Namespace,
    folder: Path,
    turns: list[dict[str, Any]],
    questions: list[dict[str, Any]],
    today: dt.date,
    shift: int,
    embedder: Any,
) -> dict[str, Any]:
    started = time.perf_counter()
    async with StandaloneHost(folder, embedder=embedder) as host:
        await ingest(host, turns, shift)
        ingest_s = time.perf_counter() - started
        keys = node_keys(folder / "memory.db")
        by_key = {t["key"]: t for t in turns}
        scored = []
        for question in questions:
            answer = await ask(host, question, today)
            answer["keys"] = [keys.get(r["id"]) for r in answer["results"]]
            scored.append(score.score(question, answer, turns, by_key, today, shift))
    return {
        "embedder": args.embedder,
        "today": today.isoformat(),
        "turns": len(turns),
        "questions": len(questions),
        "ingest_s": round(ingest_s, 1),
        "table": score.table(scored),
        "latency": score.latency(scored),
        "failures": [s for s in scored if s["failed"]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--embedder", default="none", help="none | local | MODULE:FACTORY"
    )
    parser.add_argument("--verbose", action="store_true", help="list failed questions")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--data", default=str(life.DATA), help="the life's folder")
    parser.add_argument(
        "--questions", help="questions file (default: the life's questions.jsonl)"
    )
    parser.add_argument("--keep", help="build the memory in this folder and keep it")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    if args.keep:
        folder = Path(args.keep)
        if (folder / "memory.db").exists():
            raise SystemExit(f"{folder} already holds a memory; give an empty folder")
        folder.mkdir(parents=True, exist_ok=True)
        report = asyncio.run(run(args, folder))
    else:
        with tempfile.TemporaryDirectory(prefix="everyday-") as tmp:
            report = asyncio.run(run(args, Path(tmp)))
    if args.json:
        if not args.verbose:
            report.pop("failures")
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return
    print(score.render(report, verbose=args.verbose))


if __name__ == "__main__":
    main()
