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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .agent import MemoryAgent, find_memory_model
from .core.config import MemoryConfig, load_config, merged_config
from .core.embeddings import EmbeddingService
from .core.scope import (
    AUTO_OWNER,
    NOTHING_VIEW,
    ScopeView,
    TurnScopes,
    channel_id_of,
    clean_id,
    current_view,
    set_view,
    thread_key,
)
from .core.tasks import TaskSet
from .core.text import clean_text
from .retrieval import Retriever
from .storage import open_store
from .store.interface import Store
from .store.writer import WritesFailing
from .tools import ToolDeps, build_tools
from .writepath.consolidation import Consolidator
from .writepath.entities import EntityLinker
from .writepath.indexer import EpisodeIndexer
from .writepath.ingest import ingest_turn, is_error_marker
from .writepath.nightly import NightlyPipeline
from .writepath.notice import TroubleNotice
from .writepath.vector_model import embeddings_for_store, find_embeddings

log = logging.getLogger("agent_memory")

DB_NAME = "memory.db"
DEFAULT_THREAD = "default"
OWNER_KEY = "owner_user_id"  # meta key: who owns the default scope
CONTEXT_TIMEOUT_S = 2.0
STOP_GRACE_S = 5.0
NOTICE_GRACE_S = 2.0
INDEX_CHECK_EVERY_S = 3600.0  # FTS/vector checks: whole-index reads, off the hot path


def _done_future() -> asyncio.Future[None]:
    future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    future.set_result(None)
    return future


@dataclass(frozen=True)
class Services:
    """Everything `initialize` wires, built once; the CLI and standalone host use it.

    `embeddings` is None only when there is no embedder at all (search then uses
    FTS and graph); `agent` answers None while no write-path model is configured.
    """

    config: MemoryConfig
    storage: Store
    embeddings: EmbeddingService | None
    retriever: Retriever
    indexer: EpisodeIndexer
    linker: EntityLinker
    consolidator: Consolidator
    pipeline: NightlyPipeline
    tool_deps: ToolDeps
    agent: Callable[[], MemoryAgent | None]


async def build_services(
    context: Any,
    config: MemoryConfig,
    logger: Any,
    turn_view: Callable[[], ScopeView | None] = current_view,
) -> Services:
    """Open storage and wire every part of the memory for this host context.

    `turn_view` gives the scopes a tool call may see (see MemoryExtension).
    """
    # `db_file` is the standalone host's (its --db may name any file).
    db_file = getattr(context, "db_file", None) or Path(context.data_dir) / DB_NAME
    storage = await open_store(
        Path(db_file),
        dim=config.embedding_dimensions,
        batch_size=config.writer_batch_size,
        database_url=config.database_url,
        read_only=bool(getattr(context, "read_only", False)),  # standalone reads
        embedding_model=config.embedding_model,  # which adopted vectors to keep
    )
    embeddings, reembed = await embeddings_for_store(  # one model per memory
        storage,
        find_embeddings(context, config, logger),
        config.embedding_model,
        logger,
    )
    linker = EntityLinker(storage)
    indexer = EpisodeIndexer(
        storage, embeddings, hooks=[linker.on_episodes], reembed=reembed
    )
    retriever = Retriever(storage, embeddings, config)
    agent = AgentFinder(context, config, logger)
    consolidator = Consolidator(
        storage,
        retriever,
        config,
        agent,
        embedder=embeddings,
        linker=linker,
        history=getattr(context, "get_thread_history", None),
        indexer=indexer,
    )
    return Services(
        config=config,
        storage=storage,
        embeddings=embeddings,
        retriever=retriever,
        indexer=indexer,
        linker=linker,
        consolidator=consolidator,
        pipeline=NightlyPipeline(storage, config, agent, consolidator, indexer),
        tool_deps=ToolDeps(
            storage, retriever, config, embeddings, linker, turn_view=turn_view
        ),
        agent=agent,
    )


