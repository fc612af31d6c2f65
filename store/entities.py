"""Entities (people, places, projects, ...), their aliases, and their links to
nodes. Names are matched by `name_key` (case and spacing folded).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

from ..core.records import (
    Entity,
    EntityType,
    Node,
    NodeType,
    NodeWindow,
    dump_attributes,
    name_key,
)
from ..core.scope import using_view, view_of_scope, write_scope
from ..core.text import clean_text
from .base import Connections
from .entity_edits import EntityEdits
from .entity_window import entity_rows_in_window
from .nodes import SqliteNodes
from .rows import (
    ENTITY_COLUMNS,
    N_NODE_COLUMNS,
    entity_from_row,
    in_scope,
    json_ids,
    marks,
    node_from_row,
    pack_vector,
    valid,
    window_id_range,
    window_sql,
)
from .writes import link_rows, upsert_entity_row

# A query naming more entities than this is rare; SQLite caps a compound
# select at 500 terms.
MAX_ENTITIES = 50

MAX_LIKE_CHARS = 200  # of a name searched with LIKE (names are short)


class SqliteEntities(EntityEdits):
    def __init__(self, conn: Connections, nodes: SqliteNodes) -> None:
        self._conn = conn
        self._nodes = nodes

    # -- writes --------------------------------------------------------------

    async def upsert_entity(
        self,
        name: str,
        *,
        type: EntityType = "concept",
        aliases: Sequence[str] = (),
        mentions: int = 1,
    ) -> Entity:
        """The entity known by `name` or any alias, created if new.

        New aliases are merged in and mention_count grows by `mentions` (linkers
        pass 0: `link_entities` counts each new link as a mention).
        """
        name = clean_text(name).strip()
        if not name:
            raise ValueError("an entity needs a name")
        names = [name, *(clean_text(a).strip() for a in aliases)]
        scope = write_scope()  # read here: the op runs in the writer's task

        async def op(db: aiosqlite.Connection) -> int:
            return await upsert_entity_row(db, names, type, mentions, scope)

        entity_id = int(await self._conn.write(op))
        with using_view(view_of_scope(scope)):
            entity = await self.get_entity(entity_id)
        assert entity is not None
        return entity

    async def upsert_entities(
        self, names: Sequence[tuple[str, EntityType]]
    ) -> list[Entity]:
        """`upsert_entity(name, type=..., mentions=0)` for each, in one
        transaction and one read: the slow path files a batch of episodes'
        mentions at once (one transaction per name kept it near 100/s)."""
        wanted = [(clean_text(n).strip(), t) for n, t in names]
        if any(not n for n, _ in wanted):
            raise ValueError("an entity needs a name")

        scope = write_scope()  # read here: the op runs in the writer's task

        async def op(db: aiosqlite.Connection) -> list[int]:
            # Known names (most, in a long memory) in one read and one update.
            keys = list({name_key(n) for n, _ in wanted})
            known = {
                row[0]: int(row[1])
                for row in await db.execute_fetchall(
                    "select name_key, id from entities where scope = ?"
                    f" and name_key in ({marks(len(keys))})"
                    " union all select alias_key, entity_id from entity_aliases"
                    f" where scope = ? and alias_key in ({marks(len(keys))})",
                    (scope, *keys, scope, *keys),
                )
            }
            await db.execute(
                f"update entities set updated_at = ? where id in ({marks(len(known))})",
                (time.time(), *known.values()),
            )
            return [
                known.get(name_key(n)) or await upsert_entity_row(db, [n], t, 0, scope)
                for n, t in wanted
            ]

        ids = [int(i) for i in await self._conn.write(op)] if wanted else []
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e"
            f" where e.id in ({marks(len(ids))})",
            ids,
        )
        by_id = {row["id"]: entity_from_row(row) for row in rows}
        return [by_id[i] for i in ids]

    async def link_entities(self, pairs: Sequence[tuple[int, int]]) -> None:
        """Link (node id, entity id) pairs; each new link is one more mention.

        A link that exists already changes nothing, so linking again (a retried
        consolidation, a re-indexed episode) never inflates mention counts.
        """
        wanted = list(pairs)

        async def op(db: aiosqlite.Connection) -> None:
            await link_rows(db, wanted)

        if wanted:
            await self._conn.write(op)

    async def update_entity(
        self,
        entity_id: int,
        *,
        summary: str | None = None,
        type: EntityType | None = None,
        embedding: Sequence[float] | None = None,
        attributes: Mapping[str, Any] | None = None,
    ) -> None:
        """Set what is given; `attributes` are merged into the stored ones."""
        now = time.time()
        dim = self._conn.dim
        if embedding is not None and len(embedding) != dim:
            raise ValueError(f"entity embedding must have {dim} dimensions")
        has_vectors = self._conn.has_vectors

        async def op(db: aiosqlite.Connection) -> None:
            if summary is not None:
                await db.execute(
                    "update entities set summary = ?, updated_at = ? where id = ?",
                    (clean_text(summary), now, entity_id),
                )
            if type is not None:
                await db.execute(
                    "update entities set type = ?, updated_at = ? where id = ?",
                    (type, now, entity_id),
                )
            if attributes:
                await db.execute(
                    "update entities set attributes = json_patch(attributes, ?),"
                    " updated_at = ? where id = ?",
                    (dump_attributes(attributes), now, entity_id),
                )
            if embedding is not None:
                blob = pack_vector(embedding)
                await db.execute(
                    "update entities set embedding = ? where id = ?", (blob, entity_id)
                )
                if has_vectors:
                    await db.execute(
                        "delete from vec_entities where entity_id = ?", (entity_id,)
                    )
                    await db.execute(
                        "insert into vec_entities (entity_id, embedding) values (?, ?)",
                        (entity_id, blob),
                    )

        await self._conn.write(op)

    # -- reads ---------------------------------------------------------------

    async def find_entity(self, name: str) -> Entity | None:
        """The entity called `name`, by canonical name or alias, any case."""
        key = name_key(name)
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e where e.name_key = ?"
            f"{in_scope('e.')} union all "
            f"select {ENTITY_COLUMNS} from entities e"
            " join entity_aliases a on a.entity_id = e.id where a.alias_key = ?"
            f"{in_scope('e.')}"
            " limit 1",
            (key, key),
        )
        return entity_from_row(rows[0]) if rows else None

    async def get_entity(self, entity_id: int) -> Entity | None:
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e where e.id = ?{in_scope('e.')}",
            (entity_id,),
        )
        return entity_from_row(rows[0]) if rows else None

    async def list_entities(
        self, *, min_mentions: int = 0, without_summary: bool = False, limit: int = 100
    ) -> list[Entity]:
        summary_sql = (
            " and (e.summary is null or e.summary = '')" if without_summary else ""
        )
        # An entity no remaining memory mentions (all forgotten) is not listed.
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e where e.mention_count >= ?"
            f"{summary_sql}{in_scope('e.')}"
            " order by e.mention_count desc, e.id limit ?",
            (max(1, min_mentions), limit),
        )
        return [entity_from_row(row) for row in rows]

    async def entities_of_nodes(
        self, node_ids: Sequence[int]
    ) -> dict[int, list[Entity]]:
        if not node_ids:
            return {}
        # One statement (the links joined to their entities, in view): a
        # search reads the entities of its candidates twice, and on
        # PostgreSQL each statement is a round trip (~0.3-0.5 ms on a busy
        # machine). An entity linked to several nodes is built once.
        rows = await self._conn.rows(
            f"select l.node_id, {ENTITY_COLUMNS} from node_entities l"
            " join entities e on e.id = l.entity_id"
            f" where l.node_id in ({marks(len(node_ids))}){in_scope('e.')}"
            " order by l.node_id, l.entity_id",
            node_ids,
        )
        entities: dict[int, Entity] = {}
        out: dict[int, list[Entity]] = {}
        for row in rows:
            entity = entities.get(row["id"]) or entity_from_row(row, skip=("node_id",))
            entities[entity.id] = entity
            out.setdefault(row["node_id"], []).append(entity)
        return out

    async def linked_to(
        self, node_ids: Sequence[int], entity_ids: Sequence[int]
    ) -> set[int]:
        """Those of `node_ids` linked to one of `entity_ids` (in view): which
        candidates are about the people asked, before reading their entities."""
        if not node_ids or not entity_ids:
            return set()
        rows = await self._conn.rows(
            "select distinct l.node_id from node_entities l"
            " join entities e on e.id = l.entity_id"
            f" where l.node_id in ({marks(len(node_ids))})"
            f" and l.entity_id in ({marks(len(entity_ids))}){in_scope('e.')}",
            (*node_ids, *entity_ids),
        )
        return {row["node_id"] for row in rows}

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
        rows = await self._conn.rows(
            f"select {N_NODE_COLUMNS} from node_entities ne"
            " join nodes n on n.id = ne.node_id"
            f" where ne.entity_id = ?{type_sql}{valid(history, 'n.')}"
            " order by coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (entity_id, *types, limit),
        )
        return [node_from_row(row) for row in rows]

    async def newest_linked(
        self, entity_ids: Sequence[int], *, limit: int, excluding: Sequence[int] = ()
    ) -> dict[int, list[int]]:
        """Ids of the newest (largest id) valid nodes linked to each entity,
        newest first, leaving out the nodes in `excluding`.

        One read for all entities, each an index seek, whatever its links:
        `nodes_of_entity` sorts all of them by event time (~400 ms for the most
        linked at 100k nodes), and a read per entity costs a round trip to the
        reader thread each — both too slow for the slow path, which asks for
        every entity of a batch.
        """
        wanted = list(dict.fromkeys(entity_ids))
        if not wanted:
            return {}
        # Portable SQL: the id sets and json_group_array are translated for
        # PostgreSQL (postgres/db.py); an entity gone since is left out.
        rows = await self._conn.rows(
            "select x.id as entity_id, (select json_group_array(node_id) from"
            " (select ne.node_id from node_entities ne"
            " join nodes n on n.id = ne.node_id"
            f" where ne.entity_id = x.id{valid(False, 'n.')}"
            " and ne.node_id not in (select value from json_each(?))"
            " order by ne.node_id desc limit ?) t) as ids from entities x"
            " where x.id in (select value from json_each(?))",
            (json_ids(excluding), limit, json_ids(wanted)),
        )
        return {
            int(row["entity_id"]): sorted(
                (int(i) for i in json.loads(row["ids"] or "[]")), reverse=True
            )
            for row in rows
        }

    async def entities_named_like(
        self, fragment: str, *, limit: int = 5
    ) -> list[Entity]:
        """Entities whose name or an alias contains `fragment` (any case)."""
        key = name_key(fragment[:MAX_LIKE_CHARS])  # a bounded pattern
        if not key:
            return []
        pattern = (
            "%"
            + key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            + "%"
        )
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e where (e.name_key like ?"
            " escape '\\' or e.id in (select entity_id from entity_aliases"
            f" where alias_key like ? escape '\\')){in_scope('e.')}"
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
        window = NodeWindow(after=after, before=before)
        rows = await entity_rows_in_window(self._conn, entity_id, window, limit)
        return [node_from_row(row) for row in rows]

    # -- the hybrid search's entity reads -------------------------------------

    async def entities_by_keys(self, keys: Sequence[str]) -> list[Entity]:
        """Entities whose canonical name or alias key is one of `keys` (name_key)."""
        wanted = list(dict.fromkeys(name_key(k) for k in keys if name_key(k)))
        found: dict[int, Entity] = {}
        for start in range(0, len(wanted), 400):
            chunk = wanted[start : start + 400]
            rows = await self._conn.rows(
                f"select {ENTITY_COLUMNS} from entities e where e.id in ("
                f" select id from entities where name_key in ({marks(len(chunk))})"
                " union select entity_id from entity_aliases"
                f" where alias_key in ({marks(len(chunk))})){in_scope('e.')}",
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
        window: NodeWindow | None = None,
    ) -> list[tuple[int, int]]:
        """(node id, linked named entities) for valid nodes, most links then newest.

        With a `window`, only its nodes: every link of the entities is joined
        (the newest `scan` links may all lie outside an old window)."""
        if not entity_ids:
            return []
        if window is not None:
            return await self._entity_node_ids_in(entity_ids, limit, types, window)
        # Each entity contributes its newest links by the (entity_id, node_id)
        # index, so a person linked to most of a large memory costs `scan`
        # rows, not all of them; newer nodes have larger ids.
        ids = list(dict.fromkeys(entity_ids))[:MAX_ENTITIES]
        scan = 2 * limit
        newest = " union all ".join(
            "select * from (select node_id, 1 as w from node_entities"
            " where entity_id = ? order by node_id desc limit ?)"
            for _ in ids
        )
        params: list[Any] = [v for i in ids for v in (i, scan)]
        if len(ids) > 1:
            # The nodes linked to every entity ("Anton" and "Lima"): each
            # one's newest links rarely meet when both are frequent. An
            # ordered INTERSECT is a merge of the entities' link lists, newest
            # first, that stops at `scan`; `node_id in (...)` copied every
            # link of the others into a list first (1.3 -> 0.4 ms at 2k links).
            every = " intersect ".join(
                "select node_id from node_entities where entity_id = ?" for _ in ids
            )
            newest += (
                f" union all select node_id, {len(ids)} as w from ({every}"
                " order by 1 desc limit ?)"
            )
            params += [*ids, scan]
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        # CROSS JOIN keeps the few linked rows outside: with a type filter
        # SQLite's planner otherwise walked every node of the type by its
        # index and probed the links (two entities, episodic: 96 -> 1.4 ms).
        rows = await self._conn.rows(
            f"select n.id, sum(x.w) as links from ({newest}) x"
            f" cross join nodes n on n.id = x.node_id where 1 = 1{valid(False, 'n.')}"
            f"{type_sql}"
            " group by n.id order by links desc,"
            " coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (*params, *types, limit),
        )
        return [(row["id"], min(row["links"], len(ids))) for row in rows]

    async def _entity_node_ids_in(
        self,
        entity_ids: Sequence[int],
        limit: int,
        types: Sequence[NodeType],
        window: NodeWindow,
    ) -> list[tuple[int, int]]:
        ids = list(dict.fromkeys(entity_ids))[:MAX_ENTITIES]
        type_sql = f" and n.type in ({marks(len(types))})" if types else ""
        in_window, params = window_sql(window, "n.")
        # The window's id range: a person linked to much of the memory reads
        # the links of the window, not all of them (17k links: 60 ms -> 1 ms).
        id_range, range_params = window_id_range(window, "l.node_id")
        rows = await self._conn.rows(
            "select n.id, count(*) as links from node_entities l"
            " join nodes n on n.id = l.node_id"
            f" where l.entity_id in ({marks(len(ids))}){id_range}"
            f"{valid(False, 'n.')}{type_sql}{in_window} group by n.id"
            " order by links desc,"
            " coalesce(n.event_time, n.created_at) desc, n.id desc limit ?",
            (*ids, *range_params, *types, *params, limit),
        )
        return [(row["id"], row["links"]) for row in rows]

    async def common_links(self, *, share: float, floor: int) -> float:
        """Links above which an entity is common: `share` of the nodes, at
        least `floor` (a small memory keeps all its entities)."""
        return max(floor, share * await self._nodes.node_ceiling())

    async def common_entity_keys(self, *, share: float, floor: int) -> set[str]:
        """Name and alias keys of entities linked to more than `share` of the
        nodes (and more than `floor`): names as frequent as stop words."""
        cap = await self.common_links(share=share, floor=floor)
        rows = await self._conn.rows(
            "select name_key from entities e where mention_count > ?"
            f"{in_scope('e.')} union select a.alias_key from entity_aliases a"
            " join entities e on e.id = a.entity_id where e.mention_count > ?"
            f"{in_scope('e.')}",
            (cap, cap),
        )
        return {row["name_key"] for row in rows}
