"""Running the `agent-memory` command in process, as the CLI tests do."""

from __future__ import annotations

import json
from typing import Any

import pytest
from agent_memory.standalone.cli.parser import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of one command (no embedder)."""
    code = main(["--embedder", "none", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """One command's JSON result; it must succeed."""
    code, out, err = run(capsys, "--json", *args)
    assert code == 0, err
    return json.loads(out)
