"""The case forms of a Russian one-word name: "Лена", "Лены", "Лене", "Лену",
"Леной" are one name said five ways; a name with a patronymic or a surname
("Галина Петровна", "Галине Петровне") declines word by word.

A name is declined by how its nominative ends (-а, -я, -ь, -й or a
consonant), so its forms can be listed exactly, where the search's suffix
stripper (morphology.russian_stem) only cuts endings off: "Вита" and "Витя"
share its stem "вит" but are two names, and "Вите" may be a form of either.
The linker joins the forms it files (writepath/inflections.py); the context
block does not list them as aliases (context_block.entity_line).
"""

from __future__ import annotations

import re

from ..core.pet_stems import pet_stems_of

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
# Words of a name declined together: a given name with a patronymic or a
# surname; a longer name is rarely said in another case, and its forms
# multiply.
MAX_NAME_WORDS = 2


def is_name_word(key: str) -> bool:
    """A folded one-word Cyrillic name ("лена", "анна-мария")."""
    return bool(_ONE_WORD.fullmatch(key))


def is_name_key(key: str) -> bool:
    """A folded Cyrillic name of one or MAX_NAME_WORDS words ("лена",
    "галина петровна")."""
    words = key.split()
    return 0 < len(words) <= MAX_NAME_WORDS and all(map(is_name_word, words))


def name_forms(nominative: str) -> set[str]:
    """The other case forms of a folded name of one or more words, each word
    in its own case forms ("галине петровне", "ивану петрову")."""
    words = nominative.split()
    if len(words) == 1:
        return case_forms(nominative)
    if not is_name_key(nominative):
        return set()
    forms = {""}
    for word in words:
        forms = {f"{f} {w}".strip() for f in forms for w in (word, *case_forms(word))}
    return forms - {nominative}


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
    fleeting = _without_fleeting_vowel(nominative)
    return forms | {fleeting + o for o in _FLEETING_ENDINGS} if fleeting else forms


# A name in -ок/-ёк/-ек loses that vowel in the other cases: «Пирожок» is
# «Пирожка», «Дружок» «Дружку», «Уголёк» «Угольком» (a soft consonant keeps
# its softness as «ь»). Pet names and boys' diminutives end so («Снежок»,
# «Игорёк», «Санёк»); the forms that keep the vowel stay too ("Востока").
_FLEETING = ("ок", "ёк", "ек")
_FLEETING_ENDINGS = ("а", "у", "ом", "е")
_HARD_BEFORE_K = set("жшчщц")  # «Петушок», «Петушка»: no «ь» after these


def _without_fleeting_vowel(nominative: str) -> str:
    """The stem of the other cases of a name in -ок/-ёк/-ек («пирожок»:
    «пирожк», «уголёк»: «угольк»), or "" for another name."""
    if not nominative.endswith(_FLEETING):
        return ""
    base = nominative[:-2]
    if len(base) < MIN_STEM or base[-1] not in _CONSONANTS:
        return ""
    soft = nominative[-2] != "о" and base[-1] not in _HARD_BEFORE_K
    return base + ("ь" if soft else "") + "к"


def _with_fleeting_vowel(stem: str) -> set[str]:
    """The nominatives in -ок/-ёк/-ек whose oblique stem `stem` may be
    («пирожк»: «пирожок»; «угольк»: «уголёк», «уголек»)."""
    if not stem.endswith("к") or len(stem) < MIN_STEM + 2:
        return set()
    base = stem[:-2] if stem.endswith("ьк") else stem[:-1]
    found = {base + vowel + "к" for vowel in "оёе"}
    return {n for n in found if _without_fleeting_vowel(n) == stem}


def nominatives(key: str) -> set[str]:
    """The nominatives of which the folded `key` is an oblique form."""
    if not is_name_word(key):
        return set()
    found = set()
    for oblique in _OBLIQUE:
        stem = key[: len(key) - len(oblique)]
        if not key.endswith(oblique) or len(stem) < MIN_STEM:
            continue
        candidates = {stem + ending for ending in _ENDINGS}
        candidates |= _with_fleeting_vowel(stem)
        found |= {n for n in candidates if key in case_forms(n)}
    return found


# The endings of a possessive made of a name in -а/-я ("Лёвин диван", «на
# Лёвином диване», «у Костиной мамы»), but those a noun or a given name ends
# in too ("Машина" the car, "Марина", "Машины", "Полину").
_POSSESSIVE = ("ин", "иной", "ином", "иного", "иному", "иным", "иных", "иными")


def possessive_forms(nominative: str) -> set[str]:
    """The possessive adjectives of a folded one-word name in -а/-я ("лёва":
    "лёвин", "лёвином", ...); empty for any other name."""
    if nominative[-1:] not in ("а", "я") or not is_name_word(nominative):
        return set()
    stem = nominative[:-1]
    if len(stem) < MIN_STEM or stem[-1] not in _CONSONANTS:
        return set()
    return {stem + ending for ending in _POSSESSIVE}


