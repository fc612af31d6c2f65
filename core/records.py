"""The values storage hands out and takes in: plain frozen dataclasses.

Callers never see rows or cursors. `*Draft` classes describe something to write;
the others describe what is stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .scope import DEFAULT_SCOPE
from .text import clean_value, fold

NodeType = Literal["episodic", "semantic", "procedural", "opinion"]
EdgeType = Literal["temporal", "causal", "entity", "derived_from", "supersedes"]
EntityType = Literal[
    "person", "project", "organization", "place", "concept", "tool", "pet"
]

NODE_TYPES: tuple[NodeType, ...] = ("episodic", "semantic", "procedural", "opinion")
EDGE_TYPES: tuple[EdgeType, ...] = (
    "temporal",
    "causal",
    "entity",
    "derived_from",
    "supersedes",
)
ENTITY_TYPES: tuple[EntityType, ...] = (
    "person",
    "project",
    "organization",
    "place",
    "concept",
    "tool",
    "pet",  # a named animal: "my dog Pepper"
)


def name_key(name: str) -> str:
    """The lookup key of an entity name or alias: casefolded, spaces collapsed."""
    return fold(name)


def dump_attributes(attributes: Mapping[str, Any] | None) -> str:
    """JSON text SQLite can store, whatever came in (`default=str`: an odd
    object from outside is kept as its text, not a crash)."""
    cleaned = clean_value(dict(attributes or {}))
    return json.dumps(cleaned, ensure_ascii=False, sort_keys=True, default=str)


def load_attributes(text: str | None) -> dict[str, Any]:
    # Most nodes have none; skipping the parser for them saves ~0.1 ms a search
    # (json.loads for each of ~50 candidates).
    if not text or text == "{}":
        return {}
    value = json.loads(text)
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True, slots=True)
class EpisodeDraft:
    """One dialogue turn on the hot path."""

    content: str
    session_id: str
    source_role: str  # user | orchestrator
    event_time: float
    attributes: Mapping[str, Any] = field(default_factory=dict)
    source_type: str = "conversation"
    scope: str = DEFAULT_SCOPE


@dataclass(frozen=True, slots=True)
class NodeDraft:
    """A node written off the hot path (facts, procedures, opinions, imports)."""

    type: NodeType
    content: str
    confidence: float = 1.0
    decay_rate: float = 0.1
    source_type: str = "consolidation"
    source_role: str | None = None
    session_id: str | None = None
    event_time: float | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)
    scope: str | None = None  # None: the current view's write scope
    expires_at: float | None = None  # unix seconds; None = never expires


@dataclass(frozen=True, slots=True)
class Node:
    id: int
    type: NodeType
    content: str
    event_time: float | None
    created_at: float
    valid_from: float
    valid_until: float | None
    confidence: float
    base_confidence: float
    access_count: int
    last_accessed: float | None
    decay_rate: float
    source_type: str
    source_role: str | None
    session_id: str | None
    attributes: dict[str, Any]
    scope: str = DEFAULT_SCOPE
    expires_at: float | None = None

    @property
    def is_valid(self) -> bool:
        return self.valid_until is None

    @property
    def when(self) -> float:
        """The time the node is about: its event time, else its creation."""
        return self.event_time if self.event_time is not None else self.created_at


@dataclass(frozen=True, slots=True)
class EdgeDraft:
    src_id: int
    dst_id: int
    type: EdgeType
    predicate: str | None = None
    weight: float = 1.0
    confidence: float = 1.0
    evidence: str | None = None


@dataclass(frozen=True, slots=True)
class Edge:
    id: int
    src_id: int
    dst_id: int
    type: EdgeType
    predicate: str | None
    weight: float
    confidence: float
    valid_from: float
    valid_until: float | None
    evidence: str | None
    created_at: float


@dataclass(frozen=True, slots=True)
class Entity:
    id: int
    name: str
    type: EntityType
    aliases: tuple[str, ...]
    summary: str | None
    mention_count: int
    created_at: float
    updated_at: float
    scope: str = DEFAULT_SCOPE
    # what the memory knows about the entity offline, e.g. {"relation": "wife"}
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionState:
    session_id: str
    first_seen: float
    last_activity: float
    episode_count: int
    status: Literal["pending", "consolidated"]
    consolidated_at: float | None
    consolidated_until_id: int
    attempts: int
    last_error: str | None


# The nightly pipeline's steps, in the order they run (writepath/nightly.py);
# memory_stats reports each, "never" until it ran.
MAINTENANCE_STEPS = (
    "expiry",
    "embeddings",
    "consolidation",
    "decay",
    "entity_enrichment",
    "causal_inference",
)


@dataclass(frozen=True, slots=True)
class MaintenanceRun:
    step: str
    finished_at: float
    duration_ms: float
    counts: dict[str, Any]
    error: str | None


@dataclass(frozen=True, slots=True)
class Stats:
    nodes_by_type: dict[str, int]
    edges_by_type: dict[str, int]
    entities: int
    orphan_nodes: int
    soft_deleted_nodes: int
    db_size_bytes: int
    unconsolidated_threads: int
    embedded_nodes: int
    maintenance: dict[str, MaintenanceRun]


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: the node, its final score, the entities it links."""

    node: Node
    score: float
    entities: list[Entity] = field(default_factory=list)


PurgeKind = Literal["fact", "entity", "thread", "range", "scope", "expired"]


@dataclass(frozen=True, slots=True)
class PurgeTarget:
    """What a purge erases for good (always inside the caller's scopes):
    one fact (with its older versions), everything about an entity, a
    thread, a time window, the whole scope, or the expired facts."""

    kind: PurgeKind
    fact_id: int | None = None
    entity: str | None = None
    thread_id: str | None = None
    after: float | None = None
    before: float | None = None


@dataclass(frozen=True, slots=True)
class PurgePlan:
    """What a purge removes (planned) or removed (done), by kind of row.

    `derived`: facts that go because every source they were derived from
    goes; `preview`: the start of a few of the memories that go. The sizes
    are the database files' (db + WAL) before and after, once done."""

    nodes_by_type: dict[str, int]
    derived: int
    entities: int
    aliases: int
    edges: int
    links: int
    threads: int
    preview: tuple[str, ...]
    edits: int = 0  # recorded entity edits (store/entity_edits.py) naming them
    done: bool = False
    bytes_before: int = 0
    bytes_after: int = 0

    @property
    def nodes(self) -> int:
        return sum(self.nodes_by_type.values())

    @property
    def empty(self) -> bool:
        return not (self.nodes or self.entities or self.threads or self.edits)


@dataclass(frozen=True, slots=True)
class NodeWindow:
    """What a search leg may rank, selected in SQL before it ranks.

    `after` / `before`: the node's time (event time, else creation) in
    [after, before); `entity_id`: only nodes linked to it; `role`: only turns
    of that speaker role (source_role). None: no limit on that.
    """

    after: float | None = None
    before: float | None = None
    entity_id: int | None = None
    role: str | None = None

    @property
    def timed(self) -> bool:
        """It limits time (not only an entity or a role)."""
        return self.after is not None or self.before is not None
