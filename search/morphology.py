"""Russian and CJK words as the full-text index can find them.

The FTS index (porter over unicode61) stems English only: a Russian word is
stored as written, so "сервер", "сервера" and "серверу" are three different
tokens. Rather than a second index, a Russian query word is cut to its stem
by a small suffix stripper (no Snowball stemmer exists in the host) and
searched as an FTS5 prefix ("сервер"*), which matches every ending.

Chinese and Japanese are written without spaces, so unicode61 stores
"我的猫叫小白" as one token and "小白" cannot match it. Such query words are
searched as substrings of the node text instead (see store/index.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CYRILLIC = re.compile(r"[а-яё]")
_CJK = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)
_REFLEXIVE = ("ся", "сь")
# Noun, adjective and verb endings, longest first; a stem keeps 3 letters.
_ENDINGS = tuple(
    sorted(
        """иями ями ами иях ях ах ией ией ием ями ого его ому ему ыми ими ая яя
        ое ее ие ые ой ей ий ый ым им ом ем ую юю ов ев ёв ам ям ешь ете ите ут
        ют ит ат ят ла ло ли ть ти ет а я о е ё ы и у ю ь й л""".split(),
        key=len,
        reverse=True,
    )
)
MIN_STEM = 3


def is_russian(word: str) -> bool:
    return bool(_CYRILLIC.search(word))


def is_cjk(word: str) -> bool:
    return bool(_CJK.search(word))


def russian_stem(word: str) -> str:
    """`word` without its inflection ending: "серверу" -> "сервер"."""
    stem = word.lower()
    for ending in _REFLEXIVE:
        if stem.endswith(ending) and len(stem) - len(ending) >= MIN_STEM + 1:
            stem = stem[: -len(ending)]
            break
    for ending in _ENDINGS:
        if stem.endswith(ending) and len(stem) - len(ending) >= MIN_STEM:
            return stem[: -len(ending)]
    return stem


def cjk_needles(terms: Sequence[str]) -> list[str]:
    """Substrings to look for: a short CJK word whole, a longer run (a whole
    unsegmented question) as its overlapping two-character pieces."""
    needles: list[str] = []
    for term in terms:
        if not is_cjk(term):
            continue
        if len(term) <= 3:
            needles.append(term)
        else:
            needles += [term[i : i + 2] for i in range(len(term) - 1)]
    return list(dict.fromkeys(needles))
