"""A change told without an end word: "Polina is back at the pool".

"Is Polina still in the drama studio?" — no turn says the studio ended;
the user tells the change by the new state alone: a return ("back at the
pool", «обратно в бассейн», «вернулась в», «снова хожу на») or a state
said with "now" («я теперь пескетарианка», "I'm now a pescatarian"). The
thing gone back to, or the state now held, is the current one, and the
asked thing is over. A turn is such a change when it is the user's, comes
after the thing's newest turn, and names another thing of the asked one's
kind (search/kinds.py: a diet for "vegetarian"; any doing for a sport or a
hobby) with a word of return anywhere in it, or with "now" / «теперь»
right beside it. The change and the new thing's later turns (its word or a
twin: "pool", «бассейн») are the answer, oldest first. A doing may also
be dropped without a word: the user starts another doing soon after its
newest turn and never names it again (search/taken_up.py, read from the
newest turn instead of an end). Bounded: one read of the user's turns in
the months after the thing's newest turn.
"""

from __future__ import annotations

import re

from ..core.records import Node, NodeWindow, SearchHit
from ..store.interface import Store
from .kinds import DOING_STEMS, kin_stems, names_category
from .morphology import stem
from .stem_sets import text_stems
from .taken_up import is_doing, taken_up
from .twin_words import twin_stems, with_twins
from .windowed import own_turns_after, start_and_after, turns_as_hits

# At most this many turns: the change first, then the new thing's.
TOLD = 6
# "back at the pool", "went back to", «обратно в», «вернулась в», «снова хожу»
_BACK = re.compile(
    r"\b(?:back (?:at|to|in|on|into)|went back|returned to|is back|are back)\b"
    r"|(?<!\w)(?:обратно|вернул\w*|снова)(?!\w)",
    re.I,
)
# A return only wished ("wants to go back to", «хочет обратно в бассейн»,
# «мечтаю снова») is not yet made: the wish is still the old state's turn,
# the return done later ("is back at the pool") is the change.
_WISHED_BACK = re.compile(
    r"\b(?:wants?|wanted|wanting|would like|'d like|wish(?:es)?|hopes?|hoping)"
    r"\s+(?:\w+\s+){0,2}(?:to\s+)?(?:go|get|come|be)\s+back\b"
    r"|(?<!\w)(?:хоч\w*|хотел\w*|хотят|мечта\w*|просит\w*|просил\w*)"
    r"\s+(?:\w+\s+){0,2}(?:обратно|вернуть\w*|снова)(?!\w)",
    re.I,
)
_NOW = frozenset({"now", "теперь"})
# How near the now-word stands to the new state's word: «я теперь
# пескетарианка», "I'm now a pescatarian".
NOW_REACH = 3
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", re.UNICODE)


def kind_of(thing: frozenset[str]) -> frozenset[str]:
    """The stems of the things of the asked thing's kind: its categories'
    words and members, every doing for a doing."""
    near = kin_stems(with_twins(thing))
    return near | DOING_STEMS if is_doing(thing) else near


def same_root(key: str, gone: frozenset[str]) -> bool:
    """The stem is one of `gone` or shares its root («театр» of
    «театральн»)."""
    return any(key.startswith(g) or g.startswith(key) for g in gone if len(g) > 3)


def new_state(text: str, thing: frozenset[str], kind: frozenset[str]) -> set[str]:
    """Stems of the other things of the kind the text tells as the state
    now: by a word of return, or a now-word beside them; none else."""
    gone = with_twins(thing)
    words = _WORD.findall(text)
    keys = [stem(word) for word in words]
    others = {
        key
        for key in keys
        if (key in kind or twin_stems(key) & kind)
        and not names_category(key)  # a member, not the kind's own word («мясо»)
        and not same_root(key, gone)
        and not twin_stems(key) & gone
    }
    if not others:
        return set()
    if _BACK.search(text):
        return set() if _WISHED_BACK.search(text) else others
    nows = [i for i, word in enumerate(words) if word.casefold() in _NOW]
    return {
        key
        for i, key in enumerate(keys)
        if key in others and any(abs(i - at) <= NOW_REACH for at in nows)
    }


def kind_named(text: str, thing: frozenset[str]) -> set[str]:
    """Stems of the other things of the asked thing's kind the text names,
    in any case: an end's "Буду есть мясо и рыбу" after «больше не
    вегетарианка» names the diet now held, though in lower case (a name,
    the only word new_state_words reads otherwise, is upper case)."""
    kind = kind_of(thing)
    gone = with_twins(thing)
    return {
        key
        for key in (stem(word) for word in _WORD.findall(text))
        if (key in kind or twin_stems(key) & kind)
        and not same_root(key, gone)
        and not twin_stems(key) & gone
    }


async def told_change(
    storage: Store, last: SearchHit, thing: frozenset[str], window: NodeWindow | None
) -> list[SearchHit]:
    """The user's first turn after `last` (the thing's newest turn) that
    tells another state of the thing's kind, and that state's later turns,
    oldest first; none when no turn tells one."""
    kind = kind_of(thing)
    if not kind:
        return []
    turns = await own_turns_after(storage, last.node, window)

    def starts(node: Node) -> frozenset[str]:
        return with_twins(frozenset(new_state(node.content, thing, kind)))

    def goes_on(node: Node, said: frozenset[str]) -> bool:
        return bool(text_stems(node.content) & said)

    found = start_and_after(turns, starts, goes_on, TOLD)
    if found:
        return await turns_as_hits(storage, found)
    # no word of return or of "now": a doing given up without a word, told
    # only by starting another soon after its last turn (fishing every
    # Monday, then "first table tennis session" and no fishing since)
    return await taken_up(storage, last, thing, turns, window)
