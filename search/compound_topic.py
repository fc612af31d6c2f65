"""A topic of two words is about its head noun, not its modifier.

"table tennis", "swimming pool", «настольный теннис»: a search for a bare
topic of two words names one thing, and the last word is what it is (the
head); the first only says which kind. A turn saying the modifier alone
("the fish from the table", "a Google table") is about something else,
while one saying the head alone («Теннис у Левана», "tennis tonight") is
about the topic, said short. bm25 weighs the rarer word higher, and the
modifier often is the rarer one, so the head's turns sank below the
modifier's; `head_first` puts them back above.

English compounds put the head last whatever the modifier is; Russian puts
an adjective before its noun («настольный теннис») but a noun's genitive
after it («уроки музыки»), so a Russian topic is read only when its first
word is an adjective. A capitalised last word makes a name ("Baba Zoya",
«Галина Петровна»), no compound (the first word may open the text).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.records import SearchHit
from .analysis import AnalysedQuery
from .morphology import is_russian, stem
from .query_text import STOP_WORDS
from .stem_sets import shares_stem, text_stems
from .twin_words import twin_stems

_TOPIC = re.compile(r"\s*([\w-]+)\s+([\w-]+)\s*", re.UNICODE)
# the endings of a Russian adjective's nominative, the form a topic names
_RU_ADJECTIVE = re.compile(r"(?:ый|ий|ой|ая|яя|ое|ее|ые|ие)$")
# heads that only hold an activity ("piano lessons", "night shifts", «ночные
# смены»): people say the activity alone ("piano tonight", "a run of nights"),
# so its modifier is the topic and the head no better a word than it
_HOLDER_HEADS = frozenset(
    map(
        stem,
        """lesson lessons class classes shift shifts session sessions course
        courses practice training appointment appointments meeting meetings
        club duty урок уроки занятие занятия смена смены курсы тренировка
        тренировки секция кружок приём встреча""".split(),
    )
)


@dataclass(frozen=True, slots=True)
class CompoundTopic:
    modifier: frozenset[str]  # the first word's stem (and its twins)
    head: frozenset[str]  # the head's stem and its twins in the other language
    words: frozenset[str]  # the stems of the two words as said


def compound_topic(text: str) -> CompoundTopic | None:
    """The modifier and head of a search that is a two-word topic, if it is."""
    found = _TOPIC.fullmatch(text)
    if found is None:
        return None
    first, head = found[1], found[2]
    if head[0].isupper():
        return None  # a name ("Baba Zoya"); the first word may open the text
    first, head = first.lower(), head.lower()
    if first in STOP_WORDS or head in STOP_WORDS:
        return None  # "my wife", «с Леной»: one word asked
    if is_russian(first) != is_russian(head):
        return None
    if is_russian(first) and not _RU_ADJECTIVE.search(first):
        return None  # «соседка снизу», «уроки музыки»: the head comes first
    if stem(head) in _HOLDER_HEADS:
        return None
    words = frozenset({stem(first), stem(head)})
    return CompoundTopic(_with_twins(first), _with_twins(head), words)


def _with_twins(word: str) -> frozenset[str]:
    word_stem = stem(word)
    return frozenset({word_stem}) | twin_stems(word_stem)


def head_first(hits: Sequence[SearchHit], query: AnalysedQuery) -> list[SearchHit]:
    """`hits` with those saying a two-word topic's modifier but not its head
    moved below the rest, each part in its order (all of them unchanged when
    the query is no such topic: a word of it is no search term, as the day
    of "bouldering yesterday", or it names a time)."""
    topic = compound_topic(query.text)
    terms = {stem(t) for t in query.terms}
    if topic is None or query.when is not None or not topic.words <= terms:
        return list(hits)
    kept: list[SearchHit] = []
    aside: list[SearchHit] = []
    for hit in hits:
        stems = text_stems(hit.node.content)
        says_modifier_only = shares_stem(topic.modifier, stems) and not shares_stem(
            topic.head, stems
        )
        (aside if says_modifier_only else kept).append(hit)
    return kept + aside
