"""Checks on the arguments of the memory tools, shared by the tools and the CLI.

The orchestrator's tools (tools.py) and the `agent-memory` commands take the same
arguments and must refuse the same things with the same words, so the checks
live here once. Each returns the cleaned value or raises `Invalid`, whose
`problem` is what the model is handed back (the CLI prints its message instead).
"""

from __future__ import annotations

from ..core.errors import InputError
from ..core.expiry import ExpiryError, parse_expiry
from ..core.records import NODE_TYPES, NodeType
from ..retrieval import TimeFilterError, day_window, parse_time_filter
from .models import Problem

MAX_FACT_CHARS = 2000
MAX_SEARCH = 50
MAX_TIMELINE = 200
_TYPE_WORDS: dict[str, NodeType] = {
    **{t: t for t in NODE_TYPES},
    "fact": "semantic",
    "facts": "semantic",
    "episode": "episodic",
    "episodes": "episodic",
    "conversation": "episodic",
    "procedure": "procedural",
    "procedures": "procedural",
    "opinions": "opinion",
}


class Invalid(InputError):
    """An argument the caller can fix; carries the Problem to hand back.

    A ValueError, so the CLI reports it as bad input (exit code 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(error=message)


def required(value: str | None, name: str) -> str:
    text = (value or "").strip()
    if not text:
        raise Invalid(f"{name} is empty; give it a value.")
    return text


def fact_text(value: str | None, name: str) -> str:
    text = required(value, name)
    if len(text) > MAX_FACT_CHARS:
        raise Invalid(
            f"{name} is {len(text)} characters; store one atomic fact of at most "
            f"{MAX_FACT_CHARS} (split it into several calls)."
        )
    return text


def confidence(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise Invalid("confidence must be between 0.0 and 1.0.")
    return value


def threshold(value: float) -> float:
    if not 0.0 < value <= 1.0:
        raise Invalid("threshold must be above 0.0 and at most 1.0.")
    return value


def node_types(value: str | None) -> tuple[NodeType, ...]:
    text = (value or "").strip().casefold()
    if not text or text == "all":
        return ()
    if text not in _TYPE_WORDS:
        raise Invalid(
            f"unknown type {value!r}: use semantic, episodic, procedural or opinion, "
            "or leave it empty for all."
        )
    return (_TYPE_WORDS[text],)


def limit(value: int, most: int) -> int:
    if not 1 <= value <= most:
        raise Invalid(f"limit must be between 1 and {most}.")
    return value


def window(
    after: str | None, before: str | None, on: str | None = None
) -> tuple[float | None, float | None]:
    """(start, end) unix seconds of an after/before pair, or of the one day `on`;
    None where not given."""
    try:
        if on and on.strip():
            if (after and after.strip()) or (before and before.strip()):
                raise Invalid("give either a day (on) or after/before, not both.")
            return day_window(on)
        start = parse_time_filter(after) if after and after.strip() else None
        end = parse_time_filter(before) if before and before.strip() else None
    except TimeFilterError as exc:
        raise Invalid(str(exc)) from None
    if start is not None and end is not None and start >= end:
        raise Invalid("after must be earlier than before.")
    return start, end


def moment(value: str | None) -> float | None:
    """Unix seconds of a date or date-time (`--now`); None when not given."""
    if not value or not value.strip():
        return None
    try:
        return parse_time_filter(value)
    except TimeFilterError as exc:
        raise Invalid(str(exc)) from None


def expires(value: str | None, now: float) -> float | None:
    """When a fact said to last `value` ("2 weeks", "until Friday") expires;
    None when not given (the fact lasts)."""
    text = (value or "").strip()
    if not text:
        return None
    try:
        return parse_expiry(text, now)
    except ExpiryError as exc:
        raise Invalid(str(exc)) from None
