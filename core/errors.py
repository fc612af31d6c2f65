"""One exception hierarchy, so callers decide by type, never by message text.

`InputError` is a mistake the caller can fix (bad date, unknown id, malformed
file): the CLI exits 2 and a tool answers with an instructive message.
`OperationError` is a failure at run time (disk, closed writer, a step that
failed): the CLI exits 1. Both stay `ValueError` / `RuntimeError` subclasses so
code written against the builtins keeps working.
"""

from __future__ import annotations


class AgentMemoryError(Exception):
    """Base of every error agent-memory raises on purpose."""


class InputError(AgentMemoryError, ValueError):
    """Bad input from outside: fixable by whoever sent it."""


class OperationError(AgentMemoryError, RuntimeError):
    """Something failed while running: the input was fine."""


def install_hint(extra: str) -> str:
    """How to add an optional part. agent-memory is installed from its clone (it
    is not on the package registry), so the hint names the clone's folder."""
    return f"pip install -e '.[{extra}]' in the agent-memory folder"