class MemoryExtension:
    """Long-term memory of the agent: hot-path ingestion, context, tools, nightly."""

    ConfigModel = MemoryConfig

    def __init__(self) -> None:
        self.config = MemoryConfig()
        self._services: Services | None = None
        self._tools: list[Any] | None = None
        self._tasks = TaskSet(log, logging.ERROR)
        self._last_thread: dict[str, str] = {}
        self._consolidating: set[str] = set()
        self._log = log
        self._scopes: TurnScopes | None = None
        self._notice = TroubleNotice(None, log)

    @property
    def services(self) -> Services:
        """The wired memory; only between `initialize` and `destroy`."""
        if self._services is None:
            raise RuntimeError("MemoryExtension.initialize() has not run")
        return self._services

    # -- lifecycle -------------------------------------------------------------

    async def initialize(self, context: Any) -> None:
        self._log = getattr(context, "logger", None) or log
        self._tasks = TaskSet(self._log, logging.ERROR)
        self._notice = TroubleNotice(context, self._log)
        self.config = load_config(merged_config(context))
        self._services = await build_services(
            context, self.config, self._log, self.tool_view
        )
        try:
            await self._wire(context)
        except BaseException:
            # The host does not stop an extension whose initialize raised:
            # close what was opened, or its connections outlive us.
            await self._services.storage.close()
            self._services = None
            raise

    async def _wire(self, context: Any) -> None:
        """Scopes and event subscriptions, once storage is open."""
        admin = self.services.storage.admin
        self._scopes = TurnScopes(
            self.config.scope_policy(),
            auto_owner=self.config.owner_user_id == AUTO_OWNER,
            owner=await admin.get_meta(OWNER_KEY),
            # A read-only memory (a reading command) elects but does not save.
            save_owner=lambda user: (
                None
                if self._services is None or self.services.storage.read_only
                else self._tasks.spawn(admin.set_meta(OWNER_KEY, user), "owner")
            ),
            logger=self._log,
        )
        context.subscribe("user_message", self.on_user_message)
        context.subscribe("agent_response", self.on_agent_response)
        subscribe_event = getattr(context, "subscribe_event", None)
        if subscribe_event is not None:
            subscribe_event("thread.completed", self.on_thread_completed)

    async def start(self) -> None:
        services = self.services
        # Intent exemplars are embedded once at start-up, not on a turn.
        services.retriever.prepare_in_background()
        if services.storage.read_only:
            return  # a reading command: no background writes, no index checks
        services.indexer.start()
        self._tasks.spawn(services.indexer.backfill(), "embedding backfill")
        self._tasks.spawn(self._check_indexes(), "index checks")

    async def stop(self) -> None:
        """Finish queued writes, stop background work. Safe to call twice."""
        # An unhealthy memory is stopped right after telling the user: let
        # that message out first.
        await self._notice.flush(NOTICE_GRACE_S)
        await self._tasks.cancel()
        if self._services is None:
            return
        services = self._services
        # Give queued turns a moment to get their vectors and entity links;
        # whatever is left is embedded by the backfill at the next start.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(services.indexer.drain(), STOP_GRACE_S)
        await services.indexer.stop()
        await services.retriever.drain()
        with contextlib.suppress(WritesFailing):  # close() logs what is lost
            await services.storage.drain()

    async def destroy(self) -> None:
        if self._services is not None:
            await self._services.storage.close()
            self._services = None

    def health_check(self) -> bool:
        """False (the host then stops us) when the writer died, writes keep
        failing or turns are held unwritten, or the FTS or vector index is
        damaged; the reason is logged once and the user told once. Polled every
        30 s and sync: it reads cached state only."""
        if self._services is None:
            return False
        return self._notice.update(self._services.storage.health_problem)

    async def _check_indexes(self) -> None:
        """The index checks health_check reports, now and then every hour."""
        while True:
            await self.services.storage.check_indexes()
            await asyncio.sleep(INDEX_CHECK_EVERY_S)

    # -- capabilities ------------------------------------------------------------

    def get_tools(self) -> list[Any]:
        # Built on the first call, so a CLI command that never asks for the
        # tools never loads openai-agents.
        if self._tools is None:
            self._tools = list(build_tools(self.services.tool_deps))
        return list(self._tools)

    @property
    def context_priority(self) -> int:
        return 50

    def turn_view(self, user_id: Any, channel_id: Any) -> ScopeView:
        """The scopes of a turn (core/scope.py, one rule for every read)."""
        if self._scopes is None:
            return NOTHING_VIEW
        return self._scopes.view(user_id, channel_id)

    def tool_view(self) -> ScopeView:
        """The scopes a tool call sees (this turn's, or the latest message's)."""
        return NOTHING_VIEW if self._scopes is None else self._scopes.for_tool()

    async def get_context(self, prompt: str, turn_context: Any) -> str | None:
        """The memory block for this turn, or None. Never raises (contract §4).

        Sets the turn's scope view first: the host runs the agent in this same
        task right after, so every tool call of the turn sees it (§4).
        """
        try:
            view = self.turn_view(
                getattr(turn_context, "user_id", None),
                getattr(turn_context, "channel_id", None),
            )
        except Exception:
            self._log.exception("memory scope failed; the turn reads nothing")
            view = NOTHING_VIEW
        set_view(view)
        self._notice.context_asked()
        if self._services is None or not isinstance(prompt, str):
            return None
        # Outside text: cleaned; no more of it read than a turn would store.
        prompt = clean_text(prompt[: self.config.max_episode_chars])
        if not prompt.strip():
            return None
        # The thread the hot path stored this turn in (a missing id: the default).
        thread_id = getattr(turn_context, "thread_id", None)
        thread = (clean_id(thread_id) if isinstance(thread_id, str) else None) or (
            DEFAULT_THREAD
        )
        # The turn's time, where a caller gives one (the CLI's --now).
        now = getattr(turn_context, "now", None)
        try:
            # Embeds the prompt once, leaves out the just-stored current message.
            return await asyncio.wait_for(
                self._services.retriever.get_context(
                    prompt,
                    thread_id=thread_key(thread, view.write),
                    now=now if isinstance(now, int | float) else None,
                ),
                CONTEXT_TIMEOUT_S,
            )
        except TimeoutError:  # the bound doing its job (a busy machine), not a bug
            self._log.warning(
                "memory context took over %ss; skipped", CONTEXT_TIMEOUT_S
            )
            return None
        except Exception:
            self._log.exception("memory context failed; the turn goes on without it")
            return None

    async def execute_task(self, task_name: str) -> dict[str, Any] | None:
        """Scheduled work. Never raises: the host would retry every minute."""
        if task_name != "run_nightly_maintenance":
            self._log.warning("unknown memory task %r ignored", task_name)
            return None
        try:
            # The four nightly steps; text for the user only when a step failed.
            # `failed_steps` names them for callers that decide by structure (the
            # CLI's exit code); the host reads only `text`.
            report = await self.services.pipeline.run()
        except Exception as exc:
            self._log.exception("nightly maintenance failed")
            return {
                "text": f"Memory maintenance failed: {exc}",
                "failed_steps": ["nightly_maintenance"],
            }
        text = report.summary()
        if not text:
            return None
        return {"text": text, "failed_steps": [s.step for s in report.errors]}

    # -- hot path -----------------------------------------------------------------

    def on_user_message(self, payload: Mapping[str, Any]) -> asyncio.Future[None]:
        """Queue the user's turn; switch threads if it starts a new one.

        Synchronous on purpose: the turn is queued before we return, whether or
        not the host awaits handlers. The returned future is already done, so a
        host that awaits it does not wait either.
        """
        thread = self._ingest(payload, "user")
        self._notice.message_heard()
        user = str(payload.get("user_id") or "")
        if self._scopes is not None:
            with contextlib.suppress(Exception):
                self._scopes.heard(
                    payload.get("user_id"), channel_id_of(payload.get("channel"))
                )
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
        raw = payload.get("thread_id") if isinstance(payload, Mapping) else None
        thread = clean_id(raw)  # outside text, like the hot path's thread ids
        if not thread or self._services is None:
            return
        # The host names its thread; each user's turns in it are stored under
        # a scoped key (core/scope.thread_key): consolidate every one of them.
        try:
            keys = await self._services.storage.sessions.pending_keys_of(thread)
        except Exception:  # a busy or damaged file: the bare id, the sweep the rest
            self._log.exception("memory could not list the threads of %r", thread)
            keys = []
        for key in keys or [thread]:
            self.schedule_consolidation(key)

    def _ingest(self, payload: Mapping[str, Any], role: str) -> str | None:
        if self._services is None:
            return None  # an event after destroy()
        text = payload.get("text")
        if not isinstance(text, str):
            self._log.warning("memory skipped a %s event without text", role)
            return None
        if not text.strip() or (role == "orchestrator" and is_error_marker(text)):
            return None
        view = self._event_view(payload)
        if view is NOTHING_VIEW:
            return None  # no user and no_user_scope: drop
        raw_thread = clean_id(payload.get("thread_id")) or DEFAULT_THREAD
        thread = thread_key(raw_thread, view.write)
        user = payload.get("user_id")
        ingest_turn(
            self._services.storage,
            self._services.indexer,
            text,
            thread_id=thread,
            role=role,
            limit=self.config.max_episode_chars,
            attributes={"user_id": str(user)} if user is not None else None,
            redact=self.config.redactor(),
            scope=view.write,
            hold=True,
        )
        self.health_check()  # a disk that refuses turns is told at once
        return thread

    def _event_view(self, payload: Mapping[str, Any]) -> ScopeView:
        return self.turn_view(
            payload.get("user_id"), channel_id_of(payload.get("channel"))
        )

    # -- background work ------------------------------------------------------

    def schedule_consolidation(self, thread_id: str) -> None:
        """Consolidate a finished thread in the background (once at a time)."""
        if thread_id in self._consolidating:
            return
        self._consolidating.add(thread_id)
        self._tasks.spawn(
            self._consolidate_guarded(thread_id), f"consolidate {thread_id}"
        )

    async def _consolidate_guarded(self, thread_id: str) -> None:
        try:
            await self.consolidate_thread(thread_id)
        finally:
            self._consolidating.discard(thread_id)

    async def consolidate_thread(self, thread_id: str) -> bool:
        """Consolidate a thread now; True when it ends up consolidated."""
        result = await self.services.consolidator.consolidate(thread_id)
        return result.outcome in ("consolidated", "already")

    async def drain(self) -> None:
        """Wait for queued writes and indexing (tests, CLI, shutdown)."""
        services = self.services
        await services.retriever.drain()  # the batched access counts
        await services.storage.drain()
        await services.indexer.drain()
        await services.storage.drain()


class AgentFinder:
    """The write-path agent, found on first use; None (logged once) without a model."""

    def __init__(self, context: Any, config: MemoryConfig, logger: Any) -> None:
        self._context = context
        self._config = config
        self._log = logger
        self._agent: MemoryAgent | None = None
        self._no_model_logged = False

    def __call__(self) -> MemoryAgent | None:
        if self._agent is None:
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
            self._agent = MemoryAgent(
                model, timeout_seconds=self._config.llm_timeout_seconds
            )
        return self._agent
