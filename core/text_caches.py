"""The caches keyed by stored text, and the one call that empties them all.

Ranking reads the same turns question after question, so several readers
remember what they found in a text (`functools.lru_cache` keyed by the turn's
text itself: whether it says who a person is, its stems, its tokens, its
token count). Those keys are copies of the user's words, held in process
memory for as long as the process lives. Forgetting a memory must not leave
them there: a purge erases the text from the file (store/purge.py) and a
forgotten turn is never searched again (toolkit/changes.py), and both then
call `forget_cached_texts`, so no cache answers from, or holds, the words.

A cache of text declares itself with `text_cache` instead of
`functools.lru_cache`: the same cache, registered here. Emptying them all
costs the next question a few ms of reading again, and forgetting is rare.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# Every cache declared by `text_cache`, in the order the modules load.
_TEXT_CACHES: list[functools._lru_cache_wrapper[Any]] = []


def text_cache(
    maxsize: int,
) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """`functools.lru_cache(maxsize)`, for a function whose arguments hold
    stored text: emptied by `forget_cached_texts`."""

    def declare(function: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _TEXT_CACHES.append(cached)
        return cached

    return declare


def forget_cached_texts() -> None:
    """Empty every cache of stored text (a memory was forgotten or purged)."""
    for cache in _TEXT_CACHES:
        cache.cache_clear()


def cached_texts() -> int:
    """How many entries the caches of stored text hold now (for tests)."""
    return sum(cache.cache_info().currsize for cache in _TEXT_CACHES)
