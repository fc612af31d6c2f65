"""The stem a Russian pet form of a first name is built on: its one home.

A pet form puts its suffix on the name as it is («Тимур»: «Тимур-чик») or on
the name less its last vowel or soft sign («Лена»: «Лен-ка», «Юля»: «Юль-ка»,
«Айгуль»: «Айгул-ька»). The write path joins such a form to its person
(writepath/pet_forms.py) and the search reads it in a question
(search/name_cases.py); both ask here which names a stem may stand for.
"""

from __future__ import annotations

# What a first name may drop before a pet suffix: its last vowel or soft sign.
NAME_LAST = ("а", "я", "ь", "й")


def names_of_pet_stem(stem: str) -> tuple[str, ...]:
    """The first names a pet form's folded `stem` may be built on: the stem
    itself, or the stem and a last vowel or soft sign («лен»: «лен», «лена»,
    «леня», «лень», …)."""
    return (stem, *(stem + last for last in NAME_LAST))


def pet_stems_of(first_name: str) -> set[str]:
    """The stems a pet form of the folded `first_name` may be built on: the
    name, and the name less its last vowel or soft sign («лена»: «лена»,
    «лен»; «тимур»: «тимур»)."""
    stems = {first_name}
    if first_name.endswith(NAME_LAST):
        stems.add(first_name[:-1])
    return stems
