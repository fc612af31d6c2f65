"""The CLI and scopes: a backup holds every scope; a write goes to exactly one."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_runs import run, run_json


def test_export_without_a_scope_is_the_whole_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    run_json(capsys, "--db", db, "remember", "The default scope knows Porto")
    run_json(capsys, "--db", db, "--user", "ana", "remember", "Ana plays the oboe")
    run_json(capsys, "--db", db, "--scope", "channel:7", "remember", "Team meets Mon")
    whole, mine = tmp_path / "whole.jsonl", tmp_path / "ana.jsonl"

    assert run(capsys, "--db", db, "export", str(whole))[0] == 0
    assert run(capsys, "--db", db, "--user", "ana", "export", str(mine))[0] == 0
    run_json(capsys, "--db", copy, "import", str(whole))
    found = {
        who: run_json(capsys, "--db", copy, *who, "search", query)["count"]
        for who, query in [
            ((), "Porto"),
            (("--user", "ana"), "oboe"),
            (("--scope", "channel:7"), "Team meets"),
        ]
    }

    assert found == {(): 1, ("--user", "ana"): 1, ("--scope", "channel:7"): 1}
    assert "oboe" in mine.read_text() and "Porto" not in mine.read_text()


@pytest.mark.parametrize(
    "command",
    [
        ("remember", "Tom plays chess"),
        ("forget", "#1"),
        ("correct", "#1", "Tom plays go"),
        ("confirm", "#1"),
        ("purge", "--everything", "--yes"),
    ],
)
def test_a_write_refuses_every_scope_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    db = str(tmp_path / "m.db")
    run_json(capsys, "--db", db, "remember", "Tom plays chess")

    code, _, err = run(capsys, "--db", db, "--scope", "all", *command)
    listed = run_json(capsys, "--db", db, "search", "Tom chess")

    assert code == 2 and "--scope all" in err
    assert listed["count"] == 1  # nothing was changed


def test_usage_errors_are_json_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", "search")
    unknown = run(capsys, "search", "x", "--json", "--bogus")

    assert code == 2 and err == ""
    assert json.loads(out) == {
        "error": "the following arguments are required: query"
        " (see agent-memory search --help)",
        "exit_code": 2,
    }
    assert unknown[0] == 2 and "--bogus" in json.loads(unknown[1])["error"]


def test_bytes_that_are_not_utf8_are_refused_in_text_kept_in_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What Python makes of undecodable argv bytes (surrogateescape).
    db = str(tmp_path).encode() + b"/caf\xe9.db"
    db_arg = db.decode("utf-8", "surrogateescape")
    text = b"I like caf\xe9".decode("utf-8", "surrogateescape")

    refused = run(capsys, "--db", db_arg, "remember", text)
    stored = run_json(capsys, "--db", db_arg, "remember", "I like cafe")

    assert refused[0] == 2 and "not UTF-8" in refused[2]
    assert stored["status"] == "stored"
    # the very bytes the user typed name the file
    assert b"caf\xe9.db" in [os.fsencode(p.name) for p in tmp_path.iterdir()]


def test_a_fact_said_again_with_an_expiry_takes_it_and_every_view_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "m.db")
    first = run_json(capsys, "--db", db, "remember", "Dentist on Friday")
    again = run_json(
        capsys, "--db", db, "remember", "Dentist on Friday", "--expires", "3 weeks"
    )
    shown = run(capsys, "--db", db, "show", first["id"])[1]
    listed = run(capsys, "--db", db, "list")[1]
    found = run_json(capsys, "--db", db, "search", "dentist")["results"][0]

    assert first["status"] == "stored" and "expires" not in first
    assert again["status"] == "already_exists" and again["id"] == first["id"]
    when = again["expires"]
    assert when and "was: never" in again["note"]
    assert f"expires {when}" in shown and f"expires {when}" in listed
    assert found["expires"] == when
