"""Nodes: the hot-path episode writer, node writes, soft delete, reinforcement,
and the node reads (every read skips soft-deleted rows unless `history=True`).

Each episode's `context` column holds the text of up to two turns before and two
after it in the same thread; it is the second FTS column, so a turn is also found
by the words around it. The writer fills it as turns arrive and refreshes the
two previous turns when a new one lands (writes.py).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Sequence
from typing import Any

import aiosqlite

from .. import decay
from ..core.records import EpisodeDraft, Node, NodeDraft, NodeType, dump_attributes
from ..core.scope import write_scope
from ..core.text import clean_text
from .base import Connections
from .rows import NODE_COLUMNS, in_scope, marks, node_from_row, valid
from .writes import insert_episodes, insert_nodes, soft_delete_rows

_UPDATABLE = {
    "content",
    "confidence",
    "base_confidence",
    "decay_rate",
    "attributes",
    "event_time",
    "last_accessed",
    "access_count",
    "expires_at",
}
CEILING_TTL = 60.0


@dataclasses.dataclass(slots=True)
class _AccessState:
    """One node's standing on its decay curve while accesses are applied."""

    id: int
    base_confidence: float
    decay_rate: float
    count: int
    anchor: float
    confidence: float = 0.0
    count_changed: bool = False

    @classmethod
    def of(cls, row: Any) -> _AccessState:
        return cls(
            row["id"],
            row["base_confidence"],
            row["decay_rate"],
            row["access_count"],
            row["anchor"],
        )

    def access(self, when: float) -> None:
        """One more access at `when`: a step back along the curve (decay.py)."""
        self.count += 1
        days = decay.days_between(self.anchor, when)
        step = decay.on_access(self.base_confidence, self.decay_rate, days, self.count)
        self.base_confidence = step.base_confidence
        self.anchor = when - step.days_on_curve * decay.DAY
        self.confidence = decay.decayed(
            step.base_confidence, self.decay_rate, step.days_on_curve
        )
        self.count_changed = True

    def row(self) -> tuple[float, float, int, float, int]:
        return (self.confidence, self.base_confidence, self.count, self.anchor, self.id)


