"""Text normalisation in one place: what we store, and what we compare.

Two different jobs. `clean_text` makes any str storable in SQLite without
changing its meaning (lone surrogates from a broken client cannot be encoded as
UTF-8; NUL and other C0 controls break FTS tokenising and terminal output).
`fold` makes the comparison key under which two spellings count as the same
text (an entity name, a fact written twice, a recovered turn): case and runs of
whitespace do not matter, and with `compat` neither do compatibility forms
(full-width letters, ligatures).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

# The letters a name may be written in: Latin (with every accented letter of
# Europe's languages: "Zīļuks", "Dvořák", "Łódź") and Cyrillic (with the
# Ukrainian, Belarusian and Serbian ones: "Олексій", "Ўладзімір"), as the
# bodies of regex classes. Python's re has no \p{Lu}.
_LETTER_BLOCKS = (
    range(0x41, 0x5B),
    range(0x61, 0x7B),
    range(0xC0, 0x250),
    range(0x400, 0x530),
)


def _letters(keep: Callable[[str], bool]) -> str:
    return "".join(c for block in _LETTER_BLOCKS for c in map(chr, block) if keep(c))


UPPER_LETTERS = _letters(str.isupper)
LOWER_LETTERS = _letters(str.islower)

# C0 controls and DEL, except tab, newline and carriage return, which are text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_text(text: str) -> str:
    """Text SQLite can store: lone surrogates replaced, control characters dropped."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return _CONTROL.sub("", text)


def clean_value(value: Any) -> Any:
    """`value` with every str in it cleaned (`clean_text`), keys too: tool
    arguments, event fields and attributes are nested JSON-like values."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, Mapping):
        return {clean_value(k): clean_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_value(v) for v in value]
    return value


def fold(text: str, *, compat: bool = False) -> str:
    """The comparison key of `text`: casefolded, whitespace runs collapsed to one.

    `compat` also applies NFKC first, so "ｆｏｏ" and "foo" fold alike.
    """
    if compat:
        text = unicodedata.normalize("NFKC", text)
    return " ".join(text.casefold().split())


# Latin letters only: Cyrillic "й" and "ё" are letters of their own, and
# decomposing them would make "мой" read "мои".
_LATIN_ACCENTED = re.compile(r"[\u00c0-\u024f]")


def strip_accents(text: str) -> str:
    """`text` with its Latin letters' accents dropped ("fiancé" → "fiance",
    "café" → "cafe", "Wrocław" → "Wroclaw"): a word written with or without
    them is the same word.
    Cyrillic is left whole."""
    return _LATIN_ACCENTED.sub(_bare_letter, text)


# Latin letters no decomposition takes apart ("Wrocław", "Søren", "Straße").
_UNMARKED = {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss",
             "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe"}  # fmt: skip


def _bare_letter(match: re.Match[str]) -> str:
    if match[0] in _UNMARKED:
        return _UNMARKED[match[0]]
    decomposed = unicodedata.normalize("NFD", match[0])
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare or match[0]


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 turn`, `2 turns` (`many` for irregular words: entity → entities)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
