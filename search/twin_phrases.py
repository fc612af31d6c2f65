"""English and Russian twins of phrases: "New Year" is «Новый год».

Holidays and life events are named by phrases in one language and a word in
the other ("birthday" is «день рождения», «сочельник» is "Christmas Eve"), so
search/twin_words.py, which pairs single words, cannot hold them. A phrase
is searched and held as a whole ("new" or «год» alone are in every other
turn), or by its one rare word, marked `*` in the table («день *рождения»:
«дня», «днём» are other forms of «день», and «рождения» says the phrase).
A Russian word matches by its search prefix (the FTS prefix of
query_text.py), an English one by its light stem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.text_caches import text_cache
from .morphology import is_russian, stem
from .query_text import fts_term

_WORD = re.compile(r"\w+", re.UNICODE)

# english phrases | russian phrases, each side's phrases comma-separated.
_TABLE = """
new year | новый год, *новогодний
christmas eve | сочельник
birthday | день *рождения, днюха, юбилей
day off | выходной
mother's day | день матери
valentine's day | день святого *валентина, *валентинов день
victory day | день победы
honeymoon | медовый месяц
housewarming | новоселье
flatmate | сосед по квартире, соседка по квартире
"""


@dataclass(frozen=True, slots=True)
class Phrase:
    words: tuple[str, ...]  # lower-case, in order
    rare: int | None  # the index of the word that says the phrase alone

    @property
    def text(self) -> str:
        return " ".join(self.words)

    @property
    def search_term(self) -> str:
        """The query term: the rare word, else the phrase (query_text.fts_term
        searches a term of several words as an FTS phrase)."""
        return self.words[self.rare] if self.rare is not None else self.text

    def spans(self, tokens: tuple[str, ...]) -> list[tuple[int, int]]:
        """(first, last) token of each place `tokens` say the phrase."""
        size = len(self.words)
        if self.rare is not None:
            found = [i for i, t in enumerate(tokens) if _same(self.words[self.rare], t)]
            return [
                (max(0, i - self.rare), min(len(tokens), i - self.rare + size) - 1)
                for i in found
            ]
        return [
            (i, i + size - 1)
            for i in range(len(tokens) - size + 1)
            if all(_same(w, t) for w, t in zip(self.words, tokens[i:], strict=False))
        ]


@dataclass(frozen=True, slots=True)
class Twinned:
    """A phrase of the table and the phrases of the other language."""

    phrase: Phrase
    twins: tuple[Phrase, ...]

    @property
    def forms(self) -> tuple[Phrase, ...]:
        return (self.phrase, *self.twins)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where `text` says the phrase, in either language."""
        tokens = words_of(text)
        return [span for form in self.forms for span in form.spans(tokens)]


def _phrase(raw: str) -> Phrase:
    words = raw.strip().lower().replace("'", " ").split()
    rare = next((i for i, w in enumerate(words) if w.startswith("*")), None)
    return Phrase(tuple(w.lstrip("*") for w in words), rare)


def _build() -> tuple[Twinned, ...]:
    out: list[Twinned] = []
    for line in filter(None, (raw.strip() for raw in _TABLE.splitlines())):
        english, russian = (
            tuple(_phrase(p) for p in side.split(",")) for side in line.split("|")
        )
        for mine, other in ((english, russian), (russian, english)):
            out += [Twinned(phrase, other) for phrase in mine]
    return tuple(out)


_PHRASES = _build()


@text_cache(4096)
def words_of(text: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(text))


@text_cache(8192)
def _same(word: str, token: str) -> bool:
    """`token` is a form of the table's `word` (a Russian one by the prefix
    it is searched by: «рождения», «рождении»; an English one by stem)."""
    if is_russian(word):
        return token.startswith(_search_prefix(word))
    return stem(token) == stem(word)


def _key_word(phrase: Phrase) -> str:
    """The word a text must hold (in some form) to say `phrase`: its rare
    word, else its first (Phrase.spans)."""
    return phrase.words[phrase.rare if phrase.rare is not None else 0]


def _search_prefix(word: str) -> str:
    return fts_term(word).strip('"*')


def _index() -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """The table's phrases (their places in _PHRASES) by the stem of an
    English key word and by the search prefix of a Russian one: a question
    is checked against the few phrases one of its words can start, not all
    (~0.2 ms a question)."""
    by_stem: dict[str, list[int]] = {}
    by_prefix: dict[str, list[int]] = {}
    for at, found in enumerate(_PHRASES):
        word = _key_word(found.phrase)
        if is_russian(word):
            by_prefix.setdefault(_search_prefix(word), []).append(at)
        else:
            by_stem.setdefault(stem(word), []).append(at)
    return (
        {k: tuple(v) for k, v in by_stem.items()},
        {k: tuple(v) for k, v in by_prefix.items()},
    )


_BY_STEM, _BY_PREFIX = _index()
_PREFIX_SIZES = tuple(sorted({len(prefix) for prefix in _BY_PREFIX}))


def _candidates(tokens: tuple[str, ...]) -> list[int]:
    """The places of the phrases whose key word is among `tokens` (_same),
    in table order."""
    found: set[int] = set()
    for token in tokens:
        found.update(_BY_STEM.get(stem(token), ()))
        for size in _PREFIX_SIZES:
            if size > len(token):
                break
            found.update(_BY_PREFIX.get(token[:size], ()))
    return sorted(found)


@text_cache(1024)
def asked_phrases(text: str) -> tuple[Twinned, ...]:
    """The table's phrases `text` says (longest first where they overlap)."""
    tokens = words_of(text)
    return tuple(
        _PHRASES[at] for at in _candidates(tokens) if _PHRASES[at].phrase.spans(tokens)
    )


def phrase_twin_terms(text: str) -> tuple[str, ...]:
    """The search terms of the other language's phrases for those `text` says."""
    terms = (twin.search_term for found in asked_phrases(text) for twin in found.twins)
    return tuple(dict.fromkeys(terms))


def phrase_stems(text: str, found: Twinned) -> frozenset[str]:
    """The stems of the words by which `text` says the phrase `found`: what a
    hit saying it in either language stands for («дня рождения» → "дня",
    "рождени")."""
    tokens = words_of(text)
    return frozenset(
        stem(tokens[i])
        for first, last in found.phrase.spans(tokens)
        for i in range(first, last + 1)
    )
