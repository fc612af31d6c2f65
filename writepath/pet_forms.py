"""Russian pet forms built on a whole name: «Заринка» of Зарина, «Тимурчик»
of Тимур, «Айгулька» of Айгуль (or "Aigul"), «Мариша» of Марина.

Russian makes a pet form of a given name by a suffix on the name's own stem:
the name as it is (Тимур-чик), or less its last vowel or soft sign
(Зарин-ка, Айгул-ька, Алм-очка), or, before «-ша», less its last syllable
(Мари-ша, Ерла-ша). nicknames.py joins such a form to its person; this module
says only whether a word is such a form of a name.

An ordinary noun of the same shape («ручка», «бабушка», «дочка») is never a
pet form here: the stem must be a known person's first name itself, not its
opening (that is the prefix rule of nicknames.py), a kin word is no one's pet
name, and a word that is a given name in its own right («Алёша», «Наташа»)
is that name, not a form of a longer one.
"""

from __future__ import annotations

import re

from ..core.pet_stems import names_of_pet_stem, pet_stems_of
from ..core.relations import RELATIONS
from ..search.cross_script import sound_key
from .names import GIVEN_NAMES, KIN_TITLES

# Suffix, then the stem: the stem at least three letters («Лен-ка»), so that a
# two-letter opening («Ка-ша», «По-ка») never passes for a name.
_SUFFIXED = re.compile(
    r"^([а-яё]{3,}?)(онька|енька|очка|ечка|ушка|юшка|уша|юша|чик|ик|ька|ка|ша)$"
)
# A two-letter stem only before «-ька», for a name in «-я» (Юль-ка of Юля,
# Оль-ка of Оля): the soft sign is the name's soft ending, a regular form.
_SOFT_SHORT = re.compile(r"^([а-яё]{2})ька$")
# A syllable «-ша» replaces: a consonant and a vowel (Мари-на), or a consonant.
_SYLLABLE_CUT = 2


def pet_form_parts(word: str) -> tuple[str, str]:
    """(stem, suffix) of a word shaped as a Russian pet form of a whole name
    (folded), or ("", "") for a word that is no such form."""
    if word in GIVEN_NAMES or word in RELATIONS or word in KIN_TITLES:
        return "", ""
    found = _SUFFIXED.match(word)
    if found:
        return found.group(1), found.group(2)
    soft = _SOFT_SHORT.match(word)
    return (soft.group(1), "ька") if soft else ("", "")


def is_pet_form_of(word: str, first_name: str) -> bool:
    """`word` (folded) is a pet form of the first name `first_name`, in either
    script: «заринка» of "zarina" or «зарина», «тимурчик» of «тимур»."""
    stem, suffix = pet_form_parts(word)
    if not stem or word == first_name:
        return False
    name_sound = sound_key(first_name)
    if len(stem) == 2:
        return name_sound == sound_key(stem + "я")
    if any(name_sound == sound_key(name) for name in names_of_pet_stem(stem)):
        return True
    stem_sound = sound_key(stem)
    cut = len(name_sound) - len(stem_sound)
    return (
        suffix == "ша"
        and 0 < cut <= _SYLLABLE_CUT
        and name_sound.startswith(stem_sound)
    )


def pet_form_stem(word: str) -> str:
    """The stem a pet form of a whole name is built on («заринка»: «зарин»),
    or ""."""
    return pet_form_parts(word)[0]


_SUFFIXES = ("ка", "ька", "очка", "ечка", "енька", "онька", "ушка", "юша", "чик")


def pet_forms_of(first_name: str) -> list[str]:
    """The common pet forms of a Russian first name, to look up the ones
    filed before the name: «тимур»: «тимурка», «тимурчик», …"""
    if not first_name or first_name.isascii():
        return []
    forms = {stem + suffix for stem in pet_stems_of(first_name) for suffix in _SUFFIXES}
    return sorted(f for f in forms if is_pet_form_of(f, first_name))
