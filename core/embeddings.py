"""The one embedding interface the memory uses, and the one place vectors are checked.

Everything that turns text into vectors (the host's capability, a local model, an
OpenAI-compatible server) is seen through `Embedder`: a fixed `dim` and one batched
call. The rest of the memory only talks to `EmbeddingService`, which wraps an
`Embedder` and is the single place where vectors are fitted to the configured width,
made unit length and checked: stored vectors are unit-length at that width, so cosine
is a dot product and a Matryoshka model (text-embedding-3-*) can be cut to size. A
provider fault never reaches a caller: the text gets None and is found by FTS and
graph. Pure list math: no numpy, which the host does not have.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import logging
import math
import re
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextvars import ContextVar, copy_context
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

log = logging.getLogger(__name__)

Vector = list[float]
# What a text is embedded as: a question searched with, or a text stored to be
# found. Symmetric models ignore it; e5-style models need "query: "/"passage: ".
Role = Literal["query", "passage"]
# What the texts of the running provider call are asked as, whether or not the
# provider takes a role: set by EmbeddingService for its call, so a local model
# can run a query beside the indexer's passages, not behind them (the vectors
# never depend on it; standalone/e5_embedder.py).
ASKED_AS: ContextVar[Role] = ContextVar("asked_as", default="passage")
MAX_BATCH = 64
RECENT_TEXTS = 256  # the user's message is embedded as the prompt, then stored
HOST_CAPABILITIES = "core.llm.capabilities"
# Matryoshka models whose full ("native") width we know: any prefix of their
# vector, re-normalised, is that same model's vector at the smaller width.
MATRYOSHKA_NATIVE_WIDTHS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
}


class Embedder(Protocol):
    """Texts to vectors of (at least) `dim` floats, None where it could not embed.

    An embedder that encodes queries and passages differently says so with a
    true `roles` attribute and takes `embed_batch(texts, role=...)`; any other
    is called with the texts alone (the host's capability, OpenAI servers).
    """

    @property
    def dim(self) -> int: ...

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]: ...


@dataclass(frozen=True, slots=True)
class ModelProfile:
    """What a model needs and where its similarities mean "relevant".

    Cosines are not comparable between models (e5's unrelated texts sit near
    0.8, MiniLM's near 0.1), so the relevance floors and the intent threshold
    belong to the model; the config keys override them when the user sets them.
    `prefixes` (query, passage) are prepended for a model reached through an
    embedder that does not take roles itself (a server running e5).
    """

    context_min_similarity: float = 0.4
    search_min_relevance: float = 0.3
    intent_similarity_threshold: float = 0.8
    # A hit found by its vector alone supports a question at this cosine
    # (search/support.py: "saying nothing" when nothing is about what is asked).
    min_support_similarity: float = 0.5
    prefixes: tuple[str, str] | None = None
    # A query is embedded from its first this-many words (None: whole). A
    # local model's time grows with every token (e5 on onnxruntime: ~0.6 ms
    # CPU per token), and few questions of the recall sets are longer
    # (LoCoMo's longest: 22 words); a pasted page would cost seconds.
    max_query_words: int | None = None


DEFAULT_PROFILE = ModelProfile()
E5_PREFIXES = ("query: ", "passage: ")
# MiniLM knows English only: it scores unrelated Russian sentences 0.66-0.82 and
# real Russian answers 0.49-0.85 (bench/everyday_floors.py), so a vector alone
# supports a question only near a paraphrase; English answers are supported by
# their words anyway (the everyday table's English rows did not move).
MINILM_PROFILE = ModelProfile(min_support_similarity=0.85)
# Measured floors per model (docs/embedder.md, bench/probe.py); by exact name.
MODEL_PROFILES: dict[str, ModelProfile] = {
    "all-minilm-l6-v2 (int8, local)": MINILM_PROFILE,
}


def register_profile(model: str, profile: ModelProfile) -> None:
    """Make `profile` the one for `model` (a local embedder registers its own)."""
    MODEL_PROFILES[model.strip().lower()] = profile


def profile_of(model: str | None) -> ModelProfile:
    """The profile of `model`: registered, else e5 by name, else the default."""
    name = (model or "").strip().lower()
    found = MODEL_PROFILES.get(name)
    if found is not None:
        return found
    if "e5" in re.split(r"[^a-z0-9]+", name):  # e5-small-v2, multilingual-e5-base
        return ModelProfile(prefixes=E5_PREFIXES)
    return DEFAULT_PROFILE


def clip_words(text: str, words: int | None) -> str:
    """`text` cut to its first `words` words; untouched when it has no more."""
    if words is None:
        return text
    split = text.split()
    return text if len(split) <= words else " ".join(split[:words])


def takes_roles(embedder: object) -> bool:
    """True for an embedder (or capability) that embeds queries and passages apart."""
    return getattr(embedder, "roles", False) is True


@runtime_checkable
class EmbeddingCapability(Protocol):
    """Structural twin of the host's EmbeddingCapability (we may not import it)."""

    async def embed_batch(
        self, texts: list[str], model: str
    ) -> list[list[float] | None]: ...


@functools.cache
def capability_class() -> type:
    """The class to ask the model router for: the host's own, else our twin.

    The host's providers match the capability by identity (`cap is
    EmbeddingCapability`), so a Protocol of ours gets None there; we may not
    import host code statically, so its class is looked up by module path at
    run time. Where that module does not exist (standalone), our Protocol.
    """
    try:
        module = importlib.import_module(HOST_CAPABILITIES)
    except ImportError:
        return EmbeddingCapability
    found = getattr(module, "EmbeddingCapability", None)
    return found if isinstance(found, type) else EmbeddingCapability


def matryoshka_native_width(model: str | None) -> int | None:
    """The full width of `model` when it is a known Matryoshka model, else None.

    A stored vector of exactly that width can be cut to ours and compared with
    our queries; any other width, or an unknown model, tells us nothing about
    which space a vector is in. Exact names only: a deployment alias may hide
    any model, so it gets None (re-embedding is the safe answer).
    """
    if model is None:
        return None
    return MATRYOSHKA_NATIVE_WIDTHS.get(model.strip().lower())


def normalise(vector: Sequence[float]) -> Vector:
    """The vector scaled to length 1 (a zero vector stays zero)."""
    norm = math.hypot(*vector)  # one C call: the slow path does this per turn
    if norm == 0.0:
        return [0.0] * len(vector)
    return [x / norm for x in vector]


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity of two vectors (0.0 when either is zero)."""
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return dot / (na * nb)


class VectorCheck:
    """Fits raw vectors to `dim`: cut, unit length, or None; warns once per problem.

    A vector narrower than `dim` cannot go into our index, and a zero or
    non-finite one would poison every cosine: all become None ("no vector"),
    so the text is searched by FTS and graph only. Each kind of problem is
    logged once per instance, not once per text.
    """

    def __init__(self, dim: int, source: str = "embedding provider") -> None:
        self.dim = dim
        self._source = source
        self._warned: set[str] = set()

    def fit(self, vector: Sequence[float] | None) -> Vector | None:
        if vector is None:
            return None
        if len(vector) < self.dim:
            self.warn_once(
                "narrow",
                "%s returned %d dimensions, fewer than the configured %d; those"
                " texts are searched by FTS and graph only",
                self._source,
                len(vector),
                self.dim,
            )
            return None
        cut = list(map(float, vector[: self.dim]))
        # The length is inf or nan exactly when some component is (a C call
        # per vector, where a test per component cost the slow path ~0.1 ms).
        norm = math.hypot(*cut)
        if not math.isfinite(norm):
            self.warn_once("nan", "%s returned a non-finite vector", self._source)
            return None
        if norm == 0.0:
            self.warn_once("zero", "%s returned a zero vector", self._source)
            return None
        # Most models hand out unit vectors already: no need to divide again.
        return cut if abs(norm - 1.0) < 1e-6 else normalise(cut)

    def warn_once(self, kind: str, message: str, *args: object) -> None:
        if kind not in self._warned:
            self._warned.add(kind)
            log.warning(message, *args)


class EmbeddingService:
    """The memory's only way to embed: batched, checked, and it never raises."""

    def __init__(
        self,
        embedder: Embedder,
        dim: int,
        *,
        max_batch: int = MAX_BATCH,
        prefixes: tuple[str, str] | None = None,
        max_query_words: int | None = None,
    ) -> None:
        self._embedder = embedder
        self._query_words = max_query_words
        self._roles = takes_roles(embedder)
        # Prefixes only where the embedder cannot be told the role itself.
        self._prefixes = None if self._roles else prefixes
        self._check = VectorCheck(dim)
        self._max_batch = max(1, max_batch)
        # get_context embeds the user's text as the query, then the indexer
        # stores the same text as an episode: one provider call serves both.
        # Keyed by (role, text) when the role changes the vector.
        self._recent: OrderedDict[tuple[str, str], Vector] = OrderedDict()
        # Texts being embedded now: the indexer stores the user's turn while
        # get_context embeds it as the query; the second caller waits for the
        # first's call instead of queueing a second run of the same text.
        self._running: dict[tuple[str, str], asyncio.Future[dict[str, Vector | None]]]
        self._running = {}
        # Questions being answered (`answering`), and the held runs of texts
        # to store asked for meanwhile, each with what lets it go.
        self._answering: set[asyncio.Future[None]] = set()
        self._held: dict[asyncio.Future[Any], asyncio.Event] = {}

    @property
    def dim(self) -> int:
        return self._check.dim

    @property
    def max_batch(self) -> int:
        """Most texts sent in one provider call (one HTTP request in the host)."""
        return self._max_batch

    @property
    def embedder(self) -> Embedder:
        """The wrapped provider (for reports such as the CLI's `demo`)."""
        return self._embedder

    @property
    def role_matters(self) -> bool:
        """True when a query and a passage of the same text get different vectors."""
        return self._roles or self._prefixes is not None

    async def embed(self, text: str, role: Role = "passage") -> Vector | None:
        (vector,) = await self.embed_batch([text], role)
        return vector

    async def embed_batch(
        self, texts: Sequence[str], role: Role = "passage"
    ) -> list[Vector | None]:
        """One unit vector of `dim` per text, or None where there is none.

        `role` says whether the texts are questions ("query") or texts to store
        ("passage", the default); a query is cut to `max_query_words`. Texts
        embedded recently are answered from memory, texts being embedded are
        waited for, the rest go to the provider in calls of at most `max_batch`.
        """
        texts, kind, found = self._begin(texts, role)
        waits = {t: self._running[(kind, t)] for t in texts if t not in found}
        for text, running in waits.items():
            # Shielded: a caller that gives up does not cancel the others'.
            found[text] = (await asyncio.shield(running))[text]
        return [found[text] for text in texts]

    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """A question is being answered (get_context): texts to store asked
        for meanwhile (the indexer's turn) start when it is, so the model and
        the 2 cores are the question's. A query that needs such a text lets
        its run go at once; questions asked later do not hold it longer."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._answering.add(done)
        try:
            yield
        finally:
            self._answering.discard(done)
            done.set_result(None)

    def start(self, texts: Sequence[str], role: Role = "passage") -> None:
        """Begin embedding `texts` now, without waiting; a later `embed_batch`
        of them waits for this run. get_context starts its query so before it
        analyses the prompt: a local model runs one text at a time, and the
        query is then ahead of the turn the indexer stores meanwhile."""
        self._begin(texts, role)

    def _begin(
        self, texts: Sequence[str], role: Role
    ) -> tuple[list[str], str, dict[str, Vector | None]]:
        """(the texts as embedded, their cache kind, those known already);
        the rest are started unless already running."""
        if role == "query":
            texts = [clip_words(text, self._query_words) for text in texts]
        kind = role if self.role_matters else ""
        found: dict[str, Vector | None] = {
            t: self._recent[(kind, t)] for t in texts if (kind, t) in self._recent
        }
        missing = [
            t
            for t in dict.fromkeys(texts)
            if t not in found and (kind, t) not in self._running
        ]
        if missing:
            self._start(missing, role, kind)
        for t in texts if role == "query" else ():
            run = self._running.get((kind, t))
            if run is not None:
                self._held[run].set()  # a question needs it: it runs now
        return list(texts), kind, found

    def _start(self, texts: list[str], role: Role, kind: str) -> None:
        """Embed `texts` in a task that callers of the same texts share."""
        context = copy_context()
        context.run(ASKED_AS.set, role)
        loop = asyncio.get_running_loop()
        go = asyncio.Event()
        if role == "query" or not self._answering:
            go.set()
        answering = list(self._answering)
        task = loop.create_task(
            self._embed_missing(texts, role, kind, go, answering), context=context
        )
        self._held[task] = go
        keys = [(kind, text) for text in texts]
        self._running.update(dict.fromkeys(keys, task))

        def finished(_: object) -> None:
            del self._held[task]
            for key in keys:
                if self._running.get(key) is task:
                    del self._running[key]

        task.add_done_callback(finished)

    async def _embed_missing(
        self,
        texts: list[str],
        role: Role,
        kind: str,
        go: asyncio.Event,
        answering: list[asyncio.Future[None]],
    ) -> dict[str, Vector | None]:
        """The provider's vectors of `texts`, in calls of at most `max_batch`,
        once the questions being answered when they were asked for are."""
        await held_until(go, answering)
        out: dict[str, Vector | None] = {}
        for start in range(0, len(texts), self._max_batch):
            chunk = texts[start : start + self._max_batch]
            vectors = await self._chunk(chunk, role)
            for text, vector in zip(chunk, vectors, strict=True):
                out[text] = vector
                if vector is not None:
                    self._remember((kind, text), vector)
        return out

    def _remember(self, key: tuple[str, str], vector: Vector) -> None:
        self._recent[key] = vector
        self._recent.move_to_end(key)
        while len(self._recent) > RECENT_TEXTS:
            self._recent.popitem(last=False)

    async def _provider(self, texts: list[str], role: Role) -> list[Vector | None]:
        if self._roles:
            return await self._embedder.embed_batch(texts, role=role)  # type: ignore[call-arg]
        if self._prefixes is not None:
            prefix = self._prefixes[0 if role == "query" else 1]
            texts = [prefix + text if text.strip() else text for text in texts]
        return await self._embedder.embed_batch(texts)

    async def _chunk(self, texts: list[str], role: Role) -> list[Vector | None]:
        try:
            raw = await self._provider(texts, role)
        except Exception as exc:  # the provider is a process boundary
            self._check.warn_once(
                "raised",
                "embedding failed (logged once; those texts are searched by FTS"
                " and graph only): %s",
                exc,
            )
            log.debug("embedding %d texts failed: %s", len(texts), exc)
            return [None] * len(texts)
        if len(raw) != len(texts):
            self._check.warn_once(
                "count",
                "embedding provider returned %d vectors for %d texts; ignored",
                len(raw),
                len(texts),
            )
            return [None] * len(texts)
        return [self._check.fit(vector) for vector in raw]


async def held_until(go: asyncio.Event, answering: list[asyncio.Future[None]]) -> None:
    """Wait until every future of `answering` is done or `go` is set."""
    if go.is_set() or not answering:
        return
    released: asyncio.Future[Any] = asyncio.ensure_future(go.wait())
    try:
        for done in answering:
            either: set[asyncio.Future[Any]] = {done, released}
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            if released.done():
                return
    finally:
        released.cancel()


class HostEmbedder:
    """Adapts the host's capability (texts plus a model name) to `Embedder`.

    The host's capability takes no role (contract §7); a capability that says
    it does (`roles`, the standalone host offering a local e5) gets it.
    """

    def __init__(self, capability: EmbeddingCapability, model: str, dim: int) -> None:
        self._capability = capability
        self._model = model
        self._dim = dim
        self.roles = takes_roles(capability)

    @property
    def dim(self) -> int:
        return self._dim

    async def embed_batch(
        self, texts: list[str], role: Role = "passage"
    ) -> list[Vector | None]:
        if self.roles:
            return await self._capability.embed_batch(texts, self._model, role=role)  # type: ignore[call-arg]
        return await self._capability.embed_batch(texts, self._model)
