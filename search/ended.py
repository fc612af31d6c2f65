"""A thing the turn itself marks as gone: "my old team at Zalando".

Which of a category's things holds now (search/category_things.py) is read
from when each was last mentioned, and a later mention is usually a later
state. Not when the turn says the thing is over: "Write a thank-you note to
my old team at Zalando", "старые фотографии из Friedrichshain", "Cancelled
PureGym and joined the Depot", "Вместо Лиссабона поедем в Эдинбург", "Sold
the Ford Focus", "Всё, ухожу из Millennium", "Switched from Vodafone to
Digi", "больше не хожу в Fitness Hut". Such a mention tells that the
thing belongs to the past, so it never makes it the current one. Read
from the words just before the name, within its clause (a marker before
"and" or a comma ends the thing before, not the one after: "Cancelled
PureGym and joined the Depot"). A word of
leaving or moving ends the thing it leaves, not the one it goes to: "left
Millennium", «перешла из Millennium», not "left for Berlin", «перешла в
ActivoBank», «ушла в Casa Prana».
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.text_caches import text_cache
from .cross_script import loose_key, same_key

LOOK_BACK = 4  # words before the name a marker may stand ("old team at X")
# Stems of the words that end a thing or call it a former one («старый»,
# not «старший»: the senior of a shift is no former shift).
_MARKERS = re.compile(
    r"(?:old|former|previous|ex|dead|broken|cancel\w*|sold|sell\w*|quit\w*"
    r"|replac\w*|instead|notice|goodbye|end|ended|ending|terminat\w*"
    r"|стар(?!ш)\w*|бывш\w*|прежн\w*|расторг\w*"
    r"|отмен\w*|прода\w*|уволил\w*|вместо|брос\w*)",
    re.I,
)
# Stems of the words of leaving or moving: they end the thing left ("left
# Millennium", «ухожу из Millennium»), not one a destination word comes
# before ("left for Berlin", «перешла в ActivoBank»).
_LEAVING = re.compile(
    r"(?:left|leav\w*|switch\w*|moved|ушл\w*|ушё\w*|ухож\w*|уход\w*"
    r"|перешл\w*|перешё\w*|перехож\w*|переех\w*|съех\w*)",
    re.I,
)
_DESTINATION = frozenset("to for into onto в во на к ко".split())
# The thing itself going away, said right after its name: "Frau Schubert is
# moving to Dresden, her course ended", «Frau Schubert переезжает в
# Дрезден», "Dr. Weber retired": the one who held it goes, and a later
# holder is the current one.
_GOES = re.compile(
    r"(?:left|leaves|leaving|retir\w*|quits|закрыл\w*"
    r"|уезжа\w*|уех\w*|уход\w*|уш[её]л|ушл\w*)",
    re.I,
)
# Moving goes away only to a place named ("moving to Dresden", «переезжает в
# Дрезден»): "Alya is moving in with me", «Аля переезжает ко мне», "Lumo is
# moving to a bigger office" end nothing.
_MOVES = re.compile(r"(?:moves|moving|moved|переезжа\w*|переех\w*)", re.I)
_AUXILIARY = frozenset("is has was had".split())
# Two words that say the user does no more what follows: "no longer go to
# X", «больше не хожу в X», «уже не пользуюсь X».
_NO_MORE = frozenset({("no", "longer"), ("больше", "не"), ("уже", "не")})
# Words and signs that end a clause: a marker before them is about another thing.
_BOUNDARY_WORDS = frozenset("and but then so и а но потом".split())
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|[,;:.!?()—–-]")


@text_cache(4096)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text))


def marked_past(text: str, names: Iterable[str]) -> bool:
    """True when `text` names one of `names` (a thing's name and aliases,
    matched by the first word's loose key, any case ending) right after a
    word that calls it over or former, or (by its last word) right before a
    verb of its going away."""
    tokens = _tokens(text)
    firsts = {loose_key(name.split()[0]) for name in names if name.split()}
    firsts.discard("")
    if firsts and any(
        _names_one(loose_key(token), firsts) and _marker_before(tokens, at)
        for at, token in enumerate(tokens)
    ):
        return True
    # the name's last word before the verb ("Frau Schubert переезжает")
    lasts = {loose_key(name.split()[-1]) for name in names if name.split()} - {""}
    return any(
        _names_one(loose_key(token), lasts) and _goes_after(tokens, at)
        for at, token in enumerate(tokens)
    )


def _names_one(key: str, firsts: set[str]) -> bool:
    return bool(key) and any(same_key(key, first) for first in firsts)


def _marker_before(tokens: tuple[str, ...], at: int) -> bool:
    """A marker within LOOK_BACK words before `at`, in its clause, with no
    other name between: "Вместо Лиссабона поедем в Эдинбург" ends Lisbon."""
    toward = False  # a destination word stands between: "left for Berlin"
    for back in range(at - 1, max(-1, at - 1 - LOOK_BACK), -1):
        token = tokens[back]
        folded = token.casefold()
        if not token.isalpha() or folded in _BOUNDARY_WORDS:
            return False
        if _MARKERS.fullmatch(token) and not _end_of(tokens, back):
            return True
        if _no_more(tokens, back):
            return True
        if _LEAVING.fullmatch(token):
            return not toward
        if token[0].isupper():
            return False  # another name: the marker, if any, is about it
        toward = toward or folded in _DESTINATION
    return False


def _goes_after(tokens: tuple[str, ...], at: int) -> bool:
    """The name ending at `at` is followed by a verb of going away, an
    auxiliary allowed before it."""
    after = at + 1
    if after < len(tokens) and tokens[after].casefold() in _AUXILIARY:
        after += 1
    if after >= len(tokens):
        return False
    if _GOES.fullmatch(tokens[after]):
        return True
    place = tokens[after + 2 : after + 3]
    return (
        bool(_MOVES.fullmatch(tokens[after]))
        and tokens[after + 1 : after + 2] in (("to",), ("в",), ("во",))
        and bool(place)
        and place[0][:1].isupper()
    )


def _no_more(tokens: tuple[str, ...], at: int) -> bool:
    """The token at `at` closes a "no longer" pair («больше не»)."""
    pair = (tokens[at - 1].casefold(), tokens[at].casefold()) if at else ("", "")
    return pair in _NO_MORE


def _end_of(tokens: tuple[str, ...], at: int) -> bool:
    """The token at `at` is the noun "end" of "the end of August", which ends
    no thing ("ended the Brightnet contract" does)."""
    following = tokens[at + 1].casefold() if at + 1 < len(tokens) else ""
    return tokens[at].casefold() == "end" and following == "of"
