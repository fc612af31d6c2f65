"""Opening the database file: a sqlite3 build that can load sqlite-vec.

Many Python builds (pyenv, macOS) ship a `sqlite3` without extension loading, and
Debian's SQLite 3.40 is older than some sqlite-vec query forms. So we try the
stdlib module first, then the bundled `pysqlite3` (SQLite 3.51), and when neither
can load sqlite-vec we open the stdlib one without vectors: search then runs on
FTS5 and the graph, announced by one warning.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Driver:
    """A sqlite3-compatible module and whether it loads sqlite-vec."""

    module: ModuleType
    vec_path: str | None  # loadable path of sqlite-vec, None = FTS only

    @property
    def has_vec(self) -> bool:
        return self.vec_path is not None


def _can_load(module: ModuleType, vec_path: str) -> bool:
    try:
        conn = module.connect(":memory:")
        try:
            conn.enable_load_extension(True)
            conn.load_extension(vec_path)
            conn.execute("select vec_version()").fetchone()
            fts = conn.execute("pragma compile_options").fetchall()
            return any("FTS5" in str(row[0]) for row in fts)
        finally:
            conn.close()
    except Exception:  # any failure means: this build cannot do it
        return False


_driver: Driver | None = None


def find_driver() -> Driver:
    """The best sqlite3 build here; found once per process."""
    global _driver
    if _driver is not None:
        return _driver
    vec_path = _sqlite_vec_path()
    if vec_path is None:
        log.warning("sqlite-vec is not installed: vector search is off")
    candidates: list[ModuleType] = [sqlite3]
    with contextlib.suppress(ImportError):
        candidates.append(importlib.import_module("pysqlite3.dbapi2"))
    if vec_path is not None:
        for module in candidates:
            if _can_load(module, vec_path):
                _driver = Driver(module, vec_path)
                return _driver
        log.warning(
            "no sqlite3 build here can load sqlite-vec (install pysqlite3-binary); "
            "memory search runs on FTS5 and the graph only"
        )
    _driver = Driver(sqlite3, None)
    return _driver


def _sqlite_vec_path() -> str | None:
    """sqlite-vec's loadable extension (its path without the suffix), found
    without running the package's __init__, which imports numpy when numpy is
    there: ~0.2 s of every cold CLI command. Asks the package only when the
    file is not where this version keeps it."""
    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None:
        return None
    for folder in spec.submodule_search_locations or ():
        if any(Path(folder).glob("vec0.*")):
            return str(Path(folder) / "vec0")
    try:
        import sqlite_vec
    except ImportError:
        return None
    return str(sqlite_vec.loadable_path())


def _connector(
    path: Path, driver: Driver, readonly: bool, file_mode: str | None = None
) -> Callable[[], Any]:
    """`file_mode` "ro" or "immutable" opens the file itself read-only (URI)."""
    target = str(path) if file_mode is None else _uri(path, file_mode)

    def connect() -> Any:
        conn = driver.module.connect(
            target,
            timeout=30.0,
            isolation_level=None,
            check_same_thread=False,
            uri=file_mode is not None,
        )
        conn.row_factory = driver.module.Row
        if driver.vec_path is not None:
            conn.enable_load_extension(True)
            conn.load_extension(driver.vec_path)
            conn.enable_load_extension(False)
        if file_mode is not None:  # no journal to set up, nothing to write
            conn.execute("pragma query_only = on")
            conn.execute("select count(*) from sqlite_master").fetchone()
            return conn
        conn.execute("pragma journal_mode = wal")
        # WAL + NORMAL: a committed transaction survives a process crash or kill;
        # only an OS crash or power loss can drop the last commits.
        conn.execute("pragma synchronous = normal")
        conn.execute("pragma foreign_keys = on")
        conn.execute("pragma busy_timeout = 30000")
        conn.execute("pragma temp_store = memory")
        conn.execute("pragma cache_size = -32000")
        if readonly:
            conn.execute("pragma query_only = on")
        return conn

    return connect


STOP_WAIT_S = 5.0  # a failed open's worker thread closes at once; never hang


async def open_connection(connector: Callable[[], Any]) -> Any:
    """An aiosqlite connection whose worker thread can neither outlive nor
    disturb the process. aiosqlite's thread is not a daemon: a connection left
    open (an extension that raised before stop()) kept the process alive, so
    it is made one; every path still closes its connections. And when the
    connector fails (a damaged file, Ctrl-C while opening), aiosqlite queues
    the thread's stop without awaiting it: if the loop closed first, the thread
    printed "Event loop is closed" tracebacks, so the stop is awaited here."""
    conn = aiosqlite.Connection(connector, iter_chunk_size=64)
    conn._thread.daemon = True
    try:
        return await conn
    except BaseException:
        if conn._thread.is_alive():
            await asyncio.to_thread(conn._thread.join, STOP_WAIT_S)
        raise


async def connect(path: Path, driver: Driver, *, readonly: bool = False) -> Any:
    """An open aiosqlite connection (autocommit; callers write BEGIN themselves)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _check_header(path)
    return await open_connection(_connector(path, driver, readonly))


async def connect_read_only(path: Path, driver: Driver) -> Any:
    """A connection that cannot write the file, for reading commands: they must
    work on a read-only file or folder and change nothing. `mode=ro` first; a
    WAL database in a folder we cannot write has no shared-memory file to
    open, so then `immutable=1` (the file is taken as it is on disk; a writer
    that starts meanwhile is not seen)."""
    if _read_only_mode(path) == "ro":
        try:
            return await open_connection(_connector(path, driver, True, "ro"))
        except Exception as exc:  # the driver's own error class
            log.info(
                "read-only open of %s failed (%s); opening it immutable", path, exc
            )
    return await open_connection(_connector(path, driver, True, "immutable"))


def _read_only_mode(path: Path) -> str:
    """ "ro" while a WAL file exists (a writer may be live), else "immutable":
    without one every commit is in the file, and `mode=ro` would still create
    -wal and -shm files beside it."""
    if not path.is_file():
        raise sqlite3.OperationalError(f"no database file at {path}")
    _check_header(path)
    return "ro" if Path(f"{path}-wal").exists() else "immutable"


def _uri(path: Path, mode: str) -> str:
    query = "mode=ro" if mode == "ro" else "immutable=1"
    return f"{path.resolve().as_uri()}?{query}"


# Files whose header this process has read. It is read once, before the first
# connection: closing ANY descriptor of a file drops every POSIX lock the
# process holds on it, so reading the header while a connection is open would
# drop that connection's shared lock. Another process closing its connection
# then believes it is the last one, checkpoints and deletes the WAL, and this
# process's next commits go to the deleted file: acknowledged, then lost.
_headers_read: set[Path] = set()


def _check_header(path: Path) -> None:
    """Refuse a file that is not SQLite before aiosqlite's thread meets it (its
    failure there ends in a thread traceback at exit, not in one clear line)."""
    key = path.resolve()
    if key in _headers_read:
        return
    if path.is_file() and path.stat().st_size > 0:
        with path.open("rb") as file:
            if file.read(16) != b"SQLite format 3\x00":
                raise sqlite3.DatabaseError("the file is not an SQLite database")
    # A file that is not there yet is ours: SQLite creates it.
    _headers_read.add(key)
