"""A name said to be the user's pet, in the shapes people introduce one:

- the kind beside the name: "our dog Pepper", "Pepper, my cat", "Kiwi, the
  budgie", "a dog named Pepper", «кот по кличке Кефир»;
- the kind opening a parenthesis right after the name: «Кузя (кот, рыжий,
  двенадцать лет)», "Pepper (our beagle, 3)";
- the name given or taken in, the kind said in the same turn: «взяли кошку…
  назвали Ната», "got a kitten and named her Mochi", "Adopted Biscuit! A
  retired racing greyhound".

(The copula, "Keks is our cat" / «Кекс — наш кот», is a relation read by
relations.relation_after.) Not a list («дети, кот, Даня»), nor someone
else's pet ("Tom, our neighbour's cat", «Тимур (кот Даны)»).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import PET_KINDS, RELATION_OWNERS, RELATIONS
from ..search.morphology import relation_base_forms
from .names import PET_NAMING, PET_WORDS

# The parenthesis right after a name, and its words up to the first comma.
_ASIDE_HEAD = re.compile(r"^\s*\(([^(),;]{1,40})[,;)]")
# "(our old beagle," : an owner word and one describing word at most.
_ASIDE_WORDS = 3


def pet_word_beside(before: Sequence[str], after: Sequence[str]) -> str:
    """The pet word beside a name: "dog" of "my dog Pepper", "cat" of
    "Pepper, my cat"; "" for none, or a list («дети, кот, Даня»)."""
    last = [w.rstrip(",").casefold() for w in before[-3:]]
    listed = len(before) > 1 and before[-1].endswith(",") and before[-2].endswith(",")
    if last and last[-1] in PET_WORDS and not listed:
        return last[-1]
    if len(last) >= 2 and last[-1] in PET_NAMING and last[-2] in PET_WORDS:
        return last[-2]
    if len(last) >= 3 and last[-2:] == ["по", "кличке"] and last[-3] in PET_WORDS:
        return last[-3]
    following = _following(after)
    if following[:1] not in (["the"], *([o] for o in RELATION_OWNERS)):
        return ""
    # "Kiwi, our green budgie": a word may describe it ("Tom, our
    # neighbour's cat" is not the cat)
    kind = (
        following[1:3] if following[1:2] and following[1].isalpha() else following[1:2]
    )
    return next((w for w in kind if w in PET_WORDS), "")


def owned_kind_beside(before: Sequence[str], after: Sequence[str]) -> str:
    """The kind of a pet beside its name when the user owns it though the
    relation reader found no "my <kind>": "our 9-year-old cat Keks" (an
    owner word a few words back). Not "Pepper the dog": "the" describes
    places too ("Pomegranate, the Persian place")."""
    word = pet_word_beside(before, after)
    last = [w.rstrip(",").casefold() for w in before[-4:]]
    theirs = any(w.endswith(("'s", "’s", "s'")) for w in last)  # "our son's cat"
    if word in last[-1:] and not theirs and not RELATION_OWNERS.isdisjoint(last):
        return kind_of(word)
    return ""


def kind_of(word: str) -> str:
    """The pet kind `word` says, in its base form («кота» is "кот"), or ""."""
    base = relation_base_forms([word])[0] if word else ""
    return base if base in PET_KINDS else word if word in PET_KINDS else ""


def pet_in_aside(after: str) -> str:
    """The kind opening the parenthesis right after a name («Кузя (кот,
    рыжий…)», "Pepper (our beagle, 3)"), or "". The kind closes its part of
    the aside: «(кот Даны)», "(our neighbour's cat)" are someone else's."""
    head = _ASIDE_HEAD.match(after)
    if head is None:
        return ""
    words = head.group(1).split()
    if not 0 < len(words) <= _ASIDE_WORDS:
        return ""
    *described, kind = [w.casefold() for w in words]
    if described and described[0] not in RELATION_OWNERS:
        return ""
    if not all(w.isalpha() for w in described):
        return ""
    return kind_of(kind)


# The verbs a new pet gets its name or its home by: «назвали Ната», "named
# her Mochi", "Adopted Biscuit". The English naming verbs only with the
# pronoun between ("a vet named Sarah", "a guy called Tom" name people).
_NAMING_VERBS = frozenset("назвали назвал назвала adopted".split())
_NAMING_WITH_PRONOUN = frozenset("named called".split())
_PRONOUNS = frozenset("him her it его её ее".split())


def pet_named(before: Sequence[str], after: str) -> str:
    """The kind of pet a name right after a naming verb is given to: "cat" of
    «взяли кошку… назвали Ната», said before the name, or after it for a pet
    taken in ("Adopted Biscuit! A retired racing greyhound"); "" for none.
    The nearest being said before decides: «родилась дочка, назвали Аня» names
    the daughter, whatever pet the turn tells of after."""
    last = [_bare(w) for w in before[-2:]]
    if len(last) == 2 and last[1] in _PRONOUNS:
        verb = last[0] if last[0] in _NAMING_VERBS | _NAMING_WITH_PRONOUN else ""
    else:
        verb = last[-1] if last[-1:] and last[-1] in _NAMING_VERBS else ""
    if not verb:
        return ""
    for word in reversed([_bare(w) for w in before]):
        if kind := kind_of(word):
            return kind
        if word in RELATIONS:
            return ""  # a relative named: «дочка», "a baby boy"
    adopted = verb == "adopted"
    return (
        next((k for w in after.split() if (k := kind_of(_bare(w)))), "")
        if adopted
        else ""
    )


def _bare(word: str) -> str:
    return word.strip(',.!?:;()«»"').casefold()


def _following(after: Sequence[str]) -> list[str]:
    words = [w.strip(",.!?()").casefold() for w in after]
    return [w for w in words if w][:3]
