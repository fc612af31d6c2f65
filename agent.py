"""MemoryAgent: the private openai-agents Agent that organises the memory.

Two Jinja templates render every mode (consolidation, causal inference, entity
enrichment): prompt.jinja2 the instructions, which stay the same from run to run,
and prompt_input.jinja2 the run's data, sent as the user message after the
instructions and the tool schemas so that a server's prompt cache (llama.cpp's,
OpenAI's) reuses everything before it. Each mode gets only its own tools
(agent_tools.py). The model is injected: production passes the one
from the host's model router (agent_config `memory_agent`) or, standalone, an
OpenAI-compatible endpoint from the environment (`model_from_env`); tests pass
`agents.testing.ScriptedModel`. Every run is bounded by `max_turns` and a
wall-clock timeout, with tracing off (our runs are background work the user
never sees).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

import jinja2

from .core.records import Entity, Node

if TYPE_CHECKING:  # openai-agents loads when an agent is built or run, not on import
    from agents import Agent, FunctionTool
    from agents.models.interface import Model

    from .agent_tools import WriteContext

log = logging.getLogger(__name__)

Mode = Literal["consolidation", "causal", "enrichment"]
DEFAULT_ENV_MODEL = "gpt-4o-mini"
MAX_TURNS: dict[Mode, int] = {"consolidation": 24, "causal": 4, "enrichment": 4}


def mode_tools(mode: Mode) -> list[FunctionTool]:
    """The tools of one mode (importing them loads openai-agents)."""
    from . import agent_tools

    return {
        "consolidation": agent_tools.CONSOLIDATION_TOOLS,
        "causal": agent_tools.CAUSAL_TOOLS,
        "enrichment": agent_tools.ENRICHMENT_TOOLS,
    }[mode]


_templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent),
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    autoescape=False,  # plain-text prompt, not HTML
)


def render_instructions(mode: Mode, *, today: dt.date | None = None) -> str:
    """The instructions of one mode (the system message), from prompt.jinja2:
    the same for every run of the mode on a day, so that a server's prompt cache
    reuses them and the tool schemas that follow them."""
    return _templates.get_template("prompt.jinja2").render(
        mode=mode, today=(today or dt.date.today()).isoformat()
    )


def render_input(
    mode: Mode,
    *,
    episodes: Sequence[Node] = (),
    pairs: Sequence[tuple[Node, Node]] = (),
    entity: Entity | None = None,
    notes: Sequence[Node] = (),
) -> str:
    """The user message of one run, from prompt_input.jinja2: its data (the
    chunk's episodes, the pairs, the entity and its memories)."""
    if mode == "enrichment" and entity is None:
        raise ValueError("enrichment needs an entity")
    return _templates.get_template("prompt_input.jinja2").render(
        mode=mode,
        episodes=list(episodes),
        pairs=list(pairs),
        entity=entity,
        notes=list(notes),
    )


class MemoryAgent:
    """Runs the write-path Agent in one mode over a WriteContext."""

    def __init__(self, model: Model, *, timeout_seconds: float) -> None:
        self.model = model
        self.timeout_seconds = timeout_seconds

    def build(self, mode: Mode, instructions: str) -> Agent[WriteContext]:
        from agents import Agent

        agent: Agent[WriteContext] = Agent(
            name=f"memory-{mode}",
            instructions=instructions,
            tools=list(mode_tools(mode)),
            model=self.model,
        )
        return agent

    async def run(
        self,
        mode: Mode,
        context: WriteContext,
        *,
        entity: Entity | None = None,
        notes: Sequence[Node] = (),
    ) -> str:
        """Run the agent to its final answer; model errors and timeouts propagate."""
        from agents import RunConfig, Runner

        data = render_input(
            mode,
            episodes=context.episodes,
            pairs=context.pairs,
            entity=entity,
            notes=notes or context.notes,
        )
        result = await asyncio.wait_for(
            Runner.run(
                self.build(mode, render_instructions(mode)),
                data,
                context=context,
                max_turns=MAX_TURNS[mode],
                run_config=RunConfig(tracing_disabled=True),
            ),
            self.timeout_seconds,
        )
        return str(result.final_output or "")


def model_from_env(env: Mapping[str, str] | None = None) -> Model | None:
    """An OpenAI-compatible chat model from OPENAI_API_KEY / OPENAI_BASE_URL /
    AGENT_MEMORY_MODEL (standalone use: OpenAI, Ollama, vLLM, llama.cpp), or None
    when neither a key nor a base URL is set."""
    env = os.environ if env is None else env
    key, base_url = env.get("OPENAI_API_KEY"), env.get("OPENAI_BASE_URL")
    if not key and not base_url:
        return None
    name = env.get("AGENT_MEMORY_MODEL") or DEFAULT_ENV_MODEL
    return chat_model(name, base_url=base_url, api_key=key)


def chat_model(
    name: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    max_retries: int = 2,
) -> Model:
    """The SDK's chat-completions model on an OpenAI-compatible endpoint; a
    self-hosted one gets the shapes it accepts (writepath/model_client.py)."""
    from agents import OpenAIChatCompletionsModel
    from openai import AsyncOpenAI

    from .writepath.model_client import CompatibleClient, needs_compat

    # Local servers take any key; the client insists on one being set.
    client = AsyncOpenAI(
        api_key=api_key or "unused", base_url=base_url or None, max_retries=max_retries
    )
    if needs_compat(base_url):
        client = cast(AsyncOpenAI, CompatibleClient(client))
    return OpenAIChatCompletionsModel(model=name, openai_client=client)


async def close_model(model: Any) -> None:
    """Close a chat model's HTTP client (the SDK keeps it as `_client`): a run
    stopped by its time limit leaves a connection open, and a client left to
    the garbage collector closes it after the event loop has ended, as an
    "Event loop is closed" traceback. Models without one are left alone."""
    close = getattr(getattr(model, "_client", None), "close", None)
    if close is not None:
        await close()


def find_memory_model(context: Any) -> tuple[Model | None, str]:
    """(model, where it came from): the host's router for `memory_agent`, or,
    with no router (standalone), the environment. The reason says why not."""
    router = getattr(context, "model_router", None)
    if router is None:
        model = model_from_env()
        return model, ("environment" if model else "no router, no OPENAI_* env")
    try:
        model = router.get_model("memory_agent")
    except KeyError:
        return None, "nothing configured in the host's model router"
    except Exception as exc:  # a misconfigured provider must not stop the rest
        return None, f"the host's model router failed: {exc!r}"
    if model is None:
        return None, "the host's model router returned none"
    return model, "the host's model router"
