"""Rows to records: the column lists each query selects and one mapper by name.

Every record (core/records.py) is built from a row by column name, never by
position, so adding a column to a query or reordering it cannot shift a value
into the wrong field. Shared by every part of the store.
"""

from __future__ import annotations

import dataclasses
import json
import operator
import struct
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from ..core.records import (
    Edge,
    Entity,
    MaintenanceRun,
    Node,
    NodeWindow,
    load_attributes,
)
from ..core.scope import read_scopes

T = TypeVar("T")

NODE_COLUMNS = (
    "id, type, content, event_time, created_at, valid_from, valid_until, confidence, "
    "base_confidence, access_count, last_accessed, decay_rate, source_type, "
    "source_role, session_id, attributes, scope, expires_at"
)
# The same columns read through a join where the node table is `n`.
N_NODE_COLUMNS = ", ".join(f"n.{c.strip()}" for c in NODE_COLUMNS.split(","))
EDGE_COLUMNS = (
    "id, src_id, dst_id, type, predicate, weight, confidence, valid_from, "
    "valid_until, evidence, created_at"
)
ENTITY_COLUMNS = (
    "e.id, e.name, e.type, e.summary, e.mention_count, e.created_at, e.updated_at,"
    " e.scope, e.attributes, "
    "(select json_group_array(alias) from entity_aliases a where a.entity_id = e.id)"
    " as aliases"
)
SESSION_COLUMNS = (
    "session_id, first_seen, last_activity, episode_count, status, consolidated_at, "
    "consolidated_until_id, attempts, last_error"
)


# The host lints as py312 (UP047 wants `record[T]`), but 3.11 must import this.
def record(  # noqa: UP047
    cls: type[T], row: Any, *, skip: tuple[str, ...] = (), **overrides: Any
) -> T:
    """`cls` built from a sqlite3.Row by column name (`overrides` win; the
    columns in `skip` are not the record's)."""
    keys = tuple(row.keys())
    pick = _picker(cls, keys, skip, tuple(overrides))
    if pick is None:
        values = {k: v for k, v in zip(keys, row, strict=True) if k not in skip}
        values.update(overrides)
        return cls(**values)
    return cls(*pick((*row, *overrides.values())))


Picker = Callable[[tuple[Any, ...]], tuple[Any, ...]]

# (record class, columns, skipped, overrides) -> _picker: the shapes are the
# store's own queries, a few dozen, so the cache stays small.
_PICKERS: dict[
    tuple[type, tuple[str, ...], tuple[str, ...], tuple[str, ...]], Picker | None
] = {}


def _picker(
    cls: type, keys: tuple[str, ...], skip: tuple[str, ...], overrides: tuple[str, ...]
) -> Picker | None:
    """The fields of `cls`, in order, out of the row's values followed by the
    overrides': an itemgetter (picking in C halves the ~2 µs a row of a list
    built in Python; a search builds ~270 records)."""
    shape = (cls, keys, skip, overrides)
    if shape not in _PICKERS:
        places = _work_out_places(cls, keys, skip, overrides)
        _PICKERS[shape] = None if places is None else _pick(places)
    return _PICKERS[shape]


def _pick(places: tuple[int, ...]) -> Picker:
    if len(places) < 2:  # itemgetter of one place gives the value, not a tuple
        return lambda given: tuple(given[at] for at in places)
    return operator.itemgetter(*places)


def _work_out_places(
    cls: type, keys: tuple[str, ...], skip: tuple[str, ...], overrides: tuple[str, ...]
) -> tuple[int, ...] | None:
    """Where each field of `cls`, in order, is in the row's values followed by
    the overrides' (by name, worked out once per query shape: the keyword
    call cost ~5 µs a row, a tenth of a search's Python); None when a field
    is missing or a column is not the record's (the keyword call decides)."""
    names = [f.name for f in dataclasses.fields(cls)]
    columns = [k for k in keys if k not in skip]
    if not set(columns) | set(overrides) <= set(names):
        return None
    at = {k: i for i, k in enumerate(keys) if k not in skip}
    at.update((k, len(keys) + i) for i, k in enumerate(overrides))
    if any(name not in at for name in names):
        return None
    return tuple(at[name] for name in names)


def node_from_row(row: Any, skip: tuple[str, ...] = ()) -> Node:
    attributes = load_attributes(row["attributes"])
    return record(Node, row, skip=skip, attributes=attributes)


def edge_from_row(row: Any) -> Edge:
    return record(Edge, row)


def entity_from_row(row: Any, skip: tuple[str, ...] = ()) -> Entity:
    return record(
        Entity,
        row,
        skip=skip,
        aliases=entity_aliases(row["aliases"]),
        attributes=load_attributes(row["attributes"]),
    )


def entity_aliases(text: str | None) -> tuple[str, ...]:
    """An entity's aliases from their JSON array (ENTITY_COLUMNS), sorted."""
    return tuple(sorted(json.loads(text) if text else []))


def run_from_row(row: Any) -> MaintenanceRun:
    return record(MaintenanceRun, row, counts=json.loads(row["counts"]))


def marks(count: int) -> str:
    """`?, ?, ?` for an `in (...)` list of `count` values."""
    return ", ".join("?" * count)


