"""MemoryExtension: the composition root the host loads (`main:MemoryExtension`).

It reads the configuration, opens storage, finds the optional pieces (embedder,
model) and wires the hot path, context injection, tools and the nightly task.
Everything host-facing follows ../shared/host-contract.md; host objects are used
by duck typing only. Event handlers never wait for the disk: a turn is queued
and the handler returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine, Mapping
from pathlib import Path
from typing import Any

from .agent import MemoryAgent, find_memory_model
from .config import MemoryConfig, load_config
from .consolidation import Consolidator
from .embeddings import Embedder, EmbeddingCapability, HostEmbedder
from .entities import EntityLinker
from .indexer import EpisodeIndexer
from .maintenance import NightlyPipeline
from .records import EpisodeDraft
from .retrieval import Retriever
from .storage import MemoryStorage
from .tools import ToolDeps, build_tools

log = logging.getLogger("agent_memory")

DB_NAME = "memory.db"
DEFAULT_THREAD = "default"
CONTEXT_TIMEOUT_S = 2.0
STOP_GRACE_S = 5.0


def _done_future() -> asyncio.Future[None]:
    future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    future.set_result(None)
    return future


def is_error_marker(text: str) -> bool:
    """The host's placeholders for a failed turn, e.g. "(Error: ...)"."""
    stripped = text.strip()
    return (
        stripped.startswith("(")
        and stripped.endswith(")")
        and (stripped.startswith("(Error") or stripped.startswith("(No agent"))
    )


