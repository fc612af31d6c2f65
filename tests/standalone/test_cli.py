"""The CLI through its entry point, on temp databases: exit codes and JSON."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.cli import session
from agent_memory.standalone.host import StandaloneHost
from agent_memory.writepath.nightly import STEPS
from cli_runs import run, run_json
from scripting import connection_error
from tool_harness import call

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ModelStep, ScriptedModel  # noqa: E402

TURNS = [
    {
        "thread_id": "t1",
        "role": "user",
        "text": "My sister Lena lives in Vienna",
        "time": "2024-05-01T10:00:00",
    },
    {
        "thread_id": "t1",
        "role": "assistant",
        "text": "Vienna is a great city",
        "time": "2024-05-01T10:00:05",
    },
    {
        "thread_id": "t2",
        "role": "user",
        "text": "Pepper the dog is allergic to chicken",
        "time": 1714989600,
    },
]


@pytest.fixture
def turns_file(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in TURNS) + "\n")
    return path


@pytest.fixture
def db(tmp_path: Path, turns_file: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "data" / "memory.db")
    assert run_json(capsys, "--db", path, "ingest", str(turns_file)) == {
        "turns": 3,
        "threads": 2,
    }
    return path


def test_ingest_progress_counts_turns(
    tmp_path: Path, turns_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(
        capsys, "--db", str(tmp_path / "m.db"), "ingest", str(turns_file)
    )
    created, progress = err.splitlines()[:2]  # a new database is named first
    assert code == 0 and created.startswith("note: created a new memory at")
    assert progress == "turns: 3/3 (100%)"


def test_search_finds_ingested_turns_with_their_times(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = run_json(capsys, "--db", db, "search", "Lena Vienna")

    assert found["count"] == 2
    assert found["results"][0]["content"] == "My sister Lena lives in Vienna"
    assert found["results"][0]["date"] == "2024-05-01"
    assert found["results"][0]["type"] == "episodic"


def test_search_time_filters_and_bad_dates(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    later = run_json(
        capsys, "--db", db, "search", "Vienna dog", "--after", "2024-05-03"
    )
    code, _, err = run(capsys, "--db", db, "search", "x", "--after", "yesterday")

    assert [r["content"] for r in later["results"]] == [TURNS[2]["text"]]
    assert code == 2 and "last_week" in err


def test_fts_syntax_in_a_query_does_not_fail(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = run_json(capsys, "--db", db, "search", 'Lena" OR NEAR(( *')

    assert found["count"] >= 1


def test_context_shows_the_injected_block(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--db", db, "context", "Where does Lena live?")

    assert code == 0 and "Vienna" in out


def test_stats_counts_nodes(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    stats = run_json(capsys, "--db", db, "stats")

    assert stats["nodes_by_type"] == {"episodic": 3}
    assert stats["unconsolidated_threads"] == 2


def test_explain_shows_a_node_and_rejects_unknown_ids(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = run_json(capsys, "--db", db, "search", "Lena")
    node_id = str(found["results"][0]["id"])

    explained = run_json(capsys, "--db", db, "explain", node_id)
    missing = run(capsys, "--db", db, "explain", "99999")
    unmatched = run(capsys, "--db", db, "explain", "zebra crossing")

    assert explained["fact"]["content"] == "My sister Lena lives in Vienna"
    assert explained["source"] == "import from user in thread t1"
    assert missing[0] == 2 and "no memory #99999" in missing[2]
    assert unmatched[0] == 2 and "No stored fact matches" in unmatched[2]


def test_entity_and_weak(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--db", db, "entity", "Nobody Known")
    weak = run_json(capsys, "--db", db, "weak", "--threshold", "0.5")

    assert code == 2 and "No entity called 'Nobody Known'" in err
    assert weak["count"] == 0


def test_search_prints_readable_lines_by_default(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--db", db, "search", "Pepper chicken")

    assert code == 0
    assert out.splitlines() == [  # "Pepper the dog": a pet, even opening a sentence
        "#3 [episodic, 2024-05-06] Pepper the dog is allergic to chicken"
        " (entities: Pepper)"
    ]


def test_timeline_shows_turns_in_time_order_within_a_window(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = run_json(capsys, "--db", db, "timeline")
    later = run_json(capsys, "--db", db, "timeline", "--after", "2024-05-03")
    newest = run_json(capsys, "--db", db, "timeline", "--limit", "1")
    bad_date = run(capsys, "--db", db, "timeline", "--before", "someday")
    nobody = run(capsys, "--db", db, "timeline", "--entity", "Nobody Known")
    too_many = run(capsys, "--db", db, "timeline", "--limit", "500")

    assert [i["content"] for i in everything["items"]] == [t["text"] for t in TURNS]
    assert everything["items"][0]["date"] == "2024-05-01 10:00"
    assert everything["items"][0]["role"] == "user"
    assert later["items"] == everything["items"][2:]
    assert newest["items"] == everything["items"][2:] and "newest 1" in newest["note"]
    assert bad_date[0] == 2 and "last_week" in bad_date[2]
    assert nobody[0] == 2 and "No entity called" in nobody[2]
    assert too_many[0] == 2 and "between 1 and 200" in too_many[2]


def test_remember_deduplicates_and_forget_hides_the_fact(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fact = "Lena's favourite colour is green"
    stored = run_json(capsys, "--db", db, "remember", fact)
    source = run_json(capsys, "--db", db, "explain", stored["id"])["source"]
    again = run_json(capsys, "--db", db, "remember", fact.upper())
    forgotten = run_json(capsys, "--db", db, "forget", fact)
    found = run_json(capsys, "--db", db, "search", "favourite colour", "--type", "fact")
    twice = run(capsys, "--db", db, "forget", stored["id"])
    empty = run(capsys, "--db", db, "remember", "  ")

    assert stored["status"] == "stored" and stored["content"] == fact
    assert source == "tool from user"  # the person at the terminal, not the agent
    assert again["status"] == "already_exists" and again["id"] == stored["id"]
    assert forgotten["status"] == "forgotten" and forgotten["id"] == stored["id"]
    assert found["count"] == 0
    assert twice[0] == 2 and "was forgotten" in twice[2]
    assert empty[0] == 2 and "text is empty" in empty[2]


def test_explain_json_is_what_explain_fact_returns_to_the_model(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    old = run_json(capsys, "--db", db, "remember", "Lena lives in Vienna")["id"]

    async def through_the_tools() -> dict[str, Any]:
        async with StandaloneHost(Path(db).parent) as host:
            await call(
                host.tools, "correct_fact", old_fact=old, new_fact="Lena lives in Graz"
            )
            return await call(host.tools, "explain_fact", fact_id=old)

    model_saw = asyncio.run(through_the_tools())
    printed = run_json(capsys, "--db", db, "explain", old)

    assert printed == model_saw
    assert printed["status"].startswith("replaced by #")
    assert [f["content"] for f in printed["replaced_by"]] == ["Lena lives in Graz"]


def test_maintenance_runs_the_nightly_task_and_rejects_unknown_ones(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)

    done = run_json(capsys, "--db", db, "maintenance")
    code, _, err = run(capsys, "--db", db, "maintenance", "--task", "nope")

    assert done["task"] == "run_nightly_maintenance"
    assert done["result"] is None  # no step failed: exit 0, nothing to report
    assert code == 2 and "unknown task" in err


def test_maintenance_exits_1_when_a_step_failed(
    db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The LLM endpoint drops every connection: the steps that call it fail.
    model = ScriptedModel([ModelStep.raise_error(connection_error())] * 10)
    monkeypatch.setattr(session, "model_factory_from_env", lambda: lambda _: model)

    code, out, err = run(capsys, "--json", "--db", db, "maintenance")

    result = json.loads(out)["result"]
    assert code == 1, err
    assert result["failed_steps"]  # which ones depends on what the memory holds
    for step in result["failed_steps"]:
        assert step in STEPS and f"{step}: APIConnectionError" in result["text"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"thread_id": "t", "role": "user", "text": "hi"}\n{oops\n', "turns.jsonl:2"),
        ('{"thread_id": "t", "role": "robot", "text": "hi"}\n', "'role'"),
        ('{"thread_id": "t", "role": "user", "text": "hi", "time": "soon"}\n', "time"),
        ("", "no turns"),
    ],
)
def test_bad_ingest_files_are_reported_and_store_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "turns.jsonl"
    path.write_text(content)
    db = str(tmp_path / "memory.db")

    code, _, err = run(capsys, "--db", db, "ingest", str(path))

    assert code == 2 and message in err
    assert not Path(db).exists()


def test_missing_files_and_bad_db_names_exit_with_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = run(capsys, "--db", str(tmp_path), "ingest", str(tmp_path / "no.jsonl"))
    bad_db = run(capsys, "--db", str(tmp_path / "other.sqlite"), "stats")
    no_import = run(capsys, "--db", str(tmp_path), "import", str(tmp_path / "x"))

    assert missing[0] == 2 and "no such file" in missing[2]
    assert bad_db[0] == 2 and "no memory at" in bad_db[2]
    assert not (tmp_path / "other.sqlite").exists()
    assert no_import[0] == 2


def test_locomo_files_are_ingested_one_thread_per_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I love pottery"},
                {
                    "speaker": "Bo",
                    "dia_id": "D1:2",
                    "text": "Show me!",
                    "blip_caption": "a clay bowl",
                },
            ],
            "session_2_date_time": "9:00 am on 9 May, 2023",
            "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "Hi Ann"}],
        },
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]))
    db = str(tmp_path / "memory.db")

    stored = run_json(capsys, "--db", db, "ingest", str(path))
    found = run_json(capsys, "--db", db, "search", "clay bowl")
    explained = run_json(capsys, "--db", db, "explain", found["results"][0]["id"])

    assert stored == {"turns": 3, "threads": 2}
    assert (
        found["results"][0]["content"] == "Bo: Show me! [shares a photo: a clay bowl]"
    )
    assert explained["fact"]["date"] == "2023-05-08 13:56"
    assert explained["source"].endswith("in thread conv-1:session_1")


def test_export_import_reindex_round_trip(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "export.jsonl"
    copy = str(tmp_path / "copy")
    before = run_json(capsys, "--db", db, "search", "Lena dog Vienna")

    assert run(capsys, "--db", db, "export", str(export))[0] == 0
    refused = run(capsys, "--db", db, "export", str(export))
    imported = run_json(capsys, "--db", copy, "import", str(export))
    again = run(capsys, "--db", copy, "import", str(export))
    reindexed = run_json(capsys, "--db", copy, "reindex")
    after = run_json(capsys, "--db", copy, "search", "Lena dog Vienna")

    assert refused[0] == 2 and "--force" in refused[2]
    assert imported["counts"]["nodes"] == 3 and imported["fts_rows"] == 3
    assert again[0] == 2 and "empty" in again[2]
    assert reindexed["fts_rows"] == 3
    assert after == before


def test_chat_without_a_model_explains_what_to_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)

    code, _, err = run(capsys, "--db", str(tmp_path), "chat")

    assert code == 2 and "OPENAI_API_KEY" in err


def test_demo_runs_offline_in_under_a_minute(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    started = time.perf_counter()

    result = run_json(capsys, "demo")

    assert time.perf_counter() - started < 60
    assert result["turns"] == 52 and result["nodes_by_type"]["episodic"] == 52
    vet = result["answers"][0]
    assert "Friday at 4 pm" in vet["context"]
    assert all(answer["context"] for answer in result["answers"])


def test_demo_refuses_a_database_that_holds_memories(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "mine.db")
    assert run(capsys, "--db", db, "remember", "My passport expires in May")[0] == 0

    code, _, err = run(capsys, "--db", db, "demo")

    assert code == 2 and "already holds memories" in err
    assert run_json(capsys, "--db", db, "stats")["nodes_by_type"] == {"semantic": 1}
