"""Turns that tell a change of state, or the state as it is now.

"We're moving from Berlin to Vienna", "I've switched from tea to coffee",
"handed in my notice, joining X", "переехали", "бросил", "отменили": a turn
that tells a change answers both "now" (it names the new state) and "before"
(it names the old one). "I live in Vienna now", "Мы теперь живём в Вене" tell
the present only. Read from the raw words, without a model: the verbs and
markers of change in English and Russian, never the things that change.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from ..core.records import SearchHit
from .cross_script import loose_key
from .morphology import stem
from .query_text import STOP_WORDS
from .support import GENERIC_STEMS

_CHANGE = re.compile(
    r"\b(?:mov(?:ed|ing) (?:from|to|into|out|away|back|house|abroad)"
    r"|relocat\w+|switch(?:ed|ing) (?:from|to|over)|chang(?:ed|ing) (?:from|to)"
    r"|(?:start(?:s|ed|ing)?|began) (?:at|as|with|a new|my new|working|to)"
    r"|(?:last|final) (?:day|week|night|month) (?:at|in|of)"
    r"|join(?:ed|ing)|hand(?:ed|ing) in (?:my|our) notice|quit|resign\w*"
    r"|gave up|giv(?:e|ing) up|stopp?(?:ed|ing)|cancel+(?:ed|ing)|called off"
    r"|no longer|not any ?more|first (?:day|week|night|month) (?:at|in|of)"
    r"|(?:new|old) (?:job|flat|apartment|home|house|place|city|company|employer)"
    r"|instead of|from \w+ to"
    # a plan or an appointment that moved: "moved Pepper's appointment to
    # Monday", "the dentist got rescheduled", "pushed the meeting back"
    r"|reschedul\w*|postpon\w*|push(?:ed|ing) (?:[\w']+ ){0,2}(?:back|forward)"
    r"|(?:mov|shift)(?:ed|ing) (?:[\w']+ ){1,2}(?:to|from))\b"
    r"|(?<!\w)(?:пере(?:ех|езж|шл|шё|ше|брал|вел|стал|нес|нёс|нос)\w*|отлож\w*|бросил\w*|забросил\w*"
    r"|завязал\w*|уволил\w*|устроил\w*|отмен\w*|передумал\w*|больше не"
    r"|вместо|(?:перв|последн)\w+ (?:день|недел\w*|ночь)"
    r"|нов(?:ая|ой|ую|ом|ое|ые|ых|ую) (?:работ|квартир|компани|город|дом|офис)\w*"
    r"|из \w+ в)(?!\w)",
    re.I,
)
_PRESENT = re.compile(
    r"\b(?:now|nowadays|these days|currently|at the moment|any ?more)\b"
    r"|(?<!\w)(?:теперь|сейчас|нынче|уже (?:\w+ )?(?:месяц|недел|год|лет)\w*)(?!\w)",
    re.I,
)
# A literal every match of _CHANGE (_PRESENT) holds, as the pattern's
# IGNORECASE compares it: a turn holding none cannot match, so the patterns
# (~35 / ~15 µs a chat turn, Python's re with IGNORECASE) run only on the
# turns that hold one (the check ~4 µs; a now question reads ~80 turns).
_CHANGE_KEYS = (
    "mov", "relocat", "switch", "chang", "start", "began", "last", "final",
    "join", "hand", "quit", "resign", "gave up", "giv", "stop", "cancel",
    "called off", "no longer", "not any", "first ", "new ", "old ",
    "instead of", "from ", "reschedul", "postpon", "push", "shift",
    "пере", "отлож", "бросил", "завязал", "уволил", "устроил", "отмен",
    "больше не", "вместо", "перв", "последн", "нов", "из ",
)  # fmt: skip
_PRESENT_KEYS = (
    "now", "these days", "currently", "at the moment", "any",
    "теперь", "сейчас", "нынче", "уже ",
)  # fmt: skip
# The letters IGNORECASE matches that str.lower() does not map to them
# (found by trying every code point against a-z and а-я).
_IGNORECASE_MORE = str.maketrans("İıſᲀᲁᲂᲃᲄᲅᲆ", "iisвдосттъ")


def _holds_any(text: str, keys: tuple[str, ...]) -> bool:
    if not text.isascii():  # (ASCII holds none of those letters)
        text = text.translate(_IGNORECASE_MORE)
    folded = text.lower()
    for key in keys:  # noqa: SIM110  (a loop: half the time of any())
        if key in folded:
            return True
    return False


# A change told weighs this much more for a question about now or before; a
# present-only statement as much for now (and less for before).
CHANGE_BOOST = 0.6
PRESENT_BOOST = 0.4


@functools.lru_cache(maxsize=8192)  # every rule of a now question asks
def tells_change(text: str) -> bool:
    """The turn tells that something changed."""
    return _holds_any(text, _CHANGE_KEYS) and bool(_CHANGE.search(text))


@functools.lru_cache(maxsize=8192)  # every rule of a now question asks
def tells_present(text: str) -> bool:
    """The turn marks its state as the present one ("now", "теперь")."""
    return _holds_any(text, _PRESENT_KEYS) and bool(_PRESENT.search(text))


def read_turn(text: str) -> None:
    """Work out (into the caches) what the rules of a question about now or
    before ask of a turn: whether it tells a change or the present, and if
    so its content words (~50 µs a turn, asked of the turns that tell: the
    current value is counted from those; search/call.py does it ahead)."""
    if tells_change(text) or tells_present(text):
        _word_keys(text)


def state_factor(
    text: str, asked: Literal["now", "past"], newness: float = 1.0
) -> float:
    """Weight of a turn about the asked thing, for a question about now or
    before: a change told answers both (half the boost for before was tried:
    the older turns did not rise), for now by its `newness` among the changes
    told (an older change, "started my new job at X", is itself the past);
    the present marked answers only "now"."""
    if tells_change(text):
        return 1.0 + CHANGE_BOOST * (newness if asked == "now" else 1.0)
    if tells_present(text):
        return 1.0 + PRESENT_BOOST if asked == "now" else 1.0 / (1.0 + PRESENT_BOOST)
    return 1.0


def told_weights(
    hits: list[SearchHit], about: set[int], asked: Literal["now", "past"]
) -> dict[int, float]:
    """`state_factor` of each hit in `about` (ids), a change's newness
    relative to the oldest and newest of them (relative to the changes told
    alone, the only change found, "started my new job at X" long ago, stayed
    on top while the later one was not among the candidates)."""
    times = [h.node.when for h in hits if h.node.id in about]
    oldest = min(times, default=0.0)
    span = max(times, default=0.0) - oldest
    return {
        h.node.id: state_factor(
            h.node.content, asked, (h.node.when - oldest) / span if span else 1.0
        )
        for h in hits
        if h.node.id in about
    }


# A turn that names what the best change told about (its entities, by stem:
# "Берлина" and "Берлине" are one city) weighs this much more on the asked
# side of the change, and as much less on the other: before "handed in my
# notice at X, joining Y", X's turns are the old state; after it, the new.
# Not the people it names: in "switched to coffee, Lena's espresso machine
# won me over" Lena did not change, and every later turn about her rose.
SIDE_BOOST = 0.5


def _names(hit: SearchHit) -> set[str]:
    return {stem(entity.name) for entity in hit.entities}


def _things(hit: SearchHit, words: set[str]) -> set[str]:
    """The stems of the hit's entities that are no person, and those of its
    words (`_word_keys`) among `words`."""
    named = {stem(e.name) for e in hit.entities if e.type != "person"}
    return named | (_word_keys(hit.node.content) & words) if words else named


def side_of_change(
    hits: list[SearchHit], about: set[int], asked: Literal["now", "past"]
) -> list[SearchHit]:
    """The hits re-weighed by their side of the best change told among the
    `about` ids (see SIDE_BOOST); the order is left to the caller's sort."""
    change = next(
        (h for h in hits if h.node.id in about and tells_change(h.node.content)),
        None,
    )
    if change is None:
        return hits
    # a word counts once the statements agree on it (the current value:
    # "coffee"), not any word of the change ("started my new job at X")
    words = current_value(hits, about)
    named, at = _things(change, words), change.node.when
    if not named:
        return hits

    def weight(hit: SearchHit) -> float:
        if (
            hit is change
            or hit.node.when == at
            or named.isdisjoint(_things(hit, words))
        ):
            return 1.0
        wanted_side = (hit.node.when > at) == (asked == "now")
        return 1.0 + SIDE_BOOST if wanted_side else 1.0 / (1.0 + SIDE_BOOST)

    return [SearchHit(h.node, h.score * weight(h), h.entities) for h in hits]


