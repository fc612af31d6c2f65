"""`agent-memory chat` over the standalone host, with a scripted model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_memory.chat import run_chat
from agent_memory.host import StandaloneHost
from agents.testing import ModelStep, ScriptedModel, assistant_message
from scripting import connection_error


async def test_chat_stores_turns_and_survives_a_model_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines: Iterator[str] = iter(
        ["I adopted a cat called Miso", "Is Miso settling in?", ""]
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    model = ScriptedModel(
        [
            [assistant_message("Congratulations on Miso!")],
            ModelStep.raise_error(connection_error()),
        ]
    )

    def orchestrator_only(agent_id: str) -> ScriptedModel:
        if agent_id == "memory_agent":
            raise KeyError(agent_id)  # as the host: nothing configured for it
        return model

    async with StandaloneHost(tmp_path, model_factory=orchestrator_only) as host:
        await run_chat(host)
        assert host.memory.storage is not None
        stored = await host.memory.storage.list_nodes(newest_first=False)

    model.assert_complete()
    assert [(n.source_role, n.content) for n in stored] == [
        ("user", "I adopted a cat called Miso"),
        ("orchestrator", "Congratulations on Miso!"),
        ("user", "Is Miso settling in?"),
    ]
    out = capsys.readouterr().out
    assert "agent> Congratulations on Miso!" in out
    assert "agent> (Error: APIConnectionError" in out
