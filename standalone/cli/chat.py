"""`agent-memory chat`: a small agent loop over the standalone host.

It does per turn what the real host does: fire `user_message`, ask the memory
for its context block and append it to the instructions, run the agent with the
memory's tools, fire `agent_response`. The conversation is one thread per
session, so switching sessions lets the memory consolidate the previous one.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from typing import Any

from ..host import StandaloneHost

INSTRUCTIONS = (
    "You are a helpful personal assistant with a long-term memory. Use the memory"
    " tools to look things up and to remember durable facts about the user."
)


async def answer(
    host: StandaloneHost, text: str, thread_id: str, history: list[Any]
) -> tuple[str, list[Any]]:
    """One turn: events, context injection, the agent run; returns reply and history."""
    from agents import Agent, RunConfig, Runner

    await host.user_message(text, thread_id)
    block = await host.context_for(text, thread_id)
    instructions = INSTRUCTIONS + (f"\n\n---\n\n{block}" if block else "")
    agent: Agent[Any] = Agent(
        name="assistant",
        instructions=instructions,
        tools=host.tools,
        model=host.model_router.get_model("orchestrator"),
    )
    result = await Runner.run(
        agent,
        [*history, {"role": "user", "content": text}],
        run_config=RunConfig(tracing_disabled=True),
    )
    reply = str(result.final_output)
    await host.agent_response(reply, thread_id)
    return reply, result.to_input_list()


async def run_chat(host: StandaloneHost) -> None:
    thread_id = f"chat_{int(time.time())}"
    history: list[Any] = []
    print("memory chat: empty line or Ctrl-D to quit", file=sys.stderr)
    # A long chat lives through 03:00 too: the manifest's schedules keep running.
    scheduler = asyncio.create_task(host.scheduler.run_forever())
    try:
        while True:
            try:
                line = await asyncio.to_thread(input, "you> ")
            except EOFError:
                break
            if not line.strip():
                break
            try:
                reply, history = await answer(host, line.strip(), thread_id, history)
            except Exception as exc:  # the model is a process boundary
                # As the real host does: the user sees an error marker, which
                # the memory does not store; the chat goes on.
                reply = f"(Error: {type(exc).__name__}: {exc})"
            print(f"agent> {reply}")
    finally:
        scheduler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await scheduler
    await host.thread_completed(thread_id, reason="chat ended")
    await host.memory.drain()
