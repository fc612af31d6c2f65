"""`agent-memory chat` over the standalone host, with a scripted model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_memory.standalone.cli.chat import run_chat
from agent_memory.standalone.host import StandaloneHost
from scripting import connection_error

# openai-agents 0.21+ only; `make test-host` runs the host's 0.9.1 without it.
pytest.importorskip(
    "agents.testing",
    reason="needs_sdk: openai-agents < 0.21 (the host has 0.9.1): no agents.testing",
)
from agents.testing import ModelStep, ScriptedModel, assistant_message  # noqa: E402


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
        stored = await host.memory.services.storage.nodes.list_nodes(newest_first=False)

    model.assert_complete()
    assert [(n.source_role, n.content) for n in stored] == [
        ("user", "I adopted a cat called Miso"),
        ("orchestrator", "Congratulations on Miso!"),
        ("user", "Is Miso settling in?"),
    ]
    out = capsys.readouterr().out
    assert "agent> Congratulations on Miso!" in out
    assert "agent> (Error: APIConnectionError" in out
