"""Commands must not pay for imports they do not use (openai-agents: seconds;
numpy through sqlite-vec's package: ~0.2 s of every cold command)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import agent_memory
import pytest

SCRIPT = """
import sys
from agent_memory.standalone.cli.parser import main
main(["--db", sys.argv[1], "--embedder", "none", "remember", "Lena likes tea"])
code = main(["--db", sys.argv[1], "stats"])
print("agents loaded" if "agents" in sys.modules else "agents not loaded", code)
"""
NO_MODEL_SEARCH = """
import sys
from agent_memory.standalone.cli.parser import main
from agent_memory.store.db import find_driver
main(["--db", sys.argv[1], "--embedder", "none", "remember", "Lena likes tea"])
code = main(["--db", sys.argv[1], "--embedder", "none", "search", "Lena's tea"])
print(find_driver().has_vec, "numpy" in sys.modules, code)
"""


def run(script: str, tmp_path: Path) -> str:
    """The script's last line of output, run as a fresh process on this package."""
    # The folder that holds the package under its import name (maybe a link).
    package_parent = Path(agent_memory.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    for key in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def test_stats_does_not_import_openai_agents(tmp_path: Path) -> None:
    assert run(SCRIPT, tmp_path) == "agents not loaded 0"


@pytest.mark.needs_vectors
def test_a_search_without_a_model_does_not_import_numpy(tmp_path: Path) -> None:
    # sqlite-vec is loaded (True), its package's numpy import is not (False);
    # and the search finds the fact (exit code 0).
    assert run(NO_MODEL_SEARCH, tmp_path) == "True False 0"
