"""Grounding (writepath/grounding.py) and the local-server client rewrite
(writepath/model_client.py)."""

from __future__ import annotations

import datetime as dt
import json
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from agent_memory.agent import MemoryAgent, chat_model
from agent_memory.core.config import MemoryConfig
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.consolidation import Consolidator
from agent_memory.writepath.grounding import Sources, check, shares_terms
from agent_memory.writepath.model_client import (
    MAX_ITEMS,
    MAX_OUTPUT_TOKENS,
    MAX_STRING_CHARS,
    compatible_request,
    needs_compat,
    repair_arguments,
    repair_response,
)
from llm_server import add_turns, serving, url

TURNS = [
    "Vitaly moved the release to 12 March",
    "My sister Lena got the job at the Vienna observatory",
    "I prefer dark mode in every editor",
    "Мой брат Олег работает в Казани",
]


@pytest.mark.parametrize(
    "fact",
    [
        "Vitaly moved the release to 12 March",
        "The user's sister Lena got a job at the Vienna observatory",
        "The user prefers dark mode in editors",
        "Брат пользователя Олег работает в Казани",  # inflected: Казань, Олег
        "Олег работает в Казань",
    ],
)
def test_facts_a_good_model_writes_pass(fact: str) -> None:
    assert check(fact, Sources(TURNS)) is None


@pytest.mark.parametrize(
    ("fact", "reason"),
    [
        ("The user's sister Anna lives in Lyon", "copied_from_prompt"),
        ("The user's friend Anna lives in Lyon", "name_not_in_turns"),
        ("The user keeps robot_in_Berlin", "invented_value"),
        ("The user prefers A/B/C", "placeholder"),
        ("The user is <age> years old", "placeholder"),
        ("Vitaly moved the release to 14 March", "number_not_in_turns"),
        ("Олег работает в Москве", "name_not_in_turns"),
        ("The user enjoys gardening tomatoes", "not_supported"),
        ("", "empty"),
        # The prompt's own instruction, copied (its words are not in the turns).
        ("keep what will still matter in weeks", "copied_from_prompt"),
    ],
)
def test_what_a_confused_model_writes_is_refused(fact: str, reason: str) -> None:
    assert check(fact, Sources(TURNS)) == reason


def test_dates_must_agree_with_the_turns_or_their_time() -> None:
    said = dt.datetime(2023, 5, 8, 13, 56, tzinfo=dt.UTC).timestamp()
    sources = Sources(["Caroline went to the LGBTQ support group"], [said])
    assert check("Caroline went to the support group on 8 May 2023", sources) is None
    assert check("Caroline went to the support group on 9 May 2023", sources) == (
        "number_not_in_turns"
    )


def test_names_need_every_word_and_conflicts_a_shared_term() -> None:
    sources = Sources(TURNS)
    assert check("Lena", sources, name=True) is None
    assert check("Vienna observatory", sources, name=True) is None
    assert check("Lena Petrova", sources, name=True) == "name_not_in_turns"
    assert shares_terms("The user prefers dark mode", "The user likes dark themes")
    assert not shares_terms("The user prefers dark mode", "Lena lives in Vienna")


def test_the_request_is_rewritten_for_local_servers() -> None:
    request = {
        "messages": [
            {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}]},
            {"role": "tool", "content": "ok", "tool_call_id": "1"},
        ],
        "tools": [{"type": "function", "function": {"name": "x"}}],
        "tool_choice": "required",
    }
    fixed = compatible_request(request)
    assert fixed["messages"][0]["content"] == "" and fixed["tool_choice"] == "auto"
    assert request["messages"][0]["content"] is None  # the caller's is untouched
    assert compatible_request({**request, "tool_choice": object()})["tool_choice"] == (
        "auto"
    )
    # A runaway answer is cut (llama.cpp keeps generating after a timeout).
    assert compatible_request({"messages": []}) == {
        "messages": [],
        "max_tokens": MAX_OUTPUT_TOKENS,
    }
    assert compatible_request({"max_tokens": 50})["max_tokens"] == 50
    assert "max_tokens" not in compatible_request({"max_completion_tokens": 50})
    assert needs_compat("http://127.0.0.1:8080/v1")
    assert not needs_compat("https://api.openai.com/v1") and not needs_compat(None)


def test_raw_newlines_in_arguments_are_repaired_and_junk_is_left() -> None:
    assert json.loads(repair_arguments('{"a": "line one\nline two"}')) == {
        "a": "line one\nline two"
    }
    assert repair_arguments('{"a": "ok"}') == '{"a": "ok"}'
    assert repair_arguments('{"a": "cut') == '{"a": "cut'
    # A whole object followed by stray text keeps the object; a bare value not.
    assert json.loads(repair_arguments('{"a": 1}\n}<end_of_turn>')) == {"a": 1}
    assert repair_arguments('"a" and more') == '"a" and more'