class SqliteNodes:
    def __init__(self, conn: Connections) -> None:
        self._conn = conn
        self._ceiling: tuple[int, float] | None = None  # (max node id, when read)

    # -- writes --------------------------------------------------------------

    def submit_episode(
        self, draft: EpisodeDraft, *, hold: bool = False
    ) -> asyncio.Future[int]:
        """Queue one turn and return at once; the future gives its node id.

        Writes the episodic node, a temporal edge from the thread's previous
        episode and the thread's row in sessions_consolidations, in one batch.
        """
        return self._conn.writer.submit(insert_episodes, draft, hold=hold)

    async def add_episode(self, draft: EpisodeDraft) -> int:
        return int(await self.submit_episode(draft))

    async def add_nodes(self, drafts: Sequence[NodeDraft]) -> list[int]:
        # A draft without a scope belongs to the caller's current view.
        scope = write_scope()
        futures = [
            self._conn.writer.submit(
                insert_nodes, d if d.scope else dataclasses.replace(d, scope=scope)
            )
            for d in drafts
        ]
        return [int(i) for i in await asyncio.gather(*futures)]

    async def add_node(self, draft: NodeDraft) -> int:
        (node_id,) = await self.add_nodes([draft])
        return node_id

    async def update_node(self, node_id: int, **fields: Any) -> None:
        """Set some columns of a node (content, confidence, decay_rate, ...)."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"cannot update node fields: {sorted(unknown)}")
        if "attributes" in fields:
            fields["attributes"] = dump_attributes(fields["attributes"])
        if "content" in fields:
            fields["content"] = clean_text(fields["content"])
        assignments = ", ".join(f"{key} = ?" for key in fields)

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                f"update nodes set {assignments} where id = ?",
                (*fields.values(), node_id),
            )

        await self._conn.write(op)

    async def update_confidences(self, values: Sequence[tuple[int, float]]) -> None:
        """Set (node id, confidence) pairs in one transaction (nightly decay)."""

        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany(
                "update nodes set confidence = ? where id = ?",
                [(conf, node_id) for node_id, conf in values],
            )

        await self._conn.write(op)

    async def soft_delete(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> int:
        """Mark nodes invalid (history kept); returns how many were still valid.

        They leave the FTS and vector indexes, and their text leaves the
        context column of neighbouring turns.
        """
        when = time.time() if at is None else at
        ids = list(node_ids)
        has_vectors = self._conn.vector_tables

        async def op(db: aiosqlite.Connection) -> int:
            return await soft_delete_rows(db, ids, when, has_vectors)

        return int(await self._conn.write(op))

    async def record_access(
        self, node_ids: Sequence[int], *, at: float | None = None
    ) -> None:
        """Reinforce nodes handed to the agent (queued; the caller need not wait)."""
        await self.record_accesses([(node_ids, time.time() if at is None else at)])

    async def record_accesses(
        self, accesses: Sequence[tuple[Sequence[int], float]]
    ) -> None:
        """Reinforce each access's nodes at its time, in order, in one write:
        a node accessed twice steps along its curve twice (search/accesses.py
        batches the questions' accesses). Not in a memory opened read-only:
        looking changes nothing there."""
        if self._conn.writer.read_only:
            return
        ids = list(dict.fromkeys(i for node_ids, _ in accesses for i in node_ids))

        async def op(db: aiosqlite.Connection) -> None:
            rows = await db.execute_fetchall(
                "select id, base_confidence, decay_rate, access_count,"
                " coalesce(last_accessed, created_at) as anchor from nodes"
                f" where id in ({marks(len(ids))}) and valid_until is null",
                ids,
            )
            state = {row["id"]: _AccessState.of(row) for row in rows}
            for node_ids, when in accesses:
                for node_id in dict.fromkeys(node_ids):
                    if (node := state.get(node_id)) is not None:
                        node.access(when)
            await db.executemany(
                "update nodes set confidence = ?, base_confidence = ?,"
                " access_count = ?, last_accessed = ? where id = ?",  # the anchor
                [node.row() for node in state.values() if node.count_changed],
            )

        if ids:
            await self._conn.write(op)

    # -- reads ---------------------------------------------------------------

    async def get_node(self, node_id: int, *, history: bool = False) -> Node | None:
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where id = ?{valid(history)}",
            (node_id,),
        )
        return node_from_row(rows[0]) if rows else None

    async def ingest_keys(self) -> set[str]:
        """The `ingest_key` attributes of imported turns (an ingest repeated
        skips the turns it finds here)."""
        rows = await self._conn.rows(
            "select json_extract(attributes, '$.ingest_key') as k from nodes"
            " where source_type = 'import' and k is not null"
        )
        return {str(row["k"]) for row in rows}

    async def get_nodes(
        self, ids: Sequence[int], *, history: bool = False
    ) -> dict[int, Node]:
        """Nodes by id (missing and, unless history, soft-deleted ones left out)."""
        found: dict[int, Node] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            rows = await self._conn.rows(
                f"select {NODE_COLUMNS} from nodes where id in ({marks(len(chunk))})"
                f"{valid(history)}",
                chunk,
            )
            found.update((row["id"], node_from_row(row)) for row in rows)
        return found

    async def find_nodes_by_text(
        self, text: str, *, types: Sequence[NodeType] = (), limit: int = 5
    ) -> list[Node]:
        """Valid nodes whose content equals `text` ignoring case and spacing."""
        type_sql = f" and type in ({marks(len(types))})" if types else ""
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where 1 = 1{valid(False)}"
            f" and lower(trim(content)) = lower(trim(?)){type_sql}"
            " order by id desc limit ?",
            (text, *types, limit),
        )
        return [node_from_row(row) for row in rows]

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
    ) -> list[Node]:
        """Nodes in time order, filtered by type, time window and thread."""
        where = ["1 = 1" + valid(history)]
        params: list[Any] = []
        if types:
            where.append(f"type in ({marks(len(types))})")
            params.extend(types)
        if after is not None:
            where.append("coalesce(event_time, created_at) >= ?")
            params.append(after)
        if before is not None:
            where.append("coalesce(event_time, created_at) < ?")
            params.append(before)
        if session_id is not None:
            where.append("session_id = ?")
            params.append(session_id)
        order = "desc" if newest_first else "asc"
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where {' and '.join(where)} "
            f"order by coalesce(event_time, created_at) {order}, id {order} limit ?",
            (*params, limit),
        )
        return [node_from_row(row) for row in rows]

    async def weak_nodes(self, threshold: float, limit: int) -> list[Node]:
        """Valid non-episodic nodes below `threshold` confidence, weakest first."""
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where 1 = 1{valid(False)}"
            " and type != 'episodic' and confidence < ? order by confidence limit ?",
            (threshold, limit),
        )
        return [node_from_row(row) for row in rows]

    async def decay_candidates(self, after_id: int, limit: int) -> list[Node]:
        """Valid non-episodic nodes that decay (rate > 0), in id pages."""
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where 1 = 1{valid(False)}"
            " and type != 'episodic' and decay_rate > 0 and id > ?"
            " order by id limit ?",
            (after_id, limit),
        )
        return [node_from_row(row) for row in rows]

    async def latest_episode_ids(self, session_id: str, *, limit: int) -> list[int]:
        """Ids of a thread's newest episodes, newest first (nodes_session index)."""
        rows = await self._conn.rows(
            "select id from nodes where session_id = ? and type = 'episodic'"
            f"{in_scope()} order by id desc limit ?",
            (session_id, limit),
        )
        return [row["id"] for row in rows]

    async def has_other_scopes(self) -> bool:
        """True once anything is stored outside the default scope (two index
        seeks: scopes sort around 'default')."""
        rows = await self._conn.rows(
            "select exists (select 1 from nodes where scope < 'default')"
            " or exists (select 1 from nodes where scope > 'default') as other"
        )
        return bool(rows[0]["other"])

    async def node_ceiling(self, *, fresh: bool = False) -> int:
        """The largest node id: the memory's size without a count(*) scan.

        Re-read at most every CEILING_TTL seconds: it only sizes a threshold
        (search/legs.entity_leg), and a query saved is a thread hop saved.
        `fresh`: read now, for a cache valid until a node is added (the
        threshold's copy is left as it was).
        """
        now = time.monotonic()
        cached = self._ceiling
        if not fresh and cached is not None and now - cached[1] < CEILING_TTL:
            return cached[0]
        rows = await self._conn.rows("select max(id) as top from nodes")
        top = int(rows[0]["top"] or 0)
        if not fresh:
            self._ceiling = (top, now)
        return top
