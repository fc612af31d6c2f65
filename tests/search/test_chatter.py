"""A turn that says nothing ("Okay, got it.", "Хорошо, запомню.") is never a
hit, neither as the reply to a turn that matches nor as its neighbour, unless
small talk is what is searched for. Through the host's events and tool."""

from __future__ import annotations

import json
from typing import Any

from agent_memory.main import MemoryExtension
from fakes import FakeHostContext, running

FILLERS = (
    "Okay, got it.",
    "Happy to help. Anything else?",
    "Рада помочь! Что-нибудь ещё?",
    "Принято.",
)


def turn(text: str, thread: str, reply: bool = False) -> dict[str, Any]:
    payload: dict[str, Any] = {"text": text, "user_id": "u1", "thread_id": thread}
    if reply:
        payload["agent_id"] = "orchestrator"
    return payload


async def searched(ext: MemoryExtension, query: str) -> list[str]:
    from agents.tool_context import ToolContext

    tool = {t.name: t for t in ext.get_tools()}["search_memory"]
    raw = json.dumps({"query": query})
    context = ToolContext(
        context=None, tool_name=tool.name, tool_call_id="c1", tool_arguments=raw
    )
    answer = await tool.on_invoke_tool(context, raw)
    if not isinstance(answer, str):  # the tool's model, as the SDK serialises it
        answer = answer.model_dump_json()
    answer = json.loads(answer)
    return [hit["content"] for hit in answer.get("results", [])]


async def test_a_reply_that_says_nothing_is_no_hit(host: FakeHostContext) -> None:
    said = [
        ("Dentist appointment booked for 7 October with Dr Hughes.", "t1"),
        ("Стоматолог позвонил: приём перенесли на 12 октября.", "t2"),
        ("The dentist is now 12 October at 2:30pm, not the 7th.", "t3"),
        ("My dentist said to floss more.", "t4"),
    ]
    async with running(host) as ext:
        for (text, thread), filler in zip(said, FILLERS, strict=True):
            await host.emit("user_message", turn(text, thread))
            await host.emit("agent_response", turn(filler, thread, reply=True))
        await ext.drain()
        found = await searched(ext, "When is my dentist appointment?")
        block = await ext.get_context("When is my dentist appointment?", None) or ""
        small_talk = await searched(ext, "got it")

    assert found and not set(found) & set(FILLERS)
    assert "Dr Hughes" in block and not any(f in block for f in FILLERS)
    assert "Okay, got it." in small_talk  # asked for, it is found
