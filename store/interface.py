"""What the layers above need of the store, as Protocols.

Search, toolkit, write path, main and standalone annotate with these, never
with the SQLite classes, so a second backend (PostgreSQL) can implement them
without touching those layers. The data types are the records of
core/records.py. A `Store` is the root: one attribute per part plus the
lifecycle; MemoryStorage (storage.py) is the SQLite implementation.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import InputError
from ..core.records import (
    Edge,
    EdgeDraft,
    EdgeType,
    Entity,
    EntityType,
    EpisodeDraft,
    MaintenanceRun,
    Node,
    NodeDraft,
    NodeType,
    NodeWindow,
    PurgePlan,
    PurgeTarget,
    SessionState,
    Stats,
)
from .entity_edits import EntityEdit
from .hit_rows import HitRows

# Tables an export holds, in dependency order: a row's foreign keys point only
# at tables listed before it.
EXPORT_TABLES = (
    "nodes",
    "entities",
    "entity_aliases",
    "edges",
    "node_entities",
    "sessions_consolidations",
    "causal_checked",
    "maintenance_runs",
    "entity_edits",  # absent from older exports: they import without it
)


class NotEmptyError(InputError):
    """An import was asked into a database that already holds memories."""


class NodeStore(Protocol):
    """Nodes: writes, soft delete, reinforcement, reads."""

    def submit_episode(
        self, draft: EpisodeDraft, *, hold: bool = False
    ) -> asyncio.Future[int]: ...

    async def add_episode(self, draft: EpisodeDraft) -> int: ...

    async def add_nodes(self, drafts: Sequence[NodeDraft]) -> list[int]: ...

    async def add_node(self, draft: NodeDraft) -> int: ...

    async def update_node(self, node_id: int, **fields: Any) -> None: ...

    async def update_confidences(self, values: Sequence[tuple[int, float]]) -> None: ...

    async def soft_delete(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> int: ...

    async def record_access(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> None: ...

    async def record_accesses(
        self, accesses: Sequence[tuple[Sequence[int], float]]
    ) -> None: ...

    async def get_node(self, node_id: int, *, history: bool = False) -> Node | None: ...

    async def ingest_keys(self) -> set[str]: ...

    async def get_nodes(
        self, ids: Sequence[int], *, history: bool = False
    ) -> dict[int, Node]: ...

    async def find_nodes_by_text(
        self, text: str, *, types: Sequence[NodeType] = (), limit: int = 5
    ) -> list[Node]: ...

    async def list_nodes(
        self,
        *,
        types: Sequence[NodeType] = (),
        after: float | None = None,
        before: float | None = None,
        session_id: str | None = None,
        newest_first: bool = True,
        limit: int = 50,
        history: bool = False,
    ) -> list[Node]: ...

    async def weak_nodes(self, threshold: float, limit: int) -> list[Node]: ...

    async def decay_candidates(self, after_id: int, limit: int) -> list[Node]: ...

    async def latest_episode_ids(self, session_id: str, *, limit: int) -> list[int]: ...

    async def has_other_scopes(self) -> bool:
        """Anything stored outside the default scope (a second person)."""
        ...

    async def node_ceiling(self, *, fresh: bool = False) -> int: ...


class GraphStore(Protocol):
    """Edges, walks and supersession."""

    async def add_edges(self, drafts: Sequence[EdgeDraft]) -> int: ...

    async def supersede(
        self,
        old_id: int,
        new: NodeDraft | int,
        evidence: str | None = None,
        *,
        entity_ids: Sequence[int] = (),
    ) -> int: ...

    async def mark_causal_checked(self, pairs: Sequence[tuple[int, int]]) -> None: ...

    async def edges_of(
        self,
        node_ids: Sequence[int],
        *,
        types: Sequence[EdgeType] = (),
        history: bool = False,
    ) -> list[Edge]: ...

    async def walk(
        self,
        start_ids: Sequence[int],
        edge_type: EdgeType,
        *,
        forward: bool,
        depth: int,
    ) -> list[tuple[int, int]]: ...

    async def walk_from_each(
        self,
        start_ids: Sequence[int],
        edge_type: EdgeType,
        *,
        forward: bool,
        depth: int,
    ) -> dict[int, list[tuple[int, int]]]: ...

    async def episode_pairs_unchecked(self, limit: int) -> list[tuple[Node, Node]]: ...

    async def superseded_by(self, node_ids: Sequence[int]) -> dict[int, list[int]]: ...

    async def sources_of(self, node_ids: Sequence[int]) -> dict[int, list[int]]: ...

    async def superseded_ids(self, node_ids: Sequence[int]) -> set[int]: ...

    async def read_hits(self, ids: Sequence[int]) -> HitRows: ...


class EntityStore(Protocol):
    """Entities, aliases and their links to nodes."""

    async def upsert_entity(
        self,
        name: str,
        *,
        type: EntityType = "concept",
        aliases: Sequence[str] = (),
        mentions: int = 1,
    ) -> Entity: ...

    async def upsert_entities(
        self, names: Sequence[tuple[str, EntityType]]
    ) -> list[Entity]: ...

    async def link_entities(self, pairs: Sequence[tuple[int, int]]) -> None: ...

    async def update_entity(
        self,
        entity_id: int,
        *,
        summary: str | None = None,
        type: EntityType | None = None,
        embedding: Sequence[float] | None = None,
        attributes: Mapping[str, Any] | None = None,
    ) -> None: ...

    async def find_entity(self, name: str) -> Entity | None: ...

    async def get_entity(self, entity_id: int) -> Entity | None: ...

    async def list_entities(
        self, *, min_mentions: int = 0, without_summary: bool = False, limit: int = 100
    ) -> list[Entity]: ...

    async def entities_of_nodes(
        self, node_ids: Sequence[int]
    ) -> dict[int, list[Entity]]: ...

    async def linked_to(
        self, node_ids: Sequence[int], entity_ids: Sequence[int]
    ) -> set[int]: ...

    async def newest_linked(
        self, entity_ids: Sequence[int], *, limit: int, excluding: Sequence[int] = ()
    ) -> dict[int, list[int]]: ...

    async def nodes_of_entity(
        self,
        entity_id: int,
        *,
        types: Sequence[NodeType] = (),
        limit: int = 50,
        history: bool = False,
    ) -> list[Node]: ...

    async def entities_named_like(
        self, fragment: str, *, limit: int = 5
    ) -> list[Entity]: ...

    async def entity_nodes_between(
        self,
        entity_id: int,
        *,
        after: float | None = None,
        before: float | None = None,
        limit: int = 50,
    ) -> list[Node]: ...

    async def entities_by_keys(self, keys: Sequence[str]) -> list[Entity]: ...

    async def entity_node_ids(
        self,
        entity_ids: Sequence[int],
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        window: NodeWindow | None = None,
    ) -> list[tuple[int, int]]: ...

    async def common_links(self, *, share: float, floor: int) -> float: ...

    async def common_entity_keys(self, *, share: float, floor: int) -> set[str]: ...

    async def people_starting(
        self, prefix: str, *, limit: int = 20, pets: bool = False
    ) -> list[Entity]: ...

    # edits (store/entity_edits.py)
    async def merge_entities(self, keep_id: int, drop_id: int) -> None: ...

    async def rename_entity(self, entity_id: int, new_name: str) -> None: ...

    async def add_alias(self, entity_id: int, alias: str) -> None: ...

    async def remove_alias(self, entity_id: int, alias: str) -> bool: ...

    async def set_entity_type(self, entity_id: int, type: EntityType) -> None: ...

    async def delete_entity(self, entity_id: int) -> None: ...

    async def move_links(
        self, from_id: int, to_id: int, node_ids: Sequence[int]
    ) -> None: ...

    async def record_entity_edit(
        self, action: str, name: str, value: str = ""
    ) -> None: ...

    async def entity_edits(self) -> list[EntityEdit]: ...


class SearchIndex(Protocol):
    """Full-text and vector search, embeddings, index rebuilds."""

    async def fts_search(
        self,
        match: str,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        context_weight: float = 0.35,
        min_id: int = 0,
        window: NodeWindow | None = None,
    ) -> list[tuple[int, float]]: ...

    async def fts_newest(
        self, match: str, *, limit: int, types: Sequence[NodeType] = ()
    ) -> list[int]: ...

    async def substring_search(
        self,
        needles: Sequence[str],
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        window: NodeWindow | None = None,
    ) -> list[tuple[int, float]]: ...

    async def window_nodes(
        self,
        window: NodeWindow,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        oldest_first: bool = False,
    ) -> list[int]: ...

    async def within(self, ids: Sequence[int], window: NodeWindow) -> set[int]: ...

    async def term_rows(
        self, terms: Sequence[str], *, cap: int, ceiling: int | None = None
    ) -> tuple[dict[str, int], int]: ...

    async def weightless(
        self, terms: Sequence[str], *, ceiling: int | None = None
    ) -> set[str]: ...

    async def held_matches(
        self, matches: Sequence[str], *, ceiling: int | None = None
    ) -> set[str]: ...

    async def knn_search(
        self, vector: Sequence[float], *, limit: int
    ) -> list[tuple[int, float]]: ...

    async def knn_bits(self, vector: Sequence[float], *, limit: int) -> list[int]: ...

    async def vector_distances(
        self, vector: Sequence[float], node_ids: Sequence[int]
    ) -> list[tuple[int, float]]: ...

    async def save_embeddings(
        self, items: Sequence[tuple[int, Sequence[float]]]
    ) -> None: ...

    async def node_embeddings(self, ids: Sequence[int]) -> dict[int, list[float]]: ...

    async def nodes_missing_embedding(self, limit: int) -> list[Node]: ...

    async def episodes_after(self, after_id: int, limit: int) -> list[Node]: ...

    async def last_linked_episode(self) -> int: ...

    async def count_missing_embeddings(self) -> int: ...

    async def rebuild_fts(self) -> int: ...

    async def rebuild_vectors(self) -> tuple[int, int]: ...

    async def clear_wrong_width_embeddings(self) -> int: ...


class SessionStore(Protocol):
    """Consolidation state per thread, maintenance runs."""

    async def get_session(self, session_id: str) -> SessionState | None: ...

    async def session_scope(self, session_id: str) -> str:
        """The scope of a thread's episodes (threads never span scopes)."""
        ...

    async def pending_sessions(
        self, *, idle_before: float | None = None, limit: int = 100
    ) -> list[SessionState]: ...

    async def pending_keys_of(self, thread_id: str) -> list[str]:
        """The pending stored threads of a host thread id, in every scope."""
        ...

    async def session_episodes(
        self, session_id: str, *, after_id: int = 0, limit: int = 50
    ) -> list[Node]: ...

    async def mark_session_consolidated(
        self, session_id: str, until_id: int
    ) -> None: ...

    async def record_session_failure(self, session_id: str, error: str) -> None: ...

    async def record_maintenance(
        self, step: str, duration_ms: float, counts: dict[str, Any], error: str | None
    ) -> None: ...

    async def maintenance_runs(self) -> dict[str, MaintenanceRun]: ...


