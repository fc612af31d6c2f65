"""A relative of someone else's, named with their owner: «Мама Томека Халина
приезжает», «сестра Марты Анна», "Tomek's mum Halina", "my wife's dad
Janis", «Мартин папа Янис», «Костя с женой Нино», "Kostya and his wife Nino".

The relation word belongs to the owner (Tomek's mum), not to the user, and
the name after it is the relative alone: Russian says the owner in the
genitive between them («мама Томека Халина»), or as a possessive adjective
before the relation («Мартин папа»); English says "Tomek's mum Halina" or
"my wife's dad Janis". The pattern reader (writepath/mentions.py) would read
«Томека Халина» as one person filed as the user's mum; here the mention is
cut to the relative, who keeps whose relative it is (`Mention.of`), and the
owner is a mention of its own. The linker then files an in-law when the
owner is the user's spouse (writepath/in_laws.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..core.records import name_key
from ..core.relations import PET_KINDS, RELATIONS, RU_FEMININE
from ..core.text import LOWER_LETTERS, UPPER_LETTERS
from ..search.morphology import relation_base_forms
from ..search.name_cases import (
    a_mans_genitive,
    looks_nominative,
    nominatives,
    possessive_nominatives,
)
from .mention import Mention
from .names import GIVEN_NAMES

_WORD = rf"[{UPPER_LETTERS}][{LOWER_LETTERS}]+"
_KIN = rf"[{UPPER_LETTERS}{LOWER_LETTERS}]+"
# «Мама Томека Халина»: a relation word, the owner's genitive, the relative
_GENITIVE = re.compile(rf"(?<![\w-])({_KIN})\s+({_WORD})\s+({_WORD})(?![\w-])")
# «Мартин папа Янис», «Светина мама Галя»: the owner's possessive adjective
_ADJECTIVE = re.compile(
    rf"(?<![\w-])({_WORD}(?:ин|ина))\s+([{LOWER_LETTERS}]+)\s+({_WORD})(?![\w-])"
)
# "Tomek's mum Halina", "my wife's dad Janis"
_ENGLISH = re.compile(
    rf"(?<![\w-])((?:[Mm]y|[Oo]ur)\s+[a-z]+|{_WORD})['’]s\s+([a-z]+)\s+({_WORD})(?![\w-])"
)
# «Сын Костя (…) с женой Нино», "Kostya and his wife Nino": the relative of
# the name right before (an aside between), not of the user («мы с женой Галей»)
_COMITATIVE = re.compile(
    rf"(?<![\w-])({_WORD})(?:\s*\([^()]{{0,200}}\))?,?\s+"
    rf"(?:с|со|and\s+(?:his|her)|with\s+(?:his|her))\s+({_KIN})\s+({_WORD})(?![\w-])"
)
# «мама Матея зовёт нас», «брат Даны приехал»: a relation word said in its
# base form, then a name in the genitive and no name after: the relative of
# that person, unnamed (the name is the owner, no relative of the user)
_OWNER_ALONE = re.compile(rf"(?<![\w-])({_KIN})\s+({_WORD})(?![\w-])(?!\s+{_WORD})")
# A Russian surname's ending: «Халина Ковальская» is one person's full name.
# (not -ина: Галина, Марина, Халина are given names)
_SURNAME_ENDS = ("ская", "ский", "цкая", "цкий", "ова", "ева", "ов", "ев", "ин")


def _kin_word(word: str) -> str:
    """The relation `word` says, in its base form ("" for none or a pet)."""
    base = relation_base_forms([word.casefold()])[0]
    return base if base in RELATIONS and base not in PET_KINDS else ""


def _genitive_of_name(word: str) -> bool:
    """«Томека», «Марты»: an oblique form of a name, no name of its own."""
    key = word.casefold()
    return (
        key not in GIVEN_NAMES
        and key.endswith(tuple("аяыи"))
        and bool(nominatives(key))
    )


# -и a genitive has where -ы cannot follow (after г к х ж ш ч щ), or of -ия
_HARD_GENITIVE = ("ги", "ки", "хи", "жи", "ши", "чи", "щи", "ии", "ьи")


def _owner_in_genitive(word: str, kin: str) -> bool:
    """«Даны», «Саши» (a genitive no name has in the nominative), or after a
    feminine relation a man's name in the genitive («мама Матея», «сестра
    Олега»: a mother is no Матей); «мама Гульнара» is the mother's name."""
    key = word.casefold()
    if not _genitive_of_name(word):
        return False
    forms = nominatives(key)
    # «Саши», «Ольги», «Марии»; not «Кати»: «Люси», «Эдди», «Натали» are
    # names of their own (Lucy, Eddie), unchanged in every case
    if key.endswith("ы") or key.endswith(_HARD_GENITIVE):
        return any(form.endswith(("а", "я")) for form in forms)
    # a mother is no Олег, a brother no Сергей; «брат Никита»: a man's name
    # may end in -а
    not_his_name = kin in RU_FEMININE or key.endswith("ея")
    return not_his_name and a_mans_genitive(key, GIVEN_NAMES)