# The possessive's endings left out above, which a noun or another name ends in
# too («Марину», «машину»): read only of a name already asked, said with its
# capital («забрала Тёмину куртку», «на Лёвину кровать»).
_POSSESSIVE_SHARED = ("ина", "ину", "ины", "ине")


def says_possessive_of(word: str, nominative: str) -> bool:
    """The text's `word`, as written, is a possessive adjective of the folded
    name `nominative` in -а/-я («Тёмину», «Лёвином» of «тёма», «лёва»)."""
    forms = possessive_forms(nominative)
    if not forms or not word[:1].isupper():
        return False
    key = word.casefold()
    stem = nominative[:-1]
    return key in forms or key in {stem + ending for ending in _POSSESSIVE_SHARED}


def possessive_nominatives(key: str, *, shared: bool = False) -> set[str]:
    """The names in -а/-я whose possessive the folded `key` may be; with
    `shared`, by the endings a noun ends in too («Борину жену» of «Боря»),
    for a word a question writes as a name."""
    if not is_name_word(key):
        return set()
    endings = _POSSESSIVE + _POSSESSIVE_SHARED if shared else _POSSESSIVE
    return {
        key[: len(key) - len(ending)] + last
        for ending in endings
        if key.endswith(ending)
        for last in ("а", "я")
        if possessive_forms(key[: len(key) - len(ending)] + last)
    }


def is_case_form(word: str, name: str) -> bool:
    """`word` is `name` in another case (both folded)."""
    return word in case_forms(name)


def looks_nominative(key: str) -> bool:
    """A form a name may have in the nominative ("Лена", "Пеппер", "Игорь",
    "Галина Петровна": each word)."""
    words = key.split()
    return bool(words) and all(
        _nominative_ending(w) is not None and is_name_word(w) for w in words
    )


def a_mans_genitive(key: str, given_names: frozenset[str]) -> bool:
    """The folded one-word `key` is a man's name in the genitive though it
    ends like a woman's nominative: «Матея», «Андрея» of a name in -ей (a
    woman's name in -ея is rare), «Ивана», «Олега» of a given name that the
    form itself is not (`given_names`: «Александра», «Яна» are names)."""
    if key in given_names or not is_name_word(key):
        return False
    found = nominatives(key)
    if key.endswith("ея") and key[:-1] + "й" in found:
        return True
    return key.endswith("а") and key[:-1] in found and key[:-1] in given_names


# Russian diminutive suffixes, their endings cut off by the stemmer: «Вер-очк-а»,
# «Таню-ш-а», «Свет-ул-я», «Сашень-к-а», «Марин-к-а», «Катю-х-а», «Арман-чик»,
# and the familiar «-ыч» a sibling or a mate is called by («Тём-ыч», «Дим-ыч»).
# Longest first.
_DIMINUTIVE = (
    "унчик",
    "чик",  # «Арманчик», «Тимурчик»
    "еньк",
    "оньк",
    "очк",
    "ечк",
    "юш",
    "уш",
    "юх",  # «Катюха», «Андрюха»
    "ух",
    "ул",
    "юл",
    "ус",
    "юс",
    "ыч",  # «Тёмыч» of Тёма, «Тимыч» of Тима: never a patronymic's «-ич»
)
_DIMINUTIVE_K = "к"  # «Маринка»: only after a longer base (not «Полька»)


def diminutive_bases(stem: str) -> set[str]:
    """The stems a diminutive's `stem` («верочк», «сашеньк») may be made of
    («вер», «саш»): a person asked by a pet form the user never wrote."""
    found = {
        stem[: -len(suffix)]
        for suffix in _DIMINUTIVE
        if stem.endswith(suffix) and len(stem) - len(suffix) >= MIN_STEM + 1
    }
    if not found and stem.endswith(_DIMINUTIVE_K) and len(stem) >= 6:
        found.add(stem[:-1])
    return found


def short_pet_base(stem: str) -> str:
    """The name stem a pet form in «-ка» too short for diminutive_bases is made
    of («ленк» of «Ленка»: «лен», «юльк» of «Юлька»: «юл»), or "". A word
    so short is as often an ordinary noun («сумка», «полька»), so the base
    names only a known person whose first name it is (short_pet_of)."""
    if not stem.endswith(_DIMINUTIVE_K) or diminutive_bases(stem):
        return ""
    base, least = (stem[:-2], MIN_STEM) if stem.endswith("ьк") else (stem[:-1], 3)
    return base if len(base) >= least else ""


def short_pet_of(base: str, first_name: str) -> bool:
    """`base` (short_pet_base) is the folded first name `first_name` less
    its last vowel or soft sign, or the name itself: «лен» of «лена»
    (core/pet_stems.py)."""
    return bool(base) and base in pet_stems_of(first_name)
