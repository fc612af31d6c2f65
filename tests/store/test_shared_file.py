"""Two processes on one memory: what one acknowledges survives the other closing.

A process that held a connection and then opened and closed the database file
by other means (reading its header for a second connection) lost its POSIX
locks; the other process, closing, took itself for the last connection and
deleted the WAL, and every later commit of the first went to a deleted file.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

from agent_memory.core.records import EpisodeDraft
from agent_memory.storage import MemoryStorage
from fakes import ROOT

# Another process reads the memory and closes it: Python's own sqlite3 here
# (any SQLite build closes the same way: the last connection deletes the WAL).
OTHER_PROCESS = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1])
    rows = conn.execute("select content from nodes order by id").fetchall()
    print("|".join(row[0] for row in rows))
    conn.close()
    """
)


def other_process_reads(db: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    return [text for text in done.stdout.strip().split("|") if text]


async def test_a_write_after_another_process_closed_is_not_lost(
    tmp_path: Path,
) -> None:
    db = tmp_path / "memory.db"
    storage = await MemoryStorage.open(db, dim=8)
    try:
        await storage.nodes.add_episode(EpisodeDraft("first", "t", "user", 1.0))
        assert other_process_reads(db) == ["first"]
        # Acknowledged after the other process closed its connections.
        await storage.nodes.add_episode(
            EpisodeDraft("second", "t", "user", time.time())
        )
        assert other_process_reads(db) == ["first", "second"]
        assert db.with_name("memory.db-wal").is_file()  # noqa: ASYNC240
    finally:
        await storage.close()
