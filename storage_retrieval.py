"""Read queries of the hybrid search (retrieval.py), mixed into MemoryStorage.

Kept apart from storage_reads.py only so both files stay small; like it, this
is SQL on the read-only connection, and only valid nodes are returned.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import aiosqlite

from .records import Entity, NodeType, name_key
from .storage_reads import ENTITY_COLUMNS, entity_from_row, marks, pack_vector

# A query naming more entities than this is rare; SQLite caps a compound
# select at 500 terms.
MAX_ENTITIES = 50
CEILING_TTL = 60.0


class RetrievalReads:
    """Reads the hybrid search needs (mixed into MemoryStorage with StorageReads)."""

    _read: aiosqlite.Connection
    _ceiling: tuple[int, float] | None = None  # (max node id, when read)

    async def entities_by_keys(self, keys: Sequence[str]) -> list[Entity]:
        """Entities whose canonical name or alias key is one of `keys` (name_key)."""
        wanted = list(dict.fromkeys(name_key(k) for k in keys if name_key(k)))
        if not wanted:
            return []
        found: dict[int, Entity] = {}
        for start in range(0, len(wanted), 400):
            chunk = wanted[start : start + 400]
            rows = await self._read.execute_fetchall(
                f"select {ENTITY_COLUMNS} from entities e where e.id in ("
                f" select id from entities where name_key in ({marks(len(chunk))})"
                " union select entity_id from entity_aliases"
                f" where alias_key in ({marks(len(chunk))}))",
                (*chunk, *chunk),
            )
            for row in rows:
                entity = entity_from_row(row)
                found[entity.id] = entity
        return list(found.values())

    async def entity_node_ids(
        self,
        entity_ids: Sequence[int],
        *,
        limit: int,
        types: Sequence[NodeType] = (),
    ) -> list[tuple[int, int]]:
        """(node id, linked named entities) for valid nodes, most links then newest."""
        if not entity_ids:
            return []
        # Each entity contributes its newest links by the (entity_id, node_id)
        # index, so a person linked to most of a large memory costs `scan`
        # rows, not all of them; newer nodes have larger ids.
        ids = list(dict.fromkeys(entity_ids))[:MAX_ENTITIES]
        scan = 2 * limit
        newest = " union all ".join(
            "select * from (select node_id from node_entities"
            " where entity_id = ? order by node_id desc limit ?)"
            for _ in ids
        )
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        rows = await self._read.execute_fetchall(
            f"select n.id, count(*) as links from ({newest}) x"
            f" join nodes n on n.id = x.node_id where n.valid_until is null{type_sql}"
            " group by n.id order by links desc,"
            " coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (*[v for i in ids for v in (i, scan)], *types, limit),
        )
        return [(row[0], row[1]) for row in rows]

    async def node_ceiling(self) -> int:
        """The largest node id: the memory's size without a count(*) scan.

        Re-read at most every CEILING_TTL seconds: it only sizes a threshold
        (search_legs.entity_leg), and a query saved is a thread hop saved.
        """
        now = time.monotonic()
        if self._ceiling is not None and now - self._ceiling[1] < CEILING_TTL:
            return self._ceiling[0]
        rows = list(await self._read.execute_fetchall("select max(id) from nodes"))
        self._ceiling = (int(rows[0][0] or 0), now)
        return self._ceiling[0]

    async def common_links(self, *, share: float, floor: int) -> float:
        """Links above which an entity is common: `share` of the nodes, at
        least `floor` (a small memory keeps all its entities)."""
        return max(floor, share * await self.node_ceiling())

    async def common_entity_keys(self, *, share: float, floor: int) -> set[str]:
        """Name and alias keys of entities linked to more than `share` of the
        nodes (and more than `floor`): names as frequent as stop words."""
        cap = await self.common_links(share=share, floor=floor)
        rows = await self._read.execute_fetchall(
            "select name_key from entities where mention_count > ?"
            " union select a.alias_key from entity_aliases a"
            " join entities e on e.id = a.entity_id where e.mention_count > ?",
            (cap, cap),
        )
        return {row[0] for row in rows}

    async def latest_episode_ids(self, session_id: str, *, limit: int) -> list[int]:
        """Ids of a thread's newest episodes, newest first (nodes_session index)."""
        rows = await self._read.execute_fetchall(
            "select id from nodes where session_id = ? and type = 'episodic'"
            " order by id desc limit ?",
            (session_id, limit),
        )
        return [row[0] for row in rows]

    async def superseded_by(self, node_ids: Sequence[int]) -> dict[int, list[int]]:
        """Older versions (history) each node replaced via `supersedes` edges."""
        if not node_ids:
            return {}
        rows = await self._read.execute_fetchall(
            # `+type` here and below: look edges up by node id, never by
            # scanning every edge of one type (storage_reads.walk).
            "select src_id, dst_id from edges where +type = 'supersedes'"
            f" and src_id in ({marks(len(node_ids))})",
            tuple(node_ids),
        )
        out: dict[int, list[int]] = {}
        for row in rows:
            out.setdefault(row[0], []).append(row[1])
        return out

    async def sources_of(self, node_ids: Sequence[int]) -> dict[int, list[int]]:
        """Valid nodes each node was derived from (`derived_from` edges)."""
        if not node_ids:
            return {}
        rows = await self._read.execute_fetchall(
            "select e.src_id, e.dst_id from edges e join nodes n on n.id = e.dst_id"
            " where +e.type = 'derived_from' and e.valid_until is null"
            f" and n.valid_until is null and e.src_id in ({marks(len(node_ids))})",
            tuple(node_ids),
        )
        out: dict[int, list[int]] = {}
        for row in rows:
            out.setdefault(row[0], []).append(row[1])
        return out

    async def superseded_ids(self, node_ids: Sequence[int]) -> set[int]:
        """Those of `node_ids` a valid newer node supersedes (`supersedes` edge
        from the new node to the old one)."""
        if not node_ids:
            return set()
        rows = await self._read.execute_fetchall(
            "select e.dst_id from edges e join nodes n on n.id = e.src_id"
            " where e.type = 'supersedes' and n.valid_until is null"
            f" and e.dst_id in ({marks(len(node_ids))})",
            tuple(node_ids),
        )
        return {row[0] for row in rows}

    async def knn_bits(self, vector: Sequence[float], *, limit: int) -> list[int]:
        """Ids of the nearest valid nodes by sign-bit (Hamming) distance.

        Cheap but coarse: re-score the ids with `vector_distances`. The cost of
        a vec0 query grows with `limit`, so keep it small (tens).
        """
        if not getattr(self, "has_vectors", False):
            return []
        rows = await self._read.execute_fetchall(
            "select node_id from vec_nodes_bit"
            " where embedding match vec_quantize_binary(?) and k = ?",
            (pack_vector(vector), limit),
        )
        return [row[0] for row in rows]

    async def vector_distances(
        self, vector: Sequence[float], node_ids: Sequence[int]
    ) -> list[tuple[int, float]]:
        """(id, cosine distance) of the given valid nodes that have a vector,
        nearest first: exact float re-scoring of candidates (~1 ms for 400)."""
        if not node_ids or not getattr(self, "has_vectors", False):
            return []
        rows = await self._read.execute_fetchall(
            "select id, vec_distance_cosine(embedding, ?) as d from nodes"
            f" where id in ({marks(len(node_ids))}) and embedding is not null"
            " and valid_until is null order by d",
            (pack_vector(vector), *node_ids),
        )
        return [(row[0], row[1]) for row in rows]
