"""The extension's settings as one typed, validated object.

The host merges manifest defaults with the user's `extensions.memory.*` settings
(shallowly) and may validate them against `MemoryConfig` before `initialize`. We
validate again in `initialize` so the standalone host gets the same checks. Wrong
types and out-of-range values are errors that name the key; unknown keys are only
warned about, so a user upgrading with an old settings file still starts.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

log = logging.getLogger(__name__)


class ConfigError(ValueError):
    """The memory's configuration is invalid; the message names the key."""


class MemoryConfig(BaseModel):
    """Every setting of the memory extension, with its default."""

    model_config = ConfigDict(extra="allow", strict=False, frozen=True)

    embedding_dimensions: Annotated[int, Field(ge=8, le=8192)] = 256
    embedding_model: str = "text-embedding-3-small"
    decay_threshold: Annotated[float, Field(ge=0.0, le=1.0)] = 0.05
    decay_rate_default: Annotated[float, Field(ge=0.0, le=10.0)] = 0.1
    entity_enrichment_min_mentions: Annotated[int, Field(ge=1)] = 3
    causal_inference_batch_size: Annotated[int, Field(ge=1, le=10_000)] = 50
    context_token_budget: Annotated[int, Field(ge=100, le=100_000)] = 2000
    rrf_k: Annotated[int, Field(ge=1, le=10_000)] = 60
    rrf_weight_fts: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    rrf_weight_vector: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    rrf_weight_graph: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    intent_similarity_threshold: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.45
    context_min_similarity: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.4
    context_min_word_similarity: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.05
    fusion: Literal["linear", "rrf"] = "linear"
    linear_weight_vector: Annotated[float, Field(ge=0.0, le=1.0)] = 0.3
    max_episode_chars: Annotated[int, Field(ge=100, le=10_000_000)] = 32_000
    dedup_similarity_threshold: Annotated[float, Field(ge=0.0, le=1.0)] = 0.92
    consolidation_chunk_size: Annotated[int, Field(ge=1, le=1000)] = 40
    consolidation_idle_minutes: Annotated[float, Field(ge=0.0)] = 30.0
    llm_timeout_seconds: Annotated[float, Field(gt=0.0)] = 180.0
    writer_batch_size: Annotated[int, Field(ge=1, le=100_000)] = 512

    @classmethod
    def known_keys(cls) -> set[str]:
        return set(cls.model_fields)


def load_config(values: Mapping[str, Any]) -> MemoryConfig:
    """Validate merged settings; raise ConfigError naming each bad key."""
    try:
        config = MemoryConfig.model_validate(dict(values))
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
            for err in exc.errors()
        )
        raise ConfigError(f"invalid memory configuration: {problems}") from exc
    unknown = sorted(set(values) - MemoryConfig.known_keys())
    if unknown:
        log.warning("ignoring unknown memory settings: %s", ", ".join(unknown))
    return config