# What the asked thing is now: an entity (by its name's stem, so "Вене" and
# "Вену" are one) or a word ("coffee", "кофе": `_word_keys`) named by at
# least VALUE_MENTIONS of the turns that tell a change or mark the present
# ("moving to Vienna", "I live in Vienna now"). One statement is not enough:
# "moving from Berlin to Vienna, Lena got the offer" names Berlin and Lena
# once. A turn about the asked thing that names the value on or after the
# first change told is evidence of the present ("Home in Vienna: the tram
# stops outside"), above the old state and above turns that share only the
# question's words ("my boss lives in Baden").
VALUE_MENTIONS = 2
VALUE_BOOST = 1.0


_WORD = re.compile(r"\w+", re.UNICODE)
# A value that is no name ("coffee", "кофе") is a word of the statements: by
# its loose key (search/cross_script.py), so the two scripts' words are one
# ("coffee" and "кофе" are "kof"); marked apart from the entities' stems.
WORD_MARK = "~"


@functools.lru_cache(maxsize=4096)
def _word_keys(text: str) -> frozenset[str]:
    """The loose keys of the text's content words (not the words that ask:
    "live", "живём", "now"), marked with WORD_MARK (cached: one search asks
    of each hit several times)."""
    return frozenset(
        {
            WORD_MARK + key
            for word in _WORD.findall(text)
            if word.casefold() not in STOP_WORDS and stem(word) not in GENERIC_STEMS
            if len(key := loose_key(word)) >= 3
        }
    )