def test_arguments_no_parse_reads_are_logged_with_their_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    call = SimpleNamespace(
        function=SimpleNamespace(name="save", arguments='{"a": "cut')
    )
    choice = SimpleNamespace(
        message=SimpleNamespace(tool_calls=[call]), finish_reason="length"
    )
    with caplog.at_level(logging.WARNING):
        repair_response(SimpleNamespace(choices=[choice]))
    [line] = [r.getMessage() for r in caplog.records]
    assert "tool save" in line and "finish reason length" in line and "cut" in line


async def _consolidate(tmp_path: Any, behaviour: str, model: Any) -> str:
    storage = await MemoryStorage.open(tmp_path / f"{behaviour}.db", dim=8)
    try:
        await add_turns(storage, [("user", "My sister Mila lives in Porto")])
        config = MemoryConfig()
        agent = MemoryAgent(model, timeout_seconds=10)
        consolidator = Consolidator(
            storage, Retriever(storage, None, config), config, lambda: agent
        )
        return (await consolidator.consolidate("t")).outcome
    finally:
        await storage.close()


@pytest.mark.parametrize("behaviour", ["null_content_500", "raw_newlines"])
async def test_local_servers_need_the_rewrite(behaviour: str, tmp_path: Any) -> None:
    """The plain client fails on llama.cpp's quirks; the model we build works."""
    from agents import OpenAIChatCompletionsModel
    from openai import AsyncOpenAI

    with serving(behaviour) as server:
        plain = OpenAIChatCompletionsModel(
            model="m",
            openai_client=AsyncOpenAI(api_key="x", base_url=url(server), max_retries=0),
        )
        assert await _consolidate(tmp_path, behaviour + "-plain", plain) == "failed"
        ours = chat_model("m", base_url=url(server), max_retries=0)
        assert await _consolidate(tmp_path, behaviour, ours) == "consolidated"


def _nodes(schema: Any) -> list[dict[str, Any]]:
    """Every JSON-schema node of a tool (properties, items, $defs, anyOf...)."""
    if isinstance(schema, list):
        return [n for item in schema for n in _nodes(item)]
    if not isinstance(schema, dict):
        return []
    return [schema, *(n for value in schema.values() for n in _nodes(value))]


def test_every_tool_call_the_model_writes_has_an_end() -> None:
    # llama-cpp-python ignores max_tokens inside a tool call's arguments (a
    # grammar from the schema): Gemma 3 270M looped in one for minutes.
    from agent_memory import agent_tools
    from agents import FunctionTool
    from agents.models.chatcmpl_converter import Converter

    tools = [
        Converter.tool_to_openai(tool)
        for tool in vars(agent_tools).values()
        if isinstance(tool, FunctionTool)
    ]
    assert len(tools) >= 8
    sent = compatible_request({"messages": [], "tools": tools})["tools"]
    strings = arrays = 0
    for node in _nodes([t["function"]["parameters"] for t in sent]):
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "string" in kinds and "enum" not in node:
            assert node["maxLength"] == MAX_STRING_CHARS
            strings += 1
        if "array" in kinds:
            assert node["maxItems"] == MAX_ITEMS
            arrays += 1
    assert strings >= 5 and arrays >= 5
    assert "maxLength" not in json.dumps(tools)  # the SDK's own are untouched
    short = {"type": "string", "maxLength": 20}
    assert compatible_request({"tools": [short]})["tools"][0]["maxLength"] == 20


# What Gemma 3 270M stored from the demo on 2026-11-24 (docs/real-model.md),
# each with the one episode it cited: one shared word had let both through.
REAL_JUNK = [
    (
        "A statement that can change the world, e.g., an opinion about how to "
        "take care of your health (a policy)",
        "Big change at work: Tomasz moved to the payments team, so Priya is my "
        "new partner on Heron.",
    ),
    (
        "I know that it will not be perfect but I want to make sure I have enough "
        "episodes so I can keep on top of things when my sister has a baby this "
        "year.",
        "Go ahead, I'll keep the deployment steps for you.",
    ),
]


@pytest.mark.parametrize(("claim", "turn"), REAL_JUNK)
def test_real_small_model_junk_sharing_one_word_is_refused(
    claim: str, turn: str
) -> None:
    assert check(claim, Sources([turn])) == "not_supported"


def test_a_fact_retold_in_other_words_still_passes() -> None:
    turn = REAL_JUNK[0][1]
    assert check("Priya is the user's new partner on Heron", Sources([turn])) is None
    assert check("Tomasz now works on the payments team", Sources([turn])) is None