def owners_alone(text: str) -> set[str]:
    """The names said in the genitive after a relation word with no relative's
    name after them («мама Матея зовёт»): whose relative it is."""
    found = set()
    for match in _OWNER_ALONE.finditer(text):
        kin, owner = match.groups()
        base = _kin_word(kin)
        if base and base == kin.casefold() and _owner_in_genitive(owner, base):
            found.add(owner)
    return found


def _a_first_name(word: str) -> bool:
    key = word.casefold()
    return key in GIVEN_NAMES or (
        looks_nominative(key) and not key.endswith(_SURNAME_ENDS)
    )


def owned_relatives(text: str) -> tuple[list[tuple[str, str, str, str]], set[str]]:
    """(words as said, owner, relation, relative) for each relative of
    someone else's that `text` names, and the owners said by a name in the
    genitive (that no other mention holds)."""
    found: list[tuple[str, str, str, str]] = []
    named: set[str] = set()
    for match in _GENITIVE.finditer(text):
        kin, owner, relative = match.groups()
        if _kin_word(kin) and _genitive_of_name(owner) and _a_first_name(relative):
            found.append((f"{owner} {relative}", owner, _kin_word(kin), relative))
            named.add(owner)
    for match in _ADJECTIVE.finditer(text):
        adjective, kin, relative = match.groups()
        masculine = re.sub("ина$", "ин", adjective.casefold())  # «Ленина мама»
        owners = possessive_nominatives(masculine)
        if _kin_word(kin) and owners:
            owner = sorted(owners)[0]  # «Мартин»: Марта's (a -а name is the usual)
            found.append((adjective, owner.capitalize(), _kin_word(kin), relative))
    for match in _COMITATIVE.finditer(text):
        owner, kin, relative = match.groups()
        if _kin_word(kin) and _a_first_name(owner):
            found.append((relative, owner, _kin_word(kin), relative))
    for match in _ENGLISH.finditer(text):
        owner, kin, relative = match.groups()
        if _kin_word(kin) and relative.casefold() not in {"and", "the"}:
            found.append((relative, owner, _kin_word(kin), relative))
    return found, named


def with_kin_owners(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """`mentions` with each relative of someone else's cut to their own name,
    holding no relation to the user, and their owner's name a mention too."""
    owned, named = owned_relatives(text)
    alone = {name_key(owner) for owner in owners_alone(text)}
    if not (owned or alone) or not mentions:
        return list(mentions)
    out = [
        replace(m, type="person", relation="") if name_key(m.name) in alone else m
        for m in mentions
    ]
    for said, owner, kin, relative in owned:
        keys = {name_key(said), name_key(relative)}
        for at, mention in enumerate(out):
            if name_key(mention.name) in keys:
                out[at] = replace(
                    mention, name=relative, type="person", relation="", of=(owner, kin)
                )
        if owner in named:  # «мама Томека»: Tomek is mentioned too
            out.append(Mention(owner, "person", "name"))
    return list({name_key(m.name): m for m in out}.values())
