"""Saying nothing about what a life never mentions, in English and Russian.

bench/data/never_probe.jsonl holds, for lives 2-16, 19 and 20, about six things
each life never speaks of (a pet it lacks, a sport, an instrument, a car make,
a relative, an illness, a trip, a hobby), each asked as an English and a Russian
twin the way a person asks ("What's my parrot called?", «как зовут моего
попугая?»). Every life is ingested as bench/everyday.py does (the CLI's import
path into a real SQLite memory of the standalone host, the host's clock set to
the life's "today"), then each question goes through `get_context` as the host
calls it. Prints, per language, the share answered with no context block (the
right answer), and with --verbose each leaking question with the block's start.

    PYTHONPATH=<dir holding agent_memory> python bench/never_probe.py
        [--lives 2,3,...] [--verbose]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import logging
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from agent_memory.standalone.host import StandaloneHost, TurnContext

# (a sibling module: `python bench/X.py` puts bench/ first on the path)
import everyday  # noqa: E402  # isort: skip

DATA = Path(__file__).parent / "data"
PROBE = DATA / "never_probe.jsonl"
LANGS = ("en", "ru")


def life_folder(life: int) -> Path:
    return DATA / ("everyday" if life == 1 else f"everyday{life}")


async def asked_life(life: int, probes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each probe question of one life with the block get_context gave it."""
    data = life_folder(life)
    turns = everyday.read_jsonl(data / "turns.jsonl")
    today = everyday.anchor_of(data)
    days_back = (dt.datetime.now(dt.UTC).date() - today).days
    answers = []
    with (
        tempfile.TemporaryDirectory(prefix="never-probe-") as tmp,
        everyday.life_clock(days_back),
    ):
        async with StandaloneHost(Path(tmp), embedder=None) as host:
            await everyday.ingest(host, turns, 0)
            for n, probe in enumerate(probes):
                for lang in LANGS:
                    turn = TurnContext(thread_id=f"never-{life}-{n}-{lang}")
                    block = await host.memory.get_context(probe[lang], turn) or ""
                    answers.append(
                        {
                            "life": life,
                            "lang": lang,
                            "text": probe[lang],
                            "block": block,
                        }
                    )
    return answers


def by_life(path: Path, wanted: set[int] | None) -> dict[int, list[dict[str, Any]]]:
    lives: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for probe in everyday.read_jsonl(path):
        if wanted is None or probe["life"] in wanted:
            lives[probe["life"]].append(probe)
    return lives


def report(answers: list[dict[str, Any]], verbose: bool) -> str:
    lines = []
    for lang in LANGS:
        asked = [a for a in answers if a["lang"] == lang]
        silent = sum(1 for a in asked if not a["block"])
        rate = 100 * silent / len(asked) if asked else 0.0
        lines.append(f"{lang}: no block {silent}/{len(asked)} = {rate:.0f}%")
    if verbose:
        for a in answers:
            if a["block"]:
                first = " ".join(a["block"].split())[:160]
                lines.append(
                    f"  leak life {a['life']} {a['lang']}: {a['text']}\n      {first}"
                )
    return "\n".join(lines)


async def run(lives: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    answers: list[dict[str, Any]] = []
    for life, probes in sorted(lives.items()):
        answers += await asked_life(life, probes)
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lives", help="comma-separated life numbers (default all)")
    parser.add_argument("--verbose", action="store_true", help="list the leaks")
    parser.add_argument("--json", action="store_true", help="print the answers")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    wanted = {int(n) for n in args.lives.split(",")} if args.lives else None
    answers = asyncio.run(run(by_life(PROBE, wanted)))
    if args.json:
        print(json.dumps(answers, ensure_ascii=False, indent=1))
        return
    print(report(answers, args.verbose))


if __name__ == "__main__":
    main()
