"""What a tool hands the model when it raises: one place instead of a try per tool.

Both tool sets (tools.py for the orchestrator, agent_tools.py for the write path)
pass `failure_handler(...)` to `function_tool` as its `failure_error_function`,
so a tool body just calls the argument checks and lets them raise. Decisions go
by type, never by message text: an `InputError` (e.g. `toolkit.args.Invalid`) or
a pydantic `ValidationError` of the arguments is a mistake the model can fix and
comes back as an instructive message; anything else is a fault it cannot fix,
which is logged once and either answered with a short error (orchestrator: its
turn must go on) or raised (write path: the run stops, the session stays pending).
Arguments the SDK could not parse reach us as its ModelBehaviorError (the
ValidationError hidden by its log redaction): fixable for the orchestrator, a
fault that stops the run on the write path, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from ..core.errors import InputError
from .models import Problem

log = logging.getLogger(__name__)

MAX_ARGUMENT_ERRORS = 3
BAD_ARGUMENTS = (
    "the arguments do not match this tool's parameters (names, types, JSON);"
    " fix them and call again."
)
ToolErrorFunction = Callable[[Any, Exception], str]


def _chain(error: BaseException) -> list[BaseException]:
    """The error and its causes (the SDK wraps a ValidationError in its own)."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__
    return chain


def _arguments_message(error: ValidationError) -> str:
    problems = [
        f"{'.'.join(str(p) for p in item['loc']) or 'arguments'}: {item['msg']}"
        for item in error.errors()[:MAX_ARGUMENT_ERRORS]
    ]
    return "invalid arguments (" + "; ".join(problems) + "); fix them and call again."


def _is_bad_arguments(error: Exception) -> bool:
    """The SDK's error for arguments it could not parse or validate; it hides
    the ValidationError unless tool data may be logged."""
    from agents.exceptions import ModelBehaviorError  # loaded: a tool is running

    return isinstance(error, ModelBehaviorError)


def fixable_message(error: BaseException) -> str | None:
    """The instructive message for a mistake the model can fix, else None."""
    for item in _chain(error):
        if isinstance(item, InputError):
            return str(item)
        if isinstance(item, ValidationError):
            return _arguments_message(item)
    return None


def failure_handler(
    render: Callable[[str], str], *, stop_on_fault: bool
) -> ToolErrorFunction:
    """A `failure_error_function`: fixable mistakes rendered with `render`;
    faults logged, then raised (`stop_on_fault`) or answered briefly."""

    def on_failure(ctx: Any, error: Exception) -> str:
        message = fixable_message(error)
        if message is not None:
            return render(message)
        if stop_on_fault:
            raise error
        if _is_bad_arguments(error):
            return render(BAD_ARGUMENTS)
        log.error("memory tool failed: %r", error, exc_info=error)
        return render(f"the memory tool failed ({type(error).__name__}); try later.")

    return on_failure


def problem_text(message: str) -> str:
    """How the orchestrator's tools show a refusal: a `Problem` as JSON."""
    return str(Problem(error=message))


__all__ = ["failure_handler", "fixable_message", "problem_text"]
