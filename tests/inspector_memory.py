"""A small memory with every kind of link the inspector draws, for its tests.

Episodes come in through the standalone host (the product's own path), then
facts derived from them, one replaced by a newer one, one forgotten, and two
entities, written through the store's public parts.
"""

from __future__ import annotations

import contextlib
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from agent_memory.core.records import EdgeDraft, EpisodeDraft, NodeDraft
from agent_memory.standalone.host import StandaloneHost
from agent_memory.writepath.indexer import LINKED_KEY

DAY = 86_400.0
T0 = 1_714_550_400.0  # 2024-05-01
# A turn that tries to end the data element and run markup inside the page.
HOSTILE = 'Pepper is allergic to chicken </script><img src="http://x.invalid/a.png">'


@dataclass(frozen=True)
class Ids:
    turns: list[int]
    old_fact: int
    new_fact: int
    allergy: int
    forgotten: int


async def build(data_dir: Path) -> Ids:
    async with StandaloneHost(data_dir) as host:
        # The slow path's first catch-up must not find (and link) the turns
        # added below: the links written here are the whole truth.
        await host.services.indexer.drain()
        store = host.services.storage
        turns = [
            await store.nodes.add_episode(EpisodeDraft(text, thread, role, when))
            for text, thread, role, when in (
                (
                    "My sister Lena got the job at the Vienna observatory.",
                    "monday",
                    "user",
                    T0,
                ),
                ("Wonderful news about Lena!", "monday", "orchestrator", T0 + 5),
                (HOSTILE, "monday", "user", T0 + 60),
                (
                    "Lena moved again, she lives in Linz now.",
                    "friday",
                    "user",
                    T0 + 4 * DAY,
                ),
            )
        ]
        old = await store.nodes.add_node(
            NodeDraft(
                "semantic",
                "Lena lives in Vienna",
                0.9,
                session_id="monday",
                event_time=T0,
            )
        )
        new = await store.graph.supersede(
            old,
            NodeDraft(
                "semantic",
                "Lena lives in Linz",
                0.95,
                session_id="friday",
                event_time=T0 + 4 * DAY,
            ),
            evidence="she moved to Linz",
        )
        allergy = await store.nodes.add_node(
            NodeDraft(
                "semantic",
                "Pepper is allergic to chicken",
                0.4,
                session_id="monday",
                event_time=T0 + 60,
            )
        )
        forgotten = await store.nodes.add_node(
            NodeDraft("semantic", "A secret the user asked to forget", 0.8)
        )
        await store.nodes.soft_delete([forgotten])
        await store.graph.add_edges(
            [
                EdgeDraft(old, turns[0], "derived_from"),
                EdgeDraft(new, turns[3], "derived_from"),
                EdgeDraft(allergy, turns[2], "derived_from"),
            ]
        )
        lena = await store.entities.upsert_entity("Lena", type="person")
        pepper = await store.entities.upsert_entity("Pepper", type="concept")
        await store.entities.update_entity(lena.id, attributes={"relation": "sister"})
        await store.entities.link_entities(
            [
                (turns[0], lena.id),
                (old, lena.id),
                (new, lena.id),
                (turns[3], lena.id),
                (turns[2], pepper.id),
                (allergy, pepper.id),
            ]
        )
        # The links above are the whole truth: the slow path is not to add its
        # own when the memory is next opened.
        await store.admin.set_meta(LINKED_KEY, str(max(turns)))
        await store.drain()
    return Ids(turns, old, new, allergy, forgotten)


@contextlib.contextmanager
def served(data_dir: Path) -> Iterator[str]:
    """`agent-memory view --serve --port 0` on the memory; yields its URL."""
    command = [sys.executable, "-u", "-m", "agent_memory", "--embedder", "none"]
    process = subprocess.Popen(
        [*command, "--db", str(data_dir), "view", "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, f"no URL in {line!r}: {process.stderr and process.stderr.read()}"
        yield found.group(0)
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
