"""Telling about trouble: a log line per new reason, one message to the user.

health_check is polled and the hot path runs on every turn; both report the
store's current problem here. The log gets each new reason once; the user is
told once per incident through the host's `notify_user` (contract §7), because
turns they were promised to be remembered are not on disk yet. When the memory
is healthy again, the next incident is told again.
"""

from __future__ import annotations

import logging
from typing import Any

from ..core.tasks import TaskSet

USER_MESSAGE = (
    "Memory problem: new messages cannot be saved ({problem}). They are kept in"
    " memory for now and saved when writing works again; free disk space or"
    " check the memory database's permissions."
)


class TroubleNotice:
    """Reports each incident once: log line per reason, one user message."""

    def __init__(self, context: Any, logger: logging.Logger, tasks: TaskSet) -> None:
        self._notify = getattr(context, "notify_user", None)
        self._log = logger
        self._tasks = tasks
        self._reason: str | None = None  # the last reason logged
        self._told = False  # the user heard about the current incident

    def update(self, problem: str | None) -> bool:
        """Record the current problem (None: healthy); True when healthy."""
        if problem is None:
            self._reason, self._told = None, False
            return True
        if problem != self._reason:
            self._log.error("memory is unhealthy: %s", problem)
            self._reason = problem
        if not self._told and self._notify is not None:
            self._told = True
            self._tasks.spawn(
                self._notify(USER_MESSAGE.format(problem=problem)), "notify user"
            )
        return False
