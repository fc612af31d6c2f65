"""Threads waiting to be consolidated: `maintenance` says how many and why,
and `consolidate --thread ID` does one now, through the same consolidator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.cli import session
from agent_memory.standalone.cli.parser import main
from scripting import call, fact, finish_chunk

pytest.importorskip("agents.testing", reason="needs_sdk: openai-agents < 0.21")
from agents.testing import ScriptedModel  # noqa: E402

TURNS = [
    {"thread_id": "t1", "role": "user", "text": "My sister Lena lives in Vienna"},
    {"thread_id": "t2", "role": "user", "text": "Pepper the dog likes carrots"},
    {"thread_id": "old", "role": "user", "text": "hi", "time": "2024-05-01T10:00"},
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["--embedder", "none", "--json", *args])
    captured = capsys.readouterr()
    data = json.loads(captured.out) if captured.out.strip() else None
    return code, data, captured.err


@pytest.fixture
def db(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    turns = tmp_path / "turns.jsonl"
    turns.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    path = str(tmp_path / "memory.db")
    assert run(capsys, "--db", path, "ingest", str(turns))[0] == 0
    return path


def test_maintenance_says_which_threads_wait_and_why(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, done, _ = run(capsys, "--db", db, "maintenance")
    assert code == 0
    # t1 and t2 were just talked in; "old" is idle but there is no model
    assert done["waiting"] == {
        "pending": 3,
        "active": 2,
        "idle_minutes": 30.0,
        "example": "t2",
    }
    assert main(["--embedder", "none", "--db", db, "maintenance"]) == 0
    text = capsys.readouterr().out
    assert "nothing to report" not in text
    assert "3 threads wait for consolidation" in text
    assert (
        "2 of them had a turn in the last 30 min (consolidation_idle_minutes)" in text
    )
    assert "`agent-memory consolidate --thread t2`" in text
    assert "without a model" in text


def test_consolidate_needs_a_model_and_a_known_thread(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, data, _ = run(capsys, "--db", db, "consolidate", "--thread", "t1")
    assert code == 2 and "needs a model" in data["error"]
    assert "OPENAI_API_KEY" in data["error"]
    model = ScriptedModel([])
    monkeypatch.setattr(session, "model_factory_from_env", lambda: lambda _: model)
    code, data, _ = run(capsys, "--db", db, "consolidate", "--thread", "nope")
    assert code == 2 and "no thread 'nope'" in data["error"]


def test_consolidate_one_thread_now(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lena = fact("Lena, the user's sister, lives in Vienna", [1])
    model = ScriptedModel(
        [[call("save_nodes_batch", {"facts": [lena]})], *finish_chunk()]
    )
    monkeypatch.setattr(session, "model_factory_from_env", lambda: lambda _: model)

    code, done, err = run(capsys, "--db", db, "consolidate", "--thread", "t1")
    assert code == 0, err
    (result,) = done["results"]
    assert (result["session_id"], result["outcome"]) == ("t1", "consolidated")
    assert result["chunks"] == 1

    monkeypatch.setattr(session, "model_factory_from_env", lambda: None)
    _, found, _ = run(capsys, "--db", db, "search", "Lena", "--type", "semantic")
    assert [r["content"] for r in found["results"]] == [lena["content"]]
    _, waits, _ = run(capsys, "--db", db, "maintenance", "--task", "decay")
    assert waits["waiting"]["pending"] == 2  # t1 no longer waits
    idle = ScriptedModel([])  # a thread with nothing new never asks the model
    monkeypatch.setattr(session, "model_factory_from_env", lambda: lambda _: idle)
    _, again, _ = run(capsys, "--db", db, "consolidate", "--thread", "t1")
    assert again == {"thread": "t1", "results": []}  # nothing new: a no-op
