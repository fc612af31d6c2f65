"""What a question says it is "about" is the noun, not its adjective.

"What did I write about my late husband?", «Что я писала о покойном муже?»:
the topic a reply must touch (support.py `topic`) was read as the first
word after the preposition, the adjective ("late", «покойн-»), which the
turns on the husband («Мужа моего, Виктора, нет уже четыре года») never
say; the gate then found nothing. An adjective followed by another word
gives way to that word, the noun it describes. Russian adjectives are known
by their case endings (lower case: a capitalised word is a name, «об
Андрее»), English ones by a short list of those a person's life is told
with (an English adjective has no ending to tell it by).
"""

from __future__ import annotations

import re

from .query_text import STOP_WORDS

# The oblique endings of a Russian adjective (after «о», «про», «насчёт»:
# «о покойном», «про новую», «насчёт старой», «о моих старых»).
_RUSSIAN_ADJECTIVE = re.compile(r"[а-яё]{2,}(?:ом|ем|ой|ей|ую|юю|ых|их|ое|ее)")
_ENGLISH_ADJECTIVES = frozenset(
    "late new old first last current previous former best favourite favorite "
    "little big younger older elder dear poor".split()
)


def _adjective(word: str) -> bool:
    """A lower-case adjective (a capitalised word is a name)."""
    if not word.islower():
        return False
    if word in _ENGLISH_ADJECTIVES:
        return True
    return bool(_RUSSIAN_ADJECTIVE.fullmatch(word))


def about_noun(first: str, second: str | None) -> str:
    """The noun a topic names: `second` when `first` (the word after the
    preposition) is a lower-case adjective and `second` is a word of its own
    (no stop word); else `first`."""
    if second and second.lower() not in STOP_WORDS and _adjective(first):
        return second
    return first
