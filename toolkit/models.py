"""What the orchestrator's memory tools hand back, and how ids and text are shown.

The model reads every result as text: the SDK turns a returned object into a
string with `str()` (openai-agents 0.9 and later alike), so each result is a
pydantic model whose `str()` is its compact JSON, null fields left out. Shapes are
fixed per tool, and every text and list is cut to a bound here, so no result can
flood the model's context.

Ids are shown in one format everywhere, `#123`, and every tool takes back `#123`,
`123`, `node:123` or `id 123`, so whatever the model copies works.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..core.records import Entity, Node
from ..core.text import fold

CONTENT_CHARS = 300  # of a node's text in a result
NAME_CHARS = 80  # of an entity name
ENTITIES_PER_ITEM = 5
_ID = re.compile(
    r"^\s*(?:#|node\s*[:#]?\s*|id\s*[:#]?\s*|fact\s*[:#]?\s*)?(\d{1,18})\s*$"
)
_TRAILING_PUNCTUATION = ".!?;:,…"


class ToolResult(BaseModel):
    """Base of every tool result: `str()` is compact JSON without null fields."""

    model_config = ConfigDict(frozen=True)

    def __str__(self) -> str:
        return self.model_dump_json(exclude_none=True)


class FactItem(ToolResult):
    """One node as the model sees it."""

    id: str
    type: str
    content: str
    date: str
    confidence: float | None = None
    entities: list[str] | None = None
    role: str | None = None
    expires: str | None = None  # a transient fact: when it is hidden and erased


class Problem(ToolResult):
    """A mistake the model can fix; `error` says how. Nothing was changed."""

    error: str
    candidates: list[FactItem] | None = None


class SearchResult(ToolResult):
    count: int
    results: list[FactItem]
    note: str | None = None


class FactChange(ToolResult):
    """The outcome of remember/correct/confirm/forget."""

    status: str
    id: str
    content: str
    replaces: FactItem | None = None
    entities: list[str] | None = None
    expires: str | None = None
    note: str | None = None


class EntityEdited(ToolResult):
    """The outcome of edit_entity: what was done, and the entity as it is now
    (none after a delete)."""

    done: str
    entity: str | None = None
    type: str | None = None
    aliases: list[str] | None = None


class EntityInfo(ToolResult):
    name: str
    type: str
    aliases: list[str]
    summary: str | None
    mentions: int
    facts: list[FactItem]
    timeline: list[FactItem]


class StatsResult(ToolResult):
    nodes_by_type: dict[str, int]
    total_nodes: int
    edges_by_type: dict[str, int]
    entities: int
    orphan_nodes: int
    forgotten_or_superseded: int
    embedded_nodes: int
    database_size: str
    unconsolidated_threads: int
    last_runs: dict[str, str]


class Explanation(ToolResult):
    fact: FactItem
    status: str
    source: str
    decay_rate: float
    source_episodes: list[FactItem]
    replaces: list[FactItem]
    replaced_by: list[FactItem]
    entities: list[str]


class WeakFact(ToolResult):
    id: str
    type: str
    content: str
    confidence: float
    decay_rate: float
    days_until_pruned: float | None
    superseded_by: str | None = None


class WeakFactsResult(ToolResult):
    threshold: float
    count: int
    facts: list[WeakFact]


class TimelineResult(ToolResult):
    entity: str | None = None
    count: int
    items: list[FactItem]
    note: str | None = None


# -- ids -----------------------------------------------------------------------


def show_id(node_id: int) -> str:
    """The one way ids are shown to the model."""
    return f"#{node_id}"


def parse_id(text: str) -> int | None:
    """The node id in `#12`, `12`, `node:12`, `id 12`; None if `text` is not one."""
    match = _ID.match(text)
    return int(match.group(1)) if match else None


# -- text ----------------------------------------------------------------------


def normalize_fact(text: str) -> str:
    """The comparison key of a fact: casefolded, spaces collapsed, end punctuation off.

    Two facts with the same key are the same fact written twice.
    """
    return fold(text, compat=True).rstrip(_TRAILING_PUNCTUATION + " ")


def clip(text: str, limit: int = CONTENT_CHARS) -> str:
    """`text` cut to `limit` characters, an ellipsis marking the cut."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def show_date(timestamp: float, *, with_time: bool = False) -> str:
    moment = dt.datetime.fromtimestamp(timestamp, dt.UTC)
    return moment.strftime("%Y-%m-%d %H:%M" if with_time else "%Y-%m-%d")


def show_size(size_bytes: int) -> str:
    value = float(size_bytes)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def entity_names(entities: list[Entity]) -> list[str]:
    return [clip(e.name, NAME_CHARS) for e in entities[:ENTITIES_PER_ITEM]]


def fact_item(
    node: Node,
    entities: list[Entity] | None = None,
    *,
    limit: int = CONTENT_CHARS,
    with_time: bool = False,
    **extra: Any,
) -> FactItem:
    """A node shaped for the model (content clipped, at most a few entities)."""
    return FactItem(
        id=show_id(node.id),
        type=node.type,
        content=clip(node.content, limit),
        date=show_date(node.when, with_time=with_time),
        confidence=round(node.confidence, 3) if node.type != "episodic" else None,
        entities=entity_names(entities) if entities else None,
        expires=expiry(node),
        **extra,
    )


def expiry(node: Node) -> str | None:
    """When a transient fact expires, as the tools and the CLI show it."""
    if node.expires_at is None:
        return None
    return show_date(node.expires_at, with_time=True)
