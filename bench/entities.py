"""The people the offline linker files from LoCoMo dev, as a user would see them.

Each conversation goes through the product's slow path (recall.ingest: the
hot path, then EntityLinker.on_episodes) into its own memory; then the
listed people are read and counted:

- people: person entities listed (mentioned at least once);
- split nicknames: listed people whose name is a short form of another listed
  person's first name ("Mel" next to "Melanie") — each should be one entity;
- joined: aliases that are short forms of their entity's first name;
- labels: listed entities that are labels or sayings ("Important", "Mark"
  of "Mark my words"), or turn-opening words a user would not call a name.

    PYTHONPATH=<pkg parent> .venv/bin/python bench/entities.py [--data PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

# (a sibling module: `python bench/X.py` puts bench/ first on the path)
from agent_memory.core.records import Entity, name_key  # noqa: E402
from agent_memory.storage import MemoryStorage  # noqa: E402
from agent_memory.writepath.nicknames import shortens  # noqa: E402

import recall  # noqa: E402  # isort: skip

# Entities that are never a person or a thing: labels and sayings.
NOT_NAMES = {"important", "note", "mark my words", "important note", "reminder"}


def _first(name: str) -> str:
    return name_key(name).split()[0]


def count(entities: list[Entity]) -> dict[str, Any]:
    people = [e for e in entities if e.type == "person"]
    firsts = {_first(e.name) for e in people if " " not in name_key(e.name)}
    split = sorted(
        e.name
        for e in people
        if " " not in name_key(e.name)
        and any(shortens(name_key(e.name), f) for f in firsts)
    )
    joined = sorted(
        f"{a}->{e.name}"
        for e in people
        for a in e.aliases
        if shortens(name_key(a), _first(e.name))
    )
    labels = sorted(e.name for e in entities if name_key(e.name) in NOT_NAMES)
    return {
        "people": len(people),
        "split_nicknames": split,
        "joined": joined,
        "labels": labels,
        "pets": sorted(e.name for e in entities if e.type == "pet"),
    }


async def run(data: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for sample in data:
            storage = await MemoryStorage.open(Path(tmp) / f"{sample['sample_id']}.db")
            try:
                await recall.ingest(storage, sample, None, "session", True)
                entities = await storage.entities.list_entities(limit=5000)
                out[sample["sample_id"]] = count(entities)
            finally:
                await storage.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(recall.DEFAULT_DATA))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    data = json.loads(Path(args.data).read_text())
    found = asyncio.run(run(data))
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    totals = {"people": 0, "split": 0, "joined": 0, "labels": 0, "pets": 0}
    for sample_id, row in found.items():
        print(
            f"{sample_id:10} people {row['people']:4}"
            f"  split nicknames {row['split_nicknames']}"
            f"  joined {row['joined']}  labels {row['labels']}  pets {row['pets']}"
        )
        totals["people"] += row["people"]
        totals["split"] += len(row["split_nicknames"])
        totals["joined"] += len(row["joined"])
        totals["labels"] += len(row["labels"])
        totals["pets"] += len(row["pets"])
    print("total", totals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
