"""The embedder is loaded only when a vector is wanted, and a command that waits
for none (`remember`) stores at once: found by words, its vector made later."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest
from agent_memory.standalone.cli.parser import main
from agent_memory.standalone.cli.session import find_embedder
from agent_memory.standalone.lazy_embedder import LazyEmbedder
from agent_memory.standalone.local_embedder import MODEL_NAME
from fakes import HashEmbedder


class SlowLoad:
    """A loader that blocks until released (a model still loading)."""

    def __init__(self) -> None:
        self.calls = 0
        self.release = threading.Event()

    def __call__(self) -> HashEmbedder:
        self.calls += 1
        self.release.wait(10)
        return HashEmbedder(16)


async def test_wait_zero_never_loads_and_gives_no_vectors() -> None:
    load = SlowLoad()
    lazy = LazyEmbedder(load, model="m", wait=0)
    assert await lazy.embed_batch(["a", "b"]) == [None, None]
    assert load.calls == 0 and lazy.loaded is None and lazy.model == "m"


async def test_a_bounded_wait_gives_none_then_vectors_once_loaded() -> None:
    load = SlowLoad()
    lazy = LazyEmbedder(load, model="m", wait=0.05)
    assert await lazy.embed_batch(["tea"]) == [None]  # still loading
    load.release.set()
    await asyncio.wrap_future(lazy.start())
    (vector,) = await lazy.embed_batch(["tea"])
    assert vector is not None and len(vector) == 16 and lazy.dim == 16
    assert load.calls == 1  # loaded once, however many calls


async def test_unbounded_wait_waits_for_the_load_and_loads_once() -> None:
    load = SlowLoad()
    lazy = LazyEmbedder(load, model="m")
    calls = [asyncio.create_task(lazy.embed_batch([f"t{n}"])) for n in range(3)]
    await asyncio.sleep(0.05)
    assert not any(call.done() for call in calls)
    load.release.set()
    results = await asyncio.gather(*calls)
    assert all(vector is not None for (vector,) in results)
    assert load.calls == 1


async def test_a_failing_load_means_no_vectors(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken() -> HashEmbedder:
        raise OSError("disk gone")

    lazy = LazyEmbedder(broken, model="m")
    assert await lazy.embed_batch(["a"]) == [None]
    assert "did not load: disk gone" in caplog.text


@pytest.mark.needs_embedder
def test_the_local_model_is_named_before_it_loads() -> None:
    found = find_embedder("local", wait=0)
    assert isinstance(found, LazyEmbedder)
    assert found.model == MODEL_NAME and found.loaded is None


def embedded(db: str, capsys: pytest.CaptureFixture[str]) -> int:
    capsys.readouterr()
    assert main(["--db", db, "--embedder", "none", "--json", "stats"]) == 0
    return int(json.loads(capsys.readouterr().out)["embedded_nodes"])


@pytest.mark.needs_embedder
def test_remember_stores_at_once_and_the_backfill_embeds_later(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "memory.db")
    local = ["--db", db, "--embedder", "local"]
    assert main([*local, "remember", "Omar keeps bees in the garden"]) == 0
    assert embedded(db, capsys) == 0  # the model was not loaded for one fact
    assert main([*local, "search", "bees garden"]) == 0
    assert "Omar keeps bees" in capsys.readouterr().out  # found by words at once
    assert main([*local, "reindex"]) == 0
    assert embedded(db, capsys) == 1
