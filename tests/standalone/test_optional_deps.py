"""The `standalone` extra's packages are optional: without them the CLI still
runs, and each missing one costs exactly one log line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import agent_memory

# None in sys.modules makes `import name` raise ImportError, as if not installed.
from agent_memory.standalone.cli.parser import main

SCRIPT = """
import sys
for name in ("croniter", "tiktoken", "pysqlite3"):
    sys.modules[name] = None
from agent_memory.core.tokens import count_tokens
from agent_memory.standalone.cli.parser import main
code = main(["--embedder", "none", "--db", sys.argv[1], "maintenance"])
print(code, count_tokens("four score"))
"""


def test_the_cli_runs_without_the_standalone_extra(tmp_path: Path) -> None:
    package_parent = Path(agent_memory.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    for key in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)

    # maintenance needs a memory to work on: made here, with every part present.
    assert (
        main(["--embedder", "none", "--db", str(tmp_path / "db"), "remember", "x y"])
        == 0
    )
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "db")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )

    log = done.stderr.splitlines()
    assert done.stdout.split()[-2:] == ["0", "3"]  # exit 0; 10 chars / 4, rounded up
    assert sum("croniter" in line for line in log) == 1, done.stderr
    assert sum("tiktoken" in line for line in log) == 1, done.stderr
    # pysqlite3 is only a fallback: one line at most, when no sqlite3 loads vec.
    assert sum("sqlite" in line for line in log) <= 1, done.stderr
    assert "Traceback" not in done.stderr
