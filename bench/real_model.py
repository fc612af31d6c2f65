"""The nightly write path with a real model behind an OpenAI-compatible server.

`make test-llm` starts llama.cpp's server with Gemma 3 270M and runs this:
the demo conversation and one LoCoMo conversation (its first sessions) are
ingested and consolidated through the standalone CLI (`agent-memory ingest`,
`agent-memory maintenance`), exactly as a user would, then the database is
checked: no crash, no episode lost, every thread consolidated or pending with
its reason, and every stored fact grounded in the episodes it derives from.
What the model proposed, kept and rejected (by reason) is printed as JSON;
the exit code is 1 when an invariant broke or the server stopped answering
(`--wait` first asks it one chat completion). The model is far too small to
judge what it extracts: only safety is checked.

    OPENAI_BASE_URL=http://127.0.0.1:8765/v1 python bench/real_model.py
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOCOMO = Path(
    os.environ.get("LOCOMO_PATH") or ROOT.parent / "shared" / "data" / "locomo-dev.json"
)  # a worktree elsewhere sets LOCOMO_PATH
LOCOMO_TURNS = int(os.environ.get("LOCOMO_TURNS", "20"))  # a small model is slow
# CONVERSATIONS=demo,locomo picks the runs (one at a time on a busy machine).
LOG_DIR = os.environ.get("REAL_MODEL_LOG")  # keeps `maintenance -v` stderr there
FACT_TYPES = ("semantic", "procedural", "opinion")
# A small model on 2 cores: fewer turns per request keep the prompt short
# (~30-50 prompt tokens/s), and one agent run is several requests.
SETTINGS = {
    "consolidation_chunk_size": int(os.environ.get("CHUNK", "10")),
    "llm_timeout_seconds": float(os.environ.get("LLM_TIMEOUT", "600")),
}


def conversation_file(name: str, folder: Path) -> tuple[Path, int] | None:
    """A JSONL of the conversation, its turns dated two days ago or earlier
    (so the nightly sweep finds its threads idle); None when absent."""
    from agent_memory.standalone.conversations import read_conversations

    if name == "demo":
        turns = read_conversations(ROOT / "demo_data" / "sample.jsonl")
    else:
        if not LOCOMO.exists():
            print(f"LoCoMo skipped: {LOCOMO} not found (set LOCOMO_PATH)", flush=True)
            return None
        first = read_conversations(LOCOMO, "locomo")
        sample = first[0].thread_id.split(":")[0]
        turns = [t for t in first if t.thread_id.startswith(sample + ":")]
        turns = turns[:LOCOMO_TURNS]
    start = time.time() - 2 * 86400
    path = folder / f"{name}.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for i, turn in enumerate(turns):
            record = {
                "thread_id": turn.thread_id,
                "role": "user" if turn.role == "user" else "assistant",
                "text": turn.text,
                "time": turn.time if turn.time is not None else start + i,
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path, len(turns)


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    settings = db.with_suffix(".yaml")
    settings.write_text(json.dumps(SETTINGS), encoding="utf-8")  # JSON is YAML
    command = [sys.executable, "-m", "agent_memory", "--db", str(db)]
    command += ["--config", str(settings), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


async def inspect(db: Path, turns: int) -> dict[str, Any]:
    """The invariants and what was kept, read from the database itself."""
    from agent_memory.storage import MemoryStorage
    from agent_memory.writepath.grounding import Sources, check

    storage = await MemoryStorage.open(db)
    try:
        episodes = await storage.nodes.list_nodes(types=("episodic",), limit=100_000)
        facts = await storage.nodes.list_nodes(types=FACT_TYPES, limit=100_000)
        edges = await storage.graph.edges_of(
            [f.id for f in facts], types=["derived_from"]
        )
        ungrounded = []
        for fact in facts:
            ids = [e.dst_id for e in edges if e.src_id == fact.id]
            sources = await storage.nodes.get_nodes(ids) if ids else []
            nodes = list(sources.values()) if isinstance(sources, dict) else sources
            texts = Sources([n.content for n in nodes], [n.when for n in nodes])
            if check(fact.content, texts):
                ungrounded.append(fact.content)
        threads = await storage.sessions.pending_sessions(idle_before=time.time())
        runs = await storage.sessions.maintenance_runs()
        entities = await storage.entities.list_entities(limit=1000)
    finally:
        await storage.close()
    counts = {step: run.counts for step, run in runs.items()}
    return {
        "turns": turns,
        "episodes": len(episodes),
        "facts_kept": sorted(f.content for f in facts),
        "entities_kept": sorted(e.name for e in entities),
        "ungrounded_facts": ungrounded,
        # A thread never tried (the sweep stopped early) has no reason yet.
        "pending_threads": {
            s.session_id: s.last_error or f"not tried (attempts={s.attempts})"
            for s in threads
        },
        "failed_without_reason": [
            s.session_id for s in threads if s.attempts and not s.last_error
        ],
        "steps": counts,
    }


def run(name: str, folder: Path) -> dict[str, Any] | None:
    made = conversation_file(name, folder)
    if made is None:
        return None
    path, turns = made
    db = folder / f"{name}.db"
    ingest = cli(db, "ingest", str(path))
    if ingest.returncode != 0:
        return {"crash": "ingest: " + ingest.stderr[-2000:]}
    started = time.perf_counter()
    night = cli(db, "maintenance", "--json", "-v")
    if LOG_DIR:  # what the model proposed and why it was refused
        Path(LOG_DIR).mkdir(parents=True, exist_ok=True)
        Path(LOG_DIR, f"{name}.log").write_text(night.stderr, encoding="utf-8")
    found = asyncio.run(inspect(db / "memory.db" if db.is_dir() else db, turns))
    found["seconds"] = round(time.perf_counter() - started, 1)
    found["maintenance_exit"] = night.returncode
    # Exit 1 is a step that failed and said why (its traceback is logged):
    # a crash is any other code, or no JSON report on stdout.
    found.update(night_result(night.stdout) or {"crash": night.stderr[-2000:]})
    if night.returncode not in (0, 1):
        found["crash"] = night.stderr[-2000:]
    return found


def night_result(stdout: str) -> dict[str, Any] | None:
    """The failed steps and summary of `maintenance --json`'s report; None
    when stdout holds no report (a crash). A night with nothing to tell the
    user (every step ran; threads the model did not finish stay pending with
    their reason) reports `"result": null`: no step failed, no summary."""
    try:
        result = json.loads(stdout)["result"]
    except (ValueError, KeyError, TypeError):
        return None
    if result is None:
        return {"failed_steps": [], "summary": ""}
    if not isinstance(result, dict) or "failed_steps" not in result:
        return None
    return {"failed_steps": result["failed_steps"], "summary": result.get("text", "")}


def broken(found: dict[str, Any]) -> list[str]:
    """The invariants a run broke (a failed step with a reason is not one)."""
    problems = []
    if found.get("crash"):
        problems.append("crashed")
    if found.get("episodes") != found.get("turns"):
        problems.append("episodes lost")
    if found.get("ungrounded_facts"):
        problems.append("ungrounded facts stored")
    if found.get("failed_without_reason"):
        problems.append("a failed thread without its reason")
    return problems


def still_serving(base_url: str) -> bool:
    """A server that died mid-run leaves every thread pending with a reason
    (a connection error), which would otherwise read as "all held"."""
    import urllib.request

    try:
        with urllib.request.urlopen(base_url + "/models", timeout=30):
            return True
    except OSError:
        return False


def wait_for(base_url: str, seconds: float = 180) -> int:
    """Wait until the server answers /models (loading the model takes a while),
    then ask it one short chat completion: a server can list its model and
    still crash on the first generation (a wheel built for another CPU did)."""
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base_url + "/models", timeout=5):
                return answers_chat(base_url)
        except OSError:
            time.sleep(1)
    print(f"the server at {base_url} did not start", file=sys.stderr)
    return 1


def answers_chat(base_url: str) -> int:
    import urllib.request

    body = {"messages": [{"role": "user", "content": "Say yes."}], "max_tokens": 4}
    request = urllib.request.Request(
        base_url + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            reply = json.load(response)["choices"][0]["message"]
    except (OSError, ValueError, KeyError, IndexError) as exc:
        print(
            f"the server at {base_url} did not answer a chat completion: {exc!r}",
            file=sys.stderr,
        )
        return 1
    print(f"the model answers: {reply.get('content')!r}")
    return 0


def main() -> int:
    if sys.argv[1:2] == ["--wait"]:
        return wait_for(sys.argv[2])
    if not os.environ.get("OPENAI_BASE_URL"):
        print("set OPENAI_BASE_URL to the server's /v1 address", file=sys.stderr)
        return 2
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in os.environ.get("CONVERSATIONS", "demo,locomo").split(","):
            found = run(name, Path(tmp))
            if found is None:
                continue
            problems = broken(found)
            if not still_serving(os.environ["OPENAI_BASE_URL"]):
                problems.append("the model server stopped answering")
            failed += [f"{name}: {p}" for p in problems]
            print(json.dumps({name: found}, ensure_ascii=False, indent=1), flush=True)
    print("invariants:", "; ".join(failed) if failed else "all held")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
