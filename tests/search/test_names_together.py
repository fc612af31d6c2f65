"""Two frequent names in one question: the turns where they meet (issue 23).

Built through the host's events like any memory: Anton and Lima each in 4 %
of the turns (over 1 %: each alone is left out of the FTS query), together
in three. The question's other word ("go") is in many turns about others.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from agent_memory.main import MemoryExtension
from agent_memory.retrieval import FTS_COMMON_NAME_SHARE
from agent_memory.search.legs import COMMON_ENTITY_FLOOR
from agent_memory.search.together import CommonNames, names_met
from fakes import FakeHostContext, running

PEOPLE = (
    "Anton Bruno Clara Dmitri Edith Farid Greta Hector Irina Jasper Kamala Lorenzo "
    "Magda Nikolai Odette Pavel Quentin Rosalind Stefan Tamsin Ulrike Viktor Wanda "
    "Xavier Yvonne"
).split()
PLACES = (
    "Lima Porto Quito Riga Oslo Kyoto Cairo Prague Seville Bergen Tbilisi Lisbon "
    "Dakar Hanoi Sofia Tunis Bogota Malaga Krakow Vilnius Tallinn Zagreb Nairobi "
    "Osaka Havana"
).split()
MET = [
    "Anton: I flew to Lima in March and stayed with my cousin for a week.",
    "Anton: Lima was foggy the whole time, but the ceviche made up for it.",
    "Anton: Back from Lima! The market at Surquillo was the best part.",
]


def life() -> list[str]:
    """1,500 turns: each person and place in 4 % of them (over 1 %: common
    names; under 5 %: they still narrow), Anton and Lima apart."""
    turns = list(MET)
    for n in range(1500):
        person = PEOPLE[n % len(PEOPLE)]
        place = PLACES[(n // len(PEOPLE)) % len(PLACES)]
        if person == "Anton" and place == "Lima":
            place = "Riga"
        turns.append(f"{person}: we should go to {place} again, {n} days to plan it.")
    return turns


async def invoke(tool: Any, **arguments: Any) -> dict[str, Any]:
    from agents.tool_context import ToolContext

    raw = json.dumps(arguments)
    context = ToolContext(
        context=None, tool_name=tool.name, tool_call_id="c1", tool_arguments=raw
    )
    answer = await tool.on_invoke_tool(context, raw)
    return dict(
        json.loads(answer if isinstance(answer, str) else answer.model_dump_json())
    )


async def built(host: FakeHostContext, ext: MemoryExtension) -> None:
    for n, text in enumerate(life()):
        payload = {"text": text, "user_id": "u1", "thread_id": f"t{n // 20}"}
        await host.emit("user_message", payload)
        if n % 100 == 0:
            await ext.drain()
    await ext.drain()


async def test_two_frequent_names_find_where_they_meet(host: FakeHostContext) -> None:
    async with running(host) as ext:
        await built(host, ext)
        question = "When did Anton go to Lima?"
        entities = ext.services.storage.entities
        common = await entities.common_entity_keys(
            share=FTS_COMMON_NAME_SHARE, floor=COMMON_ENTITY_FLOOR
        )
        assert {"anton", "lima"} <= common  # each alone is left out of FTS
        search = {t.name: t for t in ext.get_tools()}["search_memory"]
        found = await invoke(search, query=question, limit=5)
        texts = [hit["content"] for hit in found.get("results", [])]
        assert texts, found
        assert sum(text in MET for text in texts[:3]) == 3, texts
        block = await ext.get_context(question, None)
        assert block is not None and all(text in block for text in MET), block


@pytest.mark.sqlite_only(reason="reads the statements SQLite runs")
async def test_a_word_in_most_turns_is_not_ranked_where_names_meet(
    host: FakeHostContext,
) -> None:
    # "go" is in nearly every turn: FTS5's bm25 gives it an idf of 1e-6 yet
    # read all its postings for that, in every statement that held it (~4 ms
    # a word at 100k). Where the names meet it is left out; the answer stays.
    async with running(host) as ext:
        await built(host, ext)
        storage = ext.services.storage
        assert await storage.index.weightless(["go", "lima", "ceviche"]) == {"go"}
        statements: list[str] = []
        await storage._conn.read.set_trace_callback(statements.append)
        block = await ext.get_context("When did Anton go to Lima?", None)
        await storage._conn.read.set_trace_callback(None)
        assert block is not None and all(text in block for text in MET), block
        met = [s for s in statements if "bm25(" in s and " AND " in s]
        assert met and all('"go"' not in s for s in met), met
        # the same rows, order and scores as with the word
        found = await names_met(storage, ["anton", "lima"], ["go"], limit=10, types=())
        full = await storage.index.fts_search(
            '"anton" AND "lima" AND ("anton" OR "go")', limit=10
        )
        assert [i for i, _ in found] == [i for i, _ in full] and len(found) >= 3
        assert all(
            abs(a + b) < 1e-5 for (_, a), (_, b) in zip(found, full, strict=True)
        )


def test_a_name_alone_or_in_most_turns_stays_out() -> None:
    common = CommonNames()
    common.frequent = frozenset({"anton", "lima", "caroline"})
    common.everywhere = frozenset({"caroline"})
    assert common.split(["anton"]) == ([], [])
    assert common.split(["anton", "go"]) == (["go"], ["anton"])  # meets the word
    assert common.split(["anton", "go", "lima"]) == (["go"], ["anton", "lima"])
    assert common.split(["caroline", "go"]) == (["go"], [])


async def test_a_frequent_name_meets_what_is_asked_of_them(
    host: FakeHostContext,
) -> None:
    # Anton is in 4 % of the turns, most of them newer than where he lives;
    # 300 turns by others say where they live too: without his name the
    # question's word "live" alone fills the words leg with theirs.
    home = "Anton: I live above the old bakery, the stairs are terrible."
    others = [
        f"{PEOPLE[1 + n % 24]}: I live near the station in block {n}."
        for n in range(300)
    ]
    async with running(host) as ext:
        for n, text in enumerate([home, *others]):
            payload = {"text": text, "user_id": "u1", "thread_id": f"h{n}"}
            await host.emit("user_message", payload)
        await built(host, ext)
        search = {t.name: t for t in ext.get_tools()}["search_memory"]
        found = await invoke(search, query="Where does Anton live?", limit=5)
        texts = [hit["content"] for hit in found.get("results", [])]
        assert texts and texts[0] == home, texts
