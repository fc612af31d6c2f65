"""Given names that are also ordinary words: "will", "mark", «вера» (faith),
«света» ("of light"). Written in lower case, such a word is the word, not
the name: the write path links a lower-case word to a person only when it is
none of these (writepath/lower_names.py), and a person question typed in
lower case reads its last word as a name only then
(search/asked_person_lower.py).
"""

from __future__ import annotations

from .morphology import is_russian, russian_stem

# English, then Russian (matched by stem: «веру», «свету»).
_WORD_NAMES_EN = frozenset(
    """will may mark bill frank rose grace hope joy faith pat sue art ray lily
    ivy dawn summer june april august chase drew max nick sandy jack penny rob
    bob don dean gene guy miles hunter holly ruby amber iris daisy violet jade
    pearl crystal angel sky river rusty sunny rich jean jay robin carol eve
    harmony heather bud buddy cliff dale glen lance norm peg reed rocky storm
    wade warren woody win gay roman herb brook brandy candy cherry ginger honey
    misty olive pepper poppy star destiny dusty sage autumn melody charity
    patience page mason cook baker porter archer fisher smith marina bella
    rocky sandy""".split()
)
_WORD_NAMES_RU = frozenset(
    """вера надежда любовь слава мила роман лев роза лилия резеда булат алмаз
    лада ника эля аля динара рада люба света тома тема рома катя лева мира
    дина зоря заря""".split()
)
_WORD_STEMS_RU = frozenset(russian_stem(word) for word in _WORD_NAMES_RU)


def is_word_name(word: str) -> bool:
    """`word` (lower case) is a given name that is also an ordinary word."""
    if word in _WORD_NAMES_EN:
        return True
    return is_russian(word) and (
        word in _WORD_NAMES_RU or russian_stem(word) in _WORD_STEMS_RU
    )
