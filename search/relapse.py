"""A change undone: the user quit a habit, then went back to it.

"Am I still off the cigarettes?", «Я всё ещё не пью?» ask whether a quit
still holds. Its end is no word of ending ("quit", «бросил»: those start
it) but a return: «Сорвался», "yeah I'm smoking again", «Опять курю»,
"back on the cigarettes", "started drinking again". Such a turn is the
newest end of the abstaining state (search/still.py), and the days counted
since the quit ("Week two without cigarettes") are over with it.
"""

from __future__ import annotations

import re

from .end_words import SENTENCE, WORD
from .morphology import stem

# The question asks whether the user still keeps away from a thing: "still
# off", "still not", "still without", "still quit", "still sober", «ещё не»,
# «до сих пор без», «всё ещё не курю» (not "… or not?", which asks either way).
_ABSTAINING = re.compile(
    r"\b(?:off|without|(?<!or )not|no longer|free of|sober|clean|quit|given up)\b"
    r"|(?<!\w)(?:не|без|бросил\w*|завязал\w*)(?!\w)",
    re.I,
)
# A return that says itself, anywhere in a turn about the thing: «сорвался»,
# "relapsed", "fell off the wagon", "back on the", "caved".
_FELL_BACK = re.compile(
    r"\b(?:relaps\w*|fell off the wagon|back on (?:the )?\w+|caved)\b"
    r"|(?<!\w)(?:сорвал(?:ся|ась|ись)|вернул\w* к)(?!\w)",
    re.I,
)
# A word of doing it once more, read only in a sentence that names the
# thing: "smoking again", «опять курю», «снова курю» ("I can smell things
# again" after "no smoking" is no return). "Never again" and «больше
# никогда» swear it off.
_AGAIN = re.compile(r"\bagain\b|(?<!\w)(?:опять|снова)(?!\w)", re.I)
_NEVER = re.compile(r"\bnever\b|(?<!\w)(?:никогда|не)(?!\w)", re.I)


def asks_abstaining(question: str) -> bool:
    """The still-question asks whether a thing is still kept away from."""
    return bool(_ABSTAINING.search(question))


def goes_back(text: str, thing: frozenset[str]) -> bool:
    """The turn tells a return to the thing ("yeah I'm smoking again",
    «Сорвался»)."""
    if _FELL_BACK.search(text):
        return True
    return any(
        _AGAIN.search(sentence)
        and not _NEVER.search(sentence)
        and any(stem(word) in thing for word in WORD.findall(sentence))
        for sentence in SENTENCE.split(text)
    )
