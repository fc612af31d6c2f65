"""Roles in the embedding interface: a text is embedded as a query or a passage.

A role-aware embedder is told the role; a model that needs prefixes behind an
embedder that takes no role (e5 on a server, or behind the host's router) gets
"query: " / "passage: "; the host's capability is called exactly as contract §7
says, with (texts, model) and nothing else. The floors come from the model's
profile unless the user set them.
"""

from __future__ import annotations

from agent_memory.core.config import MemoryConfig
from agent_memory.core.embeddings import (
    DEFAULT_PROFILE,
    EmbeddingService,
    HostEmbedder,
    ModelProfile,
    Role,
    profile_of,
    register_profile,
)
from fakes import HashEmbedder


class RoleRecorder(HashEmbedder):
    """A provider that embeds queries and passages apart (like e5 in-process)."""

    roles = True

    def __init__(self) -> None:
        super().__init__(dim=16)
        self.roles_seen: list[Role] = []

    async def embed_batch(  # type: ignore[override]
        self, texts: list[str], role: Role = "passage"
    ) -> list[list[float] | None]:
        self.roles_seen.append(role)
        return await super().embed_batch([f"{role} {t}" for t in texts])


class HostCapability:
    """The host's capability at the process boundary: (texts, model) only."""

    def __init__(self) -> None:
        self.inner = HashEmbedder(dim=16)
        self.calls: list[tuple[list[str], str]] = []

    async def embed_batch(
        self, texts: list[str], model: str
    ) -> list[list[float] | None]:
        self.calls.append((list(texts), model))
        return await self.inner.embed_batch(texts)


async def test_a_role_aware_embedder_is_told_the_role_and_cached_per_role() -> None:
    provider = RoleRecorder()
    service = EmbeddingService(provider, 16)
    query = await service.embed("where are my keys", "query")
    stored = await service.embed("where are my keys")
    assert provider.roles_seen == ["query", "passage"]
    assert query != stored  # the same words, two roles: not served from one cache entry
    assert await service.embed("where are my keys", "query") == query
    assert provider.roles_seen == ["query", "passage"]


async def test_the_host_capability_is_called_as_the_contract_says() -> None:
    capability = HostCapability()
    service = EmbeddingService(
        HostEmbedder(capability, "text-embedding-3-small", 16), 16
    )
    await service.embed("hello there", "query")
    await service.embed("hello there")  # same text: the cached vector serves both
    assert capability.calls == [(["hello there"], "text-embedding-3-small")]


async def test_an_e5_model_behind_the_host_gets_its_prefixes() -> None:
    capability = HostCapability()
    config = MemoryConfig(embedding_model="intfloat/multilingual-e5-small")
    service = EmbeddingService(
        HostEmbedder(capability, config.embedding_model, 16),
        16,
        prefixes=config.model_profile().prefixes,
    )
    await service.embed("где ключи", "query")
    await service.embed_batch(["ключи в прихожей", "  "])
    sent = [texts for texts, _ in capability.calls]
    assert sent == [["query: где ключи"], ["passage: ключи в прихожей", "  "]]


def test_floors_come_from_the_model_unless_the_user_set_them() -> None:
    register_profile("test-model", ModelProfile(0.2, 0.1, 0.5))
    assert MemoryConfig(embedding_model="test-model").model_profile() == ModelProfile(
        0.2, 0.1, 0.5
    )
    mine = MemoryConfig(embedding_model="test-model", context_min_similarity=0.33)
    assert mine.model_profile().context_min_similarity == 0.33
    assert mine.model_profile().search_min_relevance == 0.1
    # the host's default model keeps the floors it always had
    assert MemoryConfig().model_profile() == DEFAULT_PROFILE
    assert (
        DEFAULT_PROFILE.context_min_similarity,
        DEFAULT_PROFILE.search_min_relevance,
    ) == (0.4, 0.3)
    assert profile_of("text-embedding-3-large").prefixes is None
    assert profile_of("e5-small-v2").prefixes == ("query: ", "passage: ")
