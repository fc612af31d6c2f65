"""The CLI as a person meets it: options anywhere, any --db name, plain words."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from agent_memory.search.query_text import parse_time_filter
from agent_memory.standalone.cli.io import ProgressBar
from agent_memory.standalone.cli.parser import build_parser, main

TURNS = [
    {"thread_id": "t1", "role": "user", "text": "My sister Lena lives in Vienna",
     "time": "2024-05-01T10:00:00"},
    {"thread_id": "t1", "role": "assistant", "text": "Vienna is lovely",
     "time": "2024-05-02T10:00:00"},
]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main([*args, "--embedder", "none"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    turns = tmp_path / "turns.jsonl"
    # A byte-order mark, as some editors write it, is accepted.
    turns.write_text("\ufeff" + "\n".join(json.dumps(t) for t in TURNS), "utf-8")
    path = str(tmp_path / "my memory.sqlite")  # any file name
    code, out, err = run(capsys, "ingest", str(turns), "--db", path)
    assert code == 0, err
    assert "stored 2 turns in 1 thread" in out
    return path


def test_options_after_the_command_and_any_file_name(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "search", "Lena", "--db", db, "--json")

    assert code == 0
    assert json.loads(out)["results"][0]["content"].startswith("My sister Lena")
    assert Path(db).is_file()


def test_reading_a_missing_database_creates_nothing_and_errors_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nowhere" / "memory.db"

    code, out, _ = run(capsys, "stats", "--db", str(target), "--json")

    assert code == 2
    assert str(target) in json.loads(out)["error"]
    assert not (tmp_path / "nowhere").exists()


def test_a_file_that_is_not_a_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("shopping list")

    code, _, err = run(capsys, "stats", "--db", str(bad))

    assert code == 2
    [line] = err.strip().splitlines()  # one line, no thread traceback
    assert line.startswith(f"agent-memory: error: cannot open the memory at {bad}:")
    assert "not a database" in line or "not an SQLite database" in line


def test_version_and_help_for_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("agent-memory ")
    parser = build_parser()
    commands = next(a for a in parser._actions if a.choices and a.dest == "command")
    for name, sub in {"": parser, **commands.choices}.items():
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings or action.dest}"


def test_list_show_correct_confirm(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    long_fact = "Lena works at the opera " + "and sings every evening " * 20
    assert run(capsys, "remember", long_fact, "--db", db)[0] == 0
    code, out, _ = run(capsys, "list", "--db", db, "--json")
    items = json.loads(out)["items"]
    fact_id = items[0]["id"]

    _, shown, _ = run(capsys, "show", fact_id, "--db", db)
    assert long_fact.strip() in shown  # whole, not clipped

    assert run(capsys, "confirm", fact_id, "--db", db)[0] == 0
    code, out, _ = run(
        capsys, "correct", fact_id, "Lena works at the museum", "--db", db
    )
    assert code == 0 and "corrected" in out
    _, out, _ = run(capsys, "list", "--all", "--db", db, "--json")
    assert [i["current"] for i in json.loads(out)["items"]] == [True, False]

    _, threads, _ = run(capsys, "list", "threads", "--db", db)
    assert "t1 (2 turns" in threads
    _, turns, _ = run(capsys, "list", "--thread", "t1", "--limit", "1", "--db", db)
    assert "[episodic, 2024-05-02 10:00, assistant]" in turns
    assert "--page 2" in turns
    _, page2, _ = run(
        capsys, "list", "--thread", "t1", "--limit", "1", "--page", "2", "--db", db
    )
    assert ", you]" in page2


def test_people_see_commands_not_tool_names(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "forget", "#999", "--db", db)

    assert code == 2
    assert "`agent-memory search`" in err and "search_memory" not in err


def test_one_day_and_iso_date_times(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def found(*window: str) -> list[Any]:
        code, out, err = run(capsys, "search", "Vienna", "--db", db, "--json", *window)
        assert code == 0, err
        return [r["date"] for r in json.loads(out)["results"]]

    assert found("--on", "2024-05-01") == ["2024-05-01"]
    assert found("--after", "2024-05-01T12:00", "--before", "2024-05-03T00:00Z") == [
        "2024-05-02"
    ]
    assert parse_time_filter("2024-05-01T02:00+02:00") == parse_time_filter(
        "2024-05-01"
    )
    assert parse_time_filter("last_week", now=1e6) == 1e6 - 7 * 86400


def test_maintenance_runs_one_step_and_stats_say_what_was_skipped(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "maintenance", "--task", "decay", "--db", db, "--json")
    assert code == 0
    assert [s["step"] for s in json.loads(out)["steps"]] == ["decay"]
    assert err.count("no model configured") == 1

    run(capsys, "maintenance", "--task", "causal_inference", "--db", db)
    _, stats, _ = run(capsys, "stats", "--db", db)
    assert "causal inference:" in stats and "skipped: no model configured" in stats
    assert "consolidation: never" in stats  # only the asked steps ran


def test_ingest_errors_name_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "ingest", str(tmp_path), "--db", str(tmp_path / "m.db"))

    assert code == 2 and f"{tmp_path}: is a folder" in err


def test_progress_lines_without_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar("turns", stream, every=0.0)
    bar(1, 4)
    bar(4, 4)
    bar(4, 4)  # a late call after the end prints nothing more

    assert stream.getvalue().splitlines() == ["turns: 1/4 (25%)", "turns: 4/4 (100%)"]


def test_now_reads_relative_dates_from_the_given_time(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def found(query: str, now: str) -> list[Any]:
        code, out, err = run(
            capsys, "search", query, "--db", db, "--json", "--now", now
        )
        assert code == 0, err
        return [r["date"] for r in json.loads(out)["results"]]

    # "yesterday" counted from --now: the one day's turn, not the other.
    assert found("Vienna yesterday", "2024-05-03T09:00") == ["2024-05-02"]
    assert found("Vienna yesterday", "2024-05-02T09:00") == ["2024-05-01"]
    code, out, err = run(
        capsys, "context", "Vienna yesterday?", "--db", db, "--now", "2024-05-02"
    )
    assert code == 0, err
    assert "Lena lives in Vienna" in out and "lovely" not in out
    code, _, err = run(capsys, "search", "x", "--db", db, "--now", "soon")
    assert code == 2 and "unknown time filter" in err


def test_entities_are_fixed_from_the_command_line(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    added = run(capsys, "entity", "alias", "add", "Lena", "Leni", "--db", db)
    renamed = run(capsys, "entity", "rename", "Leni", "Lena Berg", "--db", db)
    typed = run(capsys, "entity", "type", "Vienna", "place", "--db", db)
    deleted = run(capsys, "entity", "delete", "Vienna", "--db", db)
    shown = run(capsys, "entity", "Leni", "--db", db, "--json")
    gone = run(capsys, "entity", "Vienna", "--db", db)
    wrong = run(capsys, "entity", "type", "Leni", "dragon", "--db", db)
    searched = run(capsys, "search", "Vienna", "--db", db, "--json")

    assert [r[0] for r in (added, renamed, typed, deleted)] == [0, 0, 0, 0]
    assert "Leni is now a name of Lena" in added[1]
    assert "Vienna is now a place" in typed[1]
    info = json.loads(shown[1])
    assert info["name"] == "Lena Berg"
    assert info["aliases"] == ["Lena", "Leni", "my sister"]
    assert gone[0] == 2 and wrong[0] == 2 and "unknown type" in wrong[2]
    assert json.loads(searched[1])["count"] == 2  # the memories are kept


def test_entity_list_lists_the_entities_as_list_entities_does(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, listed, _ = run(capsys, "list", "entities", "--db", db, "--json")

    code, out, err = run(capsys, "entity", "list", "--db", db, "--json")

    assert code == 0, err
    assert json.loads(out) == json.loads(listed)
    assert "Lena" in [item["name"] for item in json.loads(out)["items"]]
