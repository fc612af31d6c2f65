"""Scopes: whose memory a row is, and which scopes the current turn may see.

Every node and entity carries a scope: a person's private scope
(`user:<user_id>`), a shared scope (`channel:<channel_id>`, for a group chat the
user chose to share) or the default scope (single-user installs, messages with
no user, databases from before scopes). The visibility rule lives in one
function, `view_for_turn`; the store applies the current view to every read
(store/rows.py `valid`), so a caller cannot forget it.

The host passes no run context to tools (host-contract §4): the view travels in
a ContextVar set by `get_context`, which the host awaits in the same task right
before the agent run, so every tool call of that turn sees it. No view set means
"no restriction": maintenance (decay, rebuilds) works over all scopes.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Literal

DEFAULT_SCOPE = "default"
# owner_user_id "auto": the first user who speaks owns the default scope.
AUTO_OWNER = "auto"
MAX_ID_CHARS = 200

ScopeMode = Literal["single", "per_user"]
NoUserPolicy = Literal["default", "drop"]


@dataclass(frozen=True, slots=True)
class ScopeView:
    """The scope a turn writes to and the scopes it may read."""

    write: str
    read: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScopePolicy:
    """The configuration of scopes (see README, "Scopes")."""

    mode: ScopeMode = "single"
    shared_channels: tuple[str, ...] = ()
    no_user: NoUserPolicy = "default"
    owner_user_id: str | None = None


DEFAULT_VIEW = ScopeView(DEFAULT_SCOPE, (DEFAULT_SCOPE,))
# A turn that is not remembered (no user, `no_user_scope: drop`) sees nothing.
NOTHING_VIEW = ScopeView("nobody", ())

_current: ContextVar[ScopeView | None] = ContextVar("memory_scope", default=None)


def clean_id(value: Any) -> str | None:
    """A host id as a short printable string, or None when there is none."""
    if value is None:
        return None
    text = str(value)
    text = "".join(
        ch for ch in text if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF
    ).strip()
    return text[:MAX_ID_CHARS] or None


def channel_id_of(channel: Any) -> str | None:
    """The id of the event's `channel` object (contract §5), found defensively."""
    if channel is None:
        return None
    if isinstance(channel, str | int):
        return clean_id(channel)
    if isinstance(channel, dict):
        for key in ("id", "channel_id", "chat_id", "name"):
            if channel.get(key) is not None:
                return clean_id(channel[key])
        return None
    for name in ("channel_id", "id", "chat_id", "name"):
        value = getattr(channel, name, None)
        if isinstance(value, str | int) and not isinstance(value, bool):
            return clean_id(value)
    return None


def view_for_turn(
    policy: ScopePolicy, user_id: Any, channel_id: Any
) -> ScopeView | None:
    """THE visibility rule; None means the turn is not remembered at all.

    - single mode: one scope for everyone (today's behaviour).
    - a channel listed in `shared_channels`: that channel's shared scope only,
      for reading and writing; nobody's private memory enters a group.
    - a user: their private scope only (the owner's private scope is the
      default scope, so memories from before scopes stay theirs).
    - no user: the `no_user` policy (the default scope, or not remembered).
    """
    if policy.mode == "single":
        return DEFAULT_VIEW
    channel = clean_id(channel_id)
    if channel is not None and channel in policy.shared_channels:
        scope = f"channel:{channel}"
        return ScopeView(scope, (scope,))
    user = clean_id(user_id)
    if user is None:
        return DEFAULT_VIEW if policy.no_user == "default" else None
    if policy.owner_user_id is not None and user == policy.owner_user_id:
        return DEFAULT_VIEW
    scope = f"user:{user}"
    return ScopeView(scope, (scope,))


def view_of_scope(scope: str) -> ScopeView:
    """The view that reads and writes exactly one scope (CLI, consolidation)."""
    return ScopeView(scope, (scope,))


def current_view() -> ScopeView | None:
    return _current.get()


def set_view(view: ScopeView | None) -> None:
    """Set the view for the rest of this task (get_context, the CLI)."""
    _current.set(view)


@contextlib.contextmanager
def using_view(view: ScopeView | None) -> Iterator[None]:
    token = _current.set(view)
    try:
        yield
    finally:
        _current.reset(token)


def write_scope() -> str:
    view = _current.get()
    return DEFAULT_SCOPE if view is None else view.write


def read_scopes() -> Sequence[str] | None:
    """The scopes reads may return; None = unrestricted (maintenance)."""
    view = _current.get()
    return None if view is None else view.read


def thread_key(thread_id: str, scope: str) -> str:
    """The stored thread key: threads of different scopes never mix (their
    neighbour context, temporal edges and consolidation stay apart)."""
    if scope == DEFAULT_SCOPE or thread_id.endswith(f"@{scope}"):
        return thread_id
    return f"{thread_id}@{scope}"


class TurnScopes:
    """The scopes of the turns as they come: the policy, its owner and the
    fallback for tool calls made without `get_context` (host-contract §4).

    With `owner_user_id: auto` the first user who speaks owns the default
    scope; `save_owner` persists that choice (the database remembers it).
    """

    def __init__(
        self,
        policy: ScopePolicy,
        *,
        auto_owner: bool,
        owner: str | None,
        save_owner: Callable[[str], object],
        logger: logging.Logger,
    ) -> None:
        self._policy = policy
        self._auto_owner = auto_owner
        self.owner = owner
        self._save_owner = save_owner
        self._log = logger
        self._last: ScopeView | None = None
        self._fallback_logged = False

    def view(self, user_id: Any, channel_id: Any) -> ScopeView:
        """The view of a turn; a turn that is not remembered reads nothing."""
        policy = self._policy
        if self._auto_owner:
            policy = replace(policy, owner_user_id=self._claim(user_id))
        view = view_for_turn(policy, user_id, channel_id)
        return NOTHING_VIEW if view is None else view

    def heard(self, user_id: Any, channel_id: Any) -> None:
        """A user message arrived: its view is the tools' fallback."""
        self._last = self.view(user_id, channel_id)

    def for_tool(self) -> ScopeView:
        """The view get_context set for this turn, else the latest user
        message's (logged once), else the no-user view."""
        view = current_view()
        if view is not None:
            return view
        if not self._fallback_logged:
            self._fallback_logged = True
            self._log.info(
                "memory: a tool ran without get_context; its scope is the latest"
                " user message's"
            )
        return self._last if self._last is not None else self.view(None, None)

    def _claim(self, user_id: Any) -> str | None:
        user = clean_id(user_id)
        if self.owner is None and user is not None:
            self.owner = user
            self._save_owner(user)
            self._log.info(
                "memory: %s owns the default memory; other people get their own", user
            )
        return self.owner
