"""Frictions a newcomer met (issue 26): a new database is named, a failed import
leaves nothing, purge and forget can be tried first, a page is not overwritten
unasked, and counts read as English ("1 memory", not "1 memories")."""

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
    {"thread_id": "t2", "role": "user", "text": "Pepper the dog likes carrots"},
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["--embedder", "none", "--json", *args])
    captured = capsys.readouterr()
    data = json.loads(captured.out) if captured.out.strip() else None
    return code, data, captured.err


def rows(db: Path, table: str = "nodes") -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        (count,) = conn.execute(f"select count(*) from {table}").fetchone()
    return int(count)


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    turns = tmp_path / "turns.jsonl"
    turns.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    path = tmp_path / "memory.db"
    assert run(capsys, "--db", str(path), "ingest", str(turns))[0] == 0
    return path


def test_a_writing_command_names_the_database_it_creates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "mmeory"  # a mistyped --db: a folder that does not exist
    code, _, err = run(capsys, "--db", str(typo), "remember", "Anna likes tea")
    assert code == 0
    assert f"created a new memory at {typo / 'memory.db'}" in err
    code, _, err = run(capsys, "--db", str(typo), "remember", "Bob likes coffee")
    assert code == 0 and "created" not in err  # only the first time


def test_a_failed_import_leaves_no_database_and_no_folders(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "x.jsonl"
    assert run(capsys, "--db", str(db), "export", str(export))[0] == 0
    lines = export.read_text().splitlines()
    export.write_text("\n".join(lines[:-1]) + "\n")  # cut: the header says more
    target = tmp_path / "new" / "place" / "memory.db"
    code, data, err = run(capsys, "--db", str(target), "import", str(export))
    assert code == 2 and "announces" in data["error"]
    assert not (tmp_path / "new").exists()
    # an existing database is never removed, even when the import fails
    code, _, _ = run(capsys, "--db", str(db), "import", str(export))
    assert code == 2 and rows(db) == 3


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("auto", '{"thread_id": "t1", "role": "user"}\n'),
        ("jsonl", '{"thread_id": "t1", "role": "user", "text": "hi"}\n{oops\n'),
        ("locomo", '[{"conversation": {"speaker_a": "A"}}]'),
        ("chatgpt", '[{"title": "x", "mapping": {"a": {"message": 5}}}]'),
        ("claude", '[{"uuid": "c1", "chat_messages": [{"sender": "robot"}]}]'),
        ("markdown", "not a folder of notes"),
        ("auto", ""),
    ],
)
def test_a_failed_ingest_leaves_no_database_in_any_format(
    fmt: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(text)
    target = tmp_path / "new" / "memory.db"
    code, _, _ = run(
        capsys, "--db", str(target), "ingest", str(source), "--format", fmt
    )
    assert code == 2
    assert not (tmp_path / "new").exists()


def test_purge_dry_run_says_what_would_go_and_erases_nothing(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = db.read_bytes()
    code, plan, _ = run(capsys, "--db", str(db), "purge", "--thread", "t1", "--dry-run")
    assert code == 0 and plan["status"] == "planned" and plan["memories"] == 2
    assert any("Lena" in line for line in plan["preview"])
    assert rows(db) == 3 and db.read_bytes() == before
    assert main(["--embedder", "none", "--db", str(db), "purge", "--thread", "t1",
                 "--dry-run"]) == 0  # fmt: skip
    assert "dry run: nothing was erased" in capsys.readouterr().out


def test_forget_dry_run_names_the_fact_and_changes_nothing(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, fact, _ = run(capsys, "--db", str(db), "remember", "Anna likes green tea")
    code, shown, _ = run(capsys, "--db", str(db), "forget", fact["id"], "--dry-run")
    assert code == 0 and shown["status"] == "would_forget"
    assert shown["id"] == fact["id"] and "green tea" in shown["content"]
    _, listed, _ = run(capsys, "--db", str(db), "list", "facts")
    assert any(item["id"] == fact["id"] for item in listed["items"])
    code, done, _ = run(capsys, "--db", str(db), "forget", fact["id"])
    assert code == 0 and done["status"] == "forgotten"


def test_view_does_not_overwrite_without_force(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "mine.html"
    page.write_text("my own notes")
    code, data, _ = run(capsys, "--db", str(db), "view", "--out", str(page))
    assert code == 2 and "--force" in data["error"]
    assert page.read_text() == "my own notes"
    code, _, _ = run(capsys, "--db", str(db), "view", "--out", str(page), "--force")
    assert code == 0 and "memory-data" in page.read_text()


def test_counts_of_one_are_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "memory.db"
    run(capsys, "--db", str(db), "remember", "Anna likes green tea")
    assert main(["--embedder", "none", "--db", str(db), "view", "--out",
                 str(tmp_path / "v.html")]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "1 memory " in out and "memories" not in out.split("(")[0]
    run(capsys, "--db", str(db), "remember", "Bob likes black coffee")
    _, timeline, _ = run(capsys, "--db", str(db), "timeline", "--limit", "1")
    assert timeline["note"].startswith("Only the newest 1 item is shown")
