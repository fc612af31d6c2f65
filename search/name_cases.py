"""The case forms of a Russian one-word name: "Лена", "Лены", "Лене", "Лену",
"Леной" are one name said five ways.

A name is declined by how its nominative ends (-а, -я, -ь, -й or a
consonant), so its forms can be listed exactly, where the search's suffix
stripper (morphology.russian_stem) only cuts endings off: "Вита" and "Витя"
share its stem "вит" but are two names, and "Вите" may be a form of either.
The linker joins the forms it files (writepath/inflections.py); the context
block does not list them as aliases (context_block.entity_line).
"""

from __future__ import annotations

import re

_ONE_WORD = re.compile(r"[а-яё]+(?:-[а-яё]+)?")
_I_AFTER = set("гкхжшчщ")  # "Ольги", not "Ольгы"
_E_AFTER = set("жшчщц")  # "Сашей", "Ильичем", not "Сашой"
_CONSONANTS = set("бвгджзклмнпрстфхцчшщ")
# the oblique endings of each nominative ending ("" is a consonant)
_ENDINGS = {
    "а": ("ы", "е", "у", "ой", "ою"),
    "я": ("и", "е", "ю", "ей", "ею"),
    "ь": ("я", "ю", "ем", "е", "и", "ью", "ём"),
    "й": ("я", "ю", "ем", "е", "и"),
    "": ("а", "у", "ом", "е", "ем"),
}
_OBLIQUE = sorted(
    {e for endings in _ENDINGS.values() for e in endings}, key=len, reverse=True
)
MIN_STEM = 2  # letters left before the ending: "Ян", not "Я"


def is_name_word(key: str) -> bool:
    """A folded one-word Cyrillic name ("лена", "анна-мария")."""
    return bool(_ONE_WORD.fullmatch(key))


def _nominative_ending(key: str) -> str | None:
    last = key[-1:]
    if last in ("а", "я", "ь", "й"):
        return last
    return "" if last in _CONSONANTS else None


def case_forms(nominative: str) -> set[str]:
    """The oblique forms of a folded nominative name; empty for a word that
    does not decline ("Мелани", "Нойбау") or is too short."""
    ending = _nominative_ending(nominative)
    if ending is None or not is_name_word(nominative):
        return set()
    stem = nominative[: len(nominative) - len(ending)]
    if len(stem) < MIN_STEM or (ending == "й" and stem[-1] in _CONSONANTS):
        return set()
    forms = set()
    for oblique in _ENDINGS[ending]:
        if stem[-1] in _I_AFTER and oblique == "ы":
            oblique = "и"
        if stem[-1] in _E_AFTER:
            oblique = {"ой": "ей", "ою": "ею", "ом": "ем"}.get(oblique, oblique)
        elif ending == "" and oblique == "ем":
            continue  # "Марком", not "Маркем"
        forms.add(stem + oblique)
    return forms


def nominatives(key: str) -> set[str]:
    """The nominatives of which the folded `key` is an oblique form."""
    if not is_name_word(key):
        return set()
    found = set()
    for oblique in _OBLIQUE:
        stem = key[: len(key) - len(oblique)]
        if not key.endswith(oblique) or len(stem) < MIN_STEM:
            continue
        for ending in _ENDINGS:
            if key in case_forms(stem + ending):
                found.add(stem + ending)
    return found


def is_case_form(word: str, name: str) -> bool:
    """`word` is `name` in another case (both folded)."""
    return word in case_forms(name)


def looks_nominative(key: str) -> bool:
    """A form a name may have in the nominative ("Лена", "Пеппер", "Игорь")."""
    return _nominative_ending(key) is not None and is_name_word(key)
