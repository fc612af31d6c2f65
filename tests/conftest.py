"""Shared fixtures: real SQLite files in tmp dirs with sqlite-vec loaded."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from agent_memory.db import find_driver
from agent_memory.storage import MemoryStorage
from fakes import FakeHostContext


def pytest_sessionstart(session: pytest.Session) -> None:
    # CI must not silently run without vectors: fail loudly instead.
    if not find_driver().has_vec:
        raise pytest.UsageError(
            "sqlite-vec cannot be loaded by any sqlite3 build here; "
            "install pysqlite3-binary (pip install -e .[dev])"
        )


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[MemoryStorage]:
    store = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    yield store
    await store.close()


@pytest.fixture
def host(tmp_path: Path) -> FakeHostContext:
    return FakeHostContext(data_dir=tmp_path)
