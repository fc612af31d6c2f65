"""A learner's notes on words, below the life they name.

A user learning a language tells their assistant its words: «слово дня:
велосипед = bike», "new word: зонт = umbrella", "how do you say 'shift' in
Russian?", «как сказать "ward" по-английски?». Such a turn names a thing
("bike", "shift") and tells nothing of the user's own: asked "What bike do
I have now?", the note shares the asked word and outranks the e-bike turns
that answer. Of a question about now or before that asks no word itself,
the notes follow every other hit, in their order. A question about words
("What's the Russian for bike?", «Как по-русски "ward"?») keeps them.
Read from the hits' text alone: no statement is added.
"""

from __future__ import annotations

import re

from ..core.records import SearchHit
from .analysis import AnalysedQuery
from .standing import stance

# a note scores at most this share of the lowest other hit
NOTE_SHARE = 0.5
# a word beside its translation: «велосипед = bike», "shift = смена"; not
# a dash, which joins a Russian sentence to a name («через TD — комиссия»)
_CYR = r"[а-яё][а-яё-]*"
_LAT = r"[a-z][a-z'-]*"
_PAIR = rf"(?:{_CYR}(?:\s+{_CYR})?\s*=\s*{_LAT}|{_LAT}(?:\s+{_LAT})?\s*=\s*{_CYR})"
_NOTE = re.compile(
    r"^\W*(?:(?:word|phrase)\s+of\s+the\s+day|new\s+word|слово\s+дня|фраза\s+дня"
    r"|новое\s+слово)\b"
    rf"|(?<!\w){_PAIR}(?!\w)"
    r"|\bhow\s+(?:do|would|can)\s+(?:you|i)\s+say\b"
    r"|\bwhat(?:'s|\s+is)\s+the\s+(?:russian|english)\s+(?:for|word)\b"
    r"|(?<!\w)как\s+(?:сказать|(?:будет\s+)?по-(?:русски|английски))(?!\w)",
    re.I,
)
# a question about words asks for the notes themselves
_ASKS_WORDS = re.compile(
    r"\b(?:word|words|say|said|called\s+in|translate|translation|mean|means)\b"
    r"|\bin\s+(?:russian|english)\b"
    r"|(?<!\w)(?:слов\w*|по-русски|по-английски|перевод\w*|значит|сказать)(?!\w)",
    re.I,
)


def notes_a_word(text: str) -> bool:
    """The turn is a note on a word or a question of how to say one."""
    return _NOTE.search(text) is not None


def below_word_notes(hits: list[SearchHit], query: AnalysedQuery) -> list[SearchHit]:
    """Of a question about now or before that asks no word, `hits` with the
    notes on words scored below the rest (the later steps order by score)."""
    if stance(query.text) is None or _ASKS_WORDS.search(query.text):
        return hits
    notes = [hit for hit in hits if notes_a_word(hit.node.content)]
    if not notes:
        return hits
    rest = [hit for hit in hits if not notes_a_word(hit.node.content)]
    if not rest:
        return hits
    floor = min(hit.score for hit in rest) * NOTE_SHARE
    lowered = [
        SearchHit(hit.node, min(hit.score, floor), hit.entities) for hit in notes
    ]
    return [*rest, *lowered]
