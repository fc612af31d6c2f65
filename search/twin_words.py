"""English and Russian twins of everyday words: "car" is «машина».

A bilingual user tells their life in both languages ("Picked up our new car
today", "Продал старый «Форд», две недели без машины") and asks in either.
Without an embedder no word of "Какая у меня сейчас машина?" meets the
English turn, so half of what answers it never becomes a candidate, and a
question whose word was only ever said in the other language looks like
one about something never said. Names cross scripts by sound
(search/cross_script.py); words do not, so the nouns and verbs of a personal
life are listed once (search/twin_table.py), each line an English side and a
Russian side.
A word is looked up by its light stem (search/morphology.py `stem`), so
inflected forms find their twin ("машину", "машины"; "cars", "drove").
Words of one side are not made synonyms of each other: only the other
language is added, the rest is the question's own wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.relations import RELATION_OWNERS, RELATIONS, same_relation
from ..core.text_caches import text_cache
from .morphology import (
    SHORT_STEM,
    is_russian,
    relation_base_forms,
    russian_stem,
    stem,
)
from .query_text import STOP_WORDS
from .twin_phrases import phrase_twin_terms
from .twin_table import TABLE

# A Russian twin is searched by its stem as an FTS prefix (query_text.py):
# a shorter prefix matches unrelated words ("ко"* is "который", "кот"). The
# table leaves out words whose 3-letter prefix starts common words ("приём"
# is "при"*, "горы" is "гор"*, the prefix of "город") unless the word is
# its stem: then its noun forms are searched instead (formed_twins).
MIN_SEARCH_PREFIX = 3
# A long prompt (a pasted page) would add a twin or three per word: the FTS
# leg counts each term's rows, so the twins searched are bounded.
MAX_TWIN_TERMS = 12


def _sides(line: str) -> tuple[list[str], list[str]]:
    english, russian = line.split("|")
    return english.split(), russian.split()


def _build() -> dict[str, frozenset[str]]:
    """Each word's stem → the words of the other side of its lines."""
    twins: dict[str, set[str]] = {}
    for line in filter(None, (raw.strip() for raw in TABLE.splitlines())):
        english, russian = _sides(line)
        for mine, other in ((english, russian), (russian, english)):
            for word in mine:
                for key in _keys(word):
                    twins.setdefault(key, set()).update(other)
    return {key: frozenset(words) for key, words in twins.items()}


def _keys(word: str) -> set[str]:
    """The stems a word is found by. A Russian noun in -ла / -ля is cut like
    a past tense ("школа" → "шко") while its other cases keep the л ("школу"
    → "школ"): it is filed under the stems of those cases too."""
    keys = {stem(word)}
    if is_russian(word) and word.endswith(("а", "я")):
        keys |= {stem(word[:-1] + ending) for ending in ("у", "е")}
    return keys


_TWINS = _build()
_TWIN_STEMS = {
    key: frozenset(found for word in words for found in _keys(word))
    for key, words in _TWINS.items()
}


def twins(word: str) -> frozenset[str]:
    """The other language's words for `word` (any form); empty when unknown."""
    return _TWINS.get(stem(word), frozenset())


def twin_stems(word_stem: str) -> frozenset[str]:
    """The stems of the twins of a word given by its stem ("машин" → "car")."""
    return _TWIN_STEMS.get(word_stem, frozenset())


def with_twins(stems: frozenset[str]) -> frozenset[str]:
    """The stems and their twins in the other language."""
    return frozenset(stems.union(*(twin_stems(key) for key in stems)))


@text_cache(1024)
def searchable(word: str) -> bool:
    if word in STOP_WORDS:
        return False  # "есть" is "eat", and "there is"
    return not is_russian(word) or len(russian_stem(word)) >= MIN_SEARCH_PREFIX


def formed_twins(twin_words: Iterable[str]) -> frozenset[str]:
    """The twins searched by their noun forms, not by their stem as a
    prefix: a Russian noun whose short stem is the word itself («хор»,
    «сад», «зал»), as its prefix starts common words («хорошо», «садиться»,
    «залезть») and its forms are regular («хора», «хором», «в саду»). A word
    ending in a vowel keeps its prefix: its short stem is cut
    («школа» → «шко»), its forms would be misspelt."""
    return frozenset(
        word
        for word in twin_words
        if is_russian(word)
        and " " not in word
        and russian_stem(word) == word.lower()
        and len(word) <= SHORT_STEM
    )