class AdminStore(Protocol):
    """Stats, export/import by table, read snapshots."""

    async def stats(self) -> Stats: ...

    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def table_columns(self, table: str) -> list[str]: ...

    def snapshot(self) -> AbstractAsyncContextManager[None]:
        """Reads inside see one consistent state of the memory."""
        ...

    def iter_rows(self, table: str) -> AsyncIterator[tuple[Any, ...]]: ...

    async def count_rows(self, table: str) -> int: ...

    async def is_empty(self) -> bool: ...

    async def top_node_id(self) -> int:
        """The highest node id ever given, purged ones included."""
        ...

    async def import_chunks(
        self,
        chunks: Callable[[], Iterable[tuple[str, Sequence[str], list[Any]]]],
        node_id_floor: int = 0,
    ) -> dict[str, int]: ...


class PurgeStore(Protocol):
    """Forgetting for good, inside the current view's scopes (store/purge.py)."""

    async def plan(self, target: PurgeTarget) -> PurgePlan:
        """What `execute` would remove now, counted; nothing changes."""
        ...

    async def execute(self, target: PurgeTarget) -> PurgePlan:
        """Delete it, then leave no copy in the file or the WAL."""
        ...


class Store(Protocol):
    """The memory: its parts and its lifecycle."""

    @property
    def nodes(self) -> NodeStore: ...
    @property
    def graph(self) -> GraphStore: ...
    @property
    def entities(self) -> EntityStore: ...
    @property
    def index(self) -> SearchIndex: ...
    @property
    def sessions(self) -> SessionStore: ...
    @property
    def admin(self) -> AdminStore: ...
    @property
    def purge(self) -> PurgeStore: ...

    @property
    def path(self) -> Path: ...
    @property
    def dim(self) -> int: ...
    @property
    def has_vectors(self) -> bool: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def healthy(self) -> bool: ...
    @property
    def health_problem(self) -> str | None: ...
    async def check_indexes(self) -> str | None: ...
    @property
    def pending_writes(self) -> int: ...
    async def drain(self) -> None: ...
    async def close(self) -> None: ...
