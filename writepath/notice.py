"""Telling the user: trouble with the store, and a host that never asks for context.

health_check is polled and the hot path runs on every turn; both report the
store's current problem here. The log gets each new reason once; the user is
told once per incident through the host's `notify_user` (contract §7), because
turns they were promised to be remembered are not on disk yet. When the memory
is healthy again, the next incident is told again.

The host as shipped never calls `get_context` (contract §4): user messages
arrive and no memory reaches the model. That is logged and told once too.

The host stops an unhealthy extension right after health_check says False, so
`flush` lets the messages on their way finish before stop() cancels the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from ..core.tasks import TaskSet

USER_MESSAGE = (
    "Memory problem: new messages cannot be saved ({problem}). They are kept in"
    " memory for now and saved when writing works again; free disk space or"
    " check the memory database's permissions."
)
# User messages without one get_context call before we say the host never asks.
UNWIRED_CONTEXT_AFTER = 3
UNWIRED_CONTEXT_WARNING = (
    "memory: {count} user messages arrived but the host never asked for memory"
    " context (get_context), so memories do not reach the model. The host wires"
    " context providers before extensions start and keeps only active ones: call"
    " `loader.wire_context_providers(router)` again after `start_all()` in the"
    " host's runner (README, 'Install into the host'). Tools still work."
)


class TroubleNotice:
    """Reports each incident once: a log line per reason, one user message."""

    def __init__(self, context: Any, logger: logging.Logger) -> None:
        self._notify = getattr(context, "notify_user", None)
        self._log = logger
        self._sending = TaskSet(logger)
        self._reason: str | None = None  # the last reason logged
        self._told = False  # the user heard about the current incident
        # The standalone host's clients (MCP, CLI) ask for context only when
        # they want it: there is no wiring to get wrong.
        self._context_asked = bool(getattr(context, "context_optional", False))
        self._unasked_messages = 0

    def update(self, problem: str | None) -> bool:
        """Record the current problem (None: healthy); True when healthy."""
        if problem is None:
            self._reason, self._told = None, False
            return True
        if problem != self._reason:
            self._log.error("memory is unhealthy: %s", problem)
            self._reason = problem
        if not self._told:
            self._told = True
            self._tell(USER_MESSAGE.format(problem=problem))
        return False

    def context_asked(self) -> None:
        """The host called get_context: it is wired."""
        self._context_asked = True

    def message_heard(self) -> None:
        """A user message arrived; after a few without get_context, say so once."""
        if self._context_asked or self._unasked_messages > UNWIRED_CONTEXT_AFTER:
            return
        self._unasked_messages += 1
        if self._unasked_messages > UNWIRED_CONTEXT_AFTER:
            text = UNWIRED_CONTEXT_WARNING.format(count=UNWIRED_CONTEXT_AFTER)
            self._log.warning(text)
            self._tell(text)

    async def flush(self, seconds: float) -> None:
        """Let the messages already on their way reach the user (bounded)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._sending.drain(), seconds)
        await self._sending.cancel()

    def _tell(self, text: str) -> None:
        if self._notify is not None:
            self._sending.spawn(self._notify(text), "notify user")
