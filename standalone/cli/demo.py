"""`agent-memory demo`: the memory's main job, end to end, offline.

A bundled four-day conversation (people, places, facts that change, a
procedure) is fed through the extension's hot path exactly as the host would:
`user_message` / `agent_response` events, one thread per day. Then the nightly
task runs (its LLM steps only when a model is configured), and the demo prints
the context the memory would inject for a few questions, and the stats. It uses
a temporary database unless `--db` is given.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ...core.errors import InputError
from ..conversations import read_conversations
from .io import Output, plural
from .session import open_host

SAMPLE = Path(__file__).resolve().parents[2] / "demo_data" / "sample.jsonl"
QUESTIONS = (
    "When is Pepper's vet appointment?",
    "Who works with me on the Heron project now?",
    "How do I deploy my blog?",
    "Who is coming on the Porto trip and where are we staying?",
)


async def run(args: argparse.Namespace, out: Output) -> int:
    if args.db is not None:
        return await _run(args, out, None)
    with tempfile.TemporaryDirectory(prefix="agent-memory-demo-") as folder:
        data_dir = Path(folder) if not args.keep else Path(tempfile.mkdtemp())
        return await _run(args, out, data_dir)


async def _run(args: argparse.Namespace, out: Output, data_dir: Path | None) -> int:
    started = time.perf_counter()
    turns = read_conversations(SAMPLE, "jsonl")
    async with open_host(args, data_dir=data_dir, create=True) as host:
        memory = host.memory
        services = host.services
        if not await services.storage.admin.is_empty():
            # The demo's turns and its nightly run would mix into someone's memory.
            raise InputError(
                f"{services.storage.path} already holds memories; the demo needs an"
                " empty database (leave out --db for a temporary one)"
            )
        out.say(f"database: {services.storage.path}")
        # The model the vectors come from (the standalone host names it).
        embedder = services.config.embedding_model if services.embeddings else None
        out.say(f"embedder: {embedder or 'none (FTS + graph only)'}")
        if not host.model_router.has_model:
            out.say(
                "no chat model configured (OPENAI_API_KEY / OPENAI_BASE_URL):"
                " LLM consolidation steps are skipped"
            )
        for turn in turns:
            if turn.role == "user":
                await host.user_message(turn.text, turn.thread_id)
            else:
                await host.agent_response(turn.text, turn.thread_id)
        await host.thread_completed(turns[-1].thread_id, reason="demo finished")
        await memory.drain()
        threads = len({t.thread_id for t in turns})
        out.say(
            f"\ningested {plural(len(turns), 'turn')} in {plural(threads, 'thread')}"
        )
        result = await host.run_task("run_nightly_maintenance")
        await memory.drain()
        out.say(f"nightly maintenance: {(result or {}).get('text') or 'done'}")
        answers = []
        for question in QUESTIONS:
            block = await host.context_for(question)
            answers.append({"question": question, "context": block})
            out.say(f"\n>>> {question}\n{block or '(no memory found)'}")
        stats = await services.storage.admin.stats()
    seconds = time.perf_counter() - started
    data = {
        "turns": len(turns),
        "maintenance": result,
        "answers": answers,
        "nodes_by_type": stats.nodes_by_type,
        "edges_by_type": stats.edges_by_type,
        "entities": stats.entities,
        "embedded_nodes": stats.embedded_nodes,
        "seconds": round(seconds, 2),
    }
    out.result(
        data,
        f"\nstats: nodes {stats.nodes_by_type}, edges {stats.edges_by_type},"
        f" entities {stats.entities}, embedded {stats.embedded_nodes}"
        f"\ndemo finished in {seconds:.1f} s",
    )
    return 0
