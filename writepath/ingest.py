"""One way a dialogue turn becomes an episode: `ingest_turn`.

The hot path (host events), the CLI's import and the recovery of turns the
events missed all store turns the same way: scrub secrets (core/secrets.py),
cut to `max_episode_chars` (and say so in the attributes), queue the write, and
hand the commit to the indexer so the turn gets its vector and entity links off
the hot path.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..core.records import EpisodeDraft
from ..core.scope import thread_key, write_scope
from ..core.secrets import DEFAULT
from ..core.text import clean_text
from ..store.interface import Store
from .indexer import EpisodeIndexer


def ingest_turn(
    storage: Store,
    indexer: EpisodeIndexer | None,
    text: str,
    *,
    thread_id: str,
    role: str,
    limit: int,
    when: float | None = None,
    attributes: Mapping[str, Any] | None = None,
    source_type: str = "conversation",
    redact: Callable[[str], str] = DEFAULT,
    scope: str | None = None,
    hold: bool = False,
) -> asyncio.Future[int]:
    """Queue one turn without waiting; the future gives its node id.

    `hold` (the hot path): if the disk refuses the write, the turn is kept in
    memory and retried, its future unresolved until it is stored.

    The turn goes to `scope` (default: the current view's write scope) and its
    thread is keyed per scope, so two scopes never share a thread.
    """
    scope = write_scope() if scope is None else scope
    thread_id = thread_key(clean_text(thread_id), scope)
    fields = dict(attributes or {})
    # Before the cut, so a secret across the limit is not stored half.
    text = redact(text)
    if len(text) > limit:
        fields.update(truncated=True, original_chars=len(text))
        text = text[:limit]
    stamp = time.time() if when is None else when
    draft = EpisodeDraft(text, thread_id, role, stamp, fields, source_type, scope)
    future = storage.nodes.submit_episode(draft, hold=hold)
    if indexer is not None:
        indexer.add(future)
    return future


def is_error_marker(text: str) -> bool:
    """The host's placeholders for a failed turn, e.g. "(Error: ...)"."""
    stripped = text.strip()
    return (
        stripped.startswith("(")
        and stripped.endswith(")")
        and (stripped.startswith("(Error") or stripped.startswith("(No agent"))
    )
