"""`agent-memory purge` and `remember --expires` through the entry point:
nothing goes without a yes, the purge stays in its scope, and neither the
database files nor a fresh export keep a byte of the purged text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.cli.parser import main

SECRET = "Vextrobold-4471"
TURNS = [
    {"thread_id": "t1", "role": "user", "text": f"my new word is {SECRET}"},
    {"thread_id": "t1", "role": "assistant", "text": "noted, I will keep it"},
    {"thread_id": "t2", "role": "user", "text": "Pepper the dog likes carrots"},
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["--embedder", "none", "--json", *args])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else None, ""


def residue(db: Path, text: str) -> int:
    hits = 0
    for suffix in ("", "-wal", "-shm"):
        file = db.with_name(db.name + suffix)
        if file.exists():
            data = file.read_bytes()
            hits += data.count(text.encode()) + data.count(text.lower().encode())
    return hits


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    turns = tmp_path / "turns.jsonl"
    turns.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    path = tmp_path / "memory.db"
    for scope in ("user:alice", "user:bob"):
        code, _, _ = run(
            capsys, "--db", str(path), "--scope", scope, "ingest", str(turns)
        )
        assert code == 0
    return path


def test_purge_thread_asks_then_erases_only_in_its_scope(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alice = ["--db", str(db), "--user", "alice"]
    refused, _, _ = run(capsys, *alice, "purge", "--thread", "t1")  # no --yes
    assert refused == 2
    code, done, _ = run(capsys, *alice, "purge", "--thread", "t1", "--yes")
    assert code == 0 and done["status"] == "purged"
    assert done["by_type"] == {"episodic": 2}
    _, bobs, _ = run(capsys, "--db", str(db), "--user", "bob", "search", SECRET)
    assert bobs["results"]  # Bob's own copy is his and stays
    code, _, _ = run(capsys, *alice, "export", str(tmp_path / "alice.jsonl"))
    assert code == 0
    assert SECRET not in (tmp_path / "alice.jsonl").read_text()
    _, gone, _ = run(capsys, *alice, "search", SECRET)
    assert not gone.get("results")


def test_purge_everything_of_a_user_leaves_no_bytes(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bob = ["--db", str(db), "--user", "bob"]
    alice = ["--db", str(db), "--user", "alice"]
    for who in (alice, bob):
        code, _, _ = run(capsys, *who, "purge", "--everything", "--yes")
        assert code == 0
    assert residue(db, SECRET) == 0
    code, _, _ = run(
        capsys, "--db", str(db), "--scope", "all", "export", str(tmp_path / "all.jsonl")
    )
    assert code == 0 and SECRET not in (tmp_path / "all.jsonl").read_text()
    all_scopes, _, _ = run(
        capsys, "--db", str(db), "--scope", "all", "purge", "--everything", "--yes"
    )
    assert all_scopes == 2  # never every scope at once


def test_remember_with_expiry(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--db", str(db), "remember", "Dentist appointment on Friday"]
    code, out, _ = run(capsys, *args, "--expires", "until Friday")
    assert code == 0 and out["expires"]
    bad, _, _ = run(capsys, *args[:-1], "Gym", "--expires", "whenever")
    assert bad == 2
    # people read the date too, not only scripts
    assert main(["--embedder", "none", *args[:-1], "Vet", "--expires", "3 days"]) == 0
    assert "expires: " in capsys.readouterr().out
