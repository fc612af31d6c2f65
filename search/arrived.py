"""Whether a thing waited for has come: "Has my residence card come yet?".

"Did the parcel arrive?", «Карта резидента уже пришла?», «Права пришли?»:
the user waits for a card, a parcel, a document, and tells the wait for
weeks ("still no news about the card", "the card will come by mail in 2-3
months", «карта не пришла») before one short turn says it came («КАРТА
ПРИШЛА!!!», "the ActivoBank card arrived"). The waiting turns carry the
question's words more often, so by score alone they lead and answer "not
yet" after the thing came. So when the user's turns say the asked thing
came (a word of it, or its twin in the other language, beside a verb of
arrival, not negated) after the newest turn saying it did not come, the
newest of them ranks first, then the older ones, then the rest: an arrival
the wait goes on after was another thing's (the bank card, not the
residence card). Bounded: one read of the user's turns saying the thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .legs import fts_leg
from .morphology import stem
from .query_text import STOP_WORDS
from .twin_words import twin_stems
from .windowed import USER_ROLE, lifted_first, turns_as_hits

# At most this many of the user's turns saying the thing are read.
THING_TURNS = 40
# How far (in words) the verb of arrival may stand from the thing's word.
NEAR = 3

# "Has my card come yet?", "Did the parcel arrive?", «Карта уже пришла?»,
# «Посылку доставили?»: asked of now, whether the wait is over
_ASKS = re.compile(
    r"\b(?:has|have|did) (?:my|our|the|her|his) (?:[\w-]+ ){1,3}"
    r"(?:come|arrived?|turned up|got here)"
    r"(?: yet| already| in the (?:post|mail)| by (?:post|mail))?\s*[?.!]*$"
    r"|(?<!\w)(?:пришл[аои]|пришёл|пришел|доставили|приш[её]л)(?:\s+ли)?\s*\?",
    re.I,
)
# what the question says besides the thing itself
_NOT_THING = frozenset(
    stem(word)
    for word in "has have did come arrived arrive yet already turned got here "
    "уже ещё пришла пришло пришли пришёл доставили ли".split()
)
# "the card came", "arrived", «пришла», «доставили», «получила карту»
_CAME = re.compile(
    r"\b(?:came|arrived|has come|turned up|showed up|is here|are here)\b"
    r"|(?<!\w)(?:пришл[аои]|пришёл|пришел|доставили|получил[аи]?)(?!\w)",
    re.I,
)
# "hasn't come", "didn't arrive", «не пришла», "never came", "still no"
_NOT = re.compile(
    r"(?:\bnot|n't|\bnever|\bno)\s*$|(?<!\w)(?:не|так и не|ещё не)\s*$", re.I
)
_WORD = re.compile(r"\w+")
# the thing and its arrival are said in one clause
_CLAUSE = re.compile(r"[,.;:!?()]")


# the words a negation or an adverb puts between a thing and its verb
# («карта так и не пришла», "the card still hasn't come"): not counted
_BETWEEN = frozenset(
    "not never still just finally already has have hasn t "
    "не так и ещё уже всё наконец".split()
)


def _words(text: str) -> list[str]:
    """The lower-case words of `text`, without the _BETWEEN ones."""
    return [w for w in map(str.lower, _WORD.findall(text)) if w not in _BETWEEN]


def asks_arrival(text: str) -> bool:
    """The question asks whether a thing waited for has come."""
    return bool(_ASKS.search(text))


def thing_stems(text: str) -> frozenset[str]:
    """The stems of the question's thing and their twins ("card": «карт»)."""
    words = (w.lower() for w in _WORD.findall(text))
    own = {stem(w) for w in words if w not in STOP_WORDS} - _NOT_THING
    own.discard("")
    return frozenset(own.union(*(twin_stems(key) for key in own)))


def arrival_told(text: str, thing: frozenset[str]) -> bool | None:
    """True when the turn says the thing came (a word of `thing` within NEAR
    words of a verb of arrival, in its clause), False when it says it did not come (a
    negation before that verb: «карта не пришла»), None when it says
    neither."""
    told = None
    for came in _CAME.finditer(text):
        before = _words(_CLAUSE.split(text[: came.start()])[-1])[-NEAR:]
        after = _words(_CLAUSE.split(text[came.end() :])[0])[:NEAR]
        if not any(stem(word) in thing for word in [*before, *after]):
            continue
        if not _NOT.search(text[max(0, came.start() - 12) : came.start()]):
            return True
        told = False
    return told


def says_came(text: str, thing: frozenset[str]) -> bool:
    """The turn says the thing came."""
    return arrival_told(text, thing) is True


def came_after_the_wait(
    hits: Sequence[SearchHit], thing: frozenset[str]
) -> list[SearchHit]:
    """The `hits` saying the thing came after the newest saying it did not:
    an arrival the wait goes on after was another thing's ("the bank card
    arrived", months before «карта AIMA не пришла»). Newest first."""
    told = [(hit, arrival_told(hit.node.content, thing)) for hit in hits]
    waits = [hit.node.when for hit, said in told if said is False]
    since = max(waits, default=float("-inf"))
    came = [hit for hit, said in told if said and hit.node.when > since]
    return sorted(came, key=lambda hit: -hit.node.when)


def thing_terms(query: AnalysedQuery) -> list[str]:
    """The words to read the thing's turns by: the question's own words of
    the thing and their twins in the other language."""
    own = [t for t in query.terms if stem(t) not in _NOT_THING]
    return [*own, *(t for t in query.twin_terms if t not in own)]


async def _thing_turns(
    storage: Store, terms: Sequence[str], window: NodeWindow | None
) -> list[SearchHit]:
    """The user's turns saying a word of `terms`, as hits scored 0."""
    ranked = await fts_leg(
        storage, terms, limit=THING_TURNS, types=("episodic",), window=window
    )
    nodes = await storage.nodes.get_nodes([i for i, _ in ranked])
    own = [node for node in nodes.values() if node.source_role == USER_ROLE]
    return await turns_as_hits(storage, own)


async def with_arrival(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the user's turns saying the asked thing came first, the
    newest first; unchanged unless the question asks whether it came and a
    turn says so."""
    if not hits or not asks_arrival(query.text) or (window and window.timed):
        return hits
    thing = thing_stems(query.text)
    terms = thing_terms(query)
    if not thing or not terms:
        return hits
    have = {hit.node.id: hit for hit in hits}
    read = await _thing_turns(storage, terms, window)
    came = [have.get(h.node.id, h) for h in came_after_the_wait(read, thing)]
    if not came:
        return hits
    lifted = {hit.node.id for hit in came}
    return lifted_first(came, [hit for hit in hits if hit.node.id not in lifted])
