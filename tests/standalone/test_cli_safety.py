"""The CLI on files it must not change: an ingest repeated adds nothing, and
reading commands work on a read-only copy without writing or creating."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.cli.parser import main

TURNS = [
    {"thread_id": "t1", "role": "user", "text": "My sister Lena lives in Vienna"},
    {"thread_id": "t1", "role": "assistant", "text": "Vienna is lovely"},
    {"thread_id": "t1", "role": "user", "text": "ok", "time": 1714989600},
    {"thread_id": "t1", "role": "user", "text": "ok", "time": 1714989600},
    {
        "thread_id": "t2",
        "role": "user",
        "text": "Pepper the dog is allergic to chicken",
    },
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["--embedder", "none", "--json", *args])
    captured = capsys.readouterr()
    return (
        code,
        json.loads(captured.out) if captured.out.strip() else None,
        captured.err,
    )


def episodes(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        (count,) = conn.execute("select count(*) from nodes").fetchone()
    return int(count)


@pytest.fixture
def turns_file(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    return path


def test_ingesting_the_same_file_twice_adds_nothing_the_second_time(
    tmp_path: Path, turns_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "memory.db"
    first = run(capsys, "--db", str(db), "ingest", str(turns_file))
    assert first[:2] == (0, {"turns": 5, "threads": 2})  # the repeated "ok" too
    second = run(capsys, "--db", str(db), "ingest", str(turns_file))
    assert second[:2] == (0, {"turns": 0, "threads": 0})
    assert "5 turns already ingested" in second[2]
    assert episodes(db) == 5

    with turns_file.open("a") as file:  # a longer file: only the new turn
        file.write(json.dumps({**TURNS[0], "text": "Lena visits in June"}) + "\n")
    third = run(capsys, "--db", str(db), "ingest", str(turns_file))
    assert third[:2] == (0, {"turns": 1, "threads": 1})
    assert episodes(db) == 6
