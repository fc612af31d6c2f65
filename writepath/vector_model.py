"""Which model the stored vectors come from: vectors of two models never mix.

Cosine between vectors of two models means nothing, and at one width nothing
else tells them apart. So the memory records the model its vectors come from
(meta `embedding_model`) the first time it embeds. A later start with another
model (the standalone host switched from MiniLM to e5, or the host's
`embedding_model` changed) switches the memory over safely:

- search runs on FTS and graph until the switch is done (never a query of the
  new model against vectors of the old one, nor a half-and-half index);
- `Reembed` re-embeds every valid node with the new model in the background,
  in batches of ids, and records its progress (meta `reembed_model`,
  `reembed_through`) after each batch: a restart resumes where it stopped,
  and a batch done twice just writes the same vectors again;
- when no node is left past the mark, one meta transaction records the new
  model and drops the progress marks; the vector leg is on from the next start.

A switch back to the old model in the middle restarts from the first node: the
index then holds vectors of both models, so all of them are redone. A memory
from before this record is taken to be the current model's (what every earlier
version assumed).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..core.config import MemoryConfig
from ..core.embeddings import EmbeddingService, HostEmbedder, capability_class
from ..store.interface import Store

META_KEY = "embedding_model"
TARGET_KEY = "reembed_model"  # the model a switch in progress moves to
MARK_KEY = "reembed_through"  # every node id up to it has the target's vector
ID_PAGE = 256  # node ids looked at per batch (deleted ids simply are not found)

_log = logging.getLogger(__name__)


class Reembed:
    """Moves a memory's vectors to `model`: resumable, idempotent, then switches."""

    def __init__(
        self, storage: Store, embeddings: EmbeddingService, model: str
    ) -> None:
        self._storage = storage
        self.embeddings = embeddings
        self.model = model
        self.done = False
        self._lock = asyncio.Lock()  # the start-up and the nightly backfill

    async def start_mark(self) -> int:
        """The id to resume after: 0 unless a switch to this model was under way."""
        admin = self._storage.admin
        target = await admin.get_meta(TARGET_KEY)
        mark = await admin.get_meta(MARK_KEY)
        if target == self.model and mark is not None and mark.isdigit():
            return int(mark)
        await admin.set_meta(MARK_KEY, "0")  # first: the mark never outruns a target
        await admin.set_meta(TARGET_KEY, self.model)
        return 0

    async def run(self) -> int:
        """Re-embed every node past the mark, then record the model; nodes done."""
        async with self._lock:
            return 0 if self.done else await self._run()

    async def _run(self) -> int:
        mark = await self.start_mark()
        done = 0
        while True:
            ceiling = await self._storage.nodes.node_ceiling()
            if mark >= ceiling:
                break
            ids = list(range(mark + 1, min(mark + ID_PAGE, ceiling) + 1))
            nodes = list((await self._storage.nodes.get_nodes(ids)).values())
            if nodes:
                vectors = await self.embeddings.embed_batch([n.content for n in nodes])
                pairs = [(n.id, v) for n, v in zip(nodes, vectors, strict=True) if v]
                if not pairs and any(n.content.strip() for n in nodes):
                    # The new model is failing: stop, resume at the next start.
                    _log.warning("memory: re-embedding paused (the embedder fails)")
                    return done
                await self._storage.index.save_embeddings(pairs)
                done += len(pairs)
            mark = ids[-1]
            await self._storage.admin.set_meta(MARK_KEY, str(mark))
        # The switch is this one write; a target equal to the recorded model
        # means nothing is pending, so a stop right after it is harmless.
        await self._storage.admin.set_meta(META_KEY, self.model)
        await self._storage.admin.set_meta(TARGET_KEY, "")
        self.done = True
        _log.warning(
            "memory: re-embedded %d nodes with %r; vector search uses it from"
            " the next start",
            done,
            self.model,
        )
        return done


async def embeddings_for_store(
    storage: Store,
    embeddings: EmbeddingService | None,
    model: str,
    log: logging.Logger,
) -> tuple[EmbeddingService | None, Reembed | None]:
    """(embeddings to search with, a pending switch to `model` or None).

    The first is None while the stored vectors are not all `model`'s: search
    then runs on FTS and graph, and the switch re-embeds in the background.
    """
    if embeddings is None:
        return None, None
    stored = await storage.admin.get_meta(META_KEY)
    target = await storage.admin.get_meta(TARGET_KEY)
    if stored is None:
        if not storage.read_only:
            await storage.admin.set_meta(META_KEY, model)
        return embeddings, None
    if stored == model and target in (None, "", model):
        return embeddings, None
    if storage.read_only:
        log.warning(
            "memory: the stored vectors are not all %r's; search uses FTS and"
            " graph only",
            model,
        )
        return None, None
    log.warning(
        "memory: the stored vectors come from %r, the embedder is %r: re-embedding"
        " in the background (search uses FTS and graph until it is done)",
        stored,
        model,
    )
    return None, Reembed(storage, embeddings, model)


def find_embeddings(
    context: Any, config: MemoryConfig, logger: Any
) -> EmbeddingService | None:
    """The host's embedding capability behind our EmbeddingService, or None."""
    router = getattr(context, "model_router", None)
    if router is None:
        logger.info("memory: no model router; search uses FTS and graph only")
        return None
    try:
        # The host hands the capability out only for its own class (identity).
        capability = router.get_capability(capability_class())
    except Exception as exc:
        logger.info("memory: no embedding capability (%s); FTS and graph only", exc)
        return None
    if capability is None:
        logger.info("memory: no embedding capability; FTS and graph only")
        return None
    dim = config.embedding_dimensions
    host = HostEmbedder(capability, config.embedding_model, dim)
    profile = config.model_profile()
    return EmbeddingService(
        host,
        dim,
        max_batch=config.embedding_batch_size,
        prefixes=profile.prefixes,  # e5 behind the host's router
        max_query_words=profile.max_query_words,
    )
