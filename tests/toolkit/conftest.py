"""Fixtures of the toolkit tests: the memory tools over a real DB, built as
main.py builds them, with a deterministic embedder at the API boundary."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.tools import ToolDeps, build_tools
from agent_memory.writepath.entities import EntityLinker
from agents import Tool
from fakes import HashEmbedder, service
from tool_harness import CONFIG


@pytest.fixture
def embedder() -> HashEmbedder:
    return HashEmbedder(8)


@pytest.fixture
async def deps(
    storage: MemoryStorage, embedder: HashEmbedder
) -> AsyncIterator[ToolDeps]:
    yield ToolDeps(
        storage,
        Retriever(storage, service(embedder), CONFIG),
        CONFIG,
        service(embedder),
        EntityLinker(storage),
    )


@pytest.fixture
def tools(deps: ToolDeps) -> list[Tool]:
    return build_tools(deps)
