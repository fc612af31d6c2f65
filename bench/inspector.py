"""Inspector benchmark: page size and time to a laid-out graph.

    python bench/inspector.py [--sizes 1000 10000] [--limits 500 0]

For each size, a memory is built through the product's ingest path (`agent-memory
ingest` of a generated JSONL: turns in threads of 20 that name a few dozen
people and places), then `agent-memory view` writes the page with each --limit
(0 = every node), and headless chromium (Debian's, through Playwright) loads it;
"ready" is the browser's clock when the layout has stopped, counted from the
start of navigation, so it includes parsing the page and the library.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = (
    "Lena Pepper Okafor Vienna Graz Porto Heron Maya Tobias Linz Berlin Kyoto "
    "Amara Jonas Priya Lisbon Oslo Nadia Felix Quentin Rosa Sami Tara Umberto"
).split()
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def turns(count: int) -> list[dict[str, Any]]:
    return [
        {
            "thread_id": f"thread{i // 20}",
            "role": "user" if i % 2 == 0 else "assistant",
            "text": f"Talked with {NAMES[i % len(NAMES)]} about "
            f"{NAMES[(i * 7) % len(NAMES)]}, note number {i}.",
            "time": 1_700_000_000 + i * 600,
        }
        for i in range(count)
    ]


def cli(db: Path, *args: str) -> str:
    command = [sys.executable, "-m", "agent_memory", "--embedder", "none"]
    done = subprocess.run(
        [*command, "--db", str(db), "--json", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def render(page: Path) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        view = browser.new_page(viewport={"width": 1280, "height": 800})
        started = time.perf_counter()
        view.goto(page.as_uri())
        ready = view.evaluate(
            "() => window.inspector.ready.then(i => [i.readyAt, i.layoutMs,"
            " i.cy.nodes().length, i.cy.edges().length])"
        )
        wall = time.perf_counter() - started
        browser.close()
    return {
        "ready_ms": round(ready[0]),
        "layout_ms": round(ready[1]),
        "elements": ready[2] + ready[3],
        "wall_s": round(wall, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--limits", type=int, nargs="+", default=[300, 0])
    options = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in options.sizes:
            folder = Path(tmp) / str(size)
            folder.mkdir()
            source = folder / "turns.jsonl"
            source.write_text("\n".join(json.dumps(t) for t in turns(size)) + "\n")
            db = folder / "memory.db"
            cli(db, "ingest", str(source))
            for limit in options.limits:
                page = folder / f"view-{limit}.html"
                started = time.perf_counter()
                result = json.loads(
                    cli(db, "view", "--out", str(page), "--limit", str(limit or size))
                )
                row = {
                    "memory_nodes": size,
                    "limit": limit or size,
                    "shown": result["nodes"],
                    "entities": result["entities"],
                    "edges": result["edges"],
                    "file_kb": round(result["bytes"] / 1024),
                    "view_cli_s": round(time.perf_counter() - started, 2),
                    **render(page),
                }
                rows.append(row)
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
