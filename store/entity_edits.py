"""What a user or the agent changes about entities: merge, rename, aliases,
type, delete, moved links — and the record of each change (`entity_edits`),
so writepath/entity_edits.py can apply them again after a reindex or a
nightly pass files the old names anew.

The statements are plain SQL that the PostgreSQL translation (postgres/db.py)
reads too, so PgEntities inherits them. Every change stays inside the
entity's own scope: ids come from scoped reads, aliases take that scope.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from ..core.records import Entity, EntityType, dump_attributes, name_key
from ..core.scope import write_scope
from ..core.text import clean_text
from .base import Connections
from .rows import ENTITY_COLUMNS, entity_from_row, in_scope, marks


@dataclass(frozen=True, slots=True)
class EntityEdit:
    """One recorded change: `action` on the entity `name`, with `value`
    (the other entity of a merge, the new name, the alias, the type)."""

    id: int
    scope: str
    action: str
    name: str
    value: str
    created_at: float


async def _recount(db: aiosqlite.Connection, entity_id: int) -> None:
    """mention_count = the valid nodes linked (what `link_rows` and
    `unmention` keep it at)."""
    await db.execute(
        "update entities set mention_count = (select count(*) from node_entities ne"
        " join nodes n on n.id = ne.node_id where ne.entity_id = ?"
        " and n.valid_until is null), updated_at = ? where id = ?",
        (entity_id, time.time(), entity_id),
    )


async def _scope_of(db: aiosqlite.Connection, entity_id: int) -> str:
    rows = list(
        await db.execute_fetchall(
            "select scope from entities where id = ?", (entity_id,)
        )
    )
    if not rows:
        raise LookupError(f"no entity {entity_id}")
    return str(rows[0][0])


async def _name_owner(db: aiosqlite.Connection, scope: str, key: str) -> int | None:
    rows = list(
        await db.execute_fetchall(
            "select id from entities where scope = ? and name_key = ?"
            " union all select entity_id from entity_aliases"
            " where scope = ? and alias_key = ?",
            (scope, key, scope, key),
        )
    )
    return int(rows[0][0]) if rows else None


class EntityEdits:
    """Mixed into SqliteEntities (and so PgEntities)."""

    _conn: Connections

    async def people_starting(
        self, prefix: str, *, limit: int = 20, pets: bool = False
    ) -> list[Entity]:
        """People (and with `pets`, pets) whose name starts with `prefix`
        (folded): the long forms a short one ("Mel", «Натка») may stand for."""
        key = name_key(prefix)
        if not key:
            return []
        kinds = "'person', 'pet'" if pets else "'person'"
        pattern = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = await self._conn.rows(
            f"select {ENTITY_COLUMNS} from entities e where e.type in ({kinds})"
            f" and e.name_key like ? escape '\\'{in_scope('e.')}"
            " order by e.mention_count desc, e.id limit ?",
            (pattern + "%", limit),
        )
        return [entity_from_row(row) for row in rows]

    async def merge_entities(self, keep_id: int, drop_id: int) -> None:
        """`drop_id` becomes a name of `keep_id`: its links, aliases and name
        move over, its summary too when `keep_id` has none, and its attributes
        `keep_id` lacks (the relation filed on "Серёжа Котов" stays with
        "Серёга" when the two are joined)."""
        if keep_id == drop_id:
            return

        async def op(db: aiosqlite.Connection) -> None:
            scope = await _scope_of(db, keep_id)
            if await _scope_of(db, drop_id) != scope:
                raise ValueError("entities of different scopes are never merged")
            await db.execute(
                "insert or ignore into node_entities (node_id, entity_id)"
                " select node_id, ? from node_entities where entity_id = ?",
                (keep_id, drop_id),
            )
            await db.execute(
                "update entity_aliases set entity_id = ? where entity_id = ?",
                (keep_id, drop_id),
            )
            await db.execute(
                "update entities set summary = (select summary from entities"
                " where id = ?) where id = ? and (summary is null or summary = '')",
                (drop_id, keep_id),
            )
            await _keep_attributes(db, keep_id, drop_id)
            (row,) = list(
                await db.execute_fetchall(
                    "select name from entities where id = ?", (drop_id,)
                )
            )
            await self._drop_row(db, drop_id)
            await db.execute(
                "insert into entity_aliases (alias_key, alias, entity_id, scope)"
                " values (?, ?, ?, ?)",
                (name_key(row[0]), row[0], keep_id, scope),
            )
            await _recount(db, keep_id)

        await self._conn.write(op)

    async def rename_entity(self, entity_id: int, new_name: str) -> None:
        """The entity is called `new_name`; the old name stays an alias."""
        name = clean_text(new_name).strip()
        if not name:
            raise ValueError("an entity needs a name")

        async def op(db: aiosqlite.Connection) -> None:
            scope = await _scope_of(db, entity_id)
            owner = await _name_owner(db, scope, name_key(name))
            if owner not in (None, entity_id):
                raise ValueError(f"{name!r} names another entity; merge them instead")
            (row,) = list(
                await db.execute_fetchall(
                    "select name from entities where id = ?", (entity_id,)
                )
            )
            await db.execute(
                "delete from entity_aliases where scope = ? and alias_key = ?",
                (scope, name_key(name)),
            )
            await db.execute(
                "update entities set name = ?, name_key = ?, updated_at = ?"
                " where id = ?",
                (name, name_key(name), time.time(), entity_id),
            )
            if name_key(row[0]) != name_key(name):
                await db.execute(
                    "insert into entity_aliases (alias_key, alias, entity_id, scope)"
                    " values (?, ?, ?, ?)",
                    (name_key(row[0]), row[0], entity_id, scope),
                )

        await self._conn.write(op)

    async def add_alias(self, entity_id: int, alias: str) -> None:
        text = clean_text(alias).strip()
        if not text:
            raise ValueError("an alias needs text")

        async def op(db: aiosqlite.Connection) -> None:
            scope = await _scope_of(db, entity_id)
            owner = await _name_owner(db, scope, name_key(text))
            if owner == entity_id:
                return
            if owner is not None:
                raise ValueError(f"{text!r} names another entity; merge them instead")
            await db.execute(
                "insert into entity_aliases (alias_key, alias, entity_id, scope)"
                " values (?, ?, ?, ?)",
                (name_key(text), text, entity_id, scope),
            )

        await self._conn.write(op)

    async def remove_alias(self, entity_id: int, alias: str) -> bool:
        """Whether the entity had the alias (its canonical name is no alias)."""

        async def op(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute(
                "delete from entity_aliases where entity_id = ? and alias_key = ?",
                (entity_id, name_key(alias)),
            )
            return bool(cursor.rowcount)

        return bool(await self._conn.write(op))

    async def set_entity_type(self, entity_id: int, type: EntityType) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "update entities set type = ?, updated_at = ? where id = ?",
                (type, time.time(), entity_id),
            )

        await self._conn.write(op)

    async def delete_entity(self, entity_id: int) -> None:
        """The entity, its aliases and links go; the memories stay."""

        async def op(db: aiosqlite.Connection) -> None:
            await self._drop_row(db, entity_id)

        await self._conn.write(op)

    async def move_links(
        self, from_id: int, to_id: int, node_ids: Sequence[int]
    ) -> None:
        """The nodes `node_ids` are linked to `to_id` instead of `from_id`."""
        ids = list(node_ids)

        async def op(db: aiosqlite.Connection) -> None:
            if await _scope_of(db, from_id) != await _scope_of(db, to_id):
                raise ValueError("links never move across scopes")
            for start in range(0, len(ids), 400):
                chunk = ids[start : start + 400]
                await db.execute(
                    "insert or ignore into node_entities (node_id, entity_id)"
                    f" select node_id, ? from node_entities where entity_id = ?"
                    f" and node_id in ({marks(len(chunk))})",
                    (to_id, from_id, *chunk),
                )
                await db.execute(
                    "delete from node_entities where entity_id = ?"
                    f" and node_id in ({marks(len(chunk))})",
                    (from_id, *chunk),
                )
            await _recount(db, from_id)
            await _recount(db, to_id)

        if ids:
            await self._conn.write(op)

    async def _drop_row(self, db: aiosqlite.Connection, entity_id: int) -> None:
        await db.execute("delete from node_entities where entity_id = ?", (entity_id,))
        await db.execute("delete from entity_aliases where entity_id = ?", (entity_id,))
        if self._conn.vector_tables:
            await db.execute(
                "delete from vec_entities where entity_id = ?", (entity_id,)
            )
        await db.execute("delete from entities where id = ?", (entity_id,))

    # -- the record ------------------------------------------------------------

    async def record_entity_edit(self, action: str, name: str, value: str = "") -> None:
        """Record a change in the current write scope."""
        scope = write_scope()

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "insert into entity_edits (scope, action, name, value, created_at)"
                " values (?, ?, ?, ?, ?)",
                (scope, action, name, value, time.time()),
            )

        await self._conn.write(op)

    async def entity_edits(self) -> list[EntityEdit]:
        """Every recorded change of every scope, oldest first (replayed per
        scope by the caller)."""
        rows = await self._conn.rows(
            "select id, scope, action, name, value, created_at from entity_edits"
            " order by id"
        )
        return [
            EntityEdit(
                int(r["id"]),
                r["scope"],
                r["action"],
                r["name"],
                r["value"],
                float(r["created_at"]),
            )
            for r in rows
        ]


async def _keep_attributes(
    db: aiosqlite.Connection, keep_id: int, drop_id: int
) -> None:
    """The dropped entity's attributes the kept one lacks move over (read
    and written as text: the same statements run on PostgreSQL)."""
    rows = await db.execute_fetchall(
        "select id, attributes from entities where id in (?, ?)", (keep_id, drop_id)
    )
    stored = {row[0]: json.loads(row[1] or "{}") for row in rows}
    kept = stored.get(keep_id, {})
    merged = {**stored.get(drop_id, {}), **kept}
    if merged != kept:
        await db.execute(
            "update entities set attributes = ? where id = ?",
            (dump_attributes(merged), keep_id),
        )
