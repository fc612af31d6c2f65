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
import dataclasses
import hashlib
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from ...core.errors import InputError
from ...core.scope import write_scope
from ...main import Services
from ...toolkit import args as check
from ...toolkit import calls
from ...toolkit import changes as tool_ops
from ...toolkit import reads as tool_reads
from ...toolkit.changes import ToolDeps
from ...toolkit.entity_edits import ACTIONS as EDIT_ACTIONS
from ...toolkit.models import Problem, SearchResult, ToolResult, parse_id
from ...writepath.ingest import ingest_turn
from ...writepath.nightly import STEPS
from ..conversations import Turn
from ..host import model_factory_from_env
from ..importers import read_history
from ..transfer import export_jsonl, import_jsonl, read_header
from ..transfer import reindex as rebuild
from . import render
from .browse import list_
from .consolidate import waiting, waiting_data
from .io import CliError, Output, ProgressBar, plural
from .session import NO_MODEL, QUERY_WAIT_S, open_host

INGEST_BATCH = 256
R = TypeVar("R", bound=ToolResult)


# -- writing ------------------------------------------------------------------------


async def ingest(args: argparse.Namespace, out: Output) -> int:
    turns = read_history(Path(args.file), args.format)
    async with open_host(args, create=True, undo_on_failure=True) as host:
        known = await host.services.storage.nodes.ingest_keys()
        keyed = [
            t
            for t in with_ingest_keys(turns)
            if t.attributes["ingest_key"] not in known
        ]
        stored = await store_turns(host.services, keyed, ProgressBar("turns"))
        await host.memory.drain()
        has_model = host.model_router.has_model
    threads = len({t.thread_id for t in keyed})
    if len(keyed) < len(turns):
        out.note(f"{plural(len(turns) - len(keyed), 'turn')} already ingested before")
    next_step = (
        "run `agent-memory maintenance` to turn them into facts"
        if has_model
        else "they are searchable; facts need a model"
    )
    out.result(
        {"turns": stored, "threads": threads},
        f"stored {plural(stored, 'turn')} in {plural(threads, 'thread')}; {next_step}",
    )
    if not has_model:
        out.note(NO_MODEL)
    return 0


def with_ingest_keys(turns: list[Turn]) -> list[Turn]:
    """Each turn with a key of what it is (scope, thread, role, time, text, and
    which repeat of the same it is), so ingesting a file again adds nothing."""
    scope = write_scope()
    seen: dict[str, int] = {}
    keyed = []
    for turn in turns:
        what = json.dumps([scope, turn.thread_id, turn.role, turn.time, turn.text])
        seen[what] = seen.get(what, 0) + 1
        digest = hashlib.sha256(f"{what}#{seen[what]}".encode("utf-8", "replace"))
        attributes = {**turn.attributes, "ingest_key": digest.hexdigest()[:32]}
        keyed.append(dataclasses.replace(turn, attributes=attributes))
    return keyed


