"""Fakes at the process boundary: a host context that behaves as
../shared/host-contract.md describes. Our own code is never faked."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = yaml.safe_load((ROOT / "manifest.yaml").read_text())


@dataclass
class BusEvent:
    topic: str
    payload: dict[str, Any]
    id: str = "evt-1"
    source: str = "host"
    created_at: float = 0.0
    correlation_id: str | None = None


@dataclass
class FakeHostContext:
    """The host's context object: config merge, subscriptions, data dir."""

    data_dir: Path
    extension_dir: Path = ROOT
    settings: dict[str, Any] = field(default_factory=dict)
    model_router: Any = None
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("host"))
    handlers: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    bus: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    notified: list[str] = field(default_factory=list)

    @property
    def config(self) -> dict[str, Any]:
        # The host merges settings over manifest defaults shallowly.
        return {**MANIFEST.get("config", {}), **self.settings}

    def get_config(self, key: str, default: Any = None) -> Any:
        return self.config.get(key, default)

    def subscribe(self, event: str, handler: Callable[..., Any]) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def unsubscribe(self, event: str, handler: Callable[..., Any]) -> None:
        self.handlers.get(event, []).remove(handler)

    def subscribe_event(self, topic: str, handler: Callable[..., Any]) -> None:
        self.bus.setdefault(topic, []).append(handler)

    async def emit(self, event: str, payload: dict[str, Any]) -> None:
        """Router events: handlers inline, one dict each, errors logged and ignored."""
        for handler in self.handlers.get(event, []):
            try:
                result = handler(payload)
                if hasattr(result, "__await__"):
                    await result
            except Exception:
                self.logger.exception("handler failed")

    async def publish(self, topic: str, payload: dict[str, Any]) -> None:
        for handler in self.bus.get(topic, []):
            await handler(BusEvent(topic, payload))

    async def notify_user(self, text: str, channel_id: str | None = None) -> None:
        self.notified.append(text)

    async def get_thread_history(self, thread_id: str) -> list[dict[str, Any]] | None:
        return None
