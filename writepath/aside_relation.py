"""Relations said in the places writepath/relations.py does not read.

A relation opening the parenthesis after a name: «Алия (дочь, 12)», "Tom
(neighbour, 70)", «Миша (мой младший брат, 22)». People introduce their family
this way in a list of who did what, the relation being one more note beside
the age and the job.

A relation said past the title one calls an older person by: "my neighbour
čika Bora", «наш сосед дядя Коля», «моя соседка тётя Галя». The title is
no relation of the user's (any older neighbour is «тётя»), so the relation
before it is the one the name holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import PET_KINDS, RELATION_OWNERS, RELATIONS, relation_of
from ..search.morphology import relation_base_forms
from .names import KIN_TITLES

_ASIDE = re.compile(r"^\s*\(([^()]{1,160})\)")
_ITEM_SPLIT = re.compile(r"\s*[,;]\s*")
# a relation note is short: "дочь", "младший сын", "my oldest friend"
_ITEM_WORDS = 3
# The titles said to an older person of no kin: «тётя Галя», «дядя Коля»,
# the Serbian "čika Bora", "teta Vesna".
ADDRESS_TITLES = frozenset(
    [word for word, relation in KIN_TITLES.items() if not relation]
    + "čika cika чика teta tetka тета".split()
)


def relation_in_aside(after: str) -> str:
    """The relation opening the parenthesis right after a name ("" for none).
    After the name's other form («Даник (Данияр, муж, 46)») the relation is
    the inner name's, read beside it (relations.relation_after), and comes
    to the person as the two names are joined."""
    head = _ASIDE.match(after)
    if head is None:
        return ""
    return _relation_note(_ITEM_SPLIT.split(head.group(1).strip())[0])


def _relation_note(item: str) -> str:
    """ "дочь", "младший сын", "my oldest friend": a relation alone, its owner
    and one qualifier allowed, in lower case (not the name's other form:
    «Женя» is no «жена»); not "дочь соседки" (someone else's), nor a pet's
    kind (writepath/pets.py reads those)."""
    if not item.islower():
        return ""
    words = [w.casefold() for w in item.split()]
    if not 0 < len(words) <= _ITEM_WORDS or not all(w.isalpha() for w in words):
        return ""
    owner = words[0] if words[0] in RELATION_OWNERS else "my"
    rest = relation_base_forms(words[1:] if owner == words[0] else words)
    if len(rest) == 1:
        found = relation_of(owner, "", rest[0])
    elif len(rest) == 2 and rest[0] not in RELATIONS:
        found = relation_of(owner, rest[0], rest[1])
    else:
        found = ""
    return "" if found in PET_KINDS else found


def past_address_title(before_words: Sequence[str]) -> Sequence[str]:
    """The words before a name without the address title closing them, when
    a relation stands before the title ("my neighbour čika"); else the words
    as they are («моя тётя Валя»: the title is the relation itself)."""
    if len(before_words) < 3:
        return before_words
    title = before_words[-1].casefold()
    relation = relation_base_forms([before_words[-2].strip(",").casefold()])[0]
    if title in ADDRESS_TITLES and relation in RELATIONS:
        return before_words[:-1]
    return before_words
