"""What was acknowledged survives: a SIGKILL mid-ingestion, and an old database file."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from agent_memory.store.db import find_driver
from agent_memory.store.migrations import SCHEMA_VERSION
from fakes import ROOT

WRITER_SCRIPT = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path
    from agent_memory.core.records import EpisodeDraft
    from agent_memory.storage import MemoryStorage

    async def main(path):
        storage = await MemoryStorage.open(Path(path), dim=8)
        n = 0
        while True:
            futures = [
                storage.nodes.submit_episode(
                    EpisodeDraft(f"turn {n + i}", f"t{i % 7}", "user", time.time())
                )
                for i in range(50)
            ]
            n += 50
            for future in futures:
                node_id = await future
                # acknowledged: committed by the writer
                print(node_id, flush=True)

    asyncio.run(main(sys.argv[1]))
    """
)


def test_sigkill_during_ingestion_loses_no_acknowledged_episode(
    tmp_path: Path,
) -> None:
    db = tmp_path / "memory.db"
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    acknowledged: list[int] = []
    with subprocess.Popen(
        [sys.executable, "-c", WRITER_SCRIPT, str(db)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    ) as proc:
        assert proc.stdout is not None
        deadline = time.monotonic() + 60
        while len(acknowledged) < 2000 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            acknowledged.append(int(line))
        proc.send_signal(signal.SIGKILL)
        proc.wait()

    assert len(acknowledged) >= 2000, "the writer process stopped early"
    conn = find_driver().module.connect(str(db))
    stored = {row[0] for row in conn.execute("select id from nodes")}
    conn.close()
    assert set(acknowledged) <= stored


async def test_version_1_database_opens_migrated_without_loss(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    conn = sqlite3.connect(path)
    conn.executescript((ROOT / "tests" / "data" / "schema_v1.sql").read_text())
    conn.execute(
        "insert into nodes (id, type, content, created_at, valid_from, session_id)"
        " values (1, 'episodic', 'kept from v1', 1.0, 1.0, 'old')"
    )
    conn.execute(
        "insert into sessions_consolidations (session_id, first_seen, last_activity,"
        " episode_count, status) values ('old', 1.0, 1.0, 1, 'consolidated')"
    )
    conn.execute("pragma user_version = 1")
    conn.commit()
    conn.close()

    storage = await MemoryStorage.open(path, dim=8)
    try:
        node = await storage.nodes.get_node(1)
        session = await storage.sessions.get_session("old")
        version = (await storage._conn.rows("pragma user_version"))[0][0]
        hits = await storage.index.fts_search('"kept"', limit=5)
        new_id = await storage.nodes.add_episode(
            EpisodeDraft("new turn", "old", "user", time.time())
        )
        after = await storage.sessions.get_session("old")
    finally:
        await storage.close()

    assert node is not None and node.content == "kept from v1"
    assert session is not None and session.consolidated_until_id == 1
    assert version == SCHEMA_VERSION
    assert [i for i, _ in hits] == [1]
    assert after is not None and after.status == "pending" and new_id == 2


def test_newer_database_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    import asyncio

    import pytest

    path = tmp_path / "memory.db"
    conn = sqlite3.connect(path)
    conn.execute(f"pragma user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()

    with pytest.raises(RuntimeError, match="newer than this agent-memory"):
        asyncio.run(MemoryStorage.open(path, dim=8))
