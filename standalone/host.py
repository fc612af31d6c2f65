"""A small in-process host, so the extension runs without the big one.

It implements what ../shared/host-contract.md describes and nothing more: a
context object, a message router (one dict per handler, inline, errors logged
and ignored), an event bus (async handlers, one event object each), a scheduler
(the manifest's cron lines in UTC) and a model router (a chat model and an
embedding capability found from the environment). The extension is loaded
exactly as the host does it (no constructor arguments, load → initialize →
get_tools once → start), so running it here shows it depends on the contract
only. The CLI, the demo and the tests drive the memory through this class.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..agent import close_model, model_from_env
from ..core.embeddings import Embedder, Role, takes_roles
from ..core.errors import install_hint
from ..main import MemoryExtension, Services

log = logging.getLogger("agent_memory.host")

ROOT = Path(__file__).resolve().parent.parent  # the extension folder
Handler = Callable[[Any], Any]


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/agent-memory`, else `~/.local/share/agent-memory`."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "agent-memory"


def load_manifest(extension_dir: Path = ROOT) -> dict[str, Any]:
    """The extension's manifest.yaml as a dict (it must say `id: memory`)."""
    manifest = yaml.safe_load((extension_dir / "manifest.yaml").read_text("utf-8"))
    if not isinstance(manifest, dict) or manifest.get("id") != "memory":
        raise ValueError(f"{extension_dir}/manifest.yaml is not the memory manifest")
    return manifest


# -- events ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BusEvent:
    """What a bus handler receives (the host's event object)."""

    topic: str
    payload: dict[str, Any]
    source: str = "host"
    correlation_id: str | None = None
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created_at: float = field(default_factory=time.time)


async def _call(handler: Handler, argument: Any, what: str) -> None:
    """Run one handler; await what it returns if awaitable; log, never raise."""
    try:
        result = handler(argument)
        if inspect.isawaitable(result):
            await result
    except Exception:
        log.exception("%s handler %r failed", what, handler)


class MessageRouter:
    """Router events: each handler gets one dict, inline, one after another."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def subscribe(self, event: str, handler: Handler) -> None:
        self._handlers.setdefault(event, []).append(handler)

    def unsubscribe(self, event: str, handler: Handler) -> None:
        handlers = self._handlers.get(event, [])
        if handler in handlers:
            handlers.remove(handler)

    async def dispatch(self, event: str, payload: Mapping[str, Any]) -> None:
        for handler in list(self._handlers.get(event, [])):
            await _call(handler, dict(payload), event)


class EventBus:
    """Bus events: async handlers, each receiving a `BusEvent`."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    def subscribe(self, topic: str, handler: Handler) -> None:
        self._handlers.setdefault(topic, []).append(handler)

    async def publish(
        self,
        topic: str,
        payload: Mapping[str, Any],
        *,
        source: str = "host",
        correlation_id: str | None = None,
    ) -> BusEvent:
        event = BusEvent(topic, dict(payload), source, correlation_id)
        for handler in list(self._handlers.get(topic, [])):
            await _call(handler, event, topic)
        return event


# -- scheduler --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Schedule:
    name: str
    cron: str
    task: str


def _load_croniter() -> Any:
    """croniter, or None (one log line): it comes with the `standalone` extra."""
    try:
        from croniter import croniter
    except ImportError:
        log.warning(
            "croniter is not installed (%s): schedules do not fire on their own;"
            " `agent-memory maintenance` runs them",
            install_hint("standalone"),
        )
        return None
    return croniter


class Scheduler:
    """The manifest's schedules: cron in UTC, checked on each `tick`.

    A schedule fires when a cron time falls in (previous check, now]. Tasks run
    one after another; a `{"text": ...}` result goes to `notify`.
    """

    def __init__(
        self,
        schedules: list[Schedule],
        run: Callable[[str], Awaitable[dict[str, Any] | None]],
        notify: Callable[[str], Awaitable[None]],
        *,
        now: dt.datetime | None = None,
    ) -> None:
        self._croniter = _load_croniter()
        for schedule in schedules:
            if self._croniter and not self._croniter.is_valid(schedule.cron):
                raise ValueError(
                    f"schedule {schedule.name}: bad cron {schedule.cron!r}"
                )
        self.schedules = schedules
        self._run = run
        self._notify = notify
        self._last = now or dt.datetime.now(dt.UTC)

    @classmethod
    def from_manifest(
        cls,
        manifest: Mapping[str, Any],
        run: Callable[[str], Awaitable[dict[str, Any] | None]],
        notify: Callable[[str], Awaitable[None]],
        *,
        now: dt.datetime | None = None,
    ) -> Scheduler:
        schedules = [
            Schedule(str(s["name"]), str(s["cron"]), str(s.get("task") or s["name"]))
            for s in manifest.get("schedules") or []
        ]
        return cls(schedules, run, notify, now=now)

    def due(self, now: dt.datetime) -> list[Schedule]:
        """Schedules with a cron time in (last check, now]; none without croniter."""
        if self._croniter is None:
            return []
        cron = self._croniter
        return [
            s
            for s in self.schedules
            if cron(s.cron, self._last).get_next(dt.datetime) <= now
        ]

    async def tick(self, now: dt.datetime | None = None) -> list[str]:
        """Run what is due; returns the names of the tasks run."""
        now = now or dt.datetime.now(dt.UTC)
        due = self.due(now)
        self._last = now
        for schedule in due:
            result = await self._run(schedule.task)
            if result and result.get("text"):
                await self._notify(str(result["text"]))
        return [s.task for s in due]

    async def run_forever(self, interval: float = 60.0) -> None:
        while True:
            await asyncio.sleep(interval)
            await self.tick()


