"""A loanword written in both scripts: "bisoprolol" and «бисопролол».

A bilingual user writes a drug, a brand, a provider or an institution in
whichever script the sentence is in ("Cellcom" / «Селком», «купат холим» /
"kupat holim", "rosuvastatin" / «розувастатин») and asks in either. A name
crosses scripts through the entities the memory holds (cross_script.py),
a word of the twin table through its twin (twin_words.py); a lower-case
loanword through neither, so "How much bisoprolol am I taking?" never meets
«теперь утром бисопролол 5». A word no twin covers, long enough to be no
particle, is spelled in the other script (spellings.py) and searched only
in the spellings the memory's turns really hold: one indexed lookup a word
(the newest turn saying any of them), and the word that turn says is added.
Most words are said in one script only: a lookup that found no turn is
remembered until a node is added (`_Unsaid`), so the same question's words
cost one read of the newest id, not a lookup each.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..core.name_forms import names_of
from ..store.interface import Store
from .analysis import AnalysedQuery
from .before_own import later_stems
from .cross_script import OtherScriptNames, case_stem
from .morphology import is_russian, stem
from .node_ceiling import OnceCeiling
from .query_text import STOP_WORDS
from .spellings import other_script_spellings
from .twin_words import twins

# Shorter words are mostly the language's own small words, whose other
# spellings happen to be words ("class" «класс»); loanwords worth a lookup
# (drugs, brands, institutions) are longer.
MIN_LETTERS = 6
# A prompt's long words are looked up one statement each: a pasted page
# would make dozens, a question has one or two.
MAX_WORDS = 3
# A Cyrillic spelling is searched as a prefix: the word is said in its cases
# («бисопролола», «Селкому»), the spelling without its final vowel.
MIN_PREFIX = 5
_VOWELS_RU = "аеёиоуыэюя"
# English spells an «з» between vowels as "s" ("rosuvastatin"
# «розувастатин», "Nofim" aside), and Russian a Latin "s" there as «з».
_S_BETWEEN_VOWELS = re.compile(r"(?<=[aeiou])s(?=[aeiou])")
_Z_BETWEEN_VOWELS = re.compile(r"(?<=[аеиоуэя])з(?=[аеиоуэя])")
_WORD = re.compile(r"\w+")


def loanword_like(word: str) -> bool:
    """A question's term worth searching in the other script: one word of
    one script, MIN_LETTERS or more, no stop word, no twin already, no
    given name (a person crosses scripts by their entity: cross_script.py)."""
    return (
        len(word) >= MIN_LETTERS
        and word.isalpha()
        and (word.isascii() or is_russian(word))
        and word not in STOP_WORDS
        and not twins(word)
        and not names_of(word)
    )


def other_script_forms(word: str) -> list[str]:
    """The lower-case spellings of `word` in the other script, Cyrillic ones
    cut to their prefix (no final vowel): "bisoprolol" → «бисопролол»,
    «розувастатином» → "rozuvastatin", "rosuvastatin"."""
    if is_russian(word):
        base = case_stem(word.casefold())
        bases = {base, _Z_BETWEEN_VOWELS.sub("с", base)}
        return _unique(s for b in bases for s in other_script_spellings(b))
    bases = {word, _S_BETWEEN_VOWELS.sub("z", word)}
    spelled = (s for b in bases for s in other_script_spellings(b))
    prefixes = (s.rstrip(_VOWELS_RU) for s in spelled)
    return _unique(p for p in prefixes if len(p) >= MIN_PREFIX)


def _unique(words: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(w for w in words if w))


def _match(forms: list[str], cyrillic: bool) -> str:
    """The FTS expression for any of `forms` in a turn's own text."""
    star = "*" if cyrillic else ""
    return "content : (" + " OR ".join(f'"{f}"{star}' for f in forms) + ")"


async def with_loanwords(
    storage: Store,
    query: AnalysedQuery,
    names: OtherScriptNames,
    ceiling: OnceCeiling,
) -> AnalysedQuery:
    """`query` with its loanwords' other-script words among its twins: they
    are searched, and a hit saying one says the word (search/support.py).
    Not the later state a question about the time before it names ("before
    cardiology": «кардиологию» is the move away from what is asked), nor a
    person's name (crossing by the entity `names` holds: «Зурабом», "Zurab")."""
    later = later_stems(query.text)
    asked = [
        t for t in query.terms if stem(t) not in later and not names.people_called(t)
    ]
    loans = await loanword_pairs(storage, asked, ceiling)
    if not loans:
        return query
    known = set(query.twin_terms)
    added = tuple((word, said) for word, said in loans if said not in known)
    twins = [said for _, said in added]
    return replace(query, twin_terms=(*query.twin_terms, *twins), loans=added)


def loan_spellings(query: AnalysedQuery) -> frozenset[str]:
    """The words the loan lookup added to `query`'s twins (a twin of the
    table's is none): the memory's other-script spelling of an asked word,
    never a word it asked itself."""
    own = set(query.terms)
    return frozenset(said for _, said in query.loans if said not in own)


@dataclass
class _Unsaid:
    """The lookups of a store that found no turn, as of its newest node id
    `ceiling`: only a node added since can say one (a turn's text is not
    rewritten in place; a removed one only says less), so a new ceiling
    starts them afresh."""

    ceiling: int
    matches: set[str] = field(default_factory=set)


# Per store (its index), dropped with it.
_UNSAID: weakref.WeakKeyDictionary[object, _Unsaid] = weakref.WeakKeyDictionary()


async def _unsaid(storage: Store, node_ceiling: OnceCeiling) -> _Unsaid:
    """The store's lookups known to find no turn, valid as of the call."""
    ceiling = await node_ceiling.get()
    known = _UNSAID.get(storage.index)
    if known is None or known.ceiling != ceiling:
        known = _UNSAID[storage.index] = _Unsaid(ceiling)
    return known


async def loanword_pairs(
    storage: Store, terms: Iterable[str], ceiling: OnceCeiling
) -> tuple[tuple[str, str], ...]:
    """(term, the word the memory's turns use for it in the other script) for
    the question's loanword-like `terms`: ("bisoprolol", «бисопролол»)."""
    words = [t for t in terms if loanword_like(t)][:MAX_WORDS]
    asked = [(w, forms) for w in words if (forms := other_script_forms(w))]
    if not asked:
        return ()
    unsaid = await _unsaid(storage, ceiling)
    found: list[tuple[str, str]] = []
    for word, forms in asked:
        cyrillic = not is_russian(word)
        match = _match(forms, cyrillic)
        if match in unsaid.matches:
            continue
        said = await _said_forms(storage, match, forms, cyrillic=cyrillic)
        if said is None:
            unsaid.matches.add(match)
        found += [(word, other) for other in said or ()]
    return tuple(dict.fromkeys(found))


async def _said_forms(
    storage: Store, match: str, forms: list[str], *, cyrillic: bool
) -> list[str] | None:
    """The words of the newest turn matching `match` (any of `forms`) that
    start with one (Cyrillic), or the forms it says (Latin: "statins" is
    "statin" to the index's stemmer); None when no turn says any."""
    ids = await storage.index.fts_newest(match, limit=1)
    if not ids:
        return None
    nodes = await storage.nodes.get_nodes(ids)
    words = {
        w for node in nodes.values() for w in _WORD.findall(node.content.casefold())
    }
    if cyrillic:  # the word as said, searched by its stem (query_text.py)
        return sorted(w for w in words if w.startswith(tuple(forms)))
    return [f for f in forms if any(w.startswith(f) for w in words)]
