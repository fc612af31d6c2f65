"""Threads waiting to become facts: why they wait (`maintenance` says it), and
`agent-memory consolidate --thread ID` to consolidate one now.

A thread is consolidated once idle for `consolidation_idle_minutes` (30 by
default), so one still being talked in is not cut in the middle. A person who
has just ingested or recorded turns saw "done (nothing to report)" and no
facts; `maintenance` now counts the threads that wait and says why, and
`consolidate` runs one thread through the same consolidator as the nightly
step (it needs a model, like that step).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict, dataclass
from typing import Any

from ...main import Services
from .io import CliError, Output, plural
from .session import NO_MODEL, open_host

ALL = 1_000_000  # pending threads to count: every one


@dataclass
class Waiting:
    """Threads not consolidated yet: `active` ones are idle for less than
    `idle_minutes`, the others wait for the next run (or for a model)."""

    pending: int
    active: int
    idle_minutes: float
    example: str | None  # one thread still active, for the hint

    def text(self, has_model: bool) -> str:
        if not self.pending:
            return ""
        said = [f"{plural(self.pending, 'thread')} wait for consolidation into facts"]
        if self.active:
            said.append(
                f"{self.active} of them had a turn in the last"
                f" {self.idle_minutes:g} min (consolidation_idle_minutes) and wait"
                " until idle; `agent-memory consolidate --thread"
                f" {self.example}` does one now"
            )
        if not has_model:
            said.append("none is consolidated without a model")
        return "; ".join(said)


async def waiting(services: Services, now: float | None = None) -> Waiting:
    """How many threads wait, and how many only because they are not idle yet."""
    now = time.time() if now is None else now
    minutes = services.config.consolidation_idle_minutes
    sessions = services.storage.sessions
    pending = await sessions.pending_sessions(limit=ALL)
    idle = await sessions.pending_sessions(idle_before=now - minutes * 60, limit=ALL)
    idle_ids = {s.session_id for s in idle}
    active = [s.session_id for s in pending if s.session_id not in idle_ids]
    return Waiting(
        pending=len(pending),
        active=len(active),
        idle_minutes=minutes,
        example=active[-1] if active else None,
    )


def waiting_data(found: Waiting) -> dict[str, Any]:
    return asdict(found)


async def run(args: argparse.Namespace, out: Output) -> int:
    """`consolidate --thread ID`: that thread's new turns into facts, now."""
    thread = (args.thread or "").strip()
    if not thread:
        raise CliError("--thread needs the thread's id (`agent-memory list threads`)")
    async with open_host(args, embed=True) as host:
        if not host.model_router.has_model:
            raise CliError(f"consolidate needs a model; {NO_MODEL}")
        services = host.services
        keys = await services.storage.sessions.pending_keys_of(thread)
        if not keys:
            known = await services.storage.sessions.get_session(thread)
            if known is None:
                raise CliError(
                    f"no thread {thread!r}: `agent-memory list threads` shows them"
                )
        results = [await services.consolidator.consolidate(key) for key in keys]
        await host.memory.drain()
    data = [asdict(result) for result in results]
    out.result({"thread": thread, "results": data}, lambda: _text(thread, results))
    return 1 if any(r.outcome == "failed" for r in results) else 0


def _text(thread: str, results: list[Any]) -> str:
    if not results:
        return f"thread {thread}: nothing new to consolidate"
    lines = []
    for result in results:
        made = ", ".join(f"{v} {k}" for k, v in sorted(result.counts.items()))
        line = f"{result.session_id}: {result.outcome.replace('_', ' ')}"
        if result.outcome == "consolidated":
            line += f" ({plural(result.chunks, 'chunk')}{'; ' + made if made else ''})"
        if result.error:
            line += f": {result.error}"
        lines.append(line)
    return "\n".join(lines)
