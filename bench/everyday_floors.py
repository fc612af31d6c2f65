"""Where an embedder's relevance floors belong, from the everyday life.

Reads a memory built by `bench/everyday.py --keep DIR` (its stored vectors) and
embeds each question as a query with the same embedder: for never_said
questions the best cosine over all stored turns (what an unrelated memory
scores), for person / relation / current questions the best cosine of a gold
turn (what a real answer scores). A floor between the two keeps answers and
drops the rest.

    PYTHONPATH=<dir holding agent_memory> python bench/everyday_floors.py DIR
        [--embedder local|MODULE:FACTORY]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
from pathlib import Path

from agent_memory.core.embeddings import EmbeddingService
from agent_memory.store.rows import unpack_vector

# (a sibling module: `python bench/X.py` puts bench/ first on the path)
import everyday  # noqa: E402  # isort: skip

ANSWERED = ("person", "relation", "current")


def stored(db: Path) -> tuple[list[str], list[list[float]]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "select json_extract(attributes, '$.key'), embedding from nodes"
            " where embedding is not null"
        ).fetchall()
    return [key for key, _ in rows], [unpack_vector(blob) for _, blob in rows]


def quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    cuts = statistics.quantiles(values, n=10) if len(values) > 1 else values * 9
    return (
        f"min {min(values):.2f} p10 {cuts[0]:.2f} median"
        f" {statistics.median(values):.2f} p90 {cuts[-1]:.2f} max {max(values):.2f}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("memory", help="the folder of an everyday.py --keep run")
    parser.add_argument("--embedder", default="local")
    args = parser.parse_args()
    keys, vectors = stored(Path(args.memory) / "memory.db")
    embedder = everyday.load_embedder(args.embedder)
    assert embedder is not None
    service = EmbeddingService(embedder, len(vectors[0]))
    questions = everyday.read_jsonl(everyday.life.DATA / "questions.jsonl")
    asked = [q for q in questions if q["category"] in ANSWERED + ("never_said",)]
    queries = await service.embed_batch([q["text"] for q in asked], "query")
    found: dict[tuple[str, str], list[float]] = {}
    for question, query in zip(asked, queries, strict=True):
        assert query is not None
        gold = set(question.get("gold_keys", ()))
        sims = [
            sum(a * b for a, b in zip(query, vector, strict=True))
            for key, vector in zip(keys, vectors, strict=True)
            if question["category"] == "never_said" or key in gold
        ]
        kind = "never_said" if question["category"] == "never_said" else "answered"
        found.setdefault((kind, question["lang"]), []).append(max(sims, default=0.0))
    for (kind, lang), values in sorted(found.items()):
        print(f"{kind:10} {lang}  n={len(values):3}  {quantiles(values)}")
    print(json.dumps({f"{k}/{lang}": sorted(v) for (k, lang), v in found.items()}))


if __name__ == "__main__":
    asyncio.run(main())
