"""The write path against a misbehaving OpenAI-compatible server (tests/llm_server).

Every behaviour x 20 seeds runs the real nightly pipeline, through the real
openai client and Agents SDK over HTTP, on a real SQLite file, and checks the
invariants: no episode lost, nothing consolidated twice, a failed thread stays
pending with its reason and is retried a bounded number of times, no fact
stored from an invalid call or not grounded in the turns, and the night ends
within its budget saying what happened. Runs on the host's SDK (0.9.1) too.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from agent_memory.agent import MemoryAgent, chat_model, close_model
from agent_memory.core.config import MemoryConfig
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.consolidation import MAX_ATTEMPTS, Consolidator
from agent_memory.writepath.grounding import Sources, check
from agent_memory.writepath.nightly import STEPS, NightlyPipeline
from llm_server import BEHAVIOURS, INVALID_CALLS, JUNK, add_turns, serving, url

SEEDS = range(20)
# Seconds per model run: generous (the machine may be busy), but short where
# the server's "timeout" behaviour sleeps longer (llm_server.TIMEOUT_SLEEP).
RUN_TIMEOUT, SHORT_TIMEOUT = 10.0, 1.0
RETRIED_SEEDS = range(4)  # the bounded-retry check runs 3 more nights
LATER = 86_400.0  # the night runs a day after the turns
CONVERSATIONS = [
    [("user", "Vitaly moved the release to 12 March"), ("assistant", "Noted.")],
    [("user", "My sister Mila lives in Porto"), ("user", "She teaches piano")],
    [("user", "Мой брат Олег работает в Казани"), ("assistant", "Понятно.")],
    [("user", "I switched the team to Postgres 16"), ("user", "It runs on Hetzner")],
]
# What a well-served, well-behaved run must end in.
SUCCEED = {"good", "null_content_500", "raw_newlines", "required_choice_500"}
FAIL = {"never_calls_a_tool", "same_tool_forever", "unknown_tool", "empty_tool_name"}
FACT_TYPES = ("semantic", "procedural", "opinion")


def night(
    storage: MemoryStorage, model: Any, timeout: float
) -> tuple[NightlyPipeline, Any]:
    config = MemoryConfig()
    agent = MemoryAgent(model, timeout_seconds=timeout)
    consolidator = Consolidator(
        storage, Retriever(storage, None, config), config, lambda: agent
    )
    pipeline = NightlyPipeline(storage, config, lambda: agent, consolidator)
    return pipeline, consolidator


async def facts(storage: MemoryStorage) -> list[str]:
    nodes = await storage.nodes.list_nodes(types=FACT_TYPES, limit=1000)
    return sorted(node.content for node in nodes)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("behaviour", BEHAVIOURS)
async def test_the_write_path_keeps_its_invariants(
    behaviour: str, seed: int, tmp_path: Any
) -> None:
    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=8)
    turns = CONVERSATIONS[seed % len(CONVERSATIONS)]
    model = None
    try:
        ids = await add_turns(storage, turns)
        with serving(behaviour, seed) as server:
            # A model looping on one tool is stopped by max_turns or the time
            # limit, whichever comes first: the short one keeps the loop fast.
            slow = behaviour in {"timeout", "same_tool_forever"}
            timeout = SHORT_TIMEOUT if slow else RUN_TIMEOUT
            model = chat_model("misbehaving", base_url=url(server), max_retries=1)
            pipeline, consolidator = night(storage, model, timeout)
            # The whole night once per behaviour; its model step on every seed.
            steps = STEPS if seed == 0 else ["consolidation"]
            started = time.monotonic()
            report = await pipeline.run(now=time.time() + LATER, only=steps)
            # Two model runs at most (consolidation, causal), each bounded.
            assert time.monotonic() - started < 2 * timeout + 5
            state = await storage.sessions.get_session("t")
            assert state is not None
            # The night says what happened to the thread.
            swept = next(s for s in report.steps if s.step == "consolidation")
            assert swept.error is None
            assert (
                swept.counts.get(
                    state.status if state.status != "pending" else "failed"
                )
                == 1
            )
            if state.status == "consolidated":
                assert state.consolidated_until_id == ids[-1] and not state.last_error
                assert behaviour not in FAIL
                stored = await facts(storage)
                again = await consolidator.consolidate("t")
                assert again.outcome == "already" and await facts(storage) == stored
            else:
                assert behaviour not in SUCCEED
                assert state.status == "pending" and state.last_error
                assert state.attempts == 1
                if seed in RETRIED_SEEDS:
                    await _retries_are_bounded(pipeline, storage)
        await _nothing_lost_or_invented(storage, behaviour, turns, report)
    finally:
        await close_model(model)  # a timed-out run's connection, in this loop
        await storage.close()


async def _retries_are_bounded(pipeline: NightlyPipeline, storage: Any) -> None:
    for _ in range(MAX_ATTEMPTS):
        report = await pipeline.run(now=time.time() + LATER, only=["consolidation"])
    state = await storage.sessions.get_session("t")
    if state.status == "pending":  # the server may recover (429s, some 500s)
        assert state.attempts == MAX_ATTEMPTS and state.last_error
        assert report.steps[0].counts.get("gave_up") == 1


async def _nothing_lost_or_invented(
    storage: MemoryStorage, behaviour: str, turns: list[tuple[str, str]], report: Any
) -> None:
    episodes = await storage.nodes.list_nodes(
        types=("episodic",), session_id="t", newest_first=False, limit=100
    )
    assert [e.content for e in episodes] == [text for _, text in turns]
    stored = await facts(storage)
    assert len(stored) == len(set(stored))  # none twice
    sources = Sources([text for _, text in turns])
    assert [f for f in stored if check(f, sources)] == []
    if behaviour in INVALID_CALLS:
        assert stored == []
    if behaviour in SUCCEED:
        assert stored
    if behaviour == "junk_facts":
        assert not set(JUNK) & set(stored)
        rejected = sum(
            s.counts.get("rejected", 0)
            for s in report.steps
            if s.step == "consolidation"
        )
        assert rejected == len(JUNK)
        assert "placeholder" in (report.rejections() or "")
