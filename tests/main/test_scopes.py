"""Scopes: nothing one person told the memory reaches another person.

A property test over random worlds of users, private threads (thread ids reused
across users on purpose), a shared group chat and an unshared one, all writing
through the real extension's events and tools. Every message and fact carries a
unique marker word; each user, from each kind of chat, then reads through every
read path (get_context, the ten tools, the CLI's reading commands, export) and
must find no marker of another scope. The mutating tools, aimed at another
scope's facts, must leave them untouched.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from agent_memory.core.scope import using_view
from agent_memory.main import MemoryExtension
from agent_memory.standalone.cli.parser import main as cli_main
from fakes import FakeHostContext, HostRouter, running
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tool_harness import run_calls

USERS = ("alice", "bob", "carol")
SHARED = "team"  # listed in shared_channels
CHANNELS = ("dm", SHARED, "pub")  # dm: private; pub: a group nobody shared
SETTINGS = {
    "scope_mode": "per_user",
    "shared_channels": [SHARED],
}
REPORT: dict[str, int] = {"worlds": 0, "reads": 0, "leaks": 0, "writes_across": 0}


@dataclass
class Turn:
    user_id: str | None
    channel_id: str | None
    thread_id: str | None
    agent_id: str | None = "main"


@dataclass
class World:
    markers: dict[str, str] = field(default_factory=dict)  # marker -> scope
    facts: dict[int, tuple[str, str]] = field(
        default_factory=dict
    )  # id -> (scope, text)
    episodes: dict[str, int] = field(default_factory=dict)  # scope -> turns

    def others(self, scope: str) -> list[str]:
        return [m for m, s in self.markers.items() if s != scope]


def scope_of(user: str, channel: str) -> str:
    return f"channel:{SHARED}" if channel == SHARED else f"user:{user}"


def thread_of(channel: str, number: int) -> str:
    # Private threads reuse the same ids for every user: they must not mix.
    return f"{channel}-t{number}"


messages = st.lists(
    st.tuples(st.sampled_from(USERS), st.sampled_from(CHANNELS), st.integers(0, 1)),
    min_size=2,
    max_size=10,
)
facts = st.lists(
    st.tuples(st.sampled_from(USERS), st.sampled_from(CHANNELS)),
    min_size=1,
    max_size=4,
)


def leaks(text: str, world: World, scope: str) -> list[str]:
    return [m for m in world.others(scope) if m.lower() in text.lower()]


async def write_world(
    host: FakeHostContext,
    ext: MemoryExtension,
    tools: list[Any],
    world: World,
    sent: list[tuple[str, str, int]],
    told: list[tuple[str, str]],
) -> None:
    for n, (user, channel, number) in enumerate(sent):
        marker = f"Zqm{n}x{len(world.markers)}"
        scope = scope_of(user, channel)
        world.markers[marker] = scope
        world.episodes[scope] = world.episodes.get(scope, 0) + 1
        await host.emit(
            "user_message",
            {
                "text": f"I met {marker} at the harbour; {marker} loves sailing",
                "user_id": user,
                "channel": SimpleNamespace(id=channel),
                "thread_id": thread_of(channel, number),
            },
        )
    await ext.drain()
    for n, (user, channel) in enumerate(told):
        marker = f"Zqf{n}x{len(world.markers)}"
        scope = scope_of(user, channel)
        text = f"{marker} is the harbour master's boat"
        await ext.get_context("remember this", Turn(user, channel, "facts"))
        (out,) = await run_calls(
            tools, [("remember_fact", {"fact": text, "confidence": 0.5})]
        )
        fact_id = int(json.loads(out)["id"].lstrip("#"))
        world.markers[marker] = scope
        world.facts[fact_id] = (scope, text)
    await ext.drain()


def read_calls(world: World, scope: str) -> list[tuple[str, dict[str, Any]]]:
    others = world.others(scope)
    foreign = [i for i, (s, _) in world.facts.items() if s != scope]
    query = " ".join(["harbour sailing boat", *others])[:900]
    calls: list[tuple[str, dict[str, Any]]] = [
        ("search_memory", {"query": query, "limit": 20}),
        ("get_timeline", {"limit": 200}),
        ("weak_facts", {"threshold": 1.0, "limit": 50}),
        ("memory_stats", {}),
    ]
    calls += [("get_entity_info", {"entity_name": m}) for m in others[:4]]
    calls += [("explain_fact", {"fact_id": f"#{i}"}) for i in foreign[:4]]
    return calls


def change_calls(world: World, scope: str) -> list[tuple[str, dict[str, Any]]]:
    foreign = [(i, t) for i, (s, t) in world.facts.items() if s != scope][:2]
    calls: list[tuple[str, dict[str, Any]]] = []
    for fact_id, text in foreign:
        calls += [
            ("confirm_fact", {"fact_id": f"#{fact_id}"}),
            ("correct_fact", {"old_fact": text, "new_fact": "nothing at all"}),
            ("forget_fact", {"fact": f"#{fact_id}"}),
        ]
    return calls


async def read_world(ext: MemoryExtension, tools: list[Any], world: World) -> list[str]:
    found: list[str] = []
    for user in USERS:
        for channel in CHANNELS:
            scope = scope_of(user, channel)
            prompt = "harbour sailing " + " ".join(world.others(scope))
            block = await ext.get_context(prompt, Turn(user, channel, "reader"))
            found += leaks(block or "", world, scope)
            calls = read_calls(world, scope)
            outputs = await run_calls(tools, calls)
            REPORT["reads"] += 1 + len(calls)
            for (_, args), output in zip(calls, outputs, strict=True):
                found += leaks(unechoed(output, args), world, scope)
            stats = json.loads(outputs[3])
            found += stats_leak(stats, world, scope)
            changes = change_calls(world, scope)
            if changes:
                foreign = [i for i, (s, _) in world.facts.items() if s != scope]
                # Earlier reads reinforce the facts they found (queued writes):
                # let them land first, or they would count as changes here.
                await ext.drain()
                before = await snapshot(ext, foreign)
                await run_calls(tools, changes)
                await ext.drain()
                after = await snapshot(ext, foreign)
                REPORT["writes_across"] += sum(before[i] != after[i] for i in foreign)
    return found


def unechoed(output: str, args: dict[str, Any]) -> str:
    """The output without the caller's own argument quoted back to it
    ("No entity called 'X' is known")."""
    for value in args.values():
        if isinstance(value, str) and len(value) < 100:
            output = output.replace(f"'{value}'", "")
    return output


def stats_leak(stats: dict[str, Any], world: World, scope: str) -> list[str]:
    """memory_stats counts only the reader's scope."""
    text = json.dumps(stats)
    own_facts = sum(1 for s, _ in world.facts.values() if s == scope)
    own_turns = world.episodes.get(scope, 0)
    counts = json.dumps({"episodic": own_turns, "semantic": own_facts})
    ok = f'"episodic": {own_turns}' in text or own_turns == 0
    ok = ok and (f'"semantic": {own_facts}' in text or own_facts == 0)
    return [] if ok else [f"stats {text} != {counts}"]