def valid(history: bool, alias: str = "") -> str:
    """The filter every node read uses: rows of the current turn's scopes
    only, never an expired row (history or not: an expired fact waits only
    for the nightly purge), and no soft-deleted rows unless history is asked
    for."""
    live = "" if history else f" and {alias}valid_until is null"
    return live + unexpired(alias) + in_scope(alias)


def unexpired(alias: str = "") -> str:
    """` and (expires_at is null or expires_at > now)`, `now` computed by
    SQLite once per statement, so the statement text (and the prepared
    statement cache) stays the same."""
    return f" and ({alias}expires_at is null or {alias}expires_at > {SQL_NOW})"


# Unix seconds now, in any SQLite version (unixepoch() needs 3.38).
SQL_NOW = "((julianday('now') - 2440587.5) * 86400.0)"

# The highest node id ever given. SQLite gives a new row max(id) + 1, so once
# a purge removed the newest nodes their ids came back: "#123" a user was
# shown would name another memory, and the indexer's "linked through" mark
# would skip the new episodes. A purge keeps the old top in meta.
NODE_ID_FLOOR_KEY = "node_id_floor"
SQL_TOP_NODE_ID = (
    "(select max(coalesce(max(id), 0), coalesce((select cast(value as integer)"
    f" from meta where key = '{NODE_ID_FLOOR_KEY}'), 0)) from nodes)"
)
SQL_NEXT_NODE_ID = f"({SQL_TOP_NODE_ID} + 1)"  # PostgreSQL: the id sequence


def live_edges(history: bool) -> str:
    """Edges have no scope of their own: both ends are nodes of one scope."""
    return "" if history else " and valid_until is null"


def in_scope(alias: str = "") -> str:
    """` and scope in (...)` for the current view (core/scope.py), or "" when
    unrestricted. The one scope filter of the store: node reads get it through
    `valid`, entity reads directly. Scopes are inlined as quoted literals so a
    caller cannot forget a parameter; quotes are doubled, so no scope text can
    end the literal."""
    scopes = read_scopes()
    if scopes is None:
        return ""
    if not scopes:
        return " and 0"
    literals = ", ".join("'" + s.replace("'", "''") + "'" for s in scopes)
    # A filter, never the way in: the unary `+` keeps SQLite's planner off the
    # scope index. Without statistics it takes `scope in (...)` for selective,
    # yet one scope often holds the whole memory: a graph walk then scanned
    # every node of the scope per step (130 ms a walk at 30k nodes; get_context
    # timed out and injected nothing, issue 26). PostgreSQL, which keeps
    # statistics, gets the plain column (store/postgres/db.py).
    return f" and +{alias}scope in ({literals})"


def pack_vector(vector: Sequence[float]) -> bytes:
    return struct.pack(f"{len(vector)}f", *vector)


def unpack_vector(blob: bytes) -> list[float]:
    return list(struct.unpack(f"{len(blob) // 4}f", blob))


def json_ids(ids: Iterable[int]) -> str:
    return "[" + ",".join(str(int(i)) for i in ids) + "]"


# The time a node is about (Node.when); schema.sql indexes the expression.
SQL_WHEN = "coalesce({a}event_time, {a}created_at)"


def window_sql(window: NodeWindow | None, alias: str = "") -> tuple[str, list[Any]]:
    """(` and ...` restricting rows to `window`, its parameters); ("", []) for None."""
    if window is None:
        return "", []
    when = SQL_WHEN.format(a=alias)
    sql, params = "", list[Any]()
    if window.after is not None:
        sql, params = sql + f" and {when} >= ?", [*params, window.after]
    if window.before is not None:
        sql, params = sql + f" and {when} < ?", [*params, window.before]
    if window.entity_id is not None:
        sql += (
            f" and {alias}id in (select node_id from node_entities where entity_id = ?)"
        )
        params.append(window.entity_id)
    if window.role is not None:
        sql, params = sql + f" and {alias}source_role = ?", [*params, window.role]
    return sql, params


def window_id_range(window: NodeWindow | None, column: str) -> tuple[str, list[Any]]:
    """(` and {column}` within the smallest and largest id of the nodes in a
    time window, its parameters); ("", []) without a time limit.

    Exact, never a guess: every node of the window has an id in that range,
    whatever the order of ids and times. Read by the nodes_when index, it lets
    an index on `column` (the FTS rowid, node_entities by entity) seek the
    range instead of reading every row of a common term or a person linked
    to much of the memory, then checking the window on each (ids follow
    time in a chat memory, so the range is the window's own rows).
    """
    if window is None or not window.timed:
        return "", []
    when = SQL_WHEN.format(a="")
    cond = " and ".join(
        f"{when} {op} ?"
        for op, bound in ((">=", window.after), ("<", window.before))
        if bound is not None
    )
    bounds = [b for b in (window.after, window.before) if b is not None]
    # Two comparisons, not `between`: joined to nodes, SQLite 3.40 seeks
    # node_entities by the lower bound of a `between` only (reads to the end).
    # `id + 0`: PostgreSQL took max(id) from the primary key backwards,
    # filtering every newer node (10 ms at 30k nodes), not from nodes_when.
    return (
        f" and {column} >= (select coalesce(min(id + 0), 0) from nodes where {cond})"
        f" and {column} <= (select coalesce(max(id + 0), 0) from nodes where {cond})",
        [*bounds, *bounds],
    )
