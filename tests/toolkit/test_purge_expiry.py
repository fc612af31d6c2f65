"""purge_memory (two calls, a token bound to the scope), remember_fact's
`expires`, expired facts hidden from every read path, forgotten facts no
longer counted as mentions."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from agent_memory.core.records import PurgeTarget
from agent_memory.core.scope import using_view, view_of_scope
from agent_memory.retrieval import SearchFilters
from agent_memory.standalone.transfer import export_jsonl
from agent_memory.storage import MemoryStorage
from agent_memory.tools import ToolDeps, build_tools
from agents import Tool
from tool_harness import add_fact, call

ALICE = view_of_scope("user:alice")
BOB = view_of_scope("user:bob")
SECRET = "Quorvexine"
DAY = 86400.0


def tools_of(deps: ToolDeps, view: object) -> list[Tool]:
    return build_tools(dataclasses.replace(deps, turn_view=lambda: view))


async def test_purge_memory_asks_first_and_only_in_its_scope(
    storage: MemoryStorage, deps: ToolDeps
) -> None:
    alice, bob = tools_of(deps, ALICE), tools_of(deps, BOB)
    stored = await call(alice, "remember_fact", fact=f"My PIN hint is {SECRET}")
    asked = await call(alice, "purge_memory", what="fact", target=stored["id"])
    token = asked["confirmation"]
    with using_view(ALICE):
        still = await storage.nodes.get_node(int(stored["id"][1:]))
    stolen = await call(bob, "purge_memory", confirmation=token)
    again = await call(alice, "purge_memory", what="fact", target=stored["id"])
    done = await call(alice, "purge_memory", confirmation=again["confirmation"])
    reused = await call(alice, "purge_memory", confirmation=again["confirmation"])

    assert asked["status"] == "confirm" and asked["memories"] == 1
    assert asked["preview"] == [f"My PIN hint is {SECRET}"]
    assert still is not None  # the first call erased nothing
    assert "unknown or expired" in stolen["error"]  # Bob cannot use Alice's token
    assert done["status"] == "purged" and done["memories"] == 1
    assert "error" in reused  # one use only
    with using_view(None):
        rows = await storage._conn.rows("select count(*) from nodes")
    assert rows[0][0] == 0
    if storage.path.exists():  # SQLite: not a byte left in the file
        assert storage.path.read_bytes().count(SECRET.encode()) == 0


async def test_purge_memory_refuses_outside_a_turn(deps: ToolDeps) -> None:
    out = await call(build_tools(deps), "purge_memory", what="everything")
    assert "only inside a user's conversation" in out["error"]


async def test_purge_everything_of_mine_keeps_others(
    storage: MemoryStorage, deps: ToolDeps
) -> None:
    alice, bob = tools_of(deps, ALICE), tools_of(deps, BOB)
    await call(alice, "remember_fact", fact=f"Alice hides {SECRET}")
    await call(bob, "remember_fact", fact="Bob plays the tuba")
    asked = await call(alice, "purge_memory", what="everything")
    await call(alice, "purge_memory", confirmation=asked["confirmation"])
    with using_view(None):
        rows = await storage._conn.rows("select content, scope from nodes")
    assert [tuple(r) for r in rows] == [("Bob plays the tuba", "user:bob")]


async def test_a_forgotten_fact_is_no_longer_a_mention(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    await call(tools, "remember_fact", fact="Zorbina Kell likes chess")
    second = await call(tools, "remember_fact", fact="Zorbina Kell lives in Oslo")
    before = await call(tools, "get_entity_info", entity_name="Zorbina Kell")
    await call(tools, "forget_fact", fact=second["id"])
    after = await call(tools, "get_entity_info", entity_name="Zorbina Kell")
    assert before["mentions"] - after["mentions"] == 1


async def test_remember_fact_takes_an_expiry(
    storage: MemoryStorage, tools: list[Tool]
) -> None:
    out = await call(tools, "remember_fact", fact="Dentist on Friday", expires="3 days")
    bad = await call(tools, "remember_fact", fact="Gym plan", expires="someday soon")
    node = await storage.nodes.get_node(int(out["id"][1:]))
    assert node is not None and node.expires_at is not None
    assert abs(node.expires_at - (time.time() + 3 * DAY)) < 60
    assert out["expires"]
    assert "cannot read expiry" in bad["error"]


async def test_an_expired_fact_is_hidden_from_every_read(
    storage: MemoryStorage, deps: ToolDeps, tools: list[Tool], tmp_path: Path
) -> None:
    past, future = time.time() - 5, time.time() + DAY
    gone = await add_fact(storage, f"Mood today: {SECRET} grumpy", expires_at=past)
    kept = await add_fact(storage, f"Plan: visit {SECRET} fair", expires_at=future)
    vector = await deps.embedder.embed(f"Mood today: {SECRET} grumpy")  # type: ignore[union-attr]
    await storage.index.save_embeddings([(gone, vector), (kept, vector)])
    await storage.drain()

    def shown(result: dict[str, object]) -> str:
        return json.dumps(result)

    outputs = [
        await call(tools, "search_memory", query=f"{SECRET} mood grumpy"),
        await call(tools, "get_timeline"),
        await call(tools, "weak_facts", threshold=1.0),
        await call(tools, "explain_fact", fact_id=f"#{gone}"),
        await call(tools, "forget_fact", fact=f"#{gone}"),
    ]
    for output in outputs:
        assert "grumpy" not in shown(output), output
    assert "error" in outputs[3] and "error" in outputs[4]
    stats = await call(tools, "memory_stats")
    assert stats["nodes_by_type"] == {"semantic": 1}
    context = await deps.retriever.get_context(f"{SECRET} mood grumpy")
    assert context is not None and "fair" in context and "grumpy" not in context
    hits = await deps.retriever.search(f"{SECRET} grumpy", SearchFilters(limit=10))
    assert [h.node.id for h in hits] == [kept]
    assert gone not in dict(await storage.index.knn_search(vector, limit=5))
    assert gone not in await storage.index.knn_bits(vector, limit=5)
    assert gone not in dict(await storage.index.fts_search(SECRET, limit=5))
    assert gone not in dict(await storage.index.substring_search([SECRET], limit=5))
    assert gone not in await storage.nodes.get_nodes([gone, kept], history=True)
    assert [n.id for n in await storage.nodes.list_nodes()] == [kept]

    # export carries the expiry; the nightly purge erases the expired one
    await export_jsonl(storage, tmp_path / "out.jsonl")
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    rows = [json.loads(line) for line in lines][1:]
    expiries = {
        r["row"]["id"]: r["row"]["expires_at"] for r in rows if r["table"] == "nodes"
    }
    assert expiries == {gone: past, kept: future}
    plan = await storage.purge.execute(PurgeTarget("expired"))
    assert plan.nodes == 1
    if storage.path.exists():  # SQLite: not a byte left in the file
        assert storage.path.read_bytes().count(b"grumpy") == 0
