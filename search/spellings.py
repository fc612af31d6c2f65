"""A name in the other script: "Sam" and "Сэм", "Лена" and "Lena" are one person.

A bilingual user writes a friend's name in Latin letters in English turns and
in Cyrillic in Russian ones, and the offline extractor files two entities. A
question about either ("Tell me about Sam", "Кто такой Сэм?") asks about both,
so the search looks up the name's plausible spellings in the other script:
a handful of exact keys (an index lookup each, no scan), not a fuzzy match —
"Лина" is not "Lena".
"""

from __future__ import annotations

from itertools import product

from .morphology import is_russian

MAX_SPELLINGS = 48  # keys looked up per name
MAX_LETTERS = 14  # longer words are not first names

# Latin letter groups → Cyrillic spellings, longest groups first.
_TO_CYRILLIC = {
    "sch": ["ш"],
    "sh": ["ш"],
    "ch": ["ч", "х"],
    "zh": ["ж"],
    "kh": ["х"],
    "ts": ["ц"],
    "ya": ["я"],
    "yu": ["ю"],
    "ye": ["е"],
    "ph": ["ф"],
    "th": ["т"],
    "ck": ["к"],
    "ie": ["и", "ие"],
    "ee": ["и"],
    "oo": ["у"],
    "ai": ["ай", "эй"],
    "ay": ["эй", "ей"],
    "ey": ["ей", "и"],
    "a": ["а", "э", "е"],
    "b": ["б"],
    "c": ["к", "с"],
    "d": ["д"],
    "e": ["е", "э"],
    "f": ["ф"],
    "g": ["г", "дж"],
    "h": ["х", "г"],
    "i": ["и", "ай"],
    "j": ["дж", "й"],
    "k": ["к"],
    "l": ["л"],
    "m": ["м"],
    "n": ["н"],
    "o": ["о"],
    "p": ["п"],
    "q": ["к"],
    "r": ["р"],
    "s": ["с"],
    "t": ["т"],
    "u": ["у", "а"],
    "v": ["в"],
    "w": ["в", "у"],
    "x": ["кс"],
    "y": ["и", "й"],
    "z": ["з"],
}
_TO_LATIN = {
    "дж": ["j"],
    "а": ["a"],
    "б": ["b"],
    "в": ["v"],
    "г": ["g"],
    "д": ["d"],
    "е": ["e", "ye"],
    "ё": ["yo", "e"],
    "ж": ["zh"],
    "з": ["z"],
    "и": ["i", "y"],
    "й": ["y", "i"],
    "к": ["k", "c"],
    "л": ["l"],
    "м": ["m"],
    "н": ["n"],
    "о": ["o"],
    "п": ["p"],
    "р": ["r"],
    "с": ["s"],
    "т": ["t"],
    "у": ["u"],
    "ф": ["f"],
    "х": ["kh", "h"],
    "ц": ["ts"],
    "ч": ["ch"],
    "ш": ["sh"],
    "щ": ["shch"],
    "ъ": [""],
    "ы": ["y"],
    "ь": [""],
    "э": ["e", "a"],
    "ю": ["yu"],
    "я": ["ya", "ia", "a"],
}
_VOWELS = set("aeiouy")


def other_script_spellings(name: str) -> list[str]:
    """Plausible spellings of the one-word name `name` in the other script
    (Latin ↔ Cyrillic), lower case; [] for anything else."""
    word = name.strip().lower()
    if " " in word or not word.isalpha() or not 2 <= len(word) <= MAX_LETTERS:
        return []
    if is_russian(word):
        return _spell(word, _TO_LATIN, latin=True)
    if word.isascii():
        return _spell(word, _TO_CYRILLIC, latin=False)
    return []


def _spell(word: str, table: dict[str, list[str]], *, latin: bool) -> list[str]:
    longest = max(len(k) for k in table)
    parts: list[list[str]] = []
    at = 0
    while at < len(word):
        for size in range(min(longest, len(word) - at), 0, -1):
            group = word[at : at + size]
            if group in table:
                break
        else:
            return []  # a letter of neither script
        options = table[group]
        # a doubled consonant ("pp", "пп") is often written once
        if at + size < len(word) and word[at + size] == word[at] and size == 1:
            options = [o + o for o in options] + options
            size = 2
        parts.append(options)
        at += size
    spellings = ["".join(p) for p in _bounded_product(parts)]
    if latin:  # "Мелани" → "Melanie", "Майк" → "Mike"
        spellings += [s + "e" for s in spellings if s[-1:] not in _VOWELS]
        spellings += [s + "e" for s in spellings if s.endswith("i")]
    elif len(word) > 3 and word.endswith("e") and word[-2] not in _VOWELS:
        spellings += [s[:-1] for s in spellings]  # "Mike" → "Майк"
    return list(dict.fromkeys(s for s in spellings if s))[:MAX_SPELLINGS]


def _bounded_product(parts: list[list[str]]) -> list[tuple[str, ...]]:
    """The product of the options, the first options first, at most
    MAX_SPELLINGS: later letters' rarer spellings are dropped first."""
    while _count(parts) > MAX_SPELLINGS:
        widest = max(range(len(parts)), key=lambda i: (len(parts[i]), i))
        parts[widest] = parts[widest][:-1]
    return list(product(*parts))


def _count(parts: list[list[str]]) -> int:
    total = 1
    for options in parts:
        total *= len(options)
    return total
