"""The car models this memory names, learned from the word after a make.

People name the car by its make once, by its model after: "got the honda
jazz", then "filled up the jazz"; «купили киа рио», then «на рио». No list
of models can hold every one, and a model is often a common word ("jazz" is
music, «веста» news): a word counts as a model only where the memory's own
turns wrote it right after a make (search/kinds.py's car members), in two
turns at least (one "kia service" or «на киа колодки» is no model), and
written as the make is (capitalised after a capitalised make: «Хавейл
видеорегистратор» names the gadget bought for it).

Asked only for a question naming the car and only when the memory holds a
make (search/question.py): the turns holding one are read once and cached
per store; a store grown since is read only in its new rows, and a car
question asked again at the same node ceiling reads nothing.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Set
from dataclasses import dataclass, field

from ..store.interface import Store
from .kinds import AskedKinds, kind_members, kind_stems
from .morphology import is_russian, stem
from .node_ceiling import OnceCeiling
from .query_text import STOP_WORDS, fts_term

# The makes among the car category's members (the rest are models or
# things of a car: "corolla", «бензин»), in both scripts.
CAR_MAKES = frozenset(
    """
    toyota honda ford volkswagen vw bmw audi mercedes tesla skoda hyundai kia
    nissan mazda volvo renault peugeot subaru opel fiat lada haval geely
    тойота форд фольксваген бмв ауди мерседес тесла шкода хендай киа ниссан
    мазда вольво рено пежо лада хавейл джили
    """.split()
)

# distinct turns naming the model right after a make: one where both are
# written as names ("my Hyundai Getz"), two where neither is ("kia rio")
MIN_TURNS = 2
# makes the category's members leave out (a turn saying "Lada" alone is no
# more a car than a name): read for the models they name ("Lada Vesta")
_UNLISTED_MAKES = CAR_MAKES - kind_members("car")
MAX_ROWS = 400  # turns holding a make read in one call (the best matches)
MAX_MODELS = 6

# a word of letters and the gap after it (a model is the word right after
# the make, nothing but spaces between)
_WORD = re.compile(r"([^\W\d_]+)(\s*)")


@dataclass
class _Learned:
    """A store's learned models as of node ceiling `ceiling`, read from the
    turns holding one of `makes`."""

    makes: frozenset[str]
    ceiling: int = 0
    # model -> the turns naming it, as hashes of their folded text: distinct
    # turns are counted without keeping the user's words in process memory
    # (a forgotten turn leaves no copy here; core/text_caches.py)
    turns: dict[str, set[int]] = field(default_factory=dict)
    named: set[str] = field(default_factory=set)  # written as names once

    def models(self) -> tuple[str, ...]:
        counted = ((len(texts), model) for model, texts in self.turns.items())
        found = sorted(
            (count, model)
            for count, model in counted
            if count >= MIN_TURNS or model in self.named
        )
        return tuple(model for _, model in reversed(found))[:MAX_MODELS]


# Per store (its index), dropped with it.
_LEARNED: weakref.WeakKeyDictionary[object, _Learned] = weakref.WeakKeyDictionary()


def models_after_makes(text: str, makes: Set[str] = CAR_MAKES) -> dict[str, bool]:
    """The words (lower case) the text writes right after a make of
    `makes`, written as the make is, each with whether both are written
    as names (capitalised: "Kia Niro", not "kia service")."""
    forms = make_forms(makes)
    words = list(_WORD.finditer(text))
    found: dict[str, bool] = {}
    for make, model in zip(words, words[1:], strict=False):
        said, next_word = make[1], model[1]
        if not make[2] or "\n" in make[2] or said.casefold() not in forms:
            continue
        named = said[0].isupper()
        if named != next_word[0].isupper() or len(next_word) < 3:
            continue
        folded = next_word.casefold()
        if folded not in STOP_WORDS and stem(folded) not in _CAR_WORDS:
            found[folded] = found.get(folded, False) or named
    return found


# a Russian make's case forms («Хавейле», «на киа»): its stem and an ending
# (not any word of its stem: «Ренат» is no «Рено»)
_RU_ENDINGS = ("", "а", "у", "е", "ы", "и", "ом", "ой", "ем", "ю", "ой", "ах")


def make_forms(makes: Set[str]) -> frozenset[str]:
    """The written forms (lower case) of the makes, in their cases."""
    return frozenset(makes).union(
        stem(make) + ending
        for make in makes
        if is_russian(make)
        for ending in _RU_ENDINGS
    )


# the car category's words and members: "honda car" names no model by
# "car"; a member after a make ("Ford Focus") is one already searched
_CAR_WORDS = kind_stems("car") | frozenset(map(stem, kind_members("car")))
_CAR = stem("car")


def asks_car(kinds: AskedKinds) -> bool:
    """The question names the car category."""
    return any(kind.head == _CAR for _, kind in kinds.kinds)


async def learned_models(
    storage: Store, held: Iterable[str], ceiling: OnceCeiling
) -> tuple[str, ...]:
    """The models the memory names after the makes of `held` (the car
    members some turn holds), the most often named first."""
    makes = frozenset(m for m in held if m in CAR_MAKES) | _UNLISTED_MAKES
    top = await ceiling.get()
    known = _LEARNED.get(storage.index)
    if known is None or known.makes != makes or known.ceiling > top:
        known = _LEARNED[storage.index] = _Learned(makes)
    if known.ceiling < top:
        await _read_turns(storage, known, top)
    return known.models()


async def _read_turns(storage: Store, known: _Learned, top: int) -> None:
    """Learn from the turns holding a make added past `known.ceiling`."""
    match = " OR ".join(fts_term(make) for make in sorted(known.makes))
    hits = await storage.index.fts_search(
        match, limit=MAX_ROWS, min_id=known.ceiling + 1
    )
    nodes = await storage.nodes.get_nodes([node_id for node_id, _ in hits])
    for node in nodes.values():
        text = node.content
        for model, named in models_after_makes(text, known.makes).items():
            known.turns.setdefault(model, set()).add(hash(text.casefold().strip()))
            if named:
                known.named.add(model)
    known.ceiling = top
