"""What kind of question is this? Complexity and intent, for the search plan.

Intent picks the graph strategy (why → causal chains, when → the temporal chain,
who/what → entity links) and complexity sizes the search (graph depth, result
count, token budget). Two intent classifiers share one interface:
`KeywordIntentClassifier` (regexes, English and Russian, microseconds) and
`EmbeddingIntentClassifier` (cosine to exemplar questions in both languages,
embedded once at startup). The embedding one is used when an embedder exists;
it falls back to the keywords when the prompt could not be embedded.
"""

from __future__ import annotations

import logging
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ..core.embeddings import EmbeddingService

log = logging.getLogger(__name__)

Intent = Literal["why", "when", "who", "what", "general"]
Complexity = Literal["simple", "complex"]

_KEYWORDS: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (
        "why",
        re.compile(
            r"\bwhy\b|\breasons?\b|\bcaus\w*|\bbecause\b|\bwhat (?:made|led)\b"
            r"|\bhow come\b"
            r"|почему|зачем|отчего|причин\w*|из-за чего",
            re.I,
        ),
    ),
    (
        "when",
        re.compile(
            r"\bwhen\b|\bwhat (?:time|day|date|year|month)\b|\bhow long ago\b"
            r"|\bsince when\b|\bdates?\b|когда|во сколько|какого числа|в каком году"
            r"|как давно|с каких пор",
            re.I,
        ),
    ),
    (
        "who",
        re.compile(
            r"\bwho\b|\bwhom\b|\bwhose\b|\bwith whom\b"
            r"|(?<!\w)(?:кто|кого|кому|кем|чей|чья|чьё|чье|чьи)(?!\w)",
            re.I,
        ),
    ),
    (
        "what",
        re.compile(
            r"\bwhat\b|\bwhich\b|\btell me about\b|\bdescribe\b"
            r"|(?<!\w)(?:что|чем|чего|какой|какая|какое|какие|расскажи)(?!\w)"
            r"|как зовут",
            re.I,
        ),
    ),
)


class IntentClassifier(Protocol):
    """why | when | who | what | general for a prompt (and its vector if known)."""

    def classify(self, text: str, vector: Sequence[float] | None = None) -> Intent: ...


class KeywordIntentClassifier:
    """The first intent whose keywords occur; `general` when none does."""

    def classify(self, text: str, vector: Sequence[float] | None = None) -> Intent:
        for intent, pattern in _KEYWORDS:
            if pattern.search(text):
                return intent
        return "general"


EXEMPLARS: dict[Intent, tuple[str, ...]] = {
    "why": (
        "Why did we decide to do that?",
        "What was the reason for the change?",
        "What caused the problem?",
        "Why did she quit her job?",
        "Почему мы так решили?",
        "Какая была причина этого?",
        "Из-за чего всё сломалось?",
    ),
    "when": (
        "When did we meet?",
        "What date was the meeting?",
        "How long ago did he move?",
        "When is the deadline?",
        "Когда была встреча?",
        "Какого числа мы созвонились?",
        "Как давно он переехал?",
    ),
    "who": (
        "Who is Anna?",
        "Who did I talk to about the project?",
        "Who works on the backend?",
        "Whose idea was it?",
        "Кто такая Анна?",
        "С кем я говорил о проекте?",
        "Кто отвечает за бэкенд?",
    ),
    "what": (
        "What do I know about the project?",
        "What is my favourite food?",
        "Which tools do we use?",
        "Tell me about the trip.",
        "Что я знаю о проекте?",
        "Какая у меня любимая еда?",
        "Расскажи про поездку.",
    ),
}


class EmbeddingIntentClassifier:
    """The keywords where one occurs; else the nearest exemplar by cosine, and
    `general` below `threshold`.

    Call `await prepare()` once (startup) to embed the exemplars. Until then, or
    for a prompt without a vector, it answers with the keyword classifier.
    """

    def __init__(self, embedder: EmbeddingService, *, threshold: float = 0.8) -> None:
        self._embedder = embedder
        self._threshold = threshold
        self._exemplars: list[tuple[Intent, list[float]]] = []
        self._fallback = KeywordIntentClassifier()

    @property
    def ready(self) -> bool:
        return bool(self._exemplars)

    async def prepare(self) -> bool:
        """Embed the exemplars; False (and keyword fallback) if the embedder fails."""
        pairs = [(i, text) for i, texts in EXEMPLARS.items() for text in texts]
        vectors = await self._embedder.embed_batch([t for _, t in pairs], "query")
        self._exemplars = [
            (intent, vector)
            for (intent, _), vector in zip(pairs, vectors, strict=False)
            if vector is not None
        ]
        return self.ready

    def classify(self, text: str, vector: Sequence[float] | None = None) -> Intent:
        sure = self._fallback.classify(text)
        if sure != "general" or vector is None or not self._exemplars:
            return sure
        best: Intent = "general"
        best_score = self._threshold
        for intent, exemplar in self._exemplars:
            # both unit length: cosine is the dot product (runs every turn)
            score = sum(map(operator.mul, vector, exemplar))
            if score >= best_score:
                best, best_score = intent, score
        return best


_COMPLEX_MARKERS = re.compile(
    r"\b(?:and|compare|compared|difference|between|both|versus|vs|changed?"
    r"|over time|history|all|every|relationship)\b"
    r"|(?<!\w)(?:и|сравни|разниц\w*|между|оба|обе|все|всё|истори\w*|изменил\w*"
    r"|изменя\w*|менял\w*|со временем|отношени\w*|каждый|каждая|каждое)(?!\w)",
    re.I,
)


def classify_query_complexity(prompt: str) -> Complexity:
    """`complex` for long, multi-part or comparative questions, else `simple`."""
    words = prompt.split()
    if len(words) > 20 or prompt.count("?") > 1:
        return "complex"
    if len(words) > 6 and _COMPLEX_MARKERS.search(prompt):
        return "complex"
    return "simple"


@dataclass(frozen=True, slots=True)
class QueryPlan:
    """How hard to search for one prompt."""

    complexity: Complexity
    intent: Intent
    depth: int
    limit: int
    token_budget: int


def plan_query(prompt: str, intent: Intent, *, default_budget: int = 2000) -> QueryPlan:
    """Adaptive parameters for `prompt` (size_plan of its complexity)."""
    return size_plan(
        classify_query_complexity(prompt), intent, default_budget=default_budget
    )


def size_plan(
    complexity: Complexity, intent: Intent, *, default_budget: int = 2000
) -> QueryPlan:
    """Adaptive parameters; the budget scales the configured default (2000 →
    1000 for a simple question, 3000 for a complex one)."""
    if complexity == "simple":
        return QueryPlan(complexity, intent, 2, 5, max(100, default_budget // 2))
    return QueryPlan(complexity, intent, 4, 20, default_budget * 3 // 2)
