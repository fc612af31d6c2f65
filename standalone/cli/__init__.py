"""The `agent-memory` command (parser.py builds it; the bodies live beside it)."""

from __future__ import annotations

import sys

from .io import INTERRUPTED


def run() -> int:
    """`main()`, with Ctrl-C at any moment ending in one line and code 130:
    also while the modules load, which takes a few hundred milliseconds and
    used to end in a traceback through the import machinery."""
    try:
        from .parser import main

        return main()
    except KeyboardInterrupt:
        print("agent-memory: stopped: interrupted", file=sys.stderr)
        return INTERRUPTED
