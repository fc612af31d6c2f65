"""History brought in from ChatGPT, Claude and Markdown notes, through the CLI:
turns keep their own dates and threads, a second ingest adds nothing, and a
bad record is named with its position while nothing is stored."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.importers import note_turns
from cli_runs import run, run_json

DATA = Path(__file__).parent.parent / "data" / "imports"
CHATGPT = DATA / "chatgpt_conversations.json"
CLAUDE = DATA / "claude_conversations.json"
READING_MTIME = 1663272000  # 2022-09-15 20:00 UTC; git does not keep mtimes


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    shutil.copytree(DATA / "notes", folder)
    os.utime(folder / "journal" / "reading.md", (READING_MTIME, READING_MTIME))
    return folder


def found(capsys: pytest.CaptureFixture[str], db: str, query: str) -> list[Any]:
    results: list[Any] = run_json(capsys, "--db", db, "search", query)["results"]
    return results


def thread_of(capsys: pytest.CaptureFixture[str], db: str, node: Any) -> str:
    source: str = run_json(capsys, "--db", db, "explain", node["id"])["source"]
    return source.rsplit("in thread ", 1)[1]


def test_a_chatgpt_export_keeps_the_branch_the_user_saw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "memory.db")

    stored = run_json(capsys, "--db", db, "ingest", str(CHATGPT))  # auto-detected

    # 2 conversations; the system, tool and code messages and the edited-away
    # branch (the Porto question and its answer) are not turns.
    assert stored == {"turns": 6, "threads": 2}
    assert found(capsys, db, "Porto") == []
    tram = found(capsys, db, "tram Alfama")[0]
    assert tram["date"] == "2023-06-14"
    assert thread_of(capsys, db, tram) == (
        "chatgpt:6489a1b0-0c4e-4a55-9d1e-1c2b3d4e5f60"
    )
    # a picture with words: the words are kept, the picture is not
    tile = found(capsys, db, "azulejo tile")[0]
    assert tile["content"] == "This is the azulejo tile I want to find in Lisbon"
    assert found(capsys, db, "sourdough starter")[0]["date"] == "2023-11-02"
    assert found(capsys, db, "hydration flour") == []


def test_a_claude_export_joins_text_blocks_and_scrubs_secrets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "memory.db")

    stored = run_json(capsys, "--db", db, "ingest", str(CLAUDE), "--format", "claude")

    assert stored == {"turns": 4, "threads": 2}  # the attachment-only message: none
    answer = found(capsys, db, "long run November")[0]
    assert answer["content"] == (
        "Congratulations on Valencia! Start with four runs a week.\n\n"
        "The race is on the first Sunday of December, so a long run of 32 km by"
        " early November."
    )
    assert answer["date"] == "2024-02-20"
    assert thread_of(capsys, db, answer) == (
        "claude:3f9d2c4e-1a2b-4c3d-9e8f-0a1b2c3d4e5f"
    )
    signup = found(capsys, db, "Valencia marathon signed")[0]
    assert "Tr41ning" not in signup["content"]
    assert "[redacted: password]" in signup["content"]
    assert found(capsys, db, "vinyl jazz")[0]["date"] == "2024-02-21"


def test_a_notes_folder_is_one_thread_per_note_dated_by_front_matter_or_mtime(
    tmp_path: Path, notes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "memory.db")

    stored = run_json(capsys, "--db", db, "ingest", str(notes))

    # garden.md: two sections, two turns; reading.md: one; .obsidian/: skipped
    assert stored == {"turns": 3, "threads": 2}
    tomatoes = found(capsys, db, "tomato seedlings")[0]
    assert tomatoes["date"] == "2023-04-09"  # front matter
    assert tomatoes["content"].startswith("# Garden log\n\nPlanted six San Marzano")
    assert "title:" not in tomatoes["content"]
    assert thread_of(capsys, db, tomatoes) == "note:garden.md"
    overstory = found(capsys, db, "Overstory redwoods")[0]
    assert overstory["date"] == "2022-09-15"  # the file's mtime
    assert thread_of(capsys, db, overstory) == "note:journal/reading.md"
    assert found(capsys, db, "editor state") == []


@pytest.mark.parametrize("source", ["chatgpt", "claude", "notes"])
def test_a_second_ingest_stores_nothing_new(
    tmp_path: Path, notes: Path, capsys: pytest.CaptureFixture[str], source: str
) -> None:
    path = {"chatgpt": CHATGPT, "claude": CLAUDE, "notes": notes}[source]
    db = str(tmp_path / "memory.db")
    first = run_json(capsys, "--db", db, "ingest", str(path))

    again = run_json(capsys, "--db", db, "ingest", str(path))

    assert first["turns"] > 0
    assert again == {"turns": 0, "threads": 0}


def broken_chatgpt(path: Path) -> None:
    data = json.loads(CHATGPT.read_text())
    data[1]["mapping"]["bbb2-a1"]["parent"] = "gone"
    path.write_text(json.dumps(data))


def broken_claude(path: Path) -> None:
    data = json.loads(CLAUDE.read_text())
    data[1]["chat_messages"][1]["sender"] = "system"
    path.write_text(json.dumps(data))


def broken_time(path: Path) -> None:
    data = json.loads(CLAUDE.read_text())
    data[0]["chat_messages"][2]["created_at"] = "last tuesday"
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("breaks", "message"),
    [
        (broken_chatgpt, "conversations.json[1]: node 'gone' is not in 'mapping'"),
        (broken_claude, "conversations.json[1].chat_messages[1]: 'sender' must be"),
        (broken_time, "conversations.json[0].chat_messages[2]: bad time"),
    ],
)
def test_a_bad_export_names_the_record_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], breaks: Any, message: str
) -> None:
    path = tmp_path / "conversations.json"
    breaks(path)
    db = tmp_path / "memory.db"

    code, _, err = run(capsys, "--db", str(db), "ingest", str(path))

    assert code == 2 and message in err
    assert not db.exists()  # checked before the database is opened


@pytest.mark.parametrize(
    ("front_matter", "message"),
    [
        ("date: someday\n", "bad.md: front matter 'date': bad time"),
        ("title: [unclosed\n", "bad.md: line 2: bad front matter"),
    ],
)
def test_a_bad_note_names_the_file_and_stores_nothing(
    tmp_path: Path,
    notes: Path,
    capsys: pytest.CaptureFixture[str],
    front_matter: str,
    message: str,
) -> None:
    (notes / "bad.md").write_text(f"---\n{front_matter}---\nSome words\n")
    db = tmp_path / "memory.db"

    code, _, err = run(capsys, "--db", str(db), "ingest", str(notes))

    assert code == 2 and message in err
    assert not db.exists()


def test_a_file_is_not_a_notes_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys, "--db", str(tmp_path / "m.db"), "ingest", str(CLAUDE), "--format",
        "markdown",
    )  # fmt: skip

    assert code == 2 and "not a folder of Markdown notes" in err


def test_long_notes_are_cut_at_headings_paragraphs_and_sentences() -> None:
    sentence = "The quick brown fox jumps over the lazy dog. "
    long_paragraph = (sentence * 40).strip()  # about 1,800 characters
    text = f"# Day one\n\nShort start.\n\n{long_paragraph}\n\n## Day two\n\nRest."

    turns = note_turns(text, limit=1000)

    assert turns[0].startswith("# Day one\n\nShort start.")
    assert all(len(t) <= 1000 for t in turns)
    assert turns[-1] == "## Day two\n\nRest."
    assert "".join(turns).count("lazy dog") == 40  # nothing lost
    assert all(t.endswith((".", "dog.")) for t in turns)
