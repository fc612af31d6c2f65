"""The search indexes: FTS5 over node text, sqlite-vec over embeddings.

Both are derived data: FTS follows the nodes table by triggers (valid nodes
only), the vector tables are filled by `save_embeddings` and emptied by soft
delete; `rebuild_fts` and `rebuild_vectors` recreate them from the tables.
Without sqlite-vec (`has_vectors` false) every vector read returns nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import aiosqlite

from ..core.records import Node, NodeType, NodeWindow
from .base import Connections
from .held_terms import HeldTerms
from .migrations import create_vector_tables
from .rows import (
    NODE_COLUMNS,
    SQL_WHEN,
    json_ids,
    marks,
    node_from_row,
    pack_vector,
    unpack_vector,
    valid,
    window_id_range,
    window_sql,
)
from .term_counts import TermCounts
from .writes import drop_vectors

log = logging.getLogger(__name__)

SCAN_WINDOW = 20_000  # newest nodes a substring (CJK) search reads
# Best FTS matches checked against the view beyond those asked for: out-of-view
# rows (another scope, expired) among them still leave enough (fts_search).
FTS_VIEW_MARGIN = 10


class SqliteIndex(TermCounts, HeldTerms):
    def __init__(self, conn: Connections) -> None:
        TermCounts.__init__(self, conn)
        HeldTerms.__init__(self, conn)

    # -- search --------------------------------------------------------------

    async def fts_search(
        self,
        match: str,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        context_weight: float = 0.35,
        min_id: int = 0,
        window: NodeWindow | None = None,
    ) -> list[tuple[int, float]]:
        """(id, bm25 score; lower is better) for an FTS5 MATCH expression.

        `match` must already be a safe expression (search/query_text).
        `min_id` > 0 scores only nodes from that id on (FTS5 seeks the rowid
        range, so fewer rows are read and scored). `window` selects the rows
        that are scored (a filter after the ranking emptied old windows).
        """
        if not types and window is None:
            found = await self._fts_ranked_first(match, limit, context_weight, min_id)
            if found is not None:
                return found
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        in_window, window_params = window_sql(window, "n.")
        id_range, range_params = window_id_range(window, "nodes_fts.rowid")
        # `cross join` keeps the FTS match as the outer loop: with a type filter
        # SQLite otherwise walks every node of those types and runs the match
        # once per node (measured: 4 ms -> 360 ms at 2,000 nodes).
        rows = await self._conn.rows(
            "select n.id, bm25(nodes_fts, 1.0, ?) as score from nodes_fts"
            " cross join nodes n on n.id = nodes_fts.rowid"
            f" where nodes_fts match ? and nodes_fts.rowid >= ?{id_range}"
            f"{valid(False, 'n.')}{type_sql}{in_window} order by score limit ?",
            (
                context_weight,
                match,
                min_id,
                *range_params,
                *types,
                *window_params,
                limit,
            ),
        )
        return [(row["id"], row["score"]) for row in rows]

    async def _fts_ranked_first(
        self, match: str, limit: int, context_weight: float, min_id: int
    ) -> list[tuple[int, float]] | None:
        """The best `limit` matches ranked by the index alone, then checked
        against the view (scope, expiry); None when too many of the best were
        out of view to tell, and the caller joins every match instead.

        The index holds only live nodes (triggers), so the check is for scope
        and expiry, which the best rows nearly always pass: looking up the
        node of every match (~0.6 µs each) cost a third of a query that
        scores 2,500 rows, and looking up the best `limit` + a margin finds
        the same rows in the same order. Checked in the same statement, as
        each row's `seen` (a second round trip cost more than the lookups).

        Where this statement's time goes (100k turns, the latency bench's
        120 questions, CPU): ~4.6 ms a statement, half of get_context's SQL;
        bm25's idf (each phrase's every posting, whatever the rowid range)
        ~1.2 ms of it, scoring the ~2,500 rows in range the rest. The idf
        cannot be handed to FTS5's bm25 and the row's instance counts are
        seen only by an FTS5 auxiliary function, which Python's sqlite3
        cannot register: a ranking of our own would not give bm25's scores.
        """
        wanted = limit + FTS_VIEW_MARGIN
        rows = await self._conn.rows(
            "select f.id, f.score, exists (select 1 from nodes n where n.id = f.id"
            f"{valid(False, 'n.')}) as seen from (select rowid as id,"
            " bm25(nodes_fts, 1.0, ?) as score from nodes_fts"
            " where nodes_fts match ? and rowid >= ? order by score limit ?) f",
            (context_weight, match, min_id, wanted),
        )
        found = [(row["id"], row["score"]) for row in rows if row["seen"]]
        if len(found) >= limit or len(rows) < wanted:  # enough, or every match
            return found[:limit]
        return None

    async def fts_newest(
        self, match: str, *, limit: int, types: Sequence[NodeType] = ()
    ) -> list[int]:
        """Ids of the newest `limit` valid nodes matching `match`, unranked.

        For a lookup that needs the rows, not their order ("the turns saying
        'friend'"): FTS5 walks its rowids backwards and stops at `limit`,
        where bm25 scored every match first (~12 ms at 100k nodes for a word
        in thousands of turns; this ~0.3 ms).
        """
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        rows = await self._conn.rows(
            "select n.id from nodes_fts cross join nodes n on n.id = nodes_fts.rowid"
            f" where nodes_fts match ?{valid(False, 'n.')}{type_sql}"
            " order by nodes_fts.rowid desc limit ?",
            (match, *types, limit),
        )
        return [row["id"] for row in rows]

    async def window_nodes(
        self,
        window: NodeWindow,
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        oldest_first: bool = False,
    ) -> list[int]:
        """Ids of valid nodes in `window`, newest (or oldest) first: the
        candidates of a window no word of the question matches."""
        type_sql = f" and type in ({marks(len(types))})" if types else ""
        in_window, params = window_sql(window)
        when = SQL_WHEN.format(a="")
        order = "asc" if oldest_first else "desc"
        rows = await self._conn.rows(
            f"select id from nodes where 1 = 1{valid(False)}{type_sql}{in_window}"
            f" order by {when} {order}, id {order} limit ?",
            (*types, *params, limit),
        )
        return [row["id"] for row in rows]

    async def within(self, ids: Sequence[int], window: NodeWindow) -> set[int]:
        """Those of `ids` that are valid nodes inside `window`."""
        if not ids:
            return set()
        in_window, params = window_sql(window)
        rows = await self._conn.rows(
            f"select id from nodes where id in ({marks(len(ids))}){valid(False)}"
            f"{in_window}",
            (*ids, *params),
        )
        return {row["id"] for row in rows}

    async def substring_search(
        self,
        needles: Sequence[str],
        *,
        limit: int,
        types: Sequence[NodeType] = (),
        window: NodeWindow | None = None,
    ) -> list[tuple[int, float]]:
        """(id, how many needles it contains) of valid nodes containing any.

        For CJK words, which the FTS tokenizer cannot split out of unsegmented
        text: a scan of the node text, run only for queries that have them,
        over the newest SCAN_WINDOW nodes (all 100k took 120-180 ms here; a
        CJK bigram index would lift the limit and needs a schema migration).
        """
        wanted = list(dict.fromkeys(n for n in needles if n))[:8]
        if not wanted:
            return []
        # case, not a bare comparison: PostgreSQL does not add booleans
        found = " + ".join(
            "case when instr(content, ?) > 0 then 1 else 0 end" for _ in wanted
        )
        any_found = " or ".join("instr(content, ?) > 0" for _ in wanted)
        type_sql = f" and type in ({marks(len(types))})" if types else ""
        in_window, params = window_sql(window)
        rows = await self._conn.rows(
            # valid(): the one predicate for validity, expiry and scope.
            f"select id, {found} as score from nodes where 1 = 1{valid(False)}"
            " and id > (select coalesce(max(id), 0) from nodes) - ?"
            f" and ({any_found}){type_sql}{in_window}"
            " order by score desc, id desc limit ?",
            (*wanted, SCAN_WINDOW, *wanted, *types, *params, limit),
        )
        return [(row["id"], float(row["score"])) for row in rows]

    async def knn_search(
        self, vector: Sequence[float], *, limit: int
    ) -> list[tuple[int, float]]:
        """(id, cosine distance) of the nearest valid nodes; [] without vectors."""
        if not self._conn.has_vectors:
            return []
        # `k = ?` rather than `limit ?`: older SQLite builds reject the latter.
        rows = await self._conn.rows(
            "select node_id, distance from vec_nodes where embedding match ?"
            " and k = ? order by distance",
            (pack_vector(vector), limit),
        )
        keep = await self._in_view([row["node_id"] for row in rows])
        return [
            (row["node_id"], row["distance"]) for row in rows if row["node_id"] in keep
        ]

    async def knn_bits(self, vector: Sequence[float], *, limit: int) -> list[int]:
        """Ids of the nearest valid nodes by sign-bit (Hamming) distance.

        Cheap but coarse: re-score the ids with `vector_distances`. The cost of
        a vec0 query grows with `limit`, so keep it small (tens).
        """
        if not self._conn.has_vectors:
            return []
        rows = await self._conn.rows(
            "select node_id from vec_nodes_bit"
            " where embedding match vec_quantize_binary(?) and k = ?",
            (pack_vector(vector), limit),
        )
        keep = await self._in_view([row["node_id"] for row in rows])
        return [row["node_id"] for row in rows if row["node_id"] in keep]

    async def _in_view(self, ids: Sequence[int]) -> set[int]:
        """Those of `ids` the current view may see, not expired. The vector
        tables (and the FTS index) hold no scope and no expiry, so their
        nearest neighbours are filtered here (in a shared database a scope's
        hits can be fewer than `limit`)."""
        if not ids:
            return set()
        rows = await self._conn.rows(
            f"select id from nodes where id in ({marks(len(ids))}){valid(False)}", ids
        )
        return {row["id"] for row in rows}

    async def vector_distances(
        self, vector: Sequence[float], node_ids: Sequence[int]
    ) -> list[tuple[int, float]]:
        """(id, cosine distance) of the given valid nodes that have a vector,
        nearest first: exact float re-scoring of candidates (~1 ms for 400)."""
        if not node_ids or not self._conn.has_vectors:
            return []
        rows = await self._conn.rows(
            "select id, vec_distance_cosine(embedding, ?) as d from nodes"
            f" where id in ({marks(len(node_ids))}) and embedding is not null"
            f"{valid(False)} order by d",
            (pack_vector(vector), *node_ids),
        )
        return [(row["id"], row["d"]) for row in rows]

    # -- embeddings ----------------------------------------------------------

    async def save_embeddings(
        self, items: Sequence[tuple[int, Sequence[float]]]
    ) -> None:
        """Store vectors in the node column and the vector index, one transaction."""
        rows = [
            (pack_vector(vec), node_id)
            for node_id, vec in items
            if len(vec) == self._conn.dim
        ]
        if len(rows) != len(items):
            log.warning(
                "skipped %d embeddings of the wrong width", len(items) - len(rows)
            )
        has_vectors = self._conn.has_vectors

        async def op(db: aiosqlite.Connection) -> None:
            # Only a node that had a vector has rows in the vec tables to
            # drop: a new episode (nearly every call) has none.
            had = await db.execute_fetchall(
                "select id from nodes where id in (select value from json_each(?))"
                " and embedding is not null",
                (json_ids(node_id for _, node_id in rows),),
            )
            await db.executemany(
                "update nodes set embedding = ? where id = ? and valid_until is null",
                rows,
            )
            if has_vectors:
                ids = [(node_id,) for _, node_id in rows]
                await drop_vectors(db, [row[0] for row in had], True)
                await db.executemany(
                    "insert into vec_nodes (node_id, embedding) select id, embedding"
                    " from nodes where id = ? and embedding is not null"
                    " and valid_until is null",
                    ids,
                )
                await db.executemany(
                    "insert into vec_nodes_bit (node_id, embedding)"
                    " select id, vec_quantize_binary(embedding) from nodes"
                    " where id = ? and embedding is not null and valid_until is null",
                    ids,
                )

        await self._conn.write(op)

    async def node_embeddings(self, ids: Sequence[int]) -> dict[int, list[float]]:
        rows = await self._conn.rows(
            f"select id, embedding from nodes where id in ({marks(len(ids))})"
            " and embedding is not null",
            ids,
        )
        return {row["id"]: unpack_vector(row["embedding"]) for row in rows}

    async def nodes_missing_embedding(self, limit: int) -> list[Node]:
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where embedding is null"
            " and valid_until is null order by id limit ?",
            (limit,),
        )
        return [node_from_row(row) for row in rows]

    async def episodes_after(self, after_id: int, limit: int) -> list[Node]:
        """Valid episodes with an id above `after_id`, oldest first (every scope)."""
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where id > ? and type = 'episodic'"
            " and valid_until is null order by id limit ?",
            (after_id, limit),
        )
        return [node_from_row(row) for row in rows]

    async def last_linked_episode(self) -> int:
        """The newest episode linked to an entity (0: none), where the slow
        path's work is known to have reached before it kept a mark."""
        rows = await self._conn.rows(
            "select max(l.node_id) as id from node_entities l"
            " join nodes n on n.id = l.node_id where n.type = 'episodic'"
        )
        return int(rows[0]["id"] or 0)

    async def count_missing_embeddings(self) -> int:
        rows = await self._conn.rows(
            "select count(*) as missing from nodes where embedding is null"
            " and valid_until is null"
        )
        return int(rows[0]["missing"])

    # -- rebuilds ------------------------------------------------------------

    async def rebuild_fts(self) -> int:
        """Re-index valid nodes only; returns how many were indexed.

        FTS5's own 'rebuild' would read every row of the content table,
        soft-deleted ones included, so we clear the index and insert valid rows.
        """

        async def op(db: aiosqlite.Connection) -> int:
            await db.execute("insert into nodes_fts (nodes_fts) values ('delete-all')")
            cursor = await db.execute(
                "insert into nodes_fts (rowid, content, context)"
                " select id, content, context from nodes where valid_until is null"
            )
            return int(cursor.rowcount)

        return int(await self._conn.write(op))

    async def rebuild_vectors(self) -> tuple[int, int]:
        """Refill vec_nodes, vec_nodes_bit and vec_entities from the embedding columns.

        Returns (nodes, entities) indexed; vectors of the wrong width are left out
        (they get re-embedded, see `clear_wrong_width_embeddings`).
        """
        vec = self._conn.vec
        if not vec.loaded:
            return (0, 0)
        dim = self._conn.dim
        width = 4 * dim

        async def op(db: aiosqlite.Connection) -> tuple[int, int]:
            if vec.width != dim:
                # An explicit reindex after embedding_dimensions changed: new
                # tables at the new width (the vectors stay in nodes/entities).
                for table in ("vec_nodes", "vec_nodes_bit", "vec_entities"):
                    await db.execute(f"drop table if exists {table}")
                await create_vector_tables(db, dim)
            await db.execute("delete from vec_nodes")
            await db.execute("delete from vec_nodes_bit")
            await db.execute("delete from vec_entities")
            nodes = await db.execute(
                "insert into vec_nodes (node_id, embedding) select id, embedding"
                " from nodes where valid_until is null and embedding is not null"
                " and length(embedding) = ?",
                (width,),
            )
            await db.execute(
                "insert into vec_nodes_bit (node_id, embedding)"
                " select node_id, vec_quantize_binary(embedding) from vec_nodes"
            )
            entities = await db.execute(
                "insert into vec_entities (entity_id, embedding) select id, embedding"
                " from entities where embedding is not null and length(embedding) = ?",
                (width,),
            )
            return (int(nodes.rowcount), int(entities.rowcount))

        result = await self._conn.write(op)
        vec.width = dim
        return (int(result[0]), int(result[1]))

    async def clear_wrong_width_embeddings(self) -> int:
        """Drop stored vectors whose width is not `dim` so they can be re-embedded."""
        width = 4 * self._conn.dim

        async def op(db: aiosqlite.Connection) -> int:
            nodes = await db.execute(
                "update nodes set embedding = null"
                " where embedding is not null and length(embedding) != ?",
                (width,),
            )
            entities = await db.execute(
                "update entities set embedding = null"
                " where embedding is not null and length(embedding) != ?",
                (width,),
            )
            return int(nodes.rowcount) + int(entities.rowcount)

        return int(await self._conn.write(op))
