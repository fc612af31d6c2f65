"""Which model the stored vectors come from: vectors of two models never mix.

Cosine between vectors of two models means nothing, and at one width nothing
else tells them apart. So the memory records the model its vectors come from
(meta `embedding_model`) the first time it embeds, and a later start with
another model (the standalone host switched from MiniLM to e5, or the host's
`embedding_model` changed) keeps the vector leg off for this memory: search
runs on FTS and graph, and nothing is embedded with the new model next to the
old vectors. A memory from before this record is taken to be the current
model's (what every earlier version assumed).
"""

from __future__ import annotations

import logging
from typing import Any

from ..core.config import MemoryConfig
from ..core.embeddings import EmbeddingService, HostEmbedder, capability_class
from ..store.interface import Store

META_KEY = "embedding_model"


async def embeddings_for_store(
    storage: Store,
    embeddings: EmbeddingService | None,
    model: str,
    log: logging.Logger,
) -> EmbeddingService | None:
    """`embeddings` when the stored vectors are `model`'s, else None (logged)."""
    if embeddings is None:
        return None
    stored = await storage.admin.get_meta(META_KEY)
    if stored is None:
        if not storage.read_only:
            await storage.admin.set_meta(META_KEY, model)
        return embeddings
    if stored == model:
        return embeddings
    log.warning(
        "memory: the stored vectors come from %r, the embedder is %r; vectors of"
        " two models are never mixed, so search uses FTS and graph only"
        " (start with the old embedder, or re-embed this memory)",
        stored,
        model,
    )
    return None


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
    return EmbeddingService(
        host,
        dim,
        max_batch=config.embedding_batch_size,
        prefixes=config.model_profile().prefixes,  # e5 behind the host's router
    )
