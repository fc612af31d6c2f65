"""A write the disk refuses is never acknowledged, and no turn is lost.

A real SQLite file is made to refuse writes (`max_page_count` at its current
size: SQLITE_FULL, as on a full disk); turns keep arriving through the host's
events; then the limit is lifted. Every turn sent must be stored once, the
drain must report the trouble meanwhile, health_check must say it, and the
user must be told exactly once.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agent_memory.main import MemoryExtension
from agent_memory.store import writer
from agent_memory.store.writer import WritesFailing
from fakes import FakeHostContext, running

SENT = 600


def turn(text: str, thread: str = "t1") -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "channel": None, "thread_id": thread}


async def set_max_pages(memory: MemoryExtension, pages: int | None) -> None:
    async def op(db: Any) -> None:
        if pages is None:  # the current size: nothing more fits
            cursor = await db.execute("pragma page_count")
            (count,) = await cursor.fetchone()
            await db.execute(f"pragma max_page_count = {count}")
        else:
            await db.execute(f"pragma max_page_count = {pages}")

    await memory.services.storage.run_write(op)


async def stored_texts(memory: MemoryExtension) -> list[str]:
    async def op(db: Any) -> list[str]:
        cursor = await db.execute("select content from nodes where type = 'episodic'")
        return [row[0] for row in await cursor.fetchall()]

    return list(await memory.services.storage.run_write(op))


async def test_turns_sent_while_the_disk_is_full_are_stored_once_it_is_not(
    host: FakeHostContext,
) -> None:
    async with running(host) as memory:
        memory.on_user_message(turn("before the disk filled"))
        await asyncio.sleep(0)
        await memory.drain()
        await set_max_pages(memory, None)

        for n in range(SENT):
            handler = memory.on_user_message if n % 2 else memory.on_agent_response
            handler(turn(f"turn number {n} " + "words " * 40, f"t{n % 3}"))
        with pytest.raises(WritesFailing, match="held in memory"):
            await memory.drain()
        assert not memory.health_check()
        memory.on_user_message(turn("one more while full"))
        with pytest.raises(WritesFailing):
            await memory.drain()
        await asyncio.sleep(0.01)
        # told once, not per turn or per poll (the other message: no get_context)
        (message,) = [t for t in host.notified if "cannot be saved" in t]
        assert "full" in message

        await set_max_pages(memory, 1 << 30)  # space again
        await memory.drain()  # no longer raises: everything is on disk
        assert memory.health_check()
        texts = await stored_texts(memory)

    lost = [n for n in range(SENT) if not any(f"number {n} " in t for t in texts)]
    print(f"turns lost under disk-full: {len(lost)} of {SENT} sent")
    assert lost == []
    assert len(texts) == SENT + 2  # and none twice
    assert "one more while full" in texts


async def test_held_turns_are_retried_without_new_writes(
    host: FakeHostContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writer, "RETRY_EVERY_S", 0.05)
    async with running(host) as memory:
        await set_max_pages(memory, None)
        for n in range(20):
            memory.on_user_message(turn(f"held turn {n} " + "x " * 200))
        with pytest.raises(WritesFailing):
            await memory.drain()

        async def lift(db: Any) -> None:
            await db.execute("pragma max_page_count = 1073741824")

        # Straight on the connection, not through the queue: only the timer
        # can retry the held turns now.
        await lift(memory.services.storage._conn.writer.db)  # noqa: SLF001
        for _ in range(100):
            if memory.health_check():
                break
            await asyncio.sleep(0.05)
        assert memory.health_check()
        assert len(await stored_texts(memory)) == 20


async def test_held_turns_are_bounded(
    host: FakeHostContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writer, "MAX_HELD", 10)
    async with running(host) as memory:
        await set_max_pages(memory, None)
        for n in range(25):
            memory.on_user_message(turn(f"bounded turn {n} " + "y " * 200))
        with pytest.raises(WritesFailing, match="10 turns"):
            await memory.drain()
        assert memory.services.storage._conn.writer.dropped == 15  # noqa: SLF001
        await set_max_pages(memory, 1 << 30)
        await memory.drain()
        assert len(await stored_texts(memory)) == 10


async def test_a_file_that_became_read_only_holds_turns_too(
    host: FakeHostContext,
) -> None:
    async def read_only(db: Any) -> None:  # SQLITE_READONLY on every write
        await db.execute("pragma query_only = on")

    async def writable(db: Any) -> None:
        await db.execute("pragma query_only = off")

    async with running(host) as memory:
        writer_db = memory.services.storage._conn.writer.db  # noqa: SLF001
        await read_only(writer_db)
        for n in range(30):
            memory.on_user_message(turn(f"read-only turn {n}"))
        with pytest.raises(WritesFailing, match="readonly"):
            await memory.drain()
        assert not memory.health_check()
        await writable(writer_db)
        memory.on_user_message(turn("writable again"))
        await memory.drain()
        assert memory.health_check(), memory.services.storage.health_problem
        assert len(await stored_texts(memory)) == 31