def _value_keys(hit: SearchHit) -> set[str]:
    """The entities' stems and the text's content words (`_word_keys`)."""
    return _names(hit) | _word_keys(hit.node.content)


def names_any(hit: SearchHit, value: set[str]) -> bool:
    """The hit names one of the `value` stems or words (see current_value)."""
    return not value.isdisjoint(_value_keys(hit))


def current_value(hits: list[SearchHit], about: set[int]) -> set[str]:
    """Stems of the entities that statements of change or of the present, among
    the `about` ids, name at least VALUE_MENTIONS times."""
    counts: dict[str, int] = {}
    for hit in hits:
        if hit.node.id in about and (
            tells_change(hit.node.content) or tells_present(hit.node.content)
        ):
            for name in _value_keys(hit):
                counts[name] = counts.get(name, 0) + 1
    return {name for name, count in counts.items() if count >= VALUE_MENTIONS}


def naming_current_value(
    hits: list[SearchHit], about: set[int], own: set[int]
) -> list[SearchHit]:
    """The hits re-weighed for a question about now: those that name the
    current value (see VALUE_BOOST), not before the first change told, gain
    VALUE_BOOST if they are `about` the asked thing or are the user's `own`
    statement of a change or of the present ("First day at Kestrel Labs!"
    shares no word with "Where do I work now?"); the order is left to the
    caller's sort."""
    value = current_value(hits, about)
    changes = [
        h.node.when for h in hits if h.node.id in about and tells_change(h.node.content)
    ]
    if not value or not changes:
        return hits
    since = min(changes)

    def weight(hit: SearchHit) -> float:
        told = tells_change(hit.node.content) or tells_present(hit.node.content)
        current = (
            (hit.node.id in about or (hit.node.id in own and told))
            and hit.node.when >= since
            and names_any(hit, value)
        )
        return 1.0 + VALUE_BOOST if current else 1.0

    return [SearchHit(h.node, h.score * weight(h), h.entities) for h in hits]
