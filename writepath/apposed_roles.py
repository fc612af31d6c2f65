"""Relations said right after a name in the ways relations.relation_after
does not read.

"Nadia, the pharmacist at the Well pharmacy": a role the user goes to,
apposed with "the" (the pharmacist one has is "the pharmacist" of one's
street, never "my pharmacist" in speech).

"Alma, my first grandchild": an order of birth says which grandchild, not
another relation (where "my first wife" is a former one).

"Geoff is officially my partner now": one adverb between the copula and the
owned relation.

"Lena (Лена, жена)": the name's other form, then the relation alone before
the bracket closes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.relations import RELATION_OWNERS, RELATIONS, relation_of, same_relation
from ..search.morphology import relation_base_forms

# The roles of someone who serves the user, said with "the" after their
# name: "Nadia, the pharmacist at …", "Dr Okafor, the GP in Haarlem".
_SERVING_ROLES = same_relation("pharmacist") | same_relation("gp")
_THE = frozenset("the".split())
# A grandchild told apart by the order of birth: «мой первый внук» too.
_GRANDCHILDREN = (
    same_relation("grandchild")
    | same_relation("grandson")
    | same_relation("granddaughter")
)
_BIRTH_ORDER = frozenset(
    """first second third eldest oldest youngest
    первый первая старший старшая младший младшая""".split()
)
_APPOSED = frozenset(", — –".split())
_COPULA = frozenset("is это".split())
# Adverbs that stand between "is" and the relation without changing it.
_ADVERBS = frozenset("now also officially actually really still".split())


def _clean(words: Sequence[str]) -> list[str]:
    return [w.strip(",.!?;:()").casefold() or w for w in words]


def relation_apposed(after_words: Sequence[str]) -> str:
    """The relation one of these ways states right after the name ("" for
    none)."""
    words = _clean(after_words[:4])
    return (
        _serving_role(words)
        or _grandchild_by_order(words)
        or _past_adverb(words)
        or _closing_aside(after_words, words)
    )


def _serving_role(words: Sequence[str]) -> str:
    """ "Nadia, the pharmacist at …": the role one goes to, after "the"."""
    if len(words) < 3 or words[0] not in _APPOSED or words[1] not in _THE:
        return ""
    role = relation_base_forms([words[2]])[0]
    return role if role in _SERVING_ROLES else ""


def _grandchild_by_order(words: Sequence[str]) -> str:
    """ "Alma, my first grandchild": the grandchild, the order said aside."""
    if len(words) < 4 or words[0] not in _APPOSED or words[2] not in _BIRTH_ORDER:
        return ""
    grandchild = relation_base_forms([words[3]])[0]
    if grandchild not in _GRANDCHILDREN:
        return ""
    return relation_of(words[1], "", grandchild)


def _past_adverb(words: Sequence[str]) -> str:
    """ "Geoff is officially my partner": the relation past one adverb."""
    if len(words) < 4 or words[0] not in _COPULA or words[1] not in _ADVERBS:
        return ""
    return relation_of(words[2], "", relation_base_forms([words[3]])[0])


def _closing_aside(after_words: Sequence[str], words: Sequence[str]) -> str:
    """ "Lena (Лена, жена)": after the inner name, the relation word alone
    closing the bracket is the person's."""
    if len(words) < 2 or words[0] not in _APPOSED:
        return ""
    if not after_words[1].rstrip(".,!?;:").endswith(")"):
        return ""
    relation = relation_base_forms([words[1]])[0]
    return relation if relation in RELATIONS and after_words[1].islower() else ""


# Where a neighbour lives, said between the relation word and the name:
# «Сосед снизу Петя», «Сосед в квартире напротив Войтек», "our neighbour
# across the hall, Wojtek" (a neighbour is told apart by the door; of others
# the words after may start a clause of their own: «Сын в школе, Миша дома»).
_NEIGHBOURS = same_relation("neighbour")
_PLACE_OPENERS = frozenset(
    """в во на по из с со снизу сверху напротив через за
    across from upstairs downstairs next opposite above below at in on""".split()
)
_PLACE_SPAN = 3  # "в квартире напротив", "across the hall"


def relation_past_place(before_words: Sequence[str]) -> str:
    """The neighbour opening the name's sentence (or said after its owner
    word), then a short place phrase in lower case, then the name."""
    opened = max(
        (i + 1 for i, w in enumerate(before_words) if w.endswith((".", "!", "?"))),
        default=0,
    )
    sentence = _clean(before_words[opened:])
    if sentence and sentence[0] in RELATION_OWNERS:
        owner, sentence = sentence[0], sentence[1:]
    else:
        owner = "my"
    place = before_words[len(before_words) - len(sentence) + 1 :]
    if not 0 < len(place) <= _PLACE_SPAN or sentence[1] not in _PLACE_OPENERS:
        return ""
    if not all(w.rstrip(",").isalpha() and w.islower() for w in place):
        return ""
    relation = relation_base_forms([sentence[0]])[0]
    return relation_of(owner, "", relation) if relation in _NEIGHBOURS else ""
