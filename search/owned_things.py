"""A thing a named person owns is said with them.

"What car does Kostya drive?", "What's Kostya's car?", «Какая машина у
Кости?»: a turn on the user's own car ("Took my Skoda to the garage"), on
someone else's ("Lena's new car is a red Mazda") or on Kostya without a car
("Drove to the lake with Kostya") tells nothing of his car. A turn that says
him and his car, by its word or its make ("Kostya drives an old Volvo"),
answers. Only things one owns and uses as one's own (a phone, a computer, a
car, a bike): a diet asked of someone («Какая диета у Грэма?») is said by
what they eat ("low-carb"), not by the category's word or its members.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from .asked_of import asked_of_name, asked_thing_of_name
from .kinds import kind_stems, kind_words
from .morphology import stem

_OWNED_HEADS = tuple(map(stem, "phone laptop tablet car bike motorbike".split()))
# each owned category's words ("car", «машин») and all its stems (its makes)
_OWNED = tuple((kind_words(head), kind_stems(head)) for head in _OWNED_HEADS)
# the words of the owned categories, in both languages ("car", «машин»)
OWNED_HEADS = frozenset().union(*(words for words, _ in _OWNED))
_WORD = re.compile(r"\w+", re.UNICODE)
# Russian calls a car and a home's machine both «машина»: «стиральная
# машина», «посудомоечная», «швейная», «кофейная» are no car.
_HOME_MACHINES = frozenset(
    map(stem, "стиральная посудомоечная швейная пишущая кофейная".split())
)


def owned_asked_of_name(text: str) -> set[str]:
    """Stems of an owned thing's word the question asks of a named person
    ("Kostya's car", "What car does Kostya drive?" → car)."""
    asked = asked_of_name(text) | asked_thing_of_name(text)
    return {word for word in asked if any(word in words for words, _ in _OWNED)}


def which_owned_asked(text: str) -> set[str]:
    """Stems of an owned thing's word a question asks *which* one a named
    person has ("What car does Diogo drive?" → car): its make says which
    ("Diogo drives an old Volvo"); "went to Sintra in his car", «на его
    машине» say he has one, not which, and answer nothing. English only:
    «Какая машина у Кости?» keeps the category's word, since a make written
    in Cyrillic the table lacks («на вольво») or in the other language's
    turn is not read as his car's (tried: the make said then answered no
    Russian question)."""
    asked = asked_thing_of_name(text)
    return {word for word in asked if any(word in words for words, _ in _OWNED)}


def without_owned_words(stems: AbstractSet[str], asked: AbstractSet[str]) -> set[str]:
    """`stems` but the words of the owned categories `asked` ("car",
    «машин»): only a member, a make, is left to say the thing."""
    dropped = set().union(
        *(words for words, _ in _OWNED if not words.isdisjoint(asked))
    )
    return set(stems) - dropped


def says_owned_thing(word_stem: str, stems: AbstractSet[str]) -> bool:
    """A text's `stems` say the owned thing the stem is the word of, by
    another of its category's words or a make ("a Volvo", «на шкоде»)."""
    return any(
        word_stem in words and not every.isdisjoint(stems) for words, every in _OWNED
    )


def says_one_owned(asked: AbstractSet[str], text: str) -> bool:
    """The text says one thing of the owned categories `asked` (their head
    stems: "what car have I got?") by the category's word: in the singular
    ("frost on the cars" speaks of cars in general) and not someone's
    ("someone's car alarm", "Jamie's car"). A make says it too: the
    caller's (kinds.py)."""
    words = [w.casefold() for w in _WORD.findall(text)]
    kind = set().union(*(w for w, _ in _OWNED if not w.isdisjoint(asked)))
    return any(
        _names_kind(words, at, kind)
        and not _plural(word)
        and not _owned_before(words, at)
        for at, word in enumerate(words)
    )


def says_owned(asked: AbstractSet[str], text: str) -> bool:
    """The text says a thing of the owned categories `asked` (their head
    stems) by the category's word, anyone's ("Dad's car", «на папиной
    машине»), or by a member ("a Volvo", «на шкоде»); a home's machine
    («стиральную машину») is none."""
    words = [w.casefold() for w in _WORD.findall(text)]
    chosen = [(w, every) for w, every in _OWNED if not w.isdisjoint(asked)]
    kind = set().union(*(w for w, _ in chosen))
    members = set().union(*(every - w for w, every in chosen))
    return any(_names_kind(words, at, kind) for at in range(len(words))) or any(
        stem(word) in members for word in words
    )


def _names_kind(words: list[str], at: int, kind: AbstractSet[str]) -> bool:
    """The word at `at` is a category's word of `kind`, not a home's machine."""
    return stem(words[at]) in kind and not (
        at and stem(words[at - 1]) in _HOME_MACHINES
    )


def _plural(word: str) -> bool:
    """An English plural ("cars", "bikes"); a Russian form is read as one."""
    return word.isascii() and word.endswith("s") and not word.endswith("ss")


def _owned_before(words: list[str], at: int) -> bool:
    """A possessive's "'s" right before the word ("someone's car")."""
    return at > 1 and words[at - 1] == "s"
