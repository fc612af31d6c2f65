"""Relations said in the places writepath/relations.py does not read.

A relation opening the parenthesis after a name: «Алия (дочь, 12)», "Tom
(neighbour, 70)", «Миша (мой младший брат, 22)». People introduce their family
this way in a list of who did what, the relation being one more note beside
the age and the job.

A relation said past the title one calls an older person by: "my neighbour
čika Bora", «наш сосед дядя Коля», «моя соседка тётя Галя». The title is
no relation of the user's (any older neighbour is «тётя»), so the relation
before it is the one the name holds.

A minor's age alone in the parenthesis, in a list that names the user's
spouse before it: «Даник (Данияр, муж, 46) жарил баурсаки, Арман (15,
гимназия) съел половину, Алюша (Алия, 6, в Kita) вторую»: a parent tells
the family at the table by name and age, and the children's relation goes
unsaid. They are filed as the user's children ("my son" asks for them).

A friendship's age said in the parenthesis: «Саша (Александра, мы с ней за
одной партой с первого класса)», "Jo (we've known each other since school)":
the friend of long standing, asked as "my oldest friend", «школьная подруга».
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.relations import (
    PET_KINDS,
    RELATION_OWNERS,
    RELATIONS,
    relation_of,
    same_relation,
)
from ..search.morphology import relation_base_forms
from .birth_order import child_by_word_before
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


def relation_in_aside(after: str, before_words: Sequence[str] = ()) -> str:
    """The relation opening the parenthesis right after a name ("" for none).
    After the name's other form («Даник (Данияр, муж, 46)») the relation is
    the inner name's, read beside it (relations.relation_after), and comes
    to the person as the two names are joined. A minor's age alone there,
    after the spouse was named, says the user's child."""
    head = _ASIDE.match(after)
    if head is None:
        return ""
    items = _ITEM_SPLIT.split(head.group(1).strip())
    found = _relation_note(items[0]) or _child_by_age(items, before_words)
    return found or ("old friend" if _LONG_FRIENDSHIP.search(head.group(1)) else "")


# How one tells a friendship's years: since school, at one desk since the
# first form, known each other for decades.
_LONG_FRIENDSHIP = re.compile(
    r"\b(?:since (?:school|primary|first grade|kindergarten|we were (?:kids|children))"
    r"|known (?:her|him|each other) (?:since|for \w+ years)"
    r"|went to school together)\b"
    r"|(?<!\w)(?:с первого класса|со школы|с детства|с детского сада|с садика"
    r"|за одной партой|учились вместе|вместе учились)(?!\w)",
    re.I,
)


# the oldest age a child at home is told by alone
MINOR_AGE = 17
_SPOUSES = same_relation("wife") | same_relation("husband") | same_relation("partner")


def _child_by_age(items: Sequence[str], before_words: Sequence[str]) -> str:
    """ "child" («сын», «дочь» when the word before the name says which)
    when the aside's first note is a minor's age (past the name's
    other form: «Алия, 6») and the user's spouse is named before it in the
    text: the family told at once, not a friend's child met alone."""
    if items and _other_name_form(items[0]):
        items = items[1:]
    if not items or not items[0].isdigit() or int(items[0]) > MINOR_AGE:
        return ""
    said = relation_base_forms([w.strip(",.!?;:()").casefold() for w in before_words])
    if not _SPOUSES & set(said):
        return ""
    # «старшая Вика (15)», «малой Миша (9)»: the word before says which
    return child_by_word_before(list(before_words)) or "child"


def _other_name_form(item: str) -> bool:
    """ "Алия" in «Алюша (Алия, 6)»: one capitalised word, the full name."""
    return item.isalpha() and item[:1].isupper() and len(item.split()) == 1


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
