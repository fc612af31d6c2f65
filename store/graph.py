"""The graph: edges, walks along them, and supersession (a newer fact replacing
an older one: a `supersedes` edge from new to old, the old one soft-deleted).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

import aiosqlite

from ..core.records import Edge, EdgeDraft, EdgeType, Node, NodeDraft
from ..core.scope import write_scope
from .base import Connections
from .hit_rows import HitRows, read_hits
from .nodes import SqliteNodes
from .rows import EDGE_COLUMNS, edge_from_row, json_ids, live_edges, marks, valid
from .writes import insert_nodes, link_rows, soft_delete_rows

_EdgeRow = tuple[int, int, str, str | None, float, float, float, str | None, float]


def _edge_rows(drafts: Sequence[EdgeDraft], now: float) -> list[_EdgeRow]:
    return [
        (
            d.src_id,
            d.dst_id,
            d.type,
            d.predicate,
            d.weight,
            d.confidence,
            now,
            d.evidence,
            now,
        )
        for d in drafts
        if d.src_id != d.dst_id
    ]


async def _insert_edges(db: aiosqlite.Connection, rows: Sequence[_EdgeRow]) -> int:
    before = db.total_changes
    await db.executemany(
        "insert or ignore into edges (src_id, dst_id, type, predicate, weight,"
        " confidence, valid_from, evidence, created_at)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    return int(db.total_changes - before)


class SqliteGraph:
    def __init__(self, conn: Connections, nodes: SqliteNodes) -> None:
        self._conn = conn
        self._nodes = nodes

    # -- writes --------------------------------------------------------------

    async def add_edges(self, drafts: Sequence[EdgeDraft]) -> int:
        """Insert edges; an edge that exists (same ends and type) is kept as is.

        Returns how many were new.
        """
        rows = _edge_rows(drafts, time.time())

        async def op(db: aiosqlite.Connection) -> int:
            return await _insert_edges(db, rows)

        return int(await self._conn.write(op)) if rows else 0

    async def supersede(
        self,
        old_id: int,
        new: NodeDraft | int,
        evidence: str | None = None,
        *,
        entity_ids: Sequence[int] = (),
    ) -> int:
        """Replace node `old_id` by `new` (a draft to insert or an existing id),
        all in ONE transaction; returns the new node's id.

        Adds the `supersedes` edge new -> old, links the new node to
        `entity_ids`, and soft-deletes the old node (it leaves the indexes).
        A failure anywhere leaves the old node valid and nothing new behind.
        """
        now = time.time()
        has_vectors = self._conn.vector_tables
        fallback_scope = write_scope()

        async def op(db: aiosqlite.Connection) -> int:
            if isinstance(new, NodeDraft):
                draft = new
                if draft.scope is None:  # a correction stays in its fact's scope
                    rows = list(
                        await db.execute_fetchall(
                            "select scope from nodes where id = ?", (old_id,)
                        )
                    )
                    scope = rows[0][0] if rows else fallback_scope
                    draft = dataclasses.replace(new, scope=scope)
                (new_id,) = await insert_nodes(db, [draft])
            else:
                new_id = new
            edge = EdgeDraft(new_id, old_id, "supersedes", evidence=evidence)
            await _insert_edges(db, _edge_rows([edge], now))
            await link_rows(db, [(new_id, e) for e in entity_ids])
            await soft_delete_rows(db, [old_id], now, has_vectors)
            return int(new_id)

        return int(await self._conn.write(op))

    async def mark_causal_checked(self, pairs: Sequence[tuple[int, int]]) -> None:
        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany(
                "insert or ignore into causal_checked (src_id, dst_id, checked_at)"
                " values (?, ?, ?)",
                [(a, b, now) for a, b in pairs],
            )

        await self._conn.write(op)

    # -- reads ---------------------------------------------------------------

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
        rows = await self._conn.rows(
            f"select {EDGE_COLUMNS} from edges where (src_id in ({marks(len(ids))})"
            f" or dst_id in ({marks(len(ids))})){type_sql}{live_edges(history)}",
            (*ids, *ids, *types),
        )
        return [edge_from_row(row) for row in rows]

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
        reached = await self.walk_from_each(
            start_ids, edge_type, forward=forward, depth=depth
        )
        starts = set(start_ids)
        nearest: dict[int, int] = {}
        for found in reached.values():
            for node_id, hops in found:
                if node_id not in starts:
                    nearest[node_id] = min(hops, nearest.get(node_id, hops))
        return sorted(nearest.items(), key=lambda item: (item[1], item[0]))

    async def walk_from_each(
        self,
        start_ids: Sequence[int],
        edge_type: EdgeType,
        *,
        forward: bool,
        depth: int,
    ) -> dict[int, list[tuple[int, int]]]:
        """`walk` from each start on its own, in one statement: {start: its
        (node id, hops), nearest first, the start itself left out}. A
        question's graph leg walks from each of its seeds (one statement a
        seed and direction was 6 round trips of a "when" question)."""
        if not start_ids or depth <= 0:
            return {}
        rows = await self._conn.rows(
            walk_sql(forward, "select value, value, 0 from json_each(?)", "+e.type"),
            (json_ids(start_ids), edge_type, depth),
        )
        return reached_from(rows)

    async def episode_pairs_unchecked(self, limit: int) -> list[tuple[Node, Node]]:
        """Consecutive (temporal) episode pairs causal inference has not seen."""
        rows = await self._conn.rows(
            "select e.src_id, e.dst_id from edges e"
            " left join causal_checked c on c.src_id = e.src_id and c.dst_id = e.dst_id"
            " where e.type = 'temporal' and c.src_id is null order by e.id limit ?",
            (limit,),
        )
        pairs = [(row["src_id"], row["dst_id"]) for row in rows]
        nodes = await self._nodes.get_nodes([i for pair in pairs for i in pair])
        return [(nodes[a], nodes[b]) for a, b in pairs if a in nodes and b in nodes]

    async def superseded_by(self, node_ids: Sequence[int]) -> dict[int, list[int]]:
        """Older versions (history) each node replaced via `supersedes` edges."""
        if not node_ids:
            return {}
        rows = await self._conn.rows(
            # `+type` here and below: look edges up by node id, never by
            # scanning every edge of one type (see walk).
            "select src_id, dst_id from edges where +type = 'supersedes'"
            f" and src_id in ({marks(len(node_ids))})",
            node_ids,
        )
        out: dict[int, list[int]] = {}
        for row in rows:
            out.setdefault(row["src_id"], []).append(row["dst_id"])
        return out

    async def sources_of(self, node_ids: Sequence[int]) -> dict[int, list[int]]:
        """Valid nodes each node was derived from (`derived_from` edges)."""
        if not node_ids:
            return {}
        rows = await self._conn.rows(
            "select e.src_id, e.dst_id from edges e join nodes n on n.id = e.dst_id"
            " where +e.type = 'derived_from' and e.valid_until is null"
            f"{valid(False, 'n.')} and e.src_id in ({marks(len(node_ids))})",
            node_ids,
        )
        out: dict[int, list[int]] = {}
        for row in rows:
            out.setdefault(row["src_id"], []).append(row["dst_id"])
        return out

    async def read_hits(self, ids: Sequence[int]) -> HitRows:
        """The valid nodes of `ids`, those of them a valid newer node
        supersedes, and each one's entities, in one statement (hit_rows.py)."""
        return await read_hits(self._conn, ids)

    async def superseded_ids(self, node_ids: Sequence[int]) -> set[int]:
        """Those of `node_ids` a valid newer node supersedes (`supersedes` edge
        from the new node to the old one)."""
        if not node_ids:
            return set()
        rows = await self._conn.rows(
            "select e.dst_id from edges e join nodes n on n.id = e.src_id"
            f" where e.type = 'supersedes'{valid(False, 'n.')}"
            f" and e.dst_id in ({marks(len(node_ids))})",
            node_ids,
        )
        return {row["dst_id"] for row in rows}


def walk_sql(forward: bool, starts: str, edge_type: str) -> str:
    """The per-start walk: `starts` selects (start, start, 0) rows (SQLite's
    json_each, PostgreSQL's unnest); `edge_type` is the column as written in
    the filter (SQLite: `+e.type`, which keeps the planner off the type
    index: it made each step scan all temporal edges, 130 ms a walk at 100k)."""
    near, far = ("src_id", "dst_id") if forward else ("dst_id", "src_id")
    return (
        f"with recursive reach(start, id, hops) as ({starts}"
        f" union select r.start, e.{far}, r.hops + 1 from edges e"
        f" join reach r on e.{near} = r.id"
        f" join nodes n on n.id = e.{far}{valid(False, 'n.')}"
        f" where {edge_type} = ? and e.valid_until is null and r.hops < ?)"
        " select start, id, min(hops) as hops from reach"
        " where hops > 0 and id <> start group by start, id"
        " order by start, min(hops), id"
    )


def reached_from(rows: Sequence[Any]) -> dict[int, list[tuple[int, int]]]:
    """{start: [(node id, hops), ...]} from `walk_sql`'s rows (ordered)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for row in rows:
        out.setdefault(row["start"], []).append((row["id"], row["hops"]))
    return out