async def store_turns(services: Services, turns: list[Turn], progress: Any) -> int:
    """Queue past turns with their own times (the live hot path stamps `now`).

    A turn counts half when stored and whole once indexed (embedded and linked
    to entities), so the bar shows turns and ends when they are searchable."""
    total = len(turns)
    stored = 0
    start = services.indexer.indexed

    def show(indexed: int) -> None:
        progress((stored + indexed - start) // 2, total)

    services.indexer.watch(show)
    pending = []
    for index, turn in enumerate(turns, start=1):
        future = ingest_turn(
            services.storage,
            services.indexer,
            turn.text,
            thread_id=turn.thread_id,
            role=turn.role,
            limit=services.config.max_episode_chars,
            when=turn.time,
            attributes=turn.attributes,
            source_type="import",
            redact=services.config.redactor(),
        )
        pending.append(future)
        if len(pending) >= INGEST_BATCH or index == len(turns):
            for future in pending:
                await future
            pending = []
            stored = index
            show(services.indexer.indexed)
    return len(turns)


async def maintenance(args: argparse.Namespace, out: Output) -> int:
    step = _step_name(args.task)
    async with open_host(args) as host:
        known = {s.task for s in host.scheduler.schedules}
        if step is None and args.task not in known:
            raise CliError(
                f"unknown task {args.task!r}; known: "
                + ", ".join(sorted(known | set(STEPS)))
            )
        started = time.perf_counter()
        if step is None:
            result = await host.run_task(args.task)
            report = None
        else:
            result = None
            report = await host.services.pipeline.run(only=[step])
        await host.memory.drain()
        has_model = host.model_router.has_model
        if not has_model:
            out.note(NO_MODEL + " (the steps that need one are skipped)")
        wait = await waiting(host.services)
    seconds = time.perf_counter() - started
    waits = "\n" + wait.text(has_model) if wait.pending else ""
    if report is not None:
        data = [
            {"step": s.step, "counts": s.counts, "error": s.error} for s in report.steps
        ]
        out.result(
            {"task": step, "steps": data, "seconds": round(seconds, 3)}
            | {"waiting": waiting_data(wait)},
            lambda: render.steps(report.steps, seconds) + waits,
        )
        return 1 if report.errors else 0
    text = (result or {}).get("text") or "done"
    out.result(
        {"task": args.task, "result": result, "seconds": round(seconds, 3)}
        | {"waiting": waiting_data(wait)},
        f"{args.task}: {text} ({seconds:.1f} s); `agent-memory stats` shows each step"
        + waits,
    )
    # Decided by structure, never by the text: a failed step is exit code 1.
    return 1 if (result or {}).get("failed_steps") else 0


def _step_name(task: str) -> str | None:
    """The nightly step `task` names (`decay`, `consolidation`, ...), else None."""
    name = task.strip().lower().replace("-", "_")
    return name if name in STEPS else None


# -- reading and changing, through the orchestrator's own tool functions ------------


async def run_tool(  # noqa: UP047 - PEP 695 generics need 3.12; we run on 3.11
    args: argparse.Namespace,
    out: Output,
    call: Callable[[ToolDeps], Awaitable[R | Problem]],
    text: Callable[[R], str],
    *,
    embed: bool = False,
    embed_wait: float | None = QUERY_WAIT_S,
    create: bool = False,
    writes: bool = False,
) -> int:
    """Run one tool function in an opened host and print its result: JSON exactly
    as the model reads it, or `text(result)`. A Problem is bad input: its message
    (with any candidates) goes to stderr, exit code 2. A tool that neither
    `creates` nor `writes` runs on the database opened read-only."""
    read_only = not (create or writes)
    async with open_host(
        args, embed=embed, embed_wait=embed_wait, create=create, read_only=read_only
    ) as host:
        # The person at the terminal, not the agent, is the source of a change.
        result = await call(dataclasses.replace(host.services.tool_deps, author="user"))
        if embed and isinstance(result, SearchResult):
            await _vector_hint(host.services, out)
    if isinstance(result, Problem):
        raise CliError(render.problem(result))
    data = json.loads(result.model_dump_json(exclude_none=True))
    out.result(data, lambda: text(result))
    return 0


async def search(args: argparse.Namespace, out: Output) -> int:
    query = check.required(args.query, "query")
    types = check.node_types(args.type)
    after, before = check.window(args.after, args.before, args.on)
    limit = check.limit(args.limit, check.MAX_SEARCH)
    entity_name = (args.entity or "").strip() or None
    now = check.moment(args.now)

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
            now=now,
        )

    return await run_tool(args, out, call, render.search, embed=True)


async def context(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args, embed_wait=QUERY_WAIT_S, read_only=True) as host:
        block = await host.context_for(
            args.prompt, args.thread, now=check.moment(args.now)
        )
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
    if [word.casefold() for word in args.words] in (["list"], ["ls"]):
        # what a person types first to see the entities (`list entities`)
        shown = {"what": "entities", "page": 1, "limit": 20}
        return await list_(argparse.Namespace(**{**vars(args), **shown}), out)
    edit = entity_edit(args.words)
    if edit is not None:
        return await run_tool(
            args,
            out,
            lambda deps: calls.edit_entity(deps, *edit),
            render.entity_edited,
            writes=True,
        )
    name = check.required(" ".join(args.words), "name")
    return await run_tool(
        args, out, lambda deps: tool_reads.entity_info(deps, name), render.entity
    )


