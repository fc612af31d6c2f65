"""Screenshots of the inspector at a few memory sizes, for docs/ and for eyes.

    python bench/inspector_shots.py [--sizes 50 300 3000] [--out docs]

Each memory is built as a user's would be: turns through `agent-memory ingest`
(bench/inspector.py's generated threads), then facts through the toolkit's
remember/correct calls (a tenth of them corrected), and people typed with a
relation. `agent-memory view` writes the page; headless chromium (Debian's)
opens it, clicks the first person, and saves docs/inspector-N.png. Prints the
page's ready time and what the graph draws.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import tempfile
import time
from pathlib import Path

from agent_memory.standalone.host import StandaloneHost
from agent_memory.toolkit import calls
from inspector import ARGS, NAMES, cli, turns

PEOPLE = (
    "Lena Pepper Okafor Maya Tobias Amara Jonas Priya Nadia Felix Rosa Sami".split()
)
RELATIONS = ("sister", "dog", "colleague", "friend", "brother", "neighbour")


async def add_facts(db: Path, count: int) -> None:
    async with StandaloneHost(db.parent, db_file=db) as host:
        deps = dataclasses.replace(host.services.tool_deps, author="user")
        for i in range(count):
            name, place = PEOPLE[i % len(PEOPLE)], NAMES[(i * 5 + 3) % len(NAMES)]
            fact = f"{name} likes {place} number {i}"
            await calls.remember_fact(deps, fact)
            if i % 10 == 0:
                await calls.correct_fact(deps, fact, f"{name} loves {place} number {i}")
        store = host.services.storage
        for i, name in enumerate(PEOPLE):
            entity = await store.entities.find_entity(name)
            if entity is None:
                continue
            relation = RELATIONS[i % len(RELATIONS)]
            kind = "pet" if relation == "dog" else "person"
            await store.entities.update_entity(
                entity.id, type=kind, attributes={"relation": relation}
            )
        await store.drain()


def shoot(page: Path, png: Path) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        view = browser.new_page(viewport={"width": 1400, "height": 850})
        started = time.perf_counter()
        view.goto(page.as_uri())
        drawn = view.evaluate(
            "() => window.inspector.ready.then(i => [i.readyAt, i.drawnCount])"
        )
        wall = time.perf_counter() - started
        if view.query_selector("#people li[data-id]"):
            view.click("#people li[data-id]")
        view.screenshot(path=str(png))
        browser.close()
    return {"ready_ms": round(drawn[0]), "drawn": drawn[1], "wall_s": round(wall, 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 300, 3000])
    parser.add_argument("--out", default="docs")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in options.sizes:
            folder = Path(tmp) / str(size)
            folder.mkdir()
            source = folder / "turns.jsonl"
            count = size - size // 5
            source.write_text("\n".join(json.dumps(t) for t in turns(count)) + "\n")
            db = folder / "memory.db"
            cli(db, "ingest", str(source))
            asyncio.run(add_facts(db, size // 5 - size // 50))
            page = folder / "view.html"
            result = json.loads(cli(db, "view", "--out", str(page)))
            png = Path(options.out) / f"inspector-{size}.png"
            row = {"size": size, "shown": result["nodes"], **shoot(page, png)}
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