async def snapshot(ext: MemoryExtension, ids: list[int]) -> dict[int, Any]:
    """What another scope's tool call must not change about these facts."""
    with using_view(None):
        nodes = await ext.services.storage.nodes.get_nodes(ids, history=True)
    return {
        i: (n.content, n.valid_until, n.decay_rate, n.confidence)
        if (n := nodes.get(i))
        else None
        for i in ids
    }


def cli_leaks(data_dir: Path, world: World, out_dir: Path) -> list[str]:
    found: list[str] = []
    db = str(data_dir / "memory.db")
    query = " ".join(["harbour", *world.markers])[:900]
    for user in USERS:
        scope = f"user:{user}"
        export = out_dir / f"{user}.jsonl"
        for args in (
            ["search", query, "--limit", "50"],
            ["timeline", "--limit", "200"],
            ["weak", "--threshold", "1.0", "--limit", "50"],
            ["export", str(export), "--force"],
        ):
            texts = run_cli(["--db", db, "--user", user, *args])
            if args[0] == "export":
                texts += export.read_text(encoding="utf-8")
            REPORT["reads"] += 1
            found += leaks(texts, world, scope)
    return found


def run_cli(args: list[str]) -> str:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = cli_main(["--embedder", "none", "--json", *args])
    assert code == 0, (args, buffer.getvalue())
    return buffer.getvalue()


@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    phases=(Phase.explicit, Phase.generate),  # report the first failure as is
    suppress_health_check=list(HealthCheck),
)
@given(sent=messages, told=facts)
def test_no_memory_crosses_a_scope(
    sent: list[tuple[str, str, int]], told: list[tuple[str, str]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        data_dir.mkdir()
        host = FakeHostContext(data_dir=data_dir, settings=dict(SETTINGS))
        host.model_router = HostRouter(embedding_dim=256)
        world = World()

        async def scenario() -> list[str]:
            async with running(host) as ext:
                tools = ext.get_tools()
                await write_world(host, ext, tools, world, sent, told)
                return await read_world(ext, tools, world)

        found = asyncio.run(scenario())
        found += cli_leaks(data_dir, world, Path(tmp))
    REPORT["worlds"] += 1
    REPORT["leaks"] += len(found)
    print("scope property test:", REPORT)
    assert found == [], found[:5]
    assert REPORT["writes_across"] == 0
