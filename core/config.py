"""The extension's settings as one typed, validated object.

The host merges manifest defaults with the user's `extensions.memory.*` settings
(shallowly) and may validate them against `MemoryConfig` before `initialize`. We
validate again in `initialize` so the standalone host gets the same checks. Types
are strict (host-contract §2: "256" is not 256, "no" is not False), except that a
whole number is read as text where an id is expected (YAML makes chat ids numbers).
Wrong types and out-of-range values are errors that name the key; unknown keys are
only warned about, so a user upgrading with an old settings file still starts.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .embeddings import ModelProfile, profile_of
from .errors import InputError
from .scope import AUTO_OWNER, ScopePolicy
from .secrets import Redactor, compile_extra, redactor_for

log = logging.getLogger(__name__)


class ConfigError(InputError):
    """The memory's configuration is invalid; the message names the key."""


class MemoryConfig(BaseModel):
    """Every setting of the memory extension, with its default."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    embedding_dimensions: Annotated[int, Field(ge=8, le=8192)] = 256
    embedding_model: str = "text-embedding-3-small"
    embedding_batch_size: Annotated[int, Field(ge=1, le=2048)] = 64
    decay_threshold: Annotated[float, Field(ge=0.0, le=1.0)] = 0.05
    decay_rate_default: Annotated[float, Field(ge=0.0, le=10.0)] = 0.1
    entity_enrichment_min_mentions: Annotated[int, Field(ge=1)] = 3
    causal_inference_batch_size: Annotated[int, Field(ge=1, le=10_000)] = 50
    context_token_budget: Annotated[int, Field(ge=100, le=100_000)] = 2000
    rrf_k: Annotated[int, Field(ge=1, le=10_000)] = 60
    rrf_weight_fts: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    rrf_weight_vector: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    rrf_weight_graph: Annotated[float, Field(ge=0.0, le=100.0)] = 1.0
    # Unset (None): the embedding model's own calibration (core/embeddings.py
    # ModelProfile); cosines of different models are not comparable.
    intent_similarity_threshold: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    context_min_similarity: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    context_min_word_similarity: Annotated[float, Field(ge=-1.0, le=1.0)] = 0.05
    search_min_relevance: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    min_support_similarity: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    fusion: Literal["linear", "rrf"] = "linear"
    linear_weight_vector: Annotated[float, Field(ge=0.0, le=1.0)] = 0.3
    max_episode_chars: Annotated[int, Field(ge=100, le=10_000_000)] = 32_000
    dedup_similarity_threshold: Annotated[float, Field(ge=0.0, le=1.0)] = 0.92
    consolidation_chunk_size: Annotated[int, Field(ge=1, le=1000)] = 40
    consolidation_idle_minutes: Annotated[float, Field(ge=0.0)] = 30.0
    llm_timeout_seconds: Annotated[float, Field(gt=0.0)] = 600.0
    writer_batch_size: Annotated[int, Field(ge=1, le=100_000)] = 512
    redact_secrets: bool = True
    # A PostgreSQL URL (postgresql://user@host/db) puts the memory there
    # instead of memory.db; AGENT_MEMORY_DATABASE_URL overrides it.
    database_url: str | None = None
    redact_patterns: list[str] = Field(default_factory=list)

    @field_validator("redact_patterns")
    @classmethod
    def _patterns_compile(cls, patterns: list[str]) -> list[str]:
        # A broken regex is a config error at start, not a failed turn later.
        try:
            compile_extra(patterns)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from exc
        return patterns

    def model_profile(self) -> ModelProfile:
        """The embedding model's calibration, with the floors the user set."""
        profile = profile_of(self.embedding_model)
        mine = {
            key: value
            for key in ("context_min_similarity", "search_min_relevance")
            + ("intent_similarity_threshold", "min_support_similarity")
            if (value := getattr(self, key)) is not None
        }
        return replace(profile, **mine)

    def redactor(self) -> Redactor:
        """The scrubber every text from outside passes before it is stored."""
        return redactor_for(self.redact_secrets, tuple(self.redact_patterns))

    # Scopes (core/scope.py): "per_user" = each user's private memory, plus one
    # shared memory per channel listed in shared_channels; "single" = one
    # memory for everyone. The owner's private scope is the default scope
    # (memories from before scopes); "auto" = the first user who speaks.
    scope_mode: Literal["single", "per_user"] = "per_user"
    shared_channels: list[str] = []
    no_user_scope: Literal["default", "drop"] = "default"
    owner_user_id: str | None = AUTO_OWNER

    @field_validator("owner_user_id", "shared_channels", mode="before")
    @classmethod
    def _ids_as_text(cls, value: Any) -> Any:
        # YAML reads `owner_user_id: 123456789` (a chat user id) as a number;
        # an id is a name, so a whole number is taken as its text.
        def text(item: Any) -> Any:
            is_number = isinstance(item, int) and not isinstance(item, bool)
            return str(item) if is_number else item

        return [text(v) for v in value] if isinstance(value, list) else text(value)

    def scope_policy(self) -> ScopePolicy:
        return ScopePolicy(
            mode=self.scope_mode,
            shared_channels=tuple(str(c) for c in self.shared_channels),
            no_user=self.no_user_scope,
            owner_user_id=(
                None if self.owner_user_id == AUTO_OWNER else self.owner_user_id
            ),
        )

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


def merged_config(context: Any) -> dict[str, Any]:
    """The merged settings: `context.config` if it is a mapping, else key by key."""
    config = getattr(context, "config", None)
    if isinstance(config, Mapping):
        return dict(config)
    values: dict[str, Any] = {}
    for key in MemoryConfig.known_keys():
        value = context.get_config(key, None)
        if value is not None:
            values[key] = value
    return values
