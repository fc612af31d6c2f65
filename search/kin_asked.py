"""A relative of someone else's asked by their owner: "Matěj's mum", «маму
Матея», "Dana's brother" name the one filed with the alias "Matěj's mom"
(writepath/kin_of.py, core/relations.kin_alias), whoever Matěj is to the user.

The question's (owner, relation) pairs are read by search/asked_relation.py
`owned_by_name`; the owner is found by any form of the name
(search/names_asked.py), and the relative by the alias built from the
owner's names. The relative, not the owner, is then the one asked
(search/people.py `asked_about`), her name too: each turn of hers names her.
The owner alias is no name of hers (core/relations.own_names): Oren, "Катя's
husband", is not called «Катя».
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, name_key
from ..core.relations import RELATIONS, kin_alias
from .asked_relation import owned_by_name
from .morphology import relation_base_forms
from .name_cases import nominatives, possessive_nominatives
from .spellings import other_script_spellings

# «Костиного», «Мартину»: the endings a possessive adjective adds to «-ин»
_ADJECTIVE_END = re.compile(r"(?<=[иы]н)(?:ого|ому|ыми|ым|ых|ой|ом|ую|а|у|ы|о|е)$")


def asked_kin(text: str) -> list[tuple[str, str]]:
    """(owner as said, relation word in its base form) for each relative of
    a named person's the question says ("Matěj's mum": Matěj, mum)."""
    out = []
    for owner, word in owned_by_name(text):
        base = relation_base_forms([word])[0]
        if base in RELATIONS:
            out.append((owner, base))
    return out


def owner_forms(said: str) -> list[str]:
    """The keys the owner may be filed under: the name as said, its
    nominative («Матея»: Матей, «Костиного»: Костя) and their spellings in
    the other script ("Dana" of «Даны»)."""
    key = name_key(said)
    forms = [key, *sorted(nominatives(key))]
    forms += sorted(possessive_nominatives(_ADJECTIVE_END.sub("", key)))
    spelled = [s for form in forms for s in sorted(other_script_spellings(form))]
    return list(dict.fromkeys([*forms, *spelled]))


def relative_keys(owners: Sequence[Entity], kin: str) -> list[str]:
    """The aliases the `kin` of one of `owners` is filed under, by any of
    the owner's names (the name it had when the relative was filed)."""
    names = [n for owner in owners for n in (owner.name, *owner.aliases)]
    return list(dict.fromkeys(name_key(kin_alias(n, kin)) for n in names))


def relatives_asked(text: str, people: Sequence[Entity]) -> set[int]:
    """The ids of those of `people` the question asks as another one's
    relative ("Matěj's mum": Jana, not Matěj)."""
    kins = {kin for _, kin in asked_kin(text)}
    relatives: set[int] = set()
    for owner in people if kins else ():
        keys = {k for kin in kins for k in relative_keys([owner], kin)}
        relatives |= {
            person.id
            for person in people
            if person.id != owner.id
            and not keys.isdisjoint(name_key(n) for n in person.aliases)
        }
    return relatives
