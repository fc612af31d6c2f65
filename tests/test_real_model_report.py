"""bench/real_model.py reads `agent-memory maintenance --json` as the CLI writes
it: a night with nothing to tell the user (`"result": null`: every step ran,
threads a slow model did not finish stay pending with their reason) is no
crash; stdout without a report is one. CI's real-model job failed on a quiet
night read as a crash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_a_quiet_night_is_read_as_no_failed_step(tmp_path: Path) -> None:
    import real_model

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "agent_memory", "--db", str(tmp_path / "m.db")]
        return subprocess.run(
            [*command, *args], capture_output=True, text=True, check=False
        )

    assert cli("remember", "I live in Leeds").returncode == 0
    night = cli("maintenance", "--json")
    assert night.returncode == 0, night.stderr
    assert json.loads(night.stdout)["result"] is None  # the case CI met
    assert real_model.night_result(night.stdout) == {"failed_steps": [], "summary": ""}


def test_a_failed_step_and_a_missing_report_are_told_apart() -> None:
    import real_model

    failed = {
        "result": {"text": "consolidation: boom", "failed_steps": ["consolidation"]}
    }
    assert real_model.night_result(json.dumps(failed)) == {
        "failed_steps": ["consolidation"],
        "summary": "consolidation: boom",
    }
    assert real_model.night_result("Traceback (most recent call last): ...") is None
    assert real_model.night_result(json.dumps({"result": ["odd"]})) is None
