"""Imports and ingests are all or nothing, say where the first bad line is,
refuse a cut export and impossible times, and an ingest repeated adds nothing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from agent_memory.standalone.conversations import ConversationError, parse_jsonl
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.transfer import TransferError, export_jsonl, import_jsonl


@pytest.fixture
async def export(tmp_path: Path) -> AsyncIterator[Path]:
    async with StandaloneHost(tmp_path / "src") as host:
        for n in range(12):
            await host.user_message(f"Message {n} about the garden", f"t{n % 3}")
        await host.memory.drain()
        path = tmp_path / "memory.jsonl"
        await export_jsonl(host.memory.services.storage, path)
    yield path


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()


def rewrite(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n")


async def refused(tmp_path: Path, path: Path, match: str) -> None:
    async with StandaloneHost(tmp_path / "dst") as copy:
        storage = copy.memory.services.storage
        with pytest.raises(TransferError, match=match):
            await import_jsonl(storage, path)
        assert await storage.admin.is_empty()  # nothing half-imported


async def test_a_cut_export_is_refused(export: Path, tmp_path: Path) -> None:
    rewrite(export, lines_of(export)[:-4])  # every line still valid JSON
    await refused(tmp_path, export, r"announces \d+ \w+ rows but the file holds")


def first_node_line(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if '"table": "nodes"' in line)


@pytest.mark.parametrize(
    ("column", "value", "match"),
    [
        ("event_time", -86400.0, "before 1970"),
        ("created_at", 1.7e12, "ten years ahead"),
        ("valid_from", "yesterday", "not unix seconds"),
    ],
)
async def test_impossible_times_are_refused_with_the_line(
    export: Path, tmp_path: Path, column: str, value: Any, match: str
) -> None:
    lines = lines_of(export)
    index = first_node_line(lines) + 2
    record = json.loads(lines[index])
    record["row"][column] = value
    lines[index] = json.dumps(record)
    rewrite(export, lines)
    await refused(tmp_path, export, rf"memory.jsonl:{index + 1}: nodes: .*{match}")


async def test_a_value_of_the_wrong_shape_is_refused_with_the_line(
    export: Path, tmp_path: Path
) -> None:
    lines = lines_of(export)
    index = first_node_line(lines)
    record = json.loads(lines[index])
    record["row"]["content"] = ["not", "text"]
    lines[index] = json.dumps(record)
    rewrite(export, lines)
    await refused(tmp_path, export, rf"memory.jsonl:{index + 1}: nodes.content")


@pytest.mark.parametrize(
    ("time", "match"),
    [
        (-5, "before 1970"),
        ("1969-12-31T00:00", "before 1970"),
        (1715000000000, "ten years ahead"),
        (10**400, "not a number"),
        ("3024-01-01", "ten years ahead"),
        ("soon", "bad time"),
    ],
)
def test_ingest_times_are_range_checked_with_the_line(time: Any, match: str) -> None:
    good = {"thread_id": "t", "role": "user", "text": "hello"}
    text = "\n".join(
        [json.dumps(good), json.dumps({**good, "time": 1715000000}), ""]
        + [json.dumps({**good, "time": time})]
    )
    with pytest.raises(ConversationError, match=rf"turns.jsonl:4: .*{match}"):
        parse_jsonl(text, "turns.jsonl")