def entity_edit(words: list[str]) -> tuple[str, str, str] | None:
    """(action, name, value) of `entity merge A B` and the like; None for a
    lookup (`entity Caroline`, also `entity delete` alone)."""
    verb, rest = words[0].casefold(), words[1:]
    if verb == "alias" and rest and rest[0].casefold() in ("add", "remove"):
        verb, rest = f"alias_{rest[0].casefold()}", rest[1:]
    if verb not in EDIT_ACTIONS or not rest:
        return None
    if len(rest) > 2:
        raise InputError(f"entity {words[0]}: quote names of several words")
    return verb, rest[0], rest[1] if len(rest) > 1 else ""


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
    after, before = check.window(args.after, args.before, args.on)
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
    expires_at = check.expires(args.expires, time.time())
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.remember(deps, fact, confidence, expires_at=expires_at),
        render.change,
        # Stored at once, found by words at once; the model is not loaded for
        # one fact: a later command's backfill (or `reindex`) makes its vector.
        embed=True,
        embed_wait=0.0,
        create=True,
    )


async def forget(args: argparse.Namespace, out: Output) -> int:
    reference = check.required(args.reference, "id or text")
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.forget(deps, reference, dry_run=args.dry_run),
        render.change,
        embed=parse_id(reference) is None,
        writes=not args.dry_run,
    )


async def correct(args: argparse.Namespace, out: Output) -> int:
    old = check.required(args.old, "the fact to correct")
    new = check.fact_text(args.new, "the new text")
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.correct(deps, old, new),
        render.change,
        embed=True,
        writes=True,
    )


async def confirm(args: argparse.Namespace, out: Output) -> int:
    reference = check.required(args.id, "id")
    return await run_tool(
        args,
        out,
        lambda deps: tool_ops.confirm(deps, reference),
        render.change,
        embed=parse_id(reference) is None,
        writes=True,
    )


async def _vector_hint(services: Services, out: Output) -> None:
    """Say so when an embedder is set but the memory has no vectors to use."""
    if services.embeddings is None:
        return
    missing = await services.storage.index.count_missing_embeddings()
    if missing:
        out.note(
            f"{plural(missing, 'memory', 'memories')} have no vector yet, so search"
            " finds them by words only; `agent-memory reindex` embeds them"
        )


# -- export / import / reindex ------------------------------------------------------


async def export(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.file)
    if path.exists() and not args.force:  # noqa: ASYNC240 - one stat, before any work
        raise CliError(f"{path} exists; pass --force to overwrite it")
    async with open_host(args, embed=False, read_only=True) as host:
        await host.memory.drain()
        counts = await export_jsonl(host.services.storage, path, ProgressBar("rows"))
    total = sum(counts.values())
    out.result(
        {"file": str(path), "counts": counts},
        f"exported {plural(total, 'row')} to {path}",
    )
    return 0


async def import_(args: argparse.Namespace, out: Output) -> int:
    path = Path(args.file)
    header = read_header(path)  # a bad file fails before the database is opened
    async with open_host(args, embed=False, create=True, undo_on_failure=True) as host:
        report = await import_jsonl(
            host.services.storage,
            path,
            ProgressBar("rows"),
            redact=host.services.config.redactor(),
        )
    data = {
        "file": str(path),
        "dim": header["dim"],
        "counts": report.counts,
        "fts_rows": report.fts_rows,
        "vectors": {"nodes": report.vectors[0], "entities": report.vectors[1]},
        "notes": report.notes,
    }
    text = f"imported {plural(sum(report.counts.values()), 'row')} from {path}"
    out.result(data, "\n".join([text, *report.notes]))
    return 0


async def reindex(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args, embed=not args.no_embed) as host:
        services = host.services
        report = await rebuild(
            services.storage,
            services.indexer if services.embeddings is not None else None,
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
        "linked_episodes": report.linked,
        "entity_edits_reapplied": report.edits,
        "people_joined": report.joined,
    }
    out.result(data, lambda: render.reindexed(data))
    return 0


# -- chat -----------------------------------------------------------------------------


async def chat(args: argparse.Namespace, out: Output) -> int:
    from .chat import run_chat

    if model_factory_from_env() is None:  # before any host log line about it
        raise CliError(NO_MODEL)
    async with open_host(args, tools=True, create=True) as host:
        await run_chat(host)
    return 0
