"""`python -m agent_memory`: the same as the `agent-memory` command."""

import sys

from .standalone.cli.parser import main

sys.exit(main())
