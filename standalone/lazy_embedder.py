"""An embedder whose model is loaded only when a vector is wanted, off the loop.

Loading the local model (numpy, onnxruntime, hashing and opening ~23 MB) costs
more than most commands do in all. So the CLI and the MCP server hand the host
this wrapper: it knows the model's name at once (the memory checks that stored
vectors are this model's before anything loads) and loads the model in a
worker thread on the first `embed_batch`. A command that embeds nothing never
loads it; the MCP server answers `initialize` while it loads.

`wait` bounds how long a call waits for the load: None waits for it (ingest,
reindex, the server), a few seconds let a search run on words when the model
is slow to come (the vector leg gives nothing, as when an embedder is down),
and 0 never loads (`remember` stores at once; the backfill of a later command
makes the vector). A call that gets no vector gets None per text, which the
memory already handles: the text is found by FTS and graph.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import logging
import threading
from collections.abc import Callable
from typing import Any

from ..core.embeddings import Embedder, Vector

log = logging.getLogger(__name__)

Loader = Callable[[], Embedder | None]


class LazyEmbedder:
    """`Embedder` that loads the real one (via `load`) when first needed."""

    def __init__(
        self,
        load: Loader,
        *,
        model: str,
        wait: float | None = None,
        roles: bool = False,
    ) -> None:
        self._load = load
        self._model = model
        self.wait = wait
        self.roles = roles  # the loaded model takes embed_batch(..., role=)
        self._future: concurrent.futures.Future[Embedder | None] | None = None
        self._guard = threading.Lock()

    @property
    def model(self) -> str:
        """The model's name, known before it is loaded."""
        return self._model

    @property
    def dim(self) -> int:
        """The loaded model's width; 0 until then (the memory's width is config)."""
        loaded = self.loaded
        return loaded.dim if loaded is not None else 0

    @property
    def loaded(self) -> Embedder | None:
        """The real embedder once it is loaded, else None."""
        future = self._future
        if future is None or not future.done():
            return None
        return future.result()

    def start(self) -> concurrent.futures.Future[Embedder | None]:
        """Begin loading in a thread (once). Not a daemon: a process that ends
        mid-load (a search that stopped waiting) lets the load finish first,
        as onnxruntime aborts the process when torn down under a loading thread."""
        with self._guard:
            if self._future is None:
                future: concurrent.futures.Future[Embedder | None] = (
                    concurrent.futures.Future()
                )
                self._future = future
                threading.Thread(
                    target=self._run, args=(future,), name="embedder-load"
                ).start()
            return self._future

    def _run(self, future: concurrent.futures.Future[Embedder | None]) -> None:
        try:
            future.set_result(self._load())
        except Exception as exc:  # a loader fault means "no vectors", once
            log.warning("embedder %s did not load: %s", self._model, exc)
            future.set_result(None)

    async def ready(self, wait: float | None) -> Embedder | None:
        """The loaded embedder, waiting at most `wait` s (None: until loaded)."""
        if self.loaded is not None:
            return self.loaded
        if wait is not None and wait <= 0:
            return None  # asked not to load: a later command makes the vectors
        pending = asyncio.wrap_future(self.start())
        try:
            return await asyncio.wait_for(asyncio.shield(pending), wait)
        except TimeoutError:
            log.info("embedder %s still loading after %.1f s", self._model, wait)
            return None

    async def embed_batch(
        self, texts: list[str], **options: Any
    ) -> list[Vector | None]:
        embedder = await self.ready(self.wait)
        if embedder is None:
            return [None] * len(texts)
        vectors: list[Vector | None] = await embedder.embed_batch(texts, **options)
        return vectors


def packages_present(*names: str) -> bool:
    """True when every package can be found (none is imported)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in names)
    except (ImportError, ValueError):
        return False