# -- models -----------------------------------------------------------------------


class EmbeddingAdapter:
    """Our `Embedder` offered as the host's embedding capability."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        # Not in the host's contract: our own embedders may take a role.
        self.roles = takes_roles(embedder)

    async def embed_batch(
        self, texts: list[str], model: str, role: Role = "passage"
    ) -> list[list[float] | None]:
        if self.roles:
            return await self.embedder.embed_batch(texts, role=role)  # type: ignore[call-arg]
        return await self.embedder.embed_batch(texts)


def embedder_model(embedder: Embedder) -> str:
    """The name of the model behind an embedder (its class name if it has none)."""
    return str(getattr(embedder, "model", None) or type(embedder).__name__)


class ModelRouter:
    """`get_model(agent_id)` and `get_capability(protocol)` as the host has them.

    Models come from a factory (the CLI passes `model_factory_from_env`); with none,
    `get_model` raises KeyError like the host does when nothing is configured.
    """

    def __init__(
        self,
        *,
        embedder: Embedder | None = None,
        model_factory: Callable[[str], Any] | None = None,
    ) -> None:
        self._capability = EmbeddingAdapter(embedder) if embedder else None
        self._model_factory = model_factory
        self._models: list[Any] = []  # handed out: closed by `aclose`

    @property
    def has_model(self) -> bool:
        return self._model_factory is not None

    def get_model(self, agent_id: str) -> Any:
        if self._model_factory is None:
            raise KeyError(agent_id)
        model = self._model_factory(agent_id)
        self._models += [] if any(model is m for m in self._models) else [model]
        return model

    async def aclose(self) -> None:
        """Close the models' HTTP clients (the host owns its models' lifetime)."""
        models, self._models = self._models, []
        for model in models:
            await close_model(model)

    def get_capability(self, protocol: type) -> Any:
        if self._capability is None:
            return None
        # The real host matches its own class by identity (contract §7); here
        # there is no host class, so the method names decide.
        wanted = [n for n in dir(protocol) if not n.startswith("_")]
        if all(hasattr(self._capability, name) for name in wanted):
            return self._capability
        return None


def model_factory_from_env() -> Callable[[str], Any] | None:
    """The environment's chat model (agent.model_from_env) for every agent id, or
    None when neither OPENAI_API_KEY nor OPENAI_BASE_URL is set."""
    if not (os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL")):
        return None

    built: list[Any] = []  # the model is built on first use: it loads openai-agents

    def factory(agent_id: str) -> Any:
        if not built:
            built.append(model_from_env())
        return built[0]

    return factory


# -- context and host -------------------------------------------------------------


@dataclass
class TurnContext:
    agent_id: str | None = "orchestrator"
    channel_id: str | None = "cli"
    user_id: str | None = "local"
    thread_id: str | None = None
    now: float | None = None  # the turn's time (CLI --now); the host has none


@dataclass(frozen=True, slots=True)
class Channel:
    """The host passes a channel object, not an id."""

    id: str = "cli"
    name: str = "standalone"


class HostContext:
    """The context object handed to `initialize` (contract §7)."""

    def __init__(
        self,
        *,
        data_dir: Path,
        extension_dir: Path,
        config: Mapping[str, Any],
        router: MessageRouter,
        bus: EventBus,
        model_router: ModelRouter | None,
        logger: logging.Logger,
    ) -> None:
        self.data_dir = data_dir
        self.extension_dir = extension_dir
        self.config = dict(config)
        self.logger = logger
        self.model_router = model_router
        self.notifications: list[str] = []
        self.db_file: Path | None = None  # None: data_dir / memory.db
        self.read_only = False  # open the database read-only (standalone only)
        # MCP clients and the CLI ask for context when they want it: never warn
        # that get_context is not called (that is the real host's wiring).
        self.context_optional = True
        self._router = router
        self._bus = bus

    def get_config(self, key: str, default: Any = None) -> Any:
        return self.config.get(key, default)

    def subscribe(self, event: str, handler: Handler) -> None:
        self._router.subscribe(event, handler)

    def unsubscribe(self, event: str, handler: Handler) -> None:
        self._router.unsubscribe(event, handler)

    def subscribe_event(self, topic: str, handler: Handler) -> None:
        self._bus.subscribe(topic, handler)

    async def emit(self, topic: str, payload: Mapping[str, Any]) -> None:
        await self._bus.publish(topic, payload, source="memory")

    async def notify_user(self, text: str, channel_id: str | None = None) -> None:
        self.notifications.append(text)
        self.logger.info("memory says: %s", text)

    async def get_thread_history(self, thread_id: str) -> list[dict[str, Any]] | None:
        return None  # the standalone host keeps no transcripts of its own

    async def get_secret(self, name: str) -> str | None:
        return os.environ.get(name)


class StandaloneHost:
    """Loads the memory extension and feeds it turns, bus events and schedules.

    Use as `async with StandaloneHost(data_dir) as host:`; `host.memory` is the
    extension, `host.tools` the tool list it gave once before `start()` (left empty with
    `tools=False`, which the CLI uses so reading commands skip openai-agents).
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        settings: Mapping[str, Any] | None = None,
        embedder: Embedder | None = None,
        model_factory: Callable[[str], Any] | None = None,
        extension_dir: Path = ROOT,
        tools: bool = True,
        logger: logging.Logger | None = None,
        db_file: Path | None = None,
        read_only: bool = False,
    ) -> None:
        self.manifest = load_manifest(extension_dir)
        config = {**(self.manifest.get("config") or {}), **dict(settings or {})}
        if embedder is not None:
            # The vectors come from this embedder whatever `embedding_model`
            # says (the adapter ignores the name); adoption keeps the host's
            # old vectors only when they are this model's (store/adopt_rows.py).
            config["embedding_model"] = embedder_model(embedder)
        self.router = MessageRouter()
        self.bus = EventBus()
        self.model_router = ModelRouter(embedder=embedder, model_factory=model_factory)
        self.context = HostContext(
            data_dir=Path(data_dir),
            extension_dir=extension_dir,
            config=config,
            router=self.router,
            bus=self.bus,
            model_router=self.model_router,
            logger=logger or logging.getLogger("agent_memory.ext"),
        )
        # Not in the host contract: only the standalone host names its own file.
        self.context.db_file = db_file
        self.context.read_only = read_only  # reading commands: nothing written
        self.memory = MemoryExtension()
        self.tools: list[Any] = []
        self._want_tools = tools
        self.scheduler = Scheduler.from_manifest(
            self.manifest, self.memory.execute_task, self.context.notify_user
        )
        self._running = False

    @property
    def services(self) -> Services:
        """The memory's wired parts (storage, retriever, tools' deps), once started."""
        return self.memory.services

    async def start(self) -> None:
        await self.memory.initialize(self.context)
        if self._want_tools:  # the CLI's reading commands skip openai-agents
            self.tools = self.memory.get_tools()  # once, before start (boot order)
        await self.memory.start()
        self._running = True

    async def stop(self) -> None:
        """Stop then destroy; safe after a failed start."""
        try:
            await self.memory.stop()
        finally:
            try:
                await self.memory.destroy()
            finally:
                await self.model_router.aclose()
                self._running = False

    async def __aenter__(self) -> StandaloneHost:
        try:
            await self.start()
        except BaseException:
            await self.stop()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # -- what the real host does around an agent run --------------------------

    async def user_message(
        self, text: str, thread_id: str | None, user_id: str = "local"
    ) -> None:
        payload = {
            "text": text,
            "user_id": user_id,
            "channel": Channel(),
            "thread_id": thread_id,
        }
        await self.router.dispatch("user_message", payload)

    async def agent_response(
        self,
        text: str,
        thread_id: str | None,
        user_id: str = "local",
        agent_id: str = "orchestrator",
    ) -> None:
        payload = {
            "user_id": user_id,
            "text": text,
            "channel": Channel(),
            "thread_id": thread_id,
            "agent_id": agent_id,
        }
        await self.router.dispatch("agent_response", payload)

    async def context_for(
        self, prompt: str, thread_id: str | None = None, *, now: float | None = None
    ) -> str:
        """The block the memory would add to the agent's instructions ("" if none)."""
        turn = TurnContext(thread_id=thread_id, now=now)
        return await self.memory.get_context(prompt.strip(), turn) or ""

    async def thread_completed(self, thread_id: str, reason: str = "idle") -> None:
        await self.bus.publish(
            "thread.completed", {"thread_id": thread_id, "reason": reason}
        )

    async def run_task(self, name: str) -> dict[str, Any] | None:
        return await self.memory.execute_task(name)
