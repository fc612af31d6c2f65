"""The prompt read once: every word, name, date and class a search needs.

A search used to tokenise its query in several places (FTS terms twice, the
boost words, the name candidates, the dates, the list test, the intent and
the complexity twice in get_context). `analyse` does it once; the legs, the
boosts and the plan read the frozen result.
"""

from __future__ import annotations

from dataclasses import dataclass

from .intent import (
    Complexity,
    Intent,
    KeywordIntentClassifier,
    classify_query_complexity,
)
from .legs import walk_direction
from .query_text import (
    DateSpan,
    asks_for_many,
    name_candidates,
    query_dates,
    query_terms,
)

# A pasted document as the prompt would make thousands of terms and name
# candidates; the start of it says enough about what to look for.
MAX_QUERY_CHARS = 1000
_KEYWORDS = KeywordIntentClassifier()


@dataclass(frozen=True, slots=True)
class AnalysedQuery:
    """One query, read once.

    `text` is the query cut to MAX_QUERY_CHARS (what the words come from);
    `complexity` and `flat` look at the whole prompt.
    """

    text: str
    terms: tuple[str, ...]  # lower-case, no stop words, each once
    names: tuple[str, ...]  # n-grams that could name an entity, longest first
    dates: tuple[DateSpan, ...]
    intent: Intent  # by keywords; get_context may know better (embeddings)
    complexity: Complexity
    asks_for_many: bool  # a list question: spread over threads
    walk: tuple[bool, bool]  # temporal walk (forward, backward) for `when`
    flat: str  # the whole prompt with its whitespace collapsed

    @property
    def words(self) -> set[str]:
        """The terms, case-folded, for the speaker boost."""
        return {term.casefold() for term in self.terms}


def analyse(prompt: str) -> AnalysedQuery:
    """Read `prompt` once for search."""
    text = prompt[:MAX_QUERY_CHARS]
    return AnalysedQuery(
        text=text,
        terms=tuple(query_terms(text)),
        names=tuple(name_candidates(text)),
        dates=tuple(query_dates(text)),
        intent=_KEYWORDS.classify(text),
        complexity=classify_query_complexity(prompt),
        asks_for_many=asks_for_many(text),
        walk=walk_direction(text),
        flat=" ".join(prompt.split()),
    )
