"""The local MiniLM embedder and the OpenAI-compatible client.

The local tests load the real packaged model (the `embed` extra) with the network
cut off. The OpenAI client talks HTTP to a small fake server on 127.0.0.1 that
answers with the real API's shapes and errors.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from agent_memory.core.embeddings import cosine
from agent_memory.standalone.local_embedder import (
    MINILM_INT8,
    LocalEmbedder,
    load_local_embedder,
)
from agent_memory.standalone.openai_embedder import EmbeddingError, OpenAIEmbedder

GOLDEN = Path(__file__).parents[1] / "data" / "minilm_fp32_golden.json"
PARAPHRASES = [
    ("I adopted a puppy last week.", "Last week I got a new dog."),
    ("My sister is getting married in June.", "In June my sister has her wedding."),
    ("I started learning to play the guitar.", "I have begun taking guitar lessons."),
    (
        "We went camping in the mountains with the kids.",
        "The family took a camping trip to the mountains.",
    ),
]
UNRELATED = [
    ("I adopted a puppy last week.", "The quarterly tax report is due on Friday."),
    ("My sister is getting married in June.", "Photosynthesis turns light to sugar."),
    ("I started learning to play the guitar.", "The train to Berlin was delayed."),
    ("We went camping in the mountains with the kids.", "Restart the server."),
]


def needs_extra() -> None:
    # The main job cannot get here without the extra: conftest refuses to start
    # when it is missing. Only `make test-host` (the host's dependencies) skips.
    pytest.importorskip(
        "onnxruntime", reason="the local embedder needs the [embed] extra"
    )


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Offline as on a machine with no model hub: any outside connection fails."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("https_proxy", raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError("network access attempted during an offline test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


@pytest.fixture(scope="module")
def local() -> LocalEmbedder:
    needs_extra()
    return LocalEmbedder()


async def embed_one(embedder: Any, text: str) -> list[float]:
    (vector,) = await embedder.embed_batch([text])
    assert vector is not None
    return list(vector)


def test_factory_loads_with_no_network(no_network: None) -> None:
    needs_extra()

    embedder = load_local_embedder()

    assert embedder is not None
    assert embedder.dim == embedder.native_dim == 384


async def test_paraphrases_are_close_and_unrelated_texts_are_not(
    local: LocalEmbedder,
) -> None:
    texts = [t for pair in PARAPHRASES + UNRELATED for t in pair]
    vectors = await local.embed_batch(texts)
    pairs = list(zip(vectors[::2], vectors[1::2], strict=True))

    close = [cosine(a, b) for a, b in pairs[: len(PARAPHRASES)]]  # type: ignore[arg-type]
    far = [cosine(a, b) for a, b in pairs[len(PARAPHRASES) :]]  # type: ignore[arg-type]

    # Measured: paraphrases 0.65-0.89, unrelated pairs -0.09-0.07.
    assert min(close) > 0.6
    assert max(far) < 0.2


async def test_vectors_match_the_fp32_model_golden_vectors(
    local: LocalEmbedder,
) -> None:
    golden = json.loads(GOLDEN.read_text())["vectors"]

    vectors = await local.embed_batch(list(golden))

    for vector, expected in zip(vectors, golden.values(), strict=True):
        assert vector is not None
        assert cosine(vector, expected) > 0.999  # int8 vs fp32: 0.9995 measured


async def test_vectors_are_unit_length_at_the_requested_dim(
    local: LocalEmbedder,
) -> None:
    needs_extra()
    short = LocalEmbedder(dim=256)

    full = await embed_one(local, "Caroline went to a support group.")
    cut = await embed_one(short, "Caroline went to a support group.")

    assert len(full) == 384 and len(cut) == 256
    assert math.isclose(sum(x * x for x in full), 1.0, rel_tol=1e-5)
    assert math.isclose(sum(x * x for x in cut), 1.0, rel_tol=1e-5)
    assert cosine(cut, full[:256]) > 0.99999


async def test_blank_texts_get_none_and_long_texts_a_vector(
    local: LocalEmbedder,
) -> None:
    long = "We talked about the garden and the weather. " * 2000

    vectors = await local.embed_batch(["", "   ", long, "\n"])

    assert [v is None for v in vectors] == [True, True, False, True]
    assert len(vectors[2] or []) == 384
    assert await local.embed_batch([]) == []


async def test_a_large_batch_keeps_the_order_of_its_texts(
    local: LocalEmbedder,
) -> None:
    texts = [f"Turn {i}: " + "word " * (i % 17) + "about hiking" for i in range(70)]

    together = await local.embed_batch(texts)
    alone = [await embed_one(local, text) for text in (texts[0], texts[41])]

    assert cosine(together[0], alone[0]) > 0.9999  # type: ignore[arg-type]
    assert cosine(together[41], alone[1]) > 0.9999  # type: ignore[arg-type]


async def test_concurrent_calls_give_the_same_vectors(local: LocalEmbedder) -> None:
    texts = ["Melanie paints sunrises.", "John lost his job in March."]

    first, second = await asyncio.gather(
        local.embed_batch(texts), local.embed_batch(texts[::-1])
    )

    assert cosine(first[0], second[1]) > 0.9999  # type: ignore[arg-type]


def test_factory_returns_none_when_the_model_package_is_missing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    files = replace(MINILM_INT8, model_package="agent_memory_no_such_model_pkg")

    with caplog.at_level(logging.WARNING):
        embedder = load_local_embedder(files=files)

    assert embedder is None
    assert len(caplog.records) == 1
    assert "FTS and graph only" in caplog.records[0].getMessage()


def test_factory_refuses_a_file_whose_sha256_differs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    needs_extra()
    files = replace(MINILM_INT8, model_sha256="0" * 64)

    with caplog.at_level(logging.WARNING):
        embedder = load_local_embedder(files=files)

    assert embedder is None
    assert [r.getMessage().count("sha256") > 0 for r in caplog.records] == [True]


def test_factory_refuses_a_dim_wider_than_the_model() -> None:
    needs_extra()

    assert load_local_embedder(dim=1024) is None


# --- OpenAI-compatible client against a fake server on 127.0.0.1 ---------------


@dataclass
class Reply:
    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False  # never answer


@dataclass
class FakeServer:
    """Answers POST /v1/embeddings with scripted replies; records each request."""

    replies: list[Reply] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""

    async def handle(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        head = (await reader.readuntil(b"\r\n\r\n")).decode()
        lines = head.split("\r\n")
        headers = {
            k.strip().lower(): v.strip()
            for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)
        }
        body = json.loads(await reader.readexactly(int(headers["content-length"])))
        self.requests.append({"line": lines[0], "headers": headers, "json": body})
        reply = self.replies.pop(0) if self.replies else Reply(body=vectors(body))
        if reply.hang:  # say nothing until the client gives up and hangs up
            await reader.read()
            writer.close()
            return
        payload = json.dumps(reply.body or {}).encode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in reply.headers.items())
        response_head = (
            f"HTTP/1.1 {reply.status} X\r\ncontent-type: application/json\r\n"
            f"content-length: {len(payload)}\r\nconnection: close\r\n{extra}\r\n"
        )
        writer.write(response_head.encode() + payload)
        await writer.drain()
        writer.close()
        await writer.wait_closed()


def vectors(request: dict[str, Any], width: int = 8) -> dict[str, Any]:
    """The API's success shape: input i gets the unit vector along axis i; the
    items are listed in reverse order, as the API allows (clients sort by index)."""
    inputs = request["input"]
    data = [
        {"object": "embedding", "index": i, "embedding": axis(i, width)}
        for i in range(len(inputs))
    ]
    return {
        "object": "list",
        "data": data[::-1],
        "model": request["model"],
        "usage": {"prompt_tokens": len(inputs), "total_tokens": len(inputs)},
    }


def axis(i: int, width: int) -> list[float]:
    return [1.0 if j == i else 0.0 for j in range(width)]


def api_error(message: str, kind: str, code: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


@pytest.fixture
async def server() -> AsyncIterator[FakeServer]:
    fake = FakeServer()
    tcp = await asyncio.start_server(fake.handle, "127.0.0.1", 0)
    port = tcp.sockets[0].getsockname()[1]
    fake.url = f"http://127.0.0.1:{port}/v1"
    async with tcp:
        yield fake


@pytest.fixture
def make(server: FakeServer) -> Any:
    """Builds a client for the fake server (tests close it with `async with`)."""

    def build(**kwargs: Any) -> OpenAIEmbedder:
        args: dict[str, Any] = {"model": "nomic-embed-text", "dim": 4}
        args |= {"base_url": server.url, "api_key": "sk-test", "max_retries": 0}
        return OpenAIEmbedder(**(args | kwargs))

    return build


async def test_openai_batches_keeps_order_and_fits_the_dim(
    server: FakeServer, make: Any
) -> None:
    async with make(batch_size=2) as embedder:
        out = await embedder.embed_batch(["a", "", "b", "c"])

    assert out == [axis(0, 4), None, axis(1, 4), axis(0, 4)]
    assert [r["json"]["input"] for r in server.requests] == [["a", "b"], ["c"]]
    first = server.requests[0]
    assert first["line"] == "POST /v1/embeddings HTTP/1.1"
    assert first["headers"]["authorization"] == "Bearer sk-test"
    assert first["json"]["encoding_format"] == "float"
    assert "dimensions" not in first["json"]


async def test_openai_asks_text_embedding_3_for_the_dim(
    server: FakeServer, make: Any
) -> None:
    async with make(model="text-embedding-3-small", dim=4) as embedder:
        await embedder.embed_batch(["hello"])

    assert server.requests[0]["json"]["dimensions"] == 4


async def test_openai_bad_key_raises_a_clear_error(
    server: FakeServer, make: Any
) -> None:
    server.replies = [
        Reply(401, api_error("Incorrect API key", "invalid_request_error", "bad"))
    ]

    async with make() as embedder:
        with pytest.raises(EmbeddingError, match="OPENAI_API_KEY"):
            await embedder.embed_batch(["hello"])


async def test_openai_rate_limit_is_retried_then_succeeds(
    server: FakeServer, make: Any
) -> None:
    limited = api_error("Rate limit reached", "requests", "rate_limit_exceeded")
    server.replies = [Reply(429, limited, {"retry-after-ms": "1"})]

    async with make(max_retries=1) as embedder:
        out = await embedder.embed_batch(["hello"])

    assert out == [axis(0, 4)]
    assert len(server.requests) == 2


async def test_openai_rate_limit_after_retries_raises(
    server: FakeServer, make: Any
) -> None:
    limited = api_error("Rate limit reached", "requests", "rate_limit_exceeded")
    server.replies = [Reply(429, limited, {"retry-after-ms": "1"})] * 2

    async with make(max_retries=1) as embedder:
        with pytest.raises(EmbeddingError, match="429"):
            await embedder.embed_batch(["hello"])


async def test_openai_vectors_narrower_than_dim_give_none_and_one_warning(
    server: FakeServer, make: Any, caplog: pytest.LogCaptureFixture
) -> None:
    server.replies = [Reply(body=vectors({"input": ["a", "b"], "model": "m"}, 2))]

    async with make(dim=4) as embedder:
        with caplog.at_level(logging.WARNING):
            out = await embedder.embed_batch(["a", "b"])

    assert out == [None, None]
    assert len(caplog.records) == 1
    assert "2 dimensions" in caplog.records[0].getMessage()


async def test_openai_unanswered_request_times_out(
    server: FakeServer, make: Any
) -> None:
    server.replies = [Reply(hang=True)]

    async with make(timeout=0.2) as embedder:
        with pytest.raises(EmbeddingError, match="cannot reach"):
            await embedder.embed_batch(["hello"])


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, None),
        ({"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"}, None),
        ({"OPENAI_API_KEY": "sk", "AGENT_MEMORY_EMBEDDING_DIMENSIONS": "x"}, None),
        ({"OPENAI_API_KEY": "sk"}, 256),
        (
            {
                "OPENAI_BASE_URL": "http://127.0.0.1:11434/v1",
                "AGENT_MEMORY_EMBEDDING_MODEL": "nomic-embed-text",
                "AGENT_MEMORY_EMBEDDING_DIMENSIONS": "512",
            },
            512,
        ),
    ],
)
async def test_openai_from_env(
    env: dict[str, str], expected: int | None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        embedder = OpenAIEmbedder.from_env(env)

    if expected is None:
        assert embedder is None
        assert len(caplog.records) == 1
    else:
        assert embedder is not None and embedder.dim == expected
        await embedder.aclose()
