"""The CLI's commands: each opens the standalone host, does one thing, prints.

Reads go through the same functions the agent's tools use where those exist,
so what a person sees here is what the agent sees. Every command returns its
exit code; bad input raises CliError (exit 2) with a message saying what to do.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from pathlib import Path
from typing import Any

from .cli import CliError, Output, ProgressBar, open_host
from .conversations import Turn, read_conversations
from .records import EpisodeDraft, Node
from .retrieval import parse_time_filter
from .transfer import export_jsonl, import_jsonl, read_header
from .transfer import reindex as rebuild

INGEST_BATCH = 256


def day(timestamp: float | None) -> str:
    if timestamp is None:
        return "-"
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).strftime("%Y-%m-%d %H:%M")


def node_dict(node: Node) -> dict[str, Any]:
    return {
        "id": node.id,
        "type": node.type,
        "content": node.content,
        "when": day(node.when),
        "confidence": round(node.confidence, 3),
        "valid": node.is_valid,
        "thread": node.session_id,
        "role": node.source_role,
    }


def node_line(node: Node) -> str:
    return (
        f"#{node.id} [{node.type}, {day(node.when)}, conf {node.confidence:.2f}]"
        f" {node.content[:200]}"
    )


def parse_id(text: str) -> int:
    digits = text.strip().lstrip("#")
    if not digits.isdigit():
        raise CliError(f"{text!r} is not a memory id (ids look like 42 or #42)")
    return int(digits)


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


# -- reading ------------------------------------------------------------------------


async def search(args: argparse.Namespace, out: Output) -> int:
    after = parse_time_filter(args.after) if args.after else None
    before = parse_time_filter(args.before) if args.before else None
    if args.limit < 1:
        raise CliError("--limit must be at least 1")
    async with open_host(args) as host:
        assert host.memory.retriever is not None and host.memory.storage is not None
        if args.entity and await host.memory.storage.find_entity(args.entity) is None:
            raise CliError(
                f"no entity called {args.entity!r} (see `agent-memory stats`)"
            )
        hits = await host.memory.retriever.search(
            args.query,
            limit=args.limit,
            types=(args.type,) if args.type else (),
            entity_name=args.entity,
            after=after,
            before=before,
            reinforce=False,
        )
    results = [
        {
            **node_dict(h.node),
            "score": h.score,
            "entities": [e.name for e in h.entities],
        }
        for h in hits
    ]
    lines = [node_line(h.node) for h in hits] or ["nothing found"]
    out.result({"count": len(results), "results": results}, "\n".join(lines))
    return 0


async def context(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args) as host:
        block = await host.context_for(args.prompt, args.thread)
    out.result({"prompt": args.prompt, "context": block}, block or "(no memory)")
    return 0


async def stats(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args, embed=False) as host:
        assert host.memory.storage is not None
        found = await host.memory.storage.stats()
    data = {
        "nodes_by_type": found.nodes_by_type,
        "edges_by_type": found.edges_by_type,
        "entities": found.entities,
        "orphan_nodes": found.orphan_nodes,
        "soft_deleted_nodes": found.soft_deleted_nodes,
        "embedded_nodes": found.embedded_nodes,
        "unconsolidated_threads": found.unconsolidated_threads,
        "db_size_bytes": found.db_size_bytes,
        "maintenance": {k: day(v.finished_at) for k, v in found.maintenance.items()},
    }
    lines = [f"{key}: {value}" for key, value in data.items()]
    out.result(data, "\n".join(lines))
    return 0


async def explain(args: argparse.Namespace, out: Output) -> int:
    node_id = parse_id(args.id)
    async with open_host(args, embed=False) as host:
        storage = host.memory.storage
        assert storage is not None
        node = await storage.get_node(node_id, history=True)
        if node is None:
            raise CliError(f"there is no memory #{node_id}")
        edges = await storage.edges_of([node_id], history=True)
        entities = (await storage.entities_of_nodes([node_id])).get(node_id, [])
    links = [
        {"type": e.type, "from": e.src_id, "to": e.dst_id, "predicate": e.predicate}
        for e in edges
    ]
    data = {
        "node": {**node_dict(node), "source": node.source_type},
        "edges": links,
        "entities": [e.name for e in entities],
    }
    lines = [node_line(node), f"source: {node.source_type}, thread {node.session_id}"]
    lines += [f"  {x['type']}: #{x['from']} -> #{x['to']}" for x in links]
    if entities:
        lines.append("entities: " + ", ".join(e.name for e in entities))
    out.result(data, "\n".join(lines))
    return 0


async def entity(args: argparse.Namespace, out: Output) -> int:
    async with open_host(args, embed=False) as host:
        storage = host.memory.storage
        assert storage is not None
        found = await storage.find_entity(args.name)
        if found is None:
            raise CliError(f"no entity called {args.name!r}")
        nodes = await storage.nodes_of_entity(found.id, limit=20)
    data = {
        "name": found.name,
        "type": found.type,
        "aliases": list(found.aliases),
        "summary": found.summary,
        "mentions": found.mention_count,
        "memories": [node_dict(n) for n in nodes],
    }
    lines = [f"{found.name} ({found.type}, {found.mention_count} mentions)"]
    if found.summary:
        lines.append(found.summary)
    lines += [node_line(n) for n in nodes]
    out.result(data, "\n".join(lines))
    return 0


async def weak(args: argparse.Namespace, out: Output) -> int:
    if not 0.0 <= args.threshold <= 1.0:
        raise CliError("--threshold must be between 0 and 1")
    async with open_host(args, embed=False) as host:
        assert host.memory.storage is not None
        nodes = await host.memory.storage.weak_nodes(args.threshold, args.limit)
    lines = [node_line(n) for n in nodes] or [f"no facts below {args.threshold}"]
    out.result(
        {"count": len(nodes), "facts": [node_dict(n) for n in nodes]}, "\n".join(lines)
    )
    return 0


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
