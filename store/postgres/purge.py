"""Purge on PostgreSQL: the same selection and deletes as SQLite's, then VACUUM.

The rows go in one transaction through the write queue (retried like any
write). SQLite's file scrubbing (secure_delete, FTS optimize, VACUUM of the
file, WAL truncate) has no equivalent here: `VACUUM` of the touched tables
removes the dead row versions, so no query, replica rebuild or dump taken
from now on sees them. Copies outside the database (WAL archives, base
backups, replicas that lag) are the operator's to rotate (docs/scaling.md).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from ...core.records import PurgePlan
from ..purge import Delete, SqlitePurge
from .db import PgDb, Pool

log = logging.getLogger(__name__)

_TOUCHED = (
    "nodes",
    "node_text",
    "edges",
    "node_entities",
    "entities",
    "entity_aliases",
    "sessions_consolidations",
    "entity_edits",
)


class PgPurge(SqlitePurge):
    def __init__(self, conn: Any, pool: Pool) -> None:
        super().__init__(conn)
        self._pool = pool

    async def _erase(self, delete: Delete) -> PurgePlan:
        plan: PurgePlan = await self._conn.write(delete)  # one transaction, retried
        if not plan.empty:
            await self._vacuum()
        return replace(plan, done=True)

    async def _vacuum(self) -> None:
        async def vacuum(db: PgDb) -> None:
            # Outside a transaction (the pool's connections are autocommit).
            await db.execute(f"vacuum {', '.join(_TOUCHED)}")

        try:
            await self._pool.retrying(vacuum, transaction=False)
        except Exception as exc:  # noqa: BLE001 - the rows are gone already
            log.warning("purge: VACUUM after the purge failed (%r)", exc)
