"""The doing the user took up by buying its gear, asked of now.

"What sport do I do these days?", «Чем я занимаюсь вместо футзала?»: the
user told the change as «С футзалом я завязал. Купили по шоссейнику» and
then "First Saturday ride, 42 km", «Суббота: 70 км до Авдиму»: no turn
names the new sport, so neither the category's members nor the doing's
word find them (search/member_things.py weighs named doings only). The
newest of the user's own hits that buys a doing's gear
(search/doing_gear.py) starts it; it and its later turns that tell it by
its gear, verbs or measure go first (the start, then the newest of those,
oldest first). Only for a question about the user's doing now: one that
asks a category of doings (the gear's doing one of its members), or names
a doing ("instead of futsal", "Do I still go to futsal?"). A question of
one's hobby or free time ("What do I do in my free time these days?",
«Чем я сейчас увлекаюсь?») shares no word with the start ("Bought a
workbench"), so the user's newest turns that buy something are read too.
Bounded: one read of the newest buying turns, one of the user's turns
after the start.
"""

from __future__ import annotations

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .doing_gear import done_by_its_words, gear_bought
from .kinds import ALL_DOINGS, asks_doings, doings_said, kind_stems
from .morphology import stem
from .query_text import fts_match
from .slots import about_user
from .standing import asks_where, stance, told_of_other
from .stem_sets import text_stems
from .taken_up import is_doing
from .windowed import USER_ROLE, lifted_first, own_turns_after, unseen_hits

# At most this many turns lifted: the start and the doing's newest turns.
LIFTED = 6
# Of a hobby question, at most this many newest turns saying a buying word
# are read for a start the hits lack.
BOUGHT_SCAN = 200
_BUYING_WORDS = ("bought", "buying", "ordered", "купил", "купила", "купили")
_HOBBY = stem("hobby")
_HOBBY_DOINGS = kind_stems("hobby")


def _asked_doings(query: AnalysedQuery) -> frozenset[str] | None:
    """The doings the question may be answered by (the members of its
    asked categories), None for any; empty when it asks no doing now."""
    if stance(query.text) != "now" or not about_user(query.text):
        return frozenset()
    if asks_where(query.text):
        return frozenset()  # the place: search/category_things.py
    if asks_doings(query.kinds):
        return frozenset(
            stem(member) for _, kind in query.kinds.kinds for member in kind.members
        )
    return None if is_doing(text_stems(query.text)) else frozenset()


def _start(
    hits: list[SearchHit], asked: frozenset[str] | None, question: str
) -> tuple[SearchHit, frozenset[str]] | None:
    """The newest own hit buying an asked doing's gear, and the doings."""
    starts = [
        (hit, doings)
        for hit in hits
        if hit.node.source_role == USER_ROLE and not told_of_other(hit, asked=question)
        for doings in [gear_bought(hit.node.content)]
        if doings and (asked is None or not doings.isdisjoint(asked))
    ]
    return max(starts, key=lambda start: start[0].node.when, default=None)


def _asks_hobby(query: AnalysedQuery) -> bool:
    """The question asks the hobby category ("free time", «увлекаюсь»)."""
    return any(kind.head == _HOBBY for _, kind in query.kinds.kinds)


async def _bought_turns(
    storage: Store, hits: list[SearchHit], window: NodeWindow | None
) -> list[SearchHit]:
    """The user's newest turns buying a hobby's gear, not among `hits`
    (within the search's person or thread)."""
    match = fts_match(_BUYING_WORDS)
    if match is None:
        return []
    ids = await storage.index.fts_newest(match, limit=BOUGHT_SCAN, types=("episodic",))
    if window is not None and window.entity_id is not None:
        inside = await storage.index.within(ids, window)
        ids = [i for i in ids if i in inside]
    unseen = await unseen_hits(storage, hits, ids)
    # a hobby's gear only: "went to buy Sonya a bike" starts no hobby of mine
    return [
        hit
        for hit in unseen
        if hit.node.source_role == USER_ROLE
        and not gear_bought(hit.node.content).isdisjoint(_HOBBY_DOINGS)
    ]


async def with_gear_taken_up(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the doing taken up by its gear and its later turns first
    (see the module's doc); unchanged when none is."""
    asked = _asked_doings(query)
    if asked is not None and not asked:
        return hits
    bought = await _bought_turns(storage, hits, window) if _asks_hobby(query) else []
    found = _start([*hits, *bought], asked, query.text)
    if found is None:
        return hits
    start, doings = found
    later = await own_turns_after(storage, start.node, window)
    told = [node.id for node in later if done_by_its_words(node.content, doings)]
    known = {hit.node.id: hit for hit in [*hits, *bought]}
    known.update({hit.node.id: hit for hit in await unseen_hits(storage, hits, told)})
    newest = [known[i] for i in told if i in known][1 - LIFTED :]
    lifted = [start, *newest]
    ids = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [hit for hit in hits if hit.node.id not in ids])


async def without_gear_taken_up(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """Of a hobby question about before («Чем я раньше увлекался?»), `hits`
    with the newest doing taken up by its gear below the rest: its start
    (its first gear bought) and its turns since ("Watching woodworking
    videos") answer now, not before; unchanged when no such doing is."""
    if stance(query.text) != "past" or not about_user(query.text):
        return hits
    if not _asks_hobby(query):
        return hits
    read = [*hits, *await _bought_turns(storage, hits, window)]
    found = _start(read, None, query.text)
    if found is None:
        return hits
    _, doings = found
    # the doing's first gear bought: "more timber" later is no start again
    first = min(
        hit.node.when
        for hit in read
        if hit.node.source_role == USER_ROLE
        and not doings.isdisjoint(gear_bought(hit.node.content))
    )
    since = {
        hit.node.id
        for hit in hits
        if hit.node.when >= first and _tells_doing(hit.node.content, doings)
    }
    if not since:
        return hits
    kept = [hit for hit in hits if hit.node.id not in since]
    return lifted_first(kept, [hit for hit in hits if hit.node.id in since])


def _tells_doing(text: str, doings: frozenset[str]) -> bool:
    """The text names one of `doings` by its word ("woodworking videos") or
    tells it by its gear, verbs or measure."""
    named = doings_said(ALL_DOINGS, text_stems(text), text)
    return not doings.isdisjoint(named) or done_by_its_words(text, doings)
