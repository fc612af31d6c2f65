"""A search's hits read in one statement: each node, whether a valid newer
fact supersedes it, and the entities linked to it.

These were three statements over the same ids (get_nodes, superseded_ids,
entities_of_nodes): each a hand-off to the read thread, on PostgreSQL a
round trip. One row per node and linked entity (a node without entities
has one row); the entity columns are renamed `e_*` so that they do not
shadow the node's own (id, type, scope, attributes, created_at).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.records import Entity, Node, load_attributes
from .base import Connections
from .rows import N_NODE_COLUMNS, entity_aliases, in_scope, marks, node_from_row, valid

HitRows = tuple[dict[int, Node], set[int], dict[int, list[Entity]]]

_ENTITY_FIELDS = (
    "id",
    "name",
    "type",
    "summary",
    "mention_count",
    "created_at",
    "updated_at",
    "scope",
    "attributes",
)
_E_COLUMNS = ", ".join(f"e.{c} as e_{c}" for c in _ENTITY_FIELDS) + (
    ", (select json_group_array(alias) from entity_aliases a"
    " where a.entity_id = e.id) as e_aliases"
)
# The row's columns that are not the node's.
_NOT_NODE = ("superseded", *(f"e_{c}" for c in (*_ENTITY_FIELDS, "aliases")))
CHUNK = 500  # ids a statement


def hits_sql(count: int) -> str:
    """The statement for `count` ids: the nodes in view, each with its
    supersession and its in-scope entities (left joined: a node without
    entities is read too), by node then entity id."""
    return (
        f"select {N_NODE_COLUMNS}, exists (select 1 from edges x"
        " join nodes s on s.id = x.src_id where x.dst_id = n.id"
        f" and x.type = 'supersedes'{valid(False, 's.')}) as superseded,"
        f" {_E_COLUMNS} from nodes n"
        " left join node_entities l on l.node_id = n.id"
        f" left join entities e on e.id = l.entity_id{in_scope('e.')}"
        f" where n.id in ({marks(count)}){valid(False, 'n.')}"
        " order by n.id, l.entity_id"
    )


async def read_hits(conn: Connections, ids: Sequence[int]) -> HitRows:
    """(nodes by id, the ids of those a newer fact supersedes, each node's
    entities) for the valid nodes of `ids`; an entity linked to several of
    them is built once."""
    nodes: dict[int, Node] = {}
    hidden: set[int] = set()
    linked: dict[int, list[Entity]] = {}
    built: dict[int, Entity] = {}
    for start in range(0, len(ids), CHUNK):
        chunk = list(ids[start : start + CHUNK])
        for row in await conn.rows(hits_sql(len(chunk)), chunk):
            node_id = row["id"]
            if node_id not in nodes:
                nodes[node_id] = node_from_row(row, skip=_NOT_NODE)
                if row["superseded"]:
                    hidden.add(node_id)
            if row["e_id"] is None:  # no entity, or one out of view
                continue
            entity = built.get(row["e_id"]) or _entity(row)
            built[entity.id] = entity
            linked.setdefault(node_id, []).append(entity)
    return nodes, hidden, linked


def _entity(row: Any) -> Entity:
    return Entity(
        row["e_id"],
        row["e_name"],
        row["e_type"],
        entity_aliases(row["e_aliases"]),
        row["e_summary"],
        row["e_mention_count"],
        row["e_created_at"],
        row["e_updated_at"],
        row["e_scope"],
        load_attributes(row["e_attributes"]),
    )
