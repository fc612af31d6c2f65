"""Read queries of MemoryStorage, on their own connection (WAL lets reads and the
writer run side by side). Split from storage.py only to keep files small; this is
still the one place with SQL, and every query skips soft-deleted rows unless
`history=True` is asked for.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from .records import (
    Edge,
    EdgeType,
    Entity,
    MaintenanceRun,
    Node,
    NodeType,
    SessionState,
    load_attributes,
    name_key,
)

NODE_COLUMNS = (
    "id, type, content, event_time, created_at, valid_from, valid_until, confidence, "
    "base_confidence, access_count, last_accessed, decay_rate, source_type, "
    "source_role, session_id, attributes"
)
EDGE_COLUMNS = (
    "id, src_id, dst_id, type, predicate, weight, confidence, valid_from, "
    "valid_until, evidence, created_at"
)
ENTITY_COLUMNS = (
    "e.id, e.name, e.type, e.summary, e.mention_count, e.created_at, e.updated_at, "
    "(select json_group_array(alias) from entity_aliases a where a.entity_id = e.id)"
)
SESSION_COLUMNS = (
    "session_id, first_seen, last_activity, episode_count, status, consolidated_at, "
    "consolidated_until_id, attempts, last_error"
)


def marks(count: int) -> str:
    """`?, ?, ?` for an `in (...)` list of `count` values."""
    return ", ".join("?" * count)


def pack_vector(vector: Sequence[float]) -> bytes:
    return struct.pack(f"{len(vector)}f", *vector)


def unpack_vector(blob: bytes) -> list[float]:
    return list(struct.unpack(f"{len(blob) // 4}f", blob))


def node_from_row(row: Any) -> Node:
    values = list(row)
    values[15] = load_attributes(values[15])
    return Node(*values)


def entity_from_row(row: Any) -> Entity:
    import json

    aliases = tuple(sorted(json.loads(row[7]) if row[7] else []))
    return Entity(row[0], row[1], row[2], aliases, row[3], row[4], row[5], row[6])


def _valid(history: bool, alias: str = "") -> str:
    return "" if history else f" and {alias}valid_until is null"


class StorageReads:
    """Mixed into MemoryStorage; `_read` is its read-only connection."""

    _read: aiosqlite.Connection
    has_vectors: bool

    async def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return list(await self._read.execute_fetchall(sql, tuple(params)))

    # -- nodes ---------------------------------------------------------------

    async def get_node(self, node_id: int, *, history: bool = False) -> Node | None:
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where id = ?{_valid(history)}",
            (node_id,),
        )
        return node_from_row(rows[0]) if rows else None

    async def get_nodes(
        self, ids: Sequence[int], *, history: bool = False
    ) -> dict[int, Node]:
        """Nodes by id (missing and, unless history, soft-deleted ones left out)."""
        found: dict[int, Node] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            rows = await self._rows(
                f"select {NODE_COLUMNS} from nodes where id in ({marks(len(chunk))})"
                f"{_valid(history)}",
                chunk,
            )
            found.update((row[0], node_from_row(row)) for row in rows)
        return found

    async def find_nodes_by_text(
        self, text: str, *, types: Sequence[NodeType] = (), limit: int = 5
    ) -> list[Node]:
        """Valid nodes whose content equals `text` ignoring case and spacing."""
        type_sql = f" and type in ({marks(len(types))})" if types else ""
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where valid_until is null"
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
        where = ["1 = 1" + _valid(history)]
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
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where {' and '.join(where)} "
            f"order by coalesce(event_time, created_at) {order}, id {order} limit ?",
            (*params, limit),
        )
        return [node_from_row(row) for row in rows]

    async def weak_nodes(self, threshold: float, limit: int) -> list[Node]:
        """Valid non-episodic nodes below `threshold` confidence, weakest first."""
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where valid_until is null"
            " and type != 'episodic' and confidence < ? order by confidence limit ?",
            (threshold, limit),
        )
        return [node_from_row(row) for row in rows]

    async def decay_candidates(self, after_id: int, limit: int) -> list[Node]:
        """Valid non-episodic nodes that decay (rate > 0), in id pages."""
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where valid_until is null"
            " and type != 'episodic' and decay_rate > 0 and id > ?"
            " order by id limit ?",
            (after_id, limit),
        )
        return [node_from_row(row) for row in rows]

    async def node_embeddings(self, ids: Sequence[int]) -> dict[int, list[float]]:
        rows = await self._rows(
            f"select id, embedding from nodes where id in ({marks(len(ids))})"
            " and embedding is not null",
            ids,
        )
        return {row[0]: unpack_vector(row[1]) for row in rows}

    async def nodes_missing_embedding(self, limit: int) -> list[Node]:
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where embedding is null"
            " and valid_until is null order by id limit ?",
            (limit,),
        )
        return [node_from_row(row) for row in rows]

    # -- search indexes ------------------------------------------------------

    async def fts_search(
        self,
        match: str,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        context_weight: float = 0.35,
    ) -> list[tuple[int, float]]:
        """(id, bm25 score; lower is better) for an FTS5 MATCH expression.

        `match` must already be a safe expression (retrieval.build_fts_query).
        """
        if not types:
            # The index only holds valid nodes (triggers): no join needed, and
            # the join doubled the cost of a query matching many rows.
            return [
                (row[0], row[1])
                for row in await self._rows(
                    "select rowid, bm25(nodes_fts, 1.0, ?) as score from nodes_fts"
                    " where nodes_fts match ? order by score limit ?",
                    (context_weight, match, limit),
                )
            ]
        type_sql = f" and n.type in ({marks(len(types))})"
        # `cross join` keeps the FTS match as the outer loop: with a type filter
        # SQLite otherwise walks every node of those types and runs the match
        # once per node (measured: 4 ms -> 360 ms at 2,000 nodes).
        rows = await self._rows(
            "select n.id, bm25(nodes_fts, 1.0, ?) as score from nodes_fts"
            " cross join nodes n on n.id = nodes_fts.rowid"
            f" where nodes_fts match ? and n.valid_until is null{type_sql}"
            " order by score limit ?",
            (context_weight, match, *types, limit),
        )
        return [(row[0], row[1]) for row in rows]

    async def knn_search(
        self, vector: Sequence[float], *, limit: int
    ) -> list[tuple[int, float]]:
        """(id, cosine distance) of the nearest valid nodes; [] without vectors."""
        if not self.has_vectors:
            return []
        # `k = ?` rather than `limit ?`: older SQLite builds reject the latter.
        rows = await self._rows(
            "select node_id, distance from vec_nodes where embedding match ?"
            " and k = ? order by distance",
            (pack_vector(vector), limit),
        )
        return [(row[0], row[1]) for row in rows]

    # -- graph ---------------------------------------------------------------

    async def edges_of(
        self,
        node_ids: Sequence[int],
        *,
        types: Sequence[EdgeType] = (),
        history: bool = False,
    ) -> list[Edge]:
        """Edges touching any of `node_ids`, either direction."""
        if not node_ids:
            return []
        # `+type`: the edge type index would scan every edge of that type (all
        # turns' temporal links: 26 ms at 100k); the id indexes find a few.
        type_sql = f" and +type in ({marks(len(types))})" if types else ""
        ids = list(node_ids)
        rows = await self._rows(
            f"select {EDGE_COLUMNS} from edges where (src_id in ({marks(len(ids))})"
            f" or dst_id in ({marks(len(ids))})){type_sql}{_valid(history)}",
            (*ids, *ids, *types),
        )
        return [Edge(*row) for row in rows]

    async def walk(
        self,
        start_ids: Sequence[int],
        edge_type: EdgeType,
        *,
        forward: bool,
        depth: int,
    ) -> list[tuple[int, int]]:
        """(node id, hops) reached along `edge_type` edges, nearest first.

        forward follows src → dst (temporal: later turns; causal: effects),
        backward follows dst → src (earlier turns; causes). Start nodes excluded,
        soft-deleted nodes skipped (the walk does not pass through them).
        """
        if not start_ids or depth <= 0:
            return []
        near, far = ("src_id", "dst_id") if forward else ("dst_id", "src_id")
        rows = await self._rows(
            "with recursive reach(id, hops) as ("
            f" select value, 0 from json_each(?)"
            f" union select e.{far}, r.hops + 1 from edges e"
            f" join reach r on e.{near} = r.id"
            " join nodes n on n.id = e." + far + " and n.valid_until is null"
            # `+e.type` keeps the planner off the type index, which made each
            # step scan all temporal edges (130 ms per walk at 100k nodes).
            " where +e.type = ? and e.valid_until is null and r.hops < ?)"
            " select id, min(hops) from reach where hops > 0 group by id"
            " order by min(hops), id",
            (_json_ids(start_ids), edge_type, depth),
        )
        starts = set(start_ids)
        return [(row[0], row[1]) for row in rows if row[0] not in starts]

    async def episode_pairs_unchecked(self, limit: int) -> list[tuple[Node, Node]]:
        """Consecutive (temporal) episode pairs causal inference has not seen."""
        rows = await self._rows(
            "select e.src_id, e.dst_id from edges e"
            " left join causal_checked c on c.src_id = e.src_id and c.dst_id = e.dst_id"
            " where e.type = 'temporal' and c.src_id is null order by e.id limit ?",
            (limit,),
        )
        nodes = await self.get_nodes([i for row in rows for i in row[:2]])
        return [
            (nodes[row[0]], nodes[row[1]])
            for row in rows
            if row[0] in nodes and row[1] in nodes
        ]

    # -- entities ------------------------------------------------------------

    async def find_entity(self, name: str) -> Entity | None:
        """The entity called `name`, by canonical name or alias, any case."""
        key = name_key(name)
        rows = await self._rows(
            f"select {ENTITY_COLUMNS} from entities e where e.name_key = ?"
            " union all "
            f"select {ENTITY_COLUMNS} from entities e"
            " join entity_aliases a on a.entity_id = e.id where a.alias_key = ?"
            " limit 1",
            (key, key),
        )
        return entity_from_row(rows[0]) if rows else None

    async def get_entity(self, entity_id: int) -> Entity | None:
        rows = await self._rows(
            f"select {ENTITY_COLUMNS} from entities e where e.id = ?", (entity_id,)
        )
        return entity_from_row(rows[0]) if rows else None

    async def list_entities(
        self, *, min_mentions: int = 0, without_summary: bool = False, limit: int = 100
    ) -> list[Entity]:
        summary_sql = (
            " and (e.summary is null or e.summary = '')" if without_summary else ""
        )
        rows = await self._rows(
            f"select {ENTITY_COLUMNS} from entities e where e.mention_count >= ?"
            f"{summary_sql} order by e.mention_count desc, e.id limit ?",
            (min_mentions, limit),
        )
        return [entity_from_row(row) for row in rows]

    async def entities_of_nodes(
        self, node_ids: Sequence[int]
    ) -> dict[int, list[Entity]]:
        if not node_ids:
            return {}
        # Links first, then each entity once: a few entities (the people in
        # the conversation) are linked to most nodes.
        links = await self._rows(
            "select node_id, entity_id from node_entities"
            f" where node_id in ({marks(len(node_ids))})",
            node_ids,
        )
        entity_ids = list({row[1] for row in links})
        rows = await self._rows(
            f"select {ENTITY_COLUMNS} from entities e"
            f" where e.id in ({marks(len(entity_ids))})",
            entity_ids,
        )
        entities = {row[0]: entity_from_row(row) for row in rows}
        out: dict[int, list[Entity]] = {}
        for node_id, entity_id in links:
            if entity_id in entities:
                out.setdefault(node_id, []).append(entities[entity_id])
        return out

    async def nodes_of_entity(
        self,
        entity_id: int,
        *,
        types: Sequence[NodeType] = (),
        limit: int = 50,
        history: bool = False,
    ) -> list[Node]:
        """Nodes linked to the entity, newest first."""
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        columns = ", ".join(f"n.{c.strip()}" for c in NODE_COLUMNS.split(","))
        rows = await self._rows(
            f"select {columns} from node_entities ne join nodes n on n.id = ne.node_id"
            f" where ne.entity_id = ?{type_sql}{_valid(history, 'n.')}"
            " order by coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (entity_id, *types, limit),
        )
        return [node_from_row(row) for row in rows]

    # -- sessions and maintenance -------------------------------------------

    async def get_session(self, session_id: str) -> SessionState | None:
        rows = await self._rows(
            f"select {SESSION_COLUMNS} from sessions_consolidations"
            " where session_id = ?",
            (session_id,),
        )
        return SessionState(*rows[0]) if rows else None

    async def pending_sessions(
        self, *, idle_before: float | None = None, limit: int = 100
    ) -> list[SessionState]:
        """Threads with episodes not consolidated yet, oldest activity first."""
        idle_sql = " and last_activity <= ?" if idle_before is not None else ""
        params: tuple[Any, ...] = (idle_before,) if idle_before is not None else ()
        rows = await self._rows(
            f"select {SESSION_COLUMNS} from sessions_consolidations"
            f" where status = 'pending'{idle_sql} order by last_activity limit ?",
            (*params, limit),
        )
        return [SessionState(*row) for row in rows]

    async def session_episodes(
        self, session_id: str, *, after_id: int = 0, limit: int = 50
    ) -> list[Node]:
        """A page of a thread's valid episodes in order, after `after_id`."""
        rows = await self._rows(
            f"select {NODE_COLUMNS} from nodes where session_id = ?"
            " and type = 'episodic' and id > ? and valid_until is null"
            " order by id limit ?",
            (session_id, after_id, limit),
        )
        return [node_from_row(row) for row in rows]

    async def maintenance_runs(self) -> dict[str, MaintenanceRun]:
        import json

        rows = await self._rows(
            "select step, finished_at, duration_ms, counts, error from maintenance_runs"
        )
        return {
            row[0]: MaintenanceRun(row[0], row[1], row[2], json.loads(row[3]), row[4])
            for row in rows
        }

    # -- tool queries --------------------------------------------------------

    async def entities_named_like(
        self, fragment: str, *, limit: int = 5
    ) -> list[Entity]:
        """Entities whose name or an alias contains `fragment` (any case)."""
        key = name_key(fragment)
        if not key:
            return []
        pattern = (
            "%"
            + key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            + "%"
        )
        rows = await self._rows(
            f"select {ENTITY_COLUMNS} from entities e where e.name_key like ?"
            " escape '\\' or e.id in (select entity_id from entity_aliases"
            " where alias_key like ? escape '\\')"
            " order by e.mention_count desc, e.id limit ?",
            (pattern, pattern, limit),
        )
        return [entity_from_row(row) for row in rows]

    async def entity_nodes_between(
        self,
        entity_id: int,
        *,
        after: float | None = None,
        before: float | None = None,
        limit: int = 50,
    ) -> list[Node]:
        """Valid nodes linked to the entity inside a time window, newest first."""
        columns = ", ".join(f"n.{c.strip()}" for c in NODE_COLUMNS.split(","))
        rows = await self._rows(
            f"select {columns} from node_entities ne join nodes n on n.id = ne.node_id"
            " where ne.entity_id = ? and n.valid_until is null"
            " and coalesce(n.event_time, n.created_at) >= ?"
            " and coalesce(n.event_time, n.created_at) < ?"
            " order by coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (
                entity_id,
                float("-inf") if after is None else after,
                float("inf") if before is None else before,
                limit,
            ),
        )
        return [node_from_row(row) for row in rows]


def _json_ids(ids: Iterable[int]) -> str:
    return "[" + ",".join(str(int(i)) for i in ids) + "]"