# The Russian twins that are whole words, their own stem («универ»,
# «паспорт»): a longer stem they start is their form or their root's only
# by what follows (`_OWN_FORM_NEXT`), else another word («универсал»).
_WHOLE_TWINS = frozenset(
    word
    for line in TABLE.splitlines()
    if "|" in line
    for word in _sides(line)[1]
    if russian_stem(word) == word
)
# A case ending (a vowel, «й», «ь»), an adjective's «-н-», «-ск-», a
# diminutive's «-к-» («паспортный», «городской», «садик»).
_OWN_FORM_NEXT = frozenset("аеёиоуыэюяйьнк")
MIN_WHOLE = 5  # a shorter whole word («сад», «хор») is searched by its forms


def longer_word(word: str, other: str) -> bool:
    """`other` (a stem) is a longer word that a whole twin starting `word`
    only starts: «универсал» (an estate car) is neither «универ» nor
    «университет», though the loose match of their stems would take it."""
    if other.startswith(word) and word not in _WHOLE_TWINS:
        return False
    whole = next(
        (
            other[:end]
            for end in range(MIN_WHOLE, len(other))
            if other[:end] in _WHOLE_TWINS and word.startswith(other[:end])
        ),
        "",
    )
    rest = other[len(whole) :]
    return bool(whole) and rest[0] not in _OWN_FORM_NEXT and not rest.startswith("ск")


_WORD = re.compile(r"\w+", re.UNICODE)


def own_relation_twins(text: str) -> list[str]:
    """The other language's words of a relation the text says is the
    user's ("my son": «сын»; «моего сына»: "son"): when no person holds the
    relation, the turns saying it in either language answer ("Мише
    четырнадцать, он мой сын" for "What's my son called?")."""
    written = _WORD.findall(text)
    words = relation_base_forms([w.lower() for w in written])
    return [
        twin
        for at, (owner, word) in enumerate(zip(["", *words], words, strict=False))
        if word in RELATIONS and (owner in RELATION_OWNERS or _named_owner(written, at))
        for twin in sorted(same_relation(word))
        if twin.isascii() != word.isascii()
    ]


def _named_owner(written: list[str], at: int) -> bool:
    """A named person owns the relation word at `at`: "Owen's mom" (the name,
    then "s"), «мама Оуэна» (a name after it, in the genitive): the turns of
    the other language say it in their words («Мама Оуэна, Линда»)."""
    before = written[max(0, at - 2) : at]
    after = written[at + 1 : at + 2]
    english = len(before) == 2 and before[1] == "s" and before[0][:1].isupper()
    russian = is_russian(written[at]) and bool(after) and after[0][:1].isupper()
    return english or russian


def twin_terms(terms: Iterable[str], text: str = "") -> tuple[str, ...]:
    """The twins of the question's `terms` worth searching for, each once, in
    the order of the terms (none already among them), after the twins of the
    phrases its `text` says ("New Year": «новый год», twin_phrases.py)."""
    given = list(terms)
    seen = {stem(term) for term in given}  # "car" and "cars" are one search
    found = [t for t in phrase_twin_terms(text) if stem(t) not in seen]
    found += [t for t in own_relation_twins(text) if stem(t) not in seen]
    seen |= {stem(t) for t in found}
    for term in given:
        for twin in sorted(twins(term)):
            if stem(twin) not in seen and searchable(twin):
                seen.add(stem(twin))
                found.append(twin)
    return tuple(found[:MAX_TWIN_TERMS])


def typed_as_word(name: str, text: str, filed: Iterable[str] = ()) -> bool:
    """The question types a name that is an everyday word of the table in
    lower case ("choir" of an entity filed as "Choir" from "Choir: Marina
    Lvovna says …"): it asks about the thing, told in both languages, not
    about whom or what the extractor filed under that word, whose links
    reach only the turns of one language («хор», «в хоре» never link to
    "Choir"). Not when a twin is filed and asked beside it ("Pottery" with
    «Гончарка»): the entities' links already read both languages."""
    if " " in name or not twins(name):
        return False
    if any(stem(other) in twin_stems(stem(name)) for other in filed):
        return False
    lowered = name.casefold()
    return any(
        word.casefold() == lowered and not word[:1].isupper()
        for word in _WORD.findall(text)
    )
