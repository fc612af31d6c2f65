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


READING = [
    ["stats"],
    ["search", "Lena"],
    ["context", "Where does Lena live?"],
    ["list"],
    ["list", "threads"],
    ["list", "entities"],
    ["show", "#1"],
    ["explain", "#1"],
    ["entity", "Lena"],
    ["weak"],
    ["timeline"],
]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_reading_commands_work_on_a_read_only_copy_and_change_nothing(
    tmp_path: Path, turns_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "copy"
    db = folder / "memory.db"
    assert run(capsys, "--db", str(db), "ingest", str(turns_file))[0] == 0
    before = snapshot(folder)
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        for command in READING:
            code, data, err = run(capsys, "--db", str(db), *command)
            assert code == 0, (command, err)
            assert "read-only" not in err, (command, err)
        code, _, err = run(
            capsys, "--db", str(db), "view", "--out", str(tmp_path / "v.html")
        )
        assert code == 0, err
        code, _, err = run(capsys, "--db", str(db), "export", str(tmp_path / "x.jsonl"))
        assert code == 0, err
        assert snapshot(folder) == before  # no byte written, no -wal/-shm made
        found = run(capsys, "--db", str(db), "search", "Lena")[1]
        assert "Vienna" in json.dumps(found)
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)


def test_reading_commands_create_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in READING:
        code, _, _ = run(capsys, "--db", str(tmp_path / "none" / "memory.db"), *command)
        assert code == 2
    assert list(tmp_path.iterdir()) == []
