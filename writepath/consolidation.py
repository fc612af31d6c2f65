"""Consolidating a thread: its episodes, chunk by chunk, through the MemoryAgent.

Shaped around failure. A thread is consolidated in chunks of
`consolidation_chunk_size` episodes, read page by page after the thread's
`consolidated_until_id`; each chunk that succeeds moves that mark forward, so a
thread that goes on after consolidation, or a retry after a failure, resumes
where it stopped. A chunk succeeds only when the run ends without error AND the
model called `mark_session_consolidated`; anything else (model error, timeout,
malformed tool arguments, a model that just stops) records the failure and
leaves the thread pending. Facts a failed run already wrote are found again by
text and source episodes when the chunk is retried (agent_tools), so a retry
creates no duplicates. Consolidating a consolidated thread is a no-op, which
makes the at-least-once `thread.completed` event harmless.

Turns the host's events missed can be recovered from `get_thread_history`
(host-contract §7) before a thread is consolidated; they are compared with the
stored episodes as a multiset of normalised texts, so nothing is stored twice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..agent import MemoryAgent
from ..core.config import MemoryConfig
from ..core.embeddings import EmbeddingService
from ..core.errors import OperationError
from ..core.scope import DEFAULT_SCOPE, using_view, view_of_scope
from ..core.text import fold
from ..retrieval import Retriever
from ..store.interface import Store
from .entities import EntityLinker
from .indexer import EpisodeIndexer
from .ingest import ingest_turn

if TYPE_CHECKING:  # agent_tools loads openai-agents; only a run needs it
    from ..agent_tools import WriteContext

log = logging.getLogger(__name__)

HistoryFn = Callable[[str], Awaitable[list[Any] | None]]
AgentSource = Callable[[], MemoryAgent | None]
Outcome = Literal["consolidated", "already", "empty", "no_model", "failed"]
MAX_THREAD_EPISODES = 1_000_000  # compared with a recovered history
ROLES = {"user": "user", "assistant": "orchestrator"}
MAX_FAILURES_IN_A_ROW = 3  # a sweep stops after this many failed threads
# A thread whose last this many attempts failed is left for a person (`agent-memory
# consolidate`, or new turns): a model that always chokes on it must not spend
# every night on it. It stays pending with its reason.
MAX_ATTEMPTS = 3
SWEEP_BUDGET_SECONDS = 45 * 60  # no new thread is started after this long


class ChunkNotFinished(OperationError):
    """The model ended its run without calling mark_session_consolidated."""


@dataclass
class ConsolidationResult:
    session_id: str
    outcome: Outcome
    chunks: int = 0
    recovered: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    error: str | None = None


class Consolidator:
    """Consolidates threads; safe to call repeatedly and concurrently."""

    def __init__(
        self,
        storage: Store,
        retriever: Retriever,
        config: MemoryConfig,
        agent: AgentSource,
        *,
        embedder: EmbeddingService | None = None,
        linker: EntityLinker | None = None,
        history: HistoryFn | None = None,
        indexer: EpisodeIndexer | None = None,
    ) -> None:
        self._storage = storage
        self._retriever = retriever
        self._config = config
        self._agent = agent
        self._embedder = embedder
        self._linker = linker
        self._history = history
        self._indexer = indexer
        self._locks: dict[str, asyncio.Lock] = {}
        self.budget_seconds = SWEEP_BUDGET_SECONDS

    async def consolidate(self, session_id: str) -> ConsolidationResult:
        """Consolidate what is new in the thread; see the module docstring."""
        lock = self._locks.setdefault(session_id, asyncio.Lock())
        scope = await self._storage.sessions.session_scope(session_id)
        # Facts derived from a thread keep its scope: every read and write of
        # this consolidation runs in the thread's scope only.
        # The host's transcript of a thread may hold several people's turns (a
        # group chat): turns are recovered from it only while the memory holds
        # one person's scope (one user so far, or scope_mode single).
        single = scope == DEFAULT_SCOPE and (
            self._config.scope_mode == "single"
            or not await self._storage.nodes.has_other_scopes()
        )
        with using_view(view_of_scope(scope)):
            async with lock:
                recovered = await self._recover(session_id) if single else 0
                result = await self._consolidate(session_id)
                result.recovered = recovered
                return result

    async def sweep(self, now: float | None = None) -> dict[str, int]:
        """Consolidate pending threads idle for `consolidation_idle_minutes`."""
        now = time.time() if now is None else now
        idle_before = now - self._config.consolidation_idle_minutes * 60
        pending = await self._storage.sessions.pending_sessions(idle_before=idle_before)
        counts: Counter[str] = Counter(pending=len(pending))
        if pending and self._agent() is None:
            counts["skipped_no_model"] = len(pending)
            return dict(counts)
        failures = 0
        started = time.monotonic()
        for done, state in enumerate(pending):
            if state.attempts >= MAX_ATTEMPTS and state.last_error:
                counts["gave_up"] += 1  # still pending, with its last error
                continue
            if time.monotonic() - started > self.budget_seconds:
                counts["out_of_time"] = len(pending) - done
                break
            result = await self.consolidate(state.session_id)
            counts[result.outcome] += 1
            failures = failures + 1 if result.outcome == "failed" else 0
            if failures >= MAX_FAILURES_IN_A_ROW:
                # The endpoint is likely down: with a timeout per thread, going
                # on would block the host's scheduler for hours.
                counts["stopped_early"] = 1
                break
            counts.update(result.counts)
            if result.recovered:
                counts["recovered"] += result.recovered
        return dict(counts)

    async def _consolidate(self, session_id: str) -> ConsolidationResult:
        state = await self._storage.sessions.get_session(session_id)
        if state is None:
            return ConsolidationResult(session_id, "empty")
        if state.status == "consolidated":
            return ConsolidationResult(session_id, "already")
        agent = self._agent()
        if agent is None:
            return ConsolidationResult(session_id, "no_model")
        result = ConsolidationResult(session_id, "consolidated")
        after = state.consolidated_until_id
        while True:
            chunk = await self._storage.sessions.session_episodes(
                session_id,
                after_id=after,
                limit=self._config.consolidation_chunk_size,
            )
            if not chunk:
                break
            context = self.write_context(session_id=session_id, episodes=chunk)
            try:
                await agent.run("consolidation", context)
                if not context.finished:
                    raise ChunkNotFinished("the model stopped before finishing")
            except Exception as exc:  # the model is a process boundary
                return await self._failed(result, exc, context.counts)
            after = chunk[-1].id
            await self._storage.sessions.mark_session_consolidated(session_id, after)
            result.chunks += 1
            _add(result.counts, context.counts)
        return result

    def write_context(self, **fields: Any) -> WriteContext:
        """A fresh context for one MemoryAgent run (the nightly steps use it too,
        so every write-path run touches the same storage, indexes and linker)."""
        from ..agent_tools import WriteContext

        return WriteContext(
            storage=self._storage,
            retriever=self._retriever,
            embedder=self._embedder,
            linker=self._linker,
            decay_rate=self._config.decay_rate_default,
            redact=self._config.redactor(),
            **fields,
        )

    async def _failed(
        self, result: ConsolidationResult, exc: Exception, counts: dict[str, int]
    ) -> ConsolidationResult:
        error = f"{type(exc).__name__}: {exc}".strip()
        await self._storage.sessions.record_session_failure(result.session_id, error)
        log.warning(
            "consolidating thread %s failed; it stays pending: %s",
            result.session_id,
            error,
        )
        _add(result.counts, counts)
        result.outcome, result.error = "failed", error
        return result

    # -- recovering turns the events missed -----------------------------------

    async def _recover(self, session_id: str) -> int:
        if self._history is None:
            return 0
        try:
            items = await self._history(session_id)
        except Exception as exc:  # host boundary: consolidate what we have
            log.warning("thread history of %s unavailable: %s", session_id, exc)
            return 0
        limit = self._config.max_episode_chars
        redact = self._config.redactor()
        turns = [t for t in (_turn(item) for item in items or []) if t]
        if not turns:
            return 0
        stored = Counter(fold(text) for text in await self._stored_texts(session_id))
        missing = []
        for role, text, when in turns:
            key = fold(redact(text)[:limit])  # stored turns: scrubbed, then cut
            if stored[key] > 0:
                stored[key] -= 1
            else:
                missing.append((role, text, when))
        for role, text, when in missing:
            await ingest_turn(
                self._storage,
                self._indexer,
                text,
                thread_id=session_id,
                role=role,
                limit=limit,
                when=when,
                attributes={"recovered": True},
                redact=redact,
            )
        if missing:
            log.info("recovered %d turns of thread %s", len(missing), session_id)
        return len(missing)

    async def _stored_texts(self, session_id: str) -> list[str]:
        # Soft-deleted turns count too: a turn the user made us forget must
        # not come back from the host's transcript.
        nodes = await self._storage.nodes.list_nodes(
            types=("episodic",),
            session_id=session_id,
            newest_first=False,
            limit=MAX_THREAD_EPISODES,
            history=True,
        )
        return [node.content for node in nodes]


def _turn(item: Any) -> tuple[str, str, float] | None:
    """(our role, text, time) of a user/assistant message item, else None."""
    if not isinstance(item, dict) or item.get("role") not in ROLES:
        return None
    text = _text(item.get("content")).strip()
    if not text:
        return None
    when = item.get("created_at")
    stamp = float(when) if isinstance(when, int | float) else time.time()
    return ROLES[item["role"]], text, stamp


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _add(total: dict[str, int], more: dict[str, int]) -> None:
    for key, value in more.items():
        total[key] = total.get(key, 0) + value
