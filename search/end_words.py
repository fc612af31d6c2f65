"""Whether a turn ends a state, and what its end word ends.

"Cancelled Climbzone", «Всё, завязала», "Sold the Getz", «больше не пью»:
the words that end a thing a user did or had, read for "Am I still …?"
(search/still.py) and the days counted since (search/abstaining.py).
"""

from __future__ import annotations

import re

from .ended import marked_past
from .frame_words import GENERIC_STEMS
from .morphology import stem
from .query_text import STOP_WORDS
from .told_change import same_root

# Words that end a state, anywhere in a turn about the thing: "quit",
# "cancelled", "gave up", "no longer", "the last time", and of a thing
# owned "sold", "got rid of", «продала», «избавился от», «бросил»,
# «завязала», «отказался от», «последний раз», «больше не». A bare
# «отказался» turns an offer down («Артур привёз клубнику. Я отказался»),
# it gives nothing up: only «отказался от» ends a state.
ENDS = re.compile(
    r"\b(?:quit(?:s|ting)?|cancel+(?:ed|ing)?|gave up|giv(?:e|ing) up"
    r"|stopped \w+ing|no longer|not any ?more|no more"
    r"|(?:the |my )?last (?:time|session|class)"
    r"|dropped out|packed (?:it )?in|sold|got rid of|gave (?:\w+ ){0,2}away)\b"
    r"|(?<!\w)(?:продал\w*|избавил\w* от|бросил\w*|бросаю|завязал\w*"
    r"|отказал\w* от|отменил\w*|больше не"
    r"|больше никак\w+|никак(?:ой|ого|их) больше"
    r"|(?:в )?последний раз|ушл[аи] из|ушёл из|уволил\w*"
    # «решила уйти из хора», «ухожу из клуба»: leaving it, not yet gone
    r"|уйти из|уйду из|ухожу из)(?!\w)",
    re.I,
)
# A habit said no more of itself: a negated verb with a word of change,
# "I don't drink anymore", "doesn't eat meat any more", "from today I don't
# smoke", «больше не курю», «уже не пью», «С сегодняшнего дня не пью»,
# «теперь не ем мясо». Any habit is said so ("I don't want it anymore"), so
# it ends the state only when the negated word is the thing's own, or the
# thing is named between it and "anymore": "I don't go to the chess club
# anymore", "she doesn't do judo any more" (the verb a frame, the thing
# after it).
_NEGATED_EN = re.compile(
    r"\b(?:(?:don|doesn|didn|won)['’]t|do not|does not)\s+(\w+)"
    r"(?=([^.!?]*?)\bany ?more\b)"
    r"|\bfrom (?:now|today)(?: on)?,? (?:\w+ )?(?:(?:don|won)['’]t|do not)\s+(\w+)",
    re.I,
)
_NEGATED_RU = re.compile(
    r"(?<!\w)(?:уже|больше|теперь|отныне|с сегодняшнего дня|с этого дня)"
    r"\s+(?:я\s+)?не\s+(\w+)",
    re.I,
)
# A word of telling or asking before the end word, in its sentence: the end
# retold to someone ("Told Lilya I quit smoking", «спрашивала, правда ли я
# бросил курить»), not a new one.
_TELLS = re.compile(
    r"\b(?:told|tell(?:s|ing)?|said|says|asked|asks|explained)\b"
    r"|(?<!\w)(?:рассказал\w*|сказал\w*|говорит|спрашивал\w*|спросил\w*"
    r"|правда ли)(?!\w)",
    re.I,
)
# A word that calls the thing right after it the last one.
_LAST = re.compile(r"(?:last|final|последн\w*)", re.I)
# Two words in a row, the second the one the first may call the last.
_LAST_THING = re.compile(r"([^\W\d_]+)\s+(?=([^\W\d_]+))", re.UNICODE)
# A place named right after the thing: "Last shift at Purvciems", «Последняя
# смена в Каньоне» ends the work at that place, not the thing (the shifts go
# on elsewhere).
_AT_PLACE = re.compile(r"[^\W\d_]+\s+(?:at|in|в|во|на)\s+[A-ZА-ЯЁ]", re.UNICODE)
SENTENCE = re.compile(r"[.!?…]+")
WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", re.UNICODE)


def ends_state(text: str, thing: frozenset[str]) -> bool:
    """The turn ends a state: a word of ending anywhere in it, or one right
    before a word of the thing ("Cancelled Basic-Fit", search/ended.py)."""
    if ENDS.search(text) or negated_at(text, thing) is not None:
        return True
    words = WORD.findall(text)
    if any(
        _LAST.fullmatch(match.group(1)) and stem(match.group(2)) in thing
        for match in _LAST_THING.finditer(text)
        if not _AT_PLACE.match(text, match.end())
    ):
        return True  # "my last cigarette", «последняя сигарета»
    return marked_past(text, [w for w in words if stem(w) in thing])


def negated_at(text: str, thing: frozenset[str]) -> int | None:
    """Where the text says the thing's habit no more ("I don't drink
    anymore", «больше не пью»); None when it does not."""
    for match in _NEGATED_EN.finditer(text):
        verb, before_anymore, from_now = match.groups()
        named = WORD.findall(before_anymore or "")
        if stem(verb or from_now) in thing or any(stem(w) in thing for w in named):
            return match.start()
    for match in _NEGATED_RU.finditer(text):
        if stem(match.group(1)) in thing:
            return match.start()
    return None


def retells_end(text: str, thing: frozenset[str] = frozenset()) -> bool:
    """The turn's end word is told to someone, not done: "Told Zurab I
    quit", «Рассказал Славке, что бросил пить», "Told Zurab I don't drink
    anymore"."""
    ending = ENDS.search(text)
    starts = [ending.start()] if ending else []
    negated = negated_at(text, thing)
    starts += [] if negated is None else [negated]
    if not starts:
        return False
    sentence = SENTENCE.split(text[: min(starts)])[-1]
    return bool(_TELLS.search(sentence))


# Words either side of the end word that name what it ends: «сахар бросил».
ENDED_REACH = 2


def what_it_ends(text: str) -> frozenset[str]:
    """Stems of the words right before and after the text's end word, in
    its sentence: "quit sugar", «сахар бросил»."""
    ending = ENDS.search(text)
    if ending is None:
        return frozenset()
    start = SENTENCE.split(text[: ending.start()])[-1]
    end = SENTENCE.split(text[ending.end() :])[0]
    near = [
        *WORD.findall(start)[-ENDED_REACH:],
        *WORD.findall(end)[:ENDED_REACH],
    ]
    return frozenset(stem(word) for word in near if content_word(word, stem(word)))


def content_word(word: str, key: str) -> bool:
    folded = word.casefold()
    return len(folded) > 3 and folded not in STOP_WORDS and key not in GENERIC_STEMS


def ends_another(text: str, thing: frozenset[str]) -> bool:
    """The turn's end word ends something else, in a sentence that does not
    name the thing: "…said again to quit smoking. I cried in the Getz" ends
    no car. An end the thing's own words mark ("Sold the Getz", «больше не
    пью») is the thing's wherever it stands."""
    ending = ENDS.search(text)
    if ending is None or negated_at(text, thing) is not None:
        return False
    if marked_past(text, [w for w in WORD.findall(text) if stem(w) in thing]):
        return False
    start = SENTENCE.split(text[: ending.start()])[-1]
    end = SENTENCE.split(text[ending.end() :])[0]
    if any(stem(word) in thing for word in WORD.findall(start + " " + end)):
        return False
    ended = what_it_ends(text)
    return bool(ended) and not any(same_root(key, thing) for key in ended)
