"""The CLI's commands: each opens the standalone host, does one thing, prints.

Reading (search, explain, entity, stats, weak, timeline) and changing facts
(remember, forget) call the orchestrator's own tool functions (tool_reads.py,
tool_ops.py) with the same argument checks (tool_args.py), so what a person sees
here is what the agent sees: `--json` prints the tool's result as the model
reads it, the default lays it out as text (cli_render.py). Every command returns
its exit code; bad input (a tool's Problem, a bad argument) raises CliError or
ValueError (exit 2) with a message saying what to do.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from . import cli_render as render
from . import tool_args as check
from . import tool_ops, tool_reads
from .cli import CliError, Output, ProgressBar, open_host
from .conversations import Turn, read_conversations
from .records import EpisodeDraft
from .tool_models import Problem, SearchResult, ToolResult, parse_id
from .tool_ops import ToolDeps
from .transfer import export_jsonl, import_jsonl, read_header
from .transfer import reindex as rebuild

INGEST_BATCH = 256
R = TypeVar("R", bound=ToolResult)


# -- writing ------------------------------------------------------------------------


async def ingest(args: argparse.Namespace, out: Output) -> int:
    turns = read_conversations(Path(args.file), args.format)
    async with open_host(args) as host:
        stored = await store_turns(host.memory, turns, ProgressBar("turns"))
        await host.memory.drain()
    threads = len({t.thread_id for t in turns})
    out.result(
        {"turns": stored, "threads": threads},
        f"stored {stored} turns in {threads} threads; run `agent-memory maintenance`"
        " to consolidate them",
    )
    return 0


async def store_turns(memory: Any, turns: list[Turn], progress: Any) -> int:
    """Queue past turns with their own times (the live hot path stamps `now`)."""
    storage, indexer = memory.storage, memory.indexer
    limit = memory.config.max_episode_chars
    pending = []
    for index, turn in enumerate(turns, start=1):
        text, attributes = turn.text, dict(turn.attributes)
        if len(text) > limit:
            attributes.update(truncated=True, original_chars=len(text))
            text = text[:limit]
        when = turn.time if turn.time is not None else time.time()
        draft = EpisodeDraft(
            text, turn.thread_id, turn.role, when, attributes, "import"
        )
        future = storage.submit_episode(draft)
        indexer.add(future)
        pending.append(future)
        if len(pending) >= INGEST_BATCH or index == len(turns):
            for future in pending:
                await future
            pending = []
            progress(index, len(turns))
    return len(turns)


async def maintenance(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args) as host:
        known = {s.task for s in host.scheduler.schedules}
        if args.task not in known:
            raise CliError(
                f"unknown task {args.task!r}; known: {', '.join(sorted(known))}"
            )
        started = time.perf_counter()
        result = await host.run_task(args.task)
        await host.memory.drain()
    seconds = time.perf_counter() - started
    text = (result or {}).get("text") or "done (nothing to report)"
    out.result(
        {"task": args.task, "result": result, "seconds": round(seconds, 3)},
        f"{args.task}: {text} ({seconds:.1f} s)",
    )
    failed = isinstance(text, str) and text.startswith("Memory maintenance failed")
    return 1 if failed else 0


# -- reading and changing, through the orchestrator's own tool functions ------------


async def run_tool(  # noqa: UP047 - PEP 695 generics need 3.12; we run on 3.11
    args: argparse.Namespace,
    out: Output,
    call: Callable[[ToolDeps], Awaitable[R | Problem]],
    text: Callable[[R], str],
    *,
    embed: bool = False,
) -> int:
    """Run one tool function in an opened host and print its result: JSON exactly
    as the model reads it, or `text(result)`. A Problem is bad input: its message
    (with any candidates) goes to stderr, exit code 2."""
    async with open_host(args, embed=embed) as host:
        assert host.memory.tool_deps is not None
        result = await call(host.memory.tool_deps)
    if isinstance(result, Problem):
        raise CliError(render.problem(result))
    data = json.loads(result.model_dump_json(exclude_none=True))
    out.result(data, lambda: text(result))
    return 0


async def search(args: argparse.Namespace, out: Output) -> int:
    query = check.required(args.query, "query")
    types = check.node_types(args.type)
    after, before = check.window(args.after, args.before)
    limit = check.limit(args.limit, check.MAX_SEARCH)
    entity_name = (args.entity or "").strip() or None

    def call(deps: ToolDeps) -> Awaitable[SearchResult | Problem]:
        # Looking must not change the memory: no access reinforcement here.
        return tool_reads.search(
            deps,
            query,
            types=types,
            entity_name=entity_name,
            after=after,
            before=before,
            limit=limit,
            reinforce=False,
        )

    return await run_tool(args, out, call, render.search, embed=True)


async def context(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args) as host:
        block = await host.context_for(args.prompt, args.thread)
    out.result({"prompt": args.prompt, "context": block}, block or "(no memory)")
    return 0


async def stats(args: argparse.Namespace, out: Output) -> int:
    return await run_tool(args, out, tool_reads.stats, render.stats)


async def explain(args: argparse.Namespace, out: Output) -> int:
    reference = check.required(args.id, "id")
    # Text is matched like the tool does (search); an id needs no vectors.
    return await run_tool(
        args,
        out,
        lambda deps: tool_reads.explain(deps, reference),
        render.explanation,
        embed=parse_id(reference) is None,
    )


async def entity(args: argparse.Namespace, out: Output) -> int:
    name = check.required(args.name, "name")
    return await run_tool(
        args, out, lambda deps: tool_reads.entity_info(deps, name), render.entity
    )


async def weak(args: argparse.Namespace, out: Output) -> int:
    threshold = check.threshold(args.threshold)
    limit = check.limit(args.limit, check.MAX_SEARCH)
    return await run_tool(
        args,
        out,
        lambda deps: tool_reads.weak_facts(deps, threshold, limit),
        render.weak_facts,
    )


async def timeline(args: argparse.Namespace, out: Output) -> int:
    after, before = check.window(args.after, args.before)
    limit = check.limit(args.limit, check.MAX_TIMELINE)
    name = (args.entity or "").strip()
    return await run_tool(
        args,
        out,
        lambda deps: tool_reads.timeline(
            deps, name, after=after, before=before, limit=limit
        ),
        render.timeline,
    )


async def remember(args: argparse.Namespace, out: Output) -> int:
    fact = check.fact_text(args.text, "text")
    confidence = check.confidence(args.confidence)
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.remember(deps, fact, confidence),
        render.change,
        embed=True,
    )


async def forget(args: argparse.Namespace, out: Output) -> int:
    reference = check.required(args.reference, "id or text")
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.forget(deps, reference),
        render.change,
        embed=parse_id(reference) is None,
    )


# -- export / import / reindex ------------------------------------------------------


async def export(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.file)
    if path.exists() and not args.force:  # noqa: ASYNC240 - one stat, before any work
        raise CliError(f"{path} exists; pass --force to overwrite it")
    async with open_host(args, embed=False) as host:
        assert host.memory.storage is not None
        await host.memory.drain()
        counts = await export_jsonl(host.memory.storage, path, ProgressBar("rows"))
    total = sum(counts.values())
    out.result(
        {"file": str(path), "counts": counts}, f"exported {total} rows to {path}"
    )
    return 0


async def import_(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.file)
    header = read_header(path)  # a bad file fails before the database is opened
    async with open_host(args, embed=False) as host:
        assert host.memory.storage is not None
        report = await import_jsonl(host.memory.storage, path, ProgressBar("rows"))
    data = {
        "file": str(path),
        "dim": header["dim"],
        "counts": report.counts,
        "fts_rows": report.fts_rows,
        "vectors": {"nodes": report.vectors[0], "entities": report.vectors[1]},
        "notes": report.notes,
    }
    text = f"imported {sum(report.counts.values())} rows from {path}"
    out.result(data, "\n".join([text, *report.notes]))
    return 0


async def reindex(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args, embed=not args.no_embed) as host:
        memory = host.memory
        assert memory.storage is not None
        report = await rebuild(
            memory.storage,
            memory.indexer if memory.embedder is not None else None,
            embed=not args.no_embed,
            progress=ProgressBar("embedded"),
        )
    data = {
        "fts_rows": report.fts_rows,
        "vector_nodes": report.vectors[0],
        "vector_entities": report.vectors[1],
        "cleared_wrong_width": report.cleared_vectors,
        "embedded": report.embedded,
        "still_missing_vectors": report.still_missing,
    }
    out.result(data, "\n".join(f"{k}: {v}" for k, v in data.items()))
    return 0


# -- chat -----------------------------------------------------------------------------


async def chat(args: argparse.Namespace, out: Output) -> int:
    from .chat import run_chat

    async with open_host(args) as host:
        if not host.model_router.has_model:
            raise CliError(
                "chat needs a model: set OPENAI_API_KEY (or OPENAI_BASE_URL for a"
                " local server) and optionally AGENT_MEMORY_MODEL"
            )
        await run_chat(host)
    return 0
