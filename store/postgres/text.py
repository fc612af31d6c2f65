"""How text reaches PostgreSQL's text index: as it reaches SQLite's FTS5.

SQLite's index (porter over unicode61) lower-cases every letter and keeps a
Russian word whole (porter stems English only), and the search side's Russian
stems (search/morphology.py) are prefixes of those whole words. PostgreSQL's
`russian` configuration instead stems Russian by Snowball, often shorter than
the search's prefix ("сварил" -> 'свар', the prefix is "свари"), and under a
C locale does not lower-case Cyrillic at all ("Сварил" -> 'Свар'): every
capitalised Russian word and name was out of reach. So the index and every
query fold the text first (`folded`) and read it by TEXT_CONFIG: `russian`
with its non-ASCII words kept whole (the `simple` dictionary), ASCII words
still by the English stemmer. ё stays apart from е, as in SQLite.
"""

from __future__ import annotations

TEXT_CONFIG = "agent_memory_text"

# Cyrillic capitals Ѐ..Я (U+0400-U+042F) and their small letters
_CAPITALS = "".join(chr(code) for code in range(0x400, 0x430))
_SMALL = _CAPITALS.lower()


def folded(sql: str) -> str:
    """SQL lower-casing the text `sql` whatever the database's locale: lower()
    folds what the locale knows (ASCII at least, all of Unicode in a UTF-8
    locale), translate() the Cyrillic capitals a C locale leaves alone."""
    return f"translate(lower({sql}), '{_CAPITALS}', '{_SMALL}')"


def text_vector(column: str, weight: str) -> str:
    """SQL of a column's weighted tsvector, as the index stores it."""
    return f"setweight(to_tsvector('{TEXT_CONFIG}', {folded(column)}), '{weight}')"
