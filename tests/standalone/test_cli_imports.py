"""Reading commands must not pay for openai-agents (seconds of import time)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import agent_memory

SCRIPT = """
import sys
from agent_memory.standalone.cli.parser import main
main(["--db", sys.argv[1], "--embedder", "none", "remember", "Lena likes tea"])
code = main(["--db", sys.argv[1], "stats"])
print("agents loaded" if "agents" in sys.modules else "agents not loaded", code)
"""


def test_stats_does_not_import_openai_agents(tmp_path: Path) -> None:
    # The folder that holds the package under its import name (maybe a link).
    package_parent = Path(agent_memory.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    for key in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)

    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )

    assert done.stdout.strip().splitlines()[-1] == "agents not loaded 0"
