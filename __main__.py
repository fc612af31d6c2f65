"""`python -m agent_memory`: the same as the `agent-memory` command."""

import sys

from .standalone.cli import run

sys.exit(run())
