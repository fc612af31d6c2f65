"""Each local model's support floor sits above what unrelated turns score.

A vector match alone "supports" a question (search/support.py) at the model's
`min_support_similarity`. Real models, everyday Russian questions that were
never answered in the memory (bench/data/everyday never_said) against the
turn the model found closest there: below the floor.
"""

from __future__ import annotations

import pytest
from agent_memory.core.embeddings import EmbeddingService, profile_of

UNRELATED = [  # (a question never answered, the closest turn of the life)
    (
        "Как зовут мою кошку?",
        "Мелани (все зовут её Мел) — моя коллега, мы сидим рядом.",
    ),
    ("Как зовут моего сына?", "Передай привет, пожалуйста, Мел!"),
    ("Когда свадьба у моей сестры?", "Убрал всю квартиру и починил полку."),
    ("Какая у меня машина?", "Понял, учту."),
    ("Когда я был в Японии?", "Ходили в поход в горы с Леной и Пеппером, 20 км."),
]


async def similarities(
    embedder: object, model: str, pairs: list[tuple[str, str]]
) -> list[float]:
    service = EmbeddingService(embedder, 384, prefixes=profile_of(model).prefixes)  # type: ignore[arg-type]
    questions = await service.embed_batch([q for q, _ in pairs], "query")
    turns = await service.embed_batch([t for _, t in pairs], "passage")
    return [
        sum(a * b for a, b in zip(q or [], t or [], strict=True))
        for q, t in zip(questions, turns, strict=True)
    ]


@pytest.mark.needs_embedder
async def test_minilm_does_not_support_russian_by_its_vectors() -> None:
    from agent_memory.standalone.local_embedder import LocalEmbedder

    local = LocalEmbedder()
    sims = await similarities(local, local.model, UNRELATED)
    assert max(sims) < profile_of(local.model).min_support_similarity


@pytest.mark.needs_e5
async def test_e5_does_not_support_a_never_answered_question_by_its_vector() -> None:
    from agent_memory.standalone.e5_embedder import MODEL_NAME, load_e5_embedder

    e5 = load_e5_embedder()
    assert e5 is not None
    sims = await similarities(e5, MODEL_NAME, UNRELATED)
    assert max(sims) < profile_of(MODEL_NAME).min_support_similarity
