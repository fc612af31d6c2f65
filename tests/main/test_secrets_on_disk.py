"""No credential sent to the memory reaches the disk, by any way in.

The corpus (tests/data/secrets_corpus.json) holds fake secrets of the common
kinds embedded in chat sentences, and look-alikes (order and phone numbers,
ISBNs, hashes, UUIDs, invalid card numbers) that must be stored unchanged. The
turns go through the real extension; then the raw bytes of memory.db, its WAL
and a fresh export are searched for every secret.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.main import MemoryExtension
from agent_memory.standalone.transfer import export_jsonl, import_jsonl
from agent_memory.storage import MemoryStorage
from fakes import FakeHostContext, HostRouter, running
from tool_harness import call

CORPUS = json.loads(
    (Path(__file__).parent.parent / "data" / "secrets_corpus.json").read_text()
)
SECRETS: list[dict[str, str]] = CORPUS["secrets"]
LOOKALIKES: list[dict[str, str]] = CORPUS["lookalikes"]


def needles(secret: str) -> set[bytes]:
    """The secret as written, its digits without separators (cards, IBANs), and
    its long word pieces (what an FTS index would hold); all casefolded, as
    name keys and FTS tokens are."""
    found = {secret, secret.replace(" ", "").replace("-", "")}
    found.update(p for p in re.split(r"[^A-Za-z0-9]+", secret) if len(p) >= 12)
    return {n.casefold().encode() for n in found if len(n) >= 8}


def leaks(blobs: dict[str, bytes]) -> list[str]:
    folded = {name: blob.lower() for name, blob in blobs.items()}
    return [
        f"{item['kind']} {item['secret'][:24]!r} in {name}"
        for item in SECRETS
        for name, blob in folded.items()
        if any(n in blob for n in needles(item["secret"]))
    ]


def disk(data_dir: Path) -> dict[str, bytes]:
    return {
        p.name: p.read_bytes()
        for p in data_dir.iterdir()
        if p.name.startswith("memory")
    }


def message(text: str, thread: str) -> dict[str, Any]:
    return {"text": text, "user_id": "u1", "thread_id": thread}


class HistoryHost(FakeHostContext):
    """A host whose transcript holds turns the events never delivered."""

    history: list[dict[str, Any]]

    async def get_thread_history(self, thread_id: str) -> list[dict[str, Any]] | None:
        return self.history if thread_id == "recovered" else None


@pytest.fixture
async def memory(tmp_path: Path) -> AsyncIterator[tuple[MemoryExtension, HistoryHost]]:
    host = HistoryHost(data_dir=tmp_path, model_router=HostRouter(embedding_dim=256))
    host.history = [{"role": "user", "content": s["text"]} for s in SECRETS[::3]]
    async with running(host) as extension:
        yield extension, host


def test_corpus_is_large_enough_and_its_secrets_are_in_their_texts() -> None:
    assert len(SECRETS) >= 50 and len(LOOKALIKES) >= 50
    assert all(s["secret"] in s["text"] for s in SECRETS)
    assert all(item["keep"] in item["text"] for item in LOOKALIKES)


async def test_no_secret_reaches_the_db_the_wal_or_the_export(
    memory: tuple[MemoryExtension, HistoryHost], tmp_path: Path
) -> None:
    extension, host = memory
    for index, item in enumerate(SECRETS):
        await host.emit("user_message", message(item["text"], f"t{index % 4}"))
        await host.emit("agent_response", message(f"Noted: {item['text']}", "t9"))
    await extension.consolidate_thread("recovered")
    tools = extension.get_tools()
    for item in SECRETS[:10]:
        await call(tools, "remember_fact", fact=f"Remember {item['text']}")
    await extension.drain()

    export = tmp_path / "export.jsonl"
    await export_jsonl(extension.services.storage, export)
    stored = await extension.services.storage.sessions.session_episodes(
        "recovered", limit=100
    )
    assert len(stored) == len(SECRETS[::3])  # the recovered turns were written
    assert "[redacted: " in stored[0].content
    assert leaks({**disk(tmp_path), "export": export.read_bytes()}) == []


async def test_lookalikes_are_stored_unchanged(
    memory: tuple[MemoryExtension, HistoryHost],
) -> None:
    extension, host = memory
    for item in LOOKALIKES:
        await host.emit("user_message", message(item["text"], "t1"))
    await extension.drain()
    stored = await extension.services.storage.sessions.session_episodes(
        "t1", limit=len(LOOKALIKES) + 1
    )
    redacted = [
        item["text"]
        for item, node in zip(LOOKALIKES, stored, strict=True)
        if item["keep"] not in node.content
    ]
    assert redacted == []


async def test_recovery_does_not_store_a_scrubbed_turn_twice(
    memory: tuple[MemoryExtension, HistoryHost],
) -> None:
    extension, _ = memory
    await extension.consolidate_thread("recovered")
    await extension.consolidate_thread("recovered")
    await extension.drain()
    stored = await extension.services.storage.sessions.session_episodes(
        "recovered", limit=100
    )
    assert len(stored) == len(SECRETS[::3])


async def test_an_import_is_scrubbed(tmp_path: Path) -> None:
    # An export written without redaction (an older version) still holds secrets.
    plain = FakeHostContext(data_dir=tmp_path / "plain", settings={})
    plain.data_dir.mkdir()
    plain.settings["redact_secrets"] = False
    export = tmp_path / "old.jsonl"
    async with running(plain) as old:
        for item in SECRETS:
            await plain.emit("user_message", message(item["text"], "t1"))
        await old.drain()
        await export_jsonl(old.services.storage, export)
    # (a short PIN has no needle long enough to look for on its own)
    findable = [item for item in SECRETS if needles(item["secret"])]
    assert len(leaks({"export": export.read_bytes()})) == len(findable)

    storage = await MemoryStorage.open(tmp_path / "memory.db", dim=256)
    try:
        await import_jsonl(storage, export)
        await storage.drain()
    finally:
        await storage.close()
    assert leaks(disk(tmp_path)) == []
