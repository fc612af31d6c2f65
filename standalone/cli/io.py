"""What the CLI prints: one result as text or JSON, narration, a progress bar."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from ...core.errors import InputError
from ...core.text import plural

__all__ = ["CliError", "Output", "ProgressBar", "plural"]

INTERRUPTED = 130  # the shell's code for a command stopped by Ctrl-C


class CliError(InputError):
    """Bad input from the user: printed as one line, exit code 2."""


class Output:
    """Prints results as text or as one JSON document."""

    def __init__(self, as_json: bool, stream: TextIO | None = None) -> None:
        self.as_json = as_json
        self.stream = stream or sys.stdout

    def result(self, data: Any, text: str | Callable[[], str]) -> None:
        if self.as_json:
            json.dump(data, self.stream, ensure_ascii=False, indent=2, default=str)
            self.stream.write("\n")
        else:
            self.stream.write((text() if callable(text) else text).rstrip() + "\n")

    def error(self, message: str, code: int, kind: str = "error") -> None:
        """A failure: JSON on stdout for scripts, else one line on stderr."""
        if self.as_json:
            data = {"error": message, "exit_code": code}
            json.dump(data, self.stream, ensure_ascii=False, indent=2)
            self.stream.write("\n")
        else:
            print(f"agent-memory: {kind}: {message}", file=sys.stderr)

    def note(self, text: str) -> None:
        """A hint beside the result: on stderr, so stdout stays the result."""
        note(text)

    def say(self, text: str) -> None:
        """Narration for humans; silent in JSON mode so stdout stays parseable."""
        if not self.as_json:
            self.stream.write(text.rstrip() + "\n")


def note(text: str) -> None:
    """A hint beside the result: on stderr, so stdout stays the result. A path
    the OS gave as bytes that are not UTF-8 is shown with "?" for them."""
    shown = text.encode("utf-8", "replace").decode("utf-8")
    print(f"note: {shown}", file=sys.stderr)


class ProgressBar:
    """`[#####.....] 50/100 label` on stderr, redrawn in place on a terminal;
    elsewhere (a log, a pipe) one plain line every `every` seconds and at the end."""

    def __init__(
        self, label: str, stream: TextIO | None = None, *, every: float = 5.0
    ) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty()
        self.every = every
        self._last_line = time.monotonic()
        self._finished = False

    def __call__(self, done: int, total: int) -> None:
        if total <= 0 or self._finished:
            return
        done = min(done, total)
        self._finished = done >= total
        if self.terminal:
            width = 30
            filled = width * done // total
            bar = "#" * filled + "." * (width - filled)
            self.stream.write(f"\r[{bar}] {done}/{total} {self.label}")
            if self._finished:
                self.stream.write("\n")
        elif self._finished or time.monotonic() - self._last_line >= self.every:
            self._last_line = time.monotonic()
            percent = 100 * done // total
            self.stream.write(f"{self.label}: {done}/{total} ({percent}%)\n")
        self.stream.flush()
