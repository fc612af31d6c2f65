"""Forgetting a memory leaves no copy of its words in the process either:
the readers that remember what a turn's text says (lru caches keyed by the
text: whether it says who a person is, its stems, its token count) are
emptied by a purge and by forget_fact, as the file is (core/text_caches)."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from agent_memory.core.relations import RELATIONS
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.core.tokens import count_tokens
from agent_memory.search.introductions import _said_who, says_who
from agent_memory.search.stem_sets import text_stems
from agent_memory.storage import MemoryStorage
from agent_memory.tools import ToolDeps, build_tools
from agents import Tool
from tool_harness import call

ME = view_of_scope("user:tova")
TOLD = "My cousin Brannoc, 41, fixes old clocks in Bergen"

# The caches a question about a person fills with the turns it reads.
READERS: list[functools._lru_cache_wrapper[Any]] = [
    _said_who,
    text_stems,
    count_tokens,
]


async def read_the_turn(storage: MemoryStorage, tools: list[Tool], id_: str) -> None:
    """A question about the person, and says_who on the stored turn as the
    person search reads it: the turn's text is now a key of the caches."""
    await call(tools, "search_memory", query="Who is Brannoc?")
    with using_view(ME):
        node = await storage.nodes.get_node(int(id_[1:]))
    assert node is not None
    says_who(node, frozenset(RELATIONS), {"brannoc"}, 2.0)
    text_stems(node.content)
    count_tokens(node.content)
    assert all(cache.cache_info().currsize for cache in READERS)


async def test_a_purge_empties_the_caches_of_read_texts(
    storage: MemoryStorage, deps: ToolDeps
) -> None:
    tools = build_tools(_in_view(deps))
    stored = await call(tools, "remember_fact", fact=TOLD)
    await read_the_turn(storage, tools, stored["id"])
    asked = await call(tools, "purge_memory", what="fact", target=stored["id"])
    done = await call(tools, "purge_memory", confirmation=asked["confirmation"])
    assert done["status"] == "purged"
    assert [cache.cache_info().currsize for cache in READERS] == [0, 0, 0]


async def test_forget_fact_empties_the_caches_of_read_texts(
    storage: MemoryStorage, deps: ToolDeps
) -> None:
    tools = build_tools(_in_view(deps))
    stored = await call(tools, "remember_fact", fact=TOLD)
    await read_the_turn(storage, tools, stored["id"])
    out = await call(tools, "forget_fact", fact=stored["id"])
    assert out["status"] == "forgotten"
    assert [cache.cache_info().currsize for cache in READERS] == [0, 0, 0]


def _in_view(deps: ToolDeps) -> ToolDeps:
    return dataclasses.replace(deps, turn_view=lambda: ME)
