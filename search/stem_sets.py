"""The stems a text or a hit holds, and whether they meet what is wanted.

One home for the lexical test every rule of the search applies to a hit: a
light stem of each word (English suffixes, the Russian suffix stripper), the
parts of a CamelCase brand, the names and aliases of the hit's entities, a
long Russian stem's kin and a word's twin in the other language. Cached per
text: the same hits are read by several rules of one question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import own_names
from ..core.text_caches import text_cache
from .compound_names import name_parts, part_stems
from .morphology import is_russian, stem
from .time_idioms import without_idioms
from .twin_words import longer_word, twin_stems
from .whose import likened

_WORD = re.compile(r"\w+", re.UNICODE)
PREFIX_STEM = 5


def term_stems(terms: Iterable[str]) -> set[str]:
    """The stems of the terms' words (a phrase twin, "новый год", is a term)."""
    return {stem(word) for term in terms for word in term.split()}


def hit_texts(hit: SearchHit) -> list[str]:
    """The hit's text and its entities' names and aliases."""
    texts = [hit.node.content]
    for entity in hit.entities:
        texts += own_names((entity.name, *entity.aliases))
    return texts


def hit_stems(hit: SearchHit) -> set[str]:
    """Stems of the hit's words and of its entities' names and aliases."""
    return set().union(*(text_stems(text) for text in hit_texts(hit)))


def holds_stem(hit: SearchHit, wanted: AbstractSet[str]) -> bool:
    """`hit_stems(hit)` holds one of `wanted`, text by text (no union built:
    the rules of a question about now ask it of every hit, twice). The
    turn first: it holds the stem far more often than a name does."""
    if not wanted.isdisjoint(text_stems(hit.node.content)):
        return True
    return any(
        not wanted.isdisjoint(text_stems(text))
        for entity in hit.entities
        for text in own_names((entity.name, *entity.aliases))
    )


@text_cache(4096)  # the same hits are read by several rules
def text_stems(text: str) -> frozenset[str]:
    """Stems of the text's words but a time's ("after work"), and of the parts
    of a CamelCase brand ("ActivoBank" says "bank", search/compound_names.py)."""
    return frozenset(map(stem, _WORD.findall(without_idioms(text)))) | part_stems(text)


def plain_stems(hit: SearchHit) -> set[str]:
    """`hit_stems` without the words inside a capitalised name or title: a
    capitalised word after another ("Slow Horses", "Kestrel Labs") is not the
    thing a possessive points at ("my horse"), nor a likeness («злой как
    собака» is no dog)."""
    return set().union(*(plain_text_stems(text) for text in hit_texts(hit)))


def plain_text_stems(text: str) -> set[str]:
    out, capital_before = set(), False
    matches = list(_WORD.finditer(text))
    words = [m.group() for m in matches]
    for at, match in enumerate(matches):
        word = match.group()
        if not (word[:1].isupper() and capital_before or likened(words, at)):
            out.add(stem(word))
            out.update(stem(part) for part in name_parts(word))
        gap = text[match.end() : match.end() + 2]
        # a name runs on over a space, not over a sentence's end
        capital_before = word[:1].isupper() and not gap.startswith(
            (".", "!", "?", ":", ",")
        )
    return out


def shared_stems(wanted: AbstractSet[str], stems: AbstractSet[str]) -> set[str]:
    """The wanted stems the hit's stems hold. The suffix stripper may cut two
    forms differently ("скалодром" → "скалодр", "скалодроме" → "скалодром";
    "планировали" → "планирова", "планируем" → "планиру"): a long Russian
    stem matches one it shares all but its last three letters with, at least
    PREFIX_STEM (a short one does not: "доч" of "дочь" would find "дочитал").
    A word's twin in the other language is the word ("машин" and "car",
    search/twin_words.py)."""
    return {
        w
        for w in wanted
        if w in stems or _russian_kin(w, stems) or not twin_stems(w).isdisjoint(stems)
    }


def shares_stem(wanted: AbstractSet[str], stems: AbstractSet[str]) -> bool:
    """`shared_stems` is not empty: a wanted stem held as it is answers at
    once (the kin and twin checks cost ~20 µs a hit for a long question)."""
    return not wanted.isdisjoint(stems) or bool(shared_stems(wanted, stems))


# Two words that share a long head and are no kin: «рождения» (of a
# birthday) and «Рождество» (Christmas) both start «рожде»; a turn on
# Christmas says no birthday.
_APART = (("рождени", "рождеств"),)


def _russian_kin(word: str, stems: AbstractSet[str]) -> bool:
    if not is_russian(word) or len(word) < PREFIX_STEM:
        return False
    head = word[: max(PREFIX_STEM, len(word) - 3)]
    return any(
        s.startswith(head) and not longer_word(word, s) and not _apart(word, s)
        for s in stems
    )


def _apart(word: str, other: str) -> bool:
    """`word` and `other` start two words of `_APART`, one each."""
    return any(
        word.startswith(one)
        and other.startswith(two)
        or word.startswith(two)
        and other.startswith(one)
        for one, two in _APART
    )
