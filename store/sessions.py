"""Consolidation state per thread (sessions_consolidations) and the record of
the nightly maintenance steps (maintenance_runs).
"""

from __future__ import annotations

import json
import time
from typing import Any

import aiosqlite

from ..core.records import MaintenanceRun, Node, SessionState
from ..core.scope import DEFAULT_SCOPE
from .base import Connections
from .rows import (
    NODE_COLUMNS,
    SESSION_COLUMNS,
    node_from_row,
    record,
    run_from_row,
    valid,
)


class SqliteSessions:
    def __init__(self, conn: Connections) -> None:
        self._conn = conn

    # -- threads -------------------------------------------------------------

    async def get_session(self, session_id: str) -> SessionState | None:
        rows = await self._conn.rows(
            f"select {SESSION_COLUMNS} from sessions_consolidations"
            " where session_id = ?",
            (session_id,),
        )
        return record(SessionState, rows[0]) if rows else None

    async def session_scope(self, session_id: str) -> str:
        rows = await self._conn.rows(
            "select scope from nodes where session_id = ? limit 1", (session_id,)
        )
        return str(rows[0]["scope"]) if rows else DEFAULT_SCOPE

    async def pending_sessions(
        self, *, idle_before: float | None = None, limit: int = 100
    ) -> list[SessionState]:
        """Threads with episodes not consolidated yet, oldest activity first."""
        idle_sql = " and last_activity <= ?" if idle_before is not None else ""
        params: tuple[Any, ...] = (idle_before,) if idle_before is not None else ()
        rows = await self._conn.rows(
            f"select {SESSION_COLUMNS} from sessions_consolidations"
            f" where status = 'pending'{idle_sql} order by last_activity limit ?",
            (*params, limit),
        )
        return [record(SessionState, row) for row in rows]

    async def pending_keys_of(self, thread_id: str) -> list[str]:
        """The pending stored threads of a host thread id: itself and its
        scoped keys ("t2@user:bob", core/scope.thread_key), in every scope."""
        prefix = f"{thread_id}@"
        rows = await self._conn.rows(
            "select session_id from sessions_consolidations where status = 'pending'"
            " and (session_id = ? or substr(session_id, 1, ?) = ?)",
            (thread_id, len(prefix), prefix),
        )
        return [str(row["session_id"]) for row in rows]

    async def session_episodes(
        self, session_id: str, *, after_id: int = 0, limit: int = 50
    ) -> list[Node]:
        """A page of a thread's valid episodes in order, after `after_id`."""
        rows = await self._conn.rows(
            f"select {NODE_COLUMNS} from nodes where session_id = ?"
            f" and type = 'episodic' and id > ?{valid(False)}"
            " order by id limit ?",
            (session_id, after_id, limit),
        )
        return [node_from_row(row) for row in rows]

    async def mark_session_consolidated(self, session_id: str, until_id: int) -> None:
        """Record that the thread is consolidated up to episode `until_id`.

        The thread becomes pending again only if it has episodes after that.
        """
        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "update sessions_consolidations set consolidated_at = ?,"
                " consolidated_until_id = max(consolidated_until_id, ?),"
                " last_error = null, status = case when exists (select 1 from nodes"
                "  where session_id = ? and type = 'episodic' and id > ?)"
                "  then 'pending' else 'consolidated' end"
                " where session_id = ?",
                (now, until_id, session_id, until_id, session_id),
            )

        await self._conn.write(op)

    async def record_session_failure(self, session_id: str, error: str) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "update sessions_consolidations set attempts = attempts + 1,"
                " last_error = ? where session_id = ?",
                (error[:1000], session_id),
            )

        await self._conn.write(op)

    # -- maintenance ---------------------------------------------------------

    async def record_maintenance(
        self, step: str, duration_ms: float, counts: dict[str, Any], error: str | None
    ) -> None:
        now = time.time()

        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "insert or replace into maintenance_runs"
                " (step, finished_at, duration_ms, counts, error)"
                " values (?, ?, ?, ?, ?)",
                (step, now, duration_ms, json.dumps(counts), error),
            )

        await self._conn.write(op)

    async def maintenance_runs(self) -> dict[str, MaintenanceRun]:
        rows = await self._conn.rows(
            "select step, finished_at, duration_ms, counts, error from maintenance_runs"
        )
        return {row["step"]: run_from_row(row) for row in rows}
