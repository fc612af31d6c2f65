"""Helpers for write-path tests: a real MemoryAgent driven by ScriptedModel.

The LLM is the process boundary: `ScriptedModel` stands in for it, and errors
are the ones the real openai client raises.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import openai
import pytest
from agent_memory.agent import MemoryAgent
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.consolidation import Consolidator
from fakes import HashEmbedder, service

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ScriptedModel, assistant_message, function_call  # noqa: E402

_calls = 0


def call(name: str, arguments: dict[str, Any] | str) -> Any:
    """One scripted function call with a fresh call id."""
    global _calls
    _calls += 1
    return function_call(name, arguments, call_id=f"call-{_calls}")


def finish_chunk(text: str = "done") -> list[Any]:
    """The two last steps of a well-behaved consolidation run."""
    return [[call("mark_session_consolidated", {})], [assistant_message(text)]]


def connection_error() -> openai.APIConnectionError:
    """What the openai client raises when the endpoint drops the connection."""
    try:  # openai 3 moved to httpx2; openai 2 (the host's pin) uses httpx
        import httpx2 as http
    except ImportError:
        import httpx as http
    request = http.Request("POST", "https://api.example.test/v1/chat/completions")
    return openai.APIConnectionError(request=request)


def fact(
    content: str, episodes: Sequence[int], type: str = "semantic"
) -> dict[str, Any]:
    """One item of save_nodes_batch's `facts` argument."""
    return {
        "type": type,
        "content": content,
        "confidence": 0.9,
        "episodes": list(episodes),
    }


async def add_turns(
    storage: MemoryStorage, session: str, turns: Sequence[tuple[str, str]]
) -> list[int]:
    """Store (role, text) turns of one thread, a second apart; their ids."""
    start = time.time() - 3600
    ids = []
    for offset, (role, text) in enumerate(turns):
        draft = EpisodeDraft(text, session, role, start + offset)
        ids.append(await storage.nodes.add_episode(draft))
    return ids


def consolidator(
    storage: MemoryStorage,
    model: ScriptedModel | None,
    *,
    embedder: HashEmbedder | None = None,
    timeout: float = 10.0,
    **config: Any,
) -> Consolidator:
    settings = MemoryConfig(**config)
    agent = MemoryAgent(model, timeout_seconds=timeout) if model else None
    return Consolidator(
        storage,
        Retriever(storage, service(embedder), settings),
        settings,
        lambda: agent,
        embedder=service(embedder),
    )


def user_text(model_call: Any) -> str:
    """The user message a recorded model call carried: the run's data (its
    episodes, pairs or entity), which the write path sends there, not in the
    instructions."""
    items = model_call.input
    if isinstance(items, str):
        return items
    return "\n".join(
        str(item.get("content"))
        for item in items
        if isinstance(item, dict) and item.get("role") == "user"
    )
