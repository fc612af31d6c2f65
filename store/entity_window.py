"""One entity's nodes inside a time window, newest first, at a cost bounded
by the window or by the entity's links, not by the memory.

Chosen by a count of the entity's links (covering index, capped): a rarely
named entity, read its links; a frequently named one, walk the window
newest first by the nodes_when index and keep the linked nodes, which stops
after `limit` of them. Measured at 100k nodes for a person linked to 17k of
them: joining every link and sorting took 120-400 ms whatever the window;
now 4-12 ms (a window's id range, as the legs use, costs a scan of the
window's index entries: 30 ms for 60 days of 1,440 turns a day).
"""

from __future__ import annotations

from typing import Any

from ..core.records import NodeWindow
from .base import Connections
from .rows import N_NODE_COLUMNS, SQL_WHEN, valid, window_sql

LINK_SCAN = 2000  # an entity's links read directly, at most


async def entity_rows_in_window(
    conn: Connections, entity_id: int, window: NodeWindow, limit: int
) -> list[Any]:
    """Rows (N_NODE_COLUMNS) of the valid nodes linked to `entity_id` in
    `window`, newest first, at most `limit`."""
    in_window, params = window_sql(window, "n.")
    when = SQL_WHEN.format(a="n.")
    order = f"order by {when} desc, n.id desc"
    counted = await conn.rows(
        "select count(*) as n from (select 1 from node_entities"
        " where entity_id = ? limit ?)",
        (entity_id, LINK_SCAN + 1),
    )
    if int(counted[0]["n"]) <= LINK_SCAN:
        ids = (
            "select n.id from node_entities l join nodes n on n.id = l.node_id"
            f" where l.entity_id = ?{valid(False, 'n.')}{in_window} {order} limit ?"
        )
        ids_params = [entity_id, *params, limit]
    else:
        ids = (
            f"select n.id from nodes n where 1 = 1{in_window}"
            " and exists (select 1 from node_entities l"
            f" where l.node_id = n.id and l.entity_id = ?){valid(False, 'n.')}"
            f" {order} limit ?"
        )
        ids_params = [*params, entity_id, limit]
    # The ids first, then only their rows in full (the sorter otherwise
    # carries every candidate's whole row).
    return await conn.rows(
        f"select {N_NODE_COLUMNS} from nodes n where n.id in ({ids}) {order}",
        ids_params,
    )