class MemoryExtension:
    """Long-term memory of the agent: hot-path ingestion, context, tools, nightly."""

    ConfigModel = MemoryConfig

    def __init__(self) -> None:
        self.config = MemoryConfig()
        self.storage: MemoryStorage | None = None
        self.embedder: Embedder | None = None
        self.indexer: EpisodeIndexer | None = None
        self.linker: EntityLinker | None = None
        self.retriever: Retriever | None = None
        self.consolidator: Consolidator | None = None
        self.pipeline: NightlyPipeline | None = None
        self._memory_agent: MemoryAgent | None = None
        self._no_model_logged = False
        self._context: Any = None
        self._tools: list[Any] = []
        # What the orchestrator's tools close over; the CLI reads through it too.
        self.tool_deps: ToolDeps | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._last_thread: dict[str, str] = {}
        self._consolidating: set[str] = set()
        self._log = log

    # -- lifecycle -------------------------------------------------------------

    async def initialize(self, context: Any) -> None:
        self._context = context
        self._log = getattr(context, "logger", None) or log
        self.config = load_config(_merged_config(context))
        data_dir = Path(context.data_dir)
        self.storage = await MemoryStorage.open(
            data_dir / DB_NAME,
            dim=self.config.embedding_dimensions,
            batch_size=self.config.writer_batch_size,
        )
        self.embedder = self._find_embedder(context)
        self.linker = EntityLinker(self.storage)
        self.indexer = EpisodeIndexer(
            self.storage, self.embedder, hooks=[self.linker.on_episodes]
        )
        self.retriever = Retriever(self.storage, self.embedder, self.config)
        self._wire_write_path(context)
        context.subscribe("user_message", self.on_user_message)
        context.subscribe("agent_response", self.on_agent_response)
        subscribe_event = getattr(context, "subscribe_event", None)
        if subscribe_event is not None:
            subscribe_event("thread.completed", self.on_thread_completed)
        self._tools = self._build_tools()

    async def start(self) -> None:
        assert self.indexer is not None, "initialize() first"
        self.indexer.start()
        self._spawn(self.indexer.backfill(), "embedding backfill")
        if self.retriever is not None:
            # Intent exemplars are embedded once at start-up, not on a turn.
            self.retriever.prepare_in_background()

    async def stop(self) -> None:
        """Finish queued writes, stop background work. Safe to call twice."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.indexer is not None:
            # Give queued turns a moment to get their vectors and entity links;
            # whatever is left is embedded by the backfill at the next start.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.indexer.drain(), STOP_GRACE_S)
            await self.indexer.stop()
        if self.retriever is not None:
            await self.retriever.drain()
        if self.storage is not None:
            await self.storage.drain()

    async def destroy(self) -> None:
        if self.storage is not None:
            await self.storage.close()
            self.storage = None

    def health_check(self) -> bool:
        """False when storage is closed or its writer died (the host then stops us)."""
        return self.storage is not None and self.storage.healthy

    # -- capabilities ------------------------------------------------------------

    def get_tools(self) -> list[Any]:
        return list(self._tools)

    @property
    def context_priority(self) -> int:
        return 50

    async def get_context(self, prompt: str, turn_context: Any) -> str | None:
        """The memory block for this turn, or None. Never raises (contract §4)."""
        if self.storage is None or not prompt or not prompt.strip():
            return None
        try:
            return await asyncio.wait_for(
                self._build_context(prompt, turn_context), CONTEXT_TIMEOUT_S
            )
        except Exception:
            self._log.exception("memory context failed; the turn goes on without it")
            return None

    async def execute_task(self, task_name: str) -> dict[str, Any] | None:
        """Scheduled work. Never raises: the host would retry every minute."""
        if task_name != "run_nightly_maintenance":
            self._log.warning("unknown memory task %r ignored", task_name)
            return None
        try:
            return await self._run_nightly()
        except Exception as exc:
            self._log.exception("nightly maintenance failed")
            return {"text": f"Memory maintenance failed: {exc}"}

    # -- hot path -----------------------------------------------------------------

    def on_user_message(self, payload: Mapping[str, Any]) -> asyncio.Future[None]:
        """Queue the user's turn; switch threads if it starts a new one.

        Synchronous on purpose: the turn is queued before we return, whether or
        not the host awaits handlers. The returned future is already done, so a
        host that awaits it does not wait either.
        """
        thread = self._ingest(payload, "user")
        user = str(payload.get("user_id") or "")
        if thread is not None:
            previous = self._last_thread.get(user)
            self._last_thread[user] = thread
            if previous is not None and previous != thread:
                self.schedule_consolidation(previous)
        return _done_future()

    def on_agent_response(self, payload: Mapping[str, Any]) -> asyncio.Future[None]:
        """Queue the agent's answer (host error markers are not memories)."""
        self._ingest(payload, "orchestrator")
        return _done_future()

    async def on_thread_completed(self, event: Any) -> None:
        """Bus event, delivered at least once: consolidating twice is a no-op."""
        payload = getattr(event, "payload", None) or {}
        thread = payload.get("thread_id") if isinstance(payload, Mapping) else None
        if thread:
            self.schedule_consolidation(str(thread))

    def _ingest(self, payload: Mapping[str, Any], role: str) -> str | None:
        storage, indexer = self.storage, self.indexer
        if storage is None or indexer is None:
            return None
        text = payload.get("text")
        if not isinstance(text, str):
            self._log.warning("memory skipped a %s event without text", role)
            return None
        if not text.strip() or (role == "orchestrator" and is_error_marker(text)):
            return None
        thread = str(payload.get("thread_id") or DEFAULT_THREAD)
        attributes: dict[str, Any] = {}
        limit = self.config.max_episode_chars
        if len(text) > limit:
            attributes = {"truncated": True, "original_chars": len(text)}
            text = text[:limit]
        if payload.get("user_id") is not None:
            attributes["user_id"] = str(payload["user_id"])
        draft = EpisodeDraft(text, thread, role, time.time(), attributes)
        indexer.add(storage.submit_episode(draft))
        return thread

    # -- background work ------------------------------------------------------

    def schedule_consolidation(self, thread_id: str) -> None:
        """Consolidate a finished thread in the background (once at a time)."""
        if thread_id in self._consolidating:
            return
        self._consolidating.add(thread_id)
        self._spawn(self._consolidate_guarded(thread_id), f"consolidate {thread_id}")

    async def _consolidate_guarded(self, thread_id: str) -> None:
        try:
            await self.consolidate_thread(thread_id)
        finally:
            self._consolidating.discard(thread_id)

    async def consolidate_thread(self, thread_id: str) -> bool:
        """Consolidate a thread now; True when it ends up consolidated."""
        if self.consolidator is None:
            return False
        result = await self.consolidator.consolidate(thread_id)
        return result.outcome in ("consolidated", "already")

    def _spawn(self, coro: Coroutine[Any, Any, Any], what: str) -> None:
        task = asyncio.create_task(coro, name=f"memory: {what}")
        self._tasks.add(task)
        task.add_done_callback(self._task_done(what))

    def _task_done(self, what: str) -> Callable[[asyncio.Task[Any]], None]:
        def done(task: asyncio.Task[Any]) -> None:
            self._tasks.discard(task)
            if not task.cancelled() and task.exception() is not None:
                self._log.error(
                    "memory background task %s failed: %r", what, task.exception()
                )

        return done

    async def drain(self) -> None:
        """Wait for queued writes and indexing (tests, CLI, shutdown)."""
        if self.storage is not None:
            await self.storage.drain()
        if self.indexer is not None:
            await self.indexer.drain()
        if self.storage is not None:
            await self.storage.drain()

    # -- wiring points filled by retrieval, tools and the write path -----------

    async def _build_context(self, prompt: str, turn_context: Any) -> str | None:
        # Embeds the prompt once, leaves out the just-stored current message,
        # never raises (retrieval.Retriever.get_context).
        if self.retriever is None:
            return None
        thread_id = getattr(turn_context, "thread_id", None)
        return await self.retriever.get_context(
            prompt, thread_id=thread_id if isinstance(thread_id, str) else None
        )

    def _build_tools(self) -> list[Any]:
        assert self.storage is not None and self.retriever is not None
        self.tool_deps = ToolDeps(
            self.storage, self.retriever, self.config, self.embedder, self.linker
        )
        return list(build_tools(self.tool_deps))

    async def _run_nightly(self) -> dict[str, Any] | None:
        """The four nightly steps; text for the user only when a step failed."""
        if self.pipeline is None:
            return None
        text = (await self.pipeline.run()).summary()
        return {"text": text} if text else None

    def _wire_write_path(self, context: Any) -> None:
        assert self.storage is not None and self.retriever is not None
        self.consolidator = Consolidator(
            self.storage,
            self.retriever,
            self.config,
            self.memory_agent,
            embedder=self.embedder,
            linker=self.linker,
            history=getattr(context, "get_thread_history", None),
        )
        self.pipeline = NightlyPipeline(
            self.storage, self.config, self.memory_agent, self.consolidator
        )

    def memory_agent(self) -> MemoryAgent | None:
        """The write-path agent, or None (logged once) when no model is configured."""
        if self._memory_agent is None:
            model, source = find_memory_model(self._context)
            if model is None:
                if not self._no_model_logged:
                    self._no_model_logged = True
                    self._log.warning(
                        "memory: no model for memory_agent (%s); consolidation,"
                        " entity enrichment and causal inference are skipped and"
                        " threads stay pending",
                        source,
                    )
                return None
            self._log.info("memory: write-path model from %s", source)
            self._memory_agent = MemoryAgent(
                model, timeout_seconds=self.config.llm_timeout_seconds
            )
        return self._memory_agent

    def _find_embedder(self, context: Any) -> Embedder | None:
        router = getattr(context, "model_router", None)
        if router is None:
            self._log.info("memory: no model router; search uses FTS and graph only")
            return None
        try:
            capability = router.get_capability(EmbeddingCapability)
        except Exception as exc:
            self._log.info(
                "memory: no embedding capability (%s); FTS and graph only", exc
            )
            return None
        if capability is None:
            self._log.info("memory: no embedding capability; FTS and graph only")
            return None
        return HostEmbedder(
            capability, self.config.embedding_model, self.config.embedding_dimensions
        )


def _merged_config(context: Any) -> dict[str, Any]:
    """The merged settings: `context.config` if it is a mapping, else key by key."""
    config = getattr(context, "config", None)
    if isinstance(config, Mapping):
        return dict(config)
    values: dict[str, Any] = {}
    for key in MemoryConfig.known_keys():
        value = context.get_config(key, None)
        if value is not None:
            values[key] = value
    return values
