"""Grounding: what the memory model proposes is checked against its sources.

A small or confused model copies the prompt's examples ("Anna lives in Lyon"),
fills placeholders ("A/B/C") and invents values ("robot_in_Berlin"). Before a
fact, an entity name or alias, a causal reason or a summary is stored, its
text is checked against the turns it claims to come from: names, numbers and
dates it asserts appear there (Russian words compared by stem), at least
half of its content words are supported, and nothing is copied from the prompt.
Each check returns the reason it failed, or None; the caller stores nothing
and counts the reason (memory_stats and the nightly summary show the counts).

The checks are deliberately lenient about wording ("The user prefers dark
mode" from "I like dark mode, so I prefer it"): rejecting good facts loses
memory, so only what is asserted and absent is refused.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..core.text import fold
from ..search.morphology import is_russian, russian_stem

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_NUMBER = re.compile(r"\d+")
_SNAKE = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")
_PLACEHOLDER = re.compile(
    r"\b[A-Z](?:\s*/\s*[A-Z])+\b"  # A/B/C
    r"|<[^<>]{1,40}>|\{\{|\}\}|\[n\]|\bF<n>"  # template and tool-doc markers
    r"|\b(?:TODO|TBD|XXX|lorem ipsum|placeholder|example\.com)\b",
    re.IGNORECASE,
)
# Words a grounded text may use without the turns saying them.
_FREE = set(
    """the a an and or of in on at to for from with by about as is are was were be
    been has have had not no it its this that these those he she they them his her
    their hers him we our you your i me my mine user user's users assistant
    orchestrator who which what when where why how also very more most some any
    all one does did do will would can could should may might likes like
    пользователь пользователя пользователю пользователем он она они его её ее их
    и в на с по к о у из за не это что как""".split()
)
MIN_TERM = 4  # shorter words are not checked as terms (prepositions, ages)
PROMPT_GRAM = 4  # this many consecutive prompt words, absent from the turns
# Share of a fact's content words its turns must hold. One shared word was not
# enough: Gemma 3 270M stored "A statement that can change the world, e.g., an
# opinion about how to take care of your health" from a turn saying "Big change
# at work" (1 word of 9), and an invented sentence of 12 words sharing "keep".
MIN_SUPPORTED = 0.5


def _key(word: str) -> str:
    """A comparable form of one word: folded, stemmed, without possessive 's."""
    word = fold(word).lower().replace("’", "'").removesuffix("'s")
    if is_russian(word):
        return russian_stem(word)
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_TERM - 1:
            return word[: -len(ending)]
    return word


def _words(text: str) -> list[str]:
    """The words of `text` as written (their case says which are names)."""
    return _WORD.findall(text)


class Sources:
    """The texts a proposal may rest on, indexed for the checks."""

    def __init__(self, texts: Iterable[str], dates: Iterable[float] = ()) -> None:
        self.texts = [t for t in texts if t]
        # An episode's own date counts as said ("on 2023-05-08 ..." is fine).
        stamps = [dt.datetime.fromtimestamp(when, dt.UTC) for when in dates]
        said = [f"{d:%Y-%m-%d %B %b %A}" for d in stamps]
        joined = "\n".join(self.texts + said)
        self.raw = fold(joined).lower()
        words = _words(joined)
        self.keys = {_key(w) for w in words}
        self.numbers = {int(n) for n in _NUMBER.findall(joined)}
        self.grams = _grams(words)

    def has(self, word: str) -> bool:
        key = _key(word)
        if key in self.keys:
            return True
        # A longer or shorter form of the same word ("Lyon's", "Moscow" /
        # "Moscow-based"): compare prefixes of at least MIN_TERM letters.
        if len(key) < MIN_TERM:
            return False
        return any(
            len(k) >= MIN_TERM and (k.startswith(key) or key.startswith(k))
            for k in self.keys
        )


def _grams(words: Sequence[str]) -> set[tuple[str, ...]]:
    keys = [_key(w) for w in words]
    return {tuple(keys[i : i + PROMPT_GRAM]) for i in range(len(keys) - PROMPT_GRAM)}


@functools.cache
def _prompt_grams() -> frozenset[tuple[str, ...]]:
    """Word runs of the prompt's own instructions and examples (template tags
    removed): a proposal repeating one the turns do not hold is copied."""
    root = Path(__file__).parents[1]
    text = "\n".join(
        (root / name).read_text("utf-8")
        for name in ("prompt.jinja2", "prompt_input.jinja2")
    )
    text = re.sub(r"\{[{%#].*?[}%#]\}", " ", text, flags=re.DOTALL)
    return frozenset(_grams(_words(text)))


def check(
    claim: str, sources: Sources, *, name: bool = False, support: bool = True
) -> str | None:
    """Why `claim` is not grounded in `sources`, or None when it is.

    `name=True` checks an entity name or alias: every word of it must be in
    the sources (a name is only terms). `support=False` skips the content-word
    check, for text that explains rather than asserts (a causal reason, a
    summary in the model's own words): its names and numbers are still checked."""
    text = claim.strip()
    if not text:
        return "empty"
    if not sources.texts:
        return "no_sources"
    if _PLACEHOLDER.search(text):
        return "placeholder"
    for value in _SNAKE.findall(text):
        if value.lower() not in sources.raw:
            return "invented_value"
    for number in _NUMBER.findall(text):
        if int(number) not in sources.numbers:
            return "number_not_in_turns"
    words = _words(text)
    copied = _grams(words) & _prompt_grams()
    if copied - sources.grams:
        return "copied_from_prompt"
    terms = [w for w in words if w.lower() not in _FREE and not w.isdigit()]
    if name:
        return None if all(sources.has(w) for w in terms) else "name_not_in_turns"
    for word in terms:
        if word[:1].isupper() and not sources.has(word):
            return "name_not_in_turns"
    content = [w for w in terms if len(w) >= MIN_TERM]
    supported = sum(1 for w in content if sources.has(w))
    if support and content and supported < MIN_SUPPORTED * len(content):
        return "not_supported"
    return None


def shares_terms(first: str, second: str) -> bool:
    """Whether two texts share a content word: an old memory a new fact
    "contradicts" must at least be about the same thing."""
    words = [w for w in _words(first) if w.lower() not in _FREE and len(w) >= 3]
    other = Sources([second])
    return any(other.has(w) for w in words)
