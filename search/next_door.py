"""Where one lives beside the user says they are a neighbour: "Doreen next door".

People name a neighbour by the place rather than the word: "Doreen next door
took in our parcel", "the couple over the road", "Stan from the next plot",
«Вера из соседней квартиры», «сосед по участку», «Нина за стенкой». A
question asks the word ("what's our next door neighbour called?", «как
зовут соседку?»), so a turn placing someone beside the user says
"neighbour" for the relevance gate (search/support.py) as if it said it.
"""

from __future__ import annotations

import re

from ..core.relations import RELATIONS, same_relation
from .morphology import stem
from .query_text import STOP_WORDS

# the user's side of the wall, street, plot or garden: "next door", "next
# plot", "over the road", "across the street"; «соседний», «по соседству»,
# «за стенкой», «через дорогу», «на соседнем участке»
_BESIDE = re.compile(
    r"\bnext[- ]door\b|\bnext (?:plot|allotment|house|flat|garden)\b"
    r"|\b(?:over|across) the (?:road|street|landing|hall)\b"
    r"|(?<!\w)(?:соседн\w+|по соседству|за стенк\w*|за стеной|через дорогу)(?!\w)",
    re.I,
)
# "neighbour" in both languages, as the gate's stems
NEIGHBOUR_STEMS = frozenset(map(stem, same_relation("neighbour")))


def says_beside(text: str) -> bool:
    """The text places someone beside the user's home or plot ("next door")."""
    return _BESIDE.search(text) is not None


# what may stand between a name and where they live: "Stan from the next
# plot", «Вера из соседней квартиры», «Нина с соседнего участка»
_FROM = re.compile(r"(?:(?:from|of|из|с|со)\s+)?(?:the\s+)?", re.I)


def beside_first(text: str) -> bool:
    """`text` opens on where one lives beside the user ("from next door",
    «за стенкой»): said right after a name, whose neighbour they are."""
    opening = _FROM.match(text)
    return _BESIDE.match(text, opening.end() if opening else 0) is not None


def neighbour_stems(text: str, wanted: frozenset[str] | set[str]) -> set[str]:
    """The neighbour's stems when a neighbour is wanted and `text` places
    someone beside the user; else none (one regex, only for such questions)."""
    if not wanted & NEIGHBOUR_STEMS or not says_beside(text):
        return set()
    return set(NEIGHBOUR_STEMS)


# "doreen next door took in our parcel": a diary typed in lower case names the
# neighbour by the word before "next door"; these words are people or homes
# said without a name ("the couple next door", "the house next door")
_UNNAMED = frozenset(
    """couple family lady man woman guy bloke girl boy kids kid children people
    folk lot house flat garden dog cat baby builders students""".split()
)
_NAME_BESIDE = re.compile(r"(?:^|[.!?;,]\s*)(\w+)\s+(?:from\s+)?next[- ]door\b", re.I)


def named_beside(text: str) -> bool:
    """A name opens a clause right before "next door", capitalised or not
    ("Doreen next door", "doreen from next door"): the neighbour's name."""
    for found in _NAME_BESIDE.finditer(text):
        word = found[1].casefold()
        if word.isalpha() and not {word} & (STOP_WORDS | _UNNAMED | RELATIONS):
            return True
    return False
