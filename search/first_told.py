"""An "at first" question about one thing: its earliest turns answer.

"What was my metformin dose at first?", «Какую дозу магния я пил сначала?»:
every turn about the thing carries the question's word, and by score the
ones that say it most or last lead (the raised dose, a question asked after
it). The state as it first was is told in the thing's first turns: the
prescription, the first pill, the first pack. So the user's earliest few
turns about the thing lead, in the order they were said. Only a thing
named by one word of the question ("dose" and "first" are its frame): of
"sugar in my tea" the first turn about tea alone says nothing of the sugar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .compound_head import said_units
from .doings import asks_assistant
from .frame_words import GENERIC_STEMS, TAKING_STEMS
from .legs import fts_leg
from .morphology import stem
from .query_text import STOP_WORDS
from .stem_sets import text_stems
from .still import about_thing
from .twin_words import twins
from .windowed import USER_ROLE, lifted_first

# "at first", «сначала», «поначалу»: the state as it began (a plan made
# first is the original plan's, search/slots.py, and names a plan word).
_AT_FIRST = re.compile(
    r"\b(?:at first|initially|in the beginning|at the start)\b"
    r"|(?<!\w)(?:сначала|поначалу|вначале|изначально|в самом начале)(?!\w)",
    re.I,
)
_ORIGINALLY = re.compile(r"\b(?:originally|first)\b|(?<!\w)первоначальн\w*", re.I)
_PLAN = re.compile(
    r"\b(?:plan\w*|going|supposed|meant|intend\w*|trip|holiday)\b"
    r"|(?<!\w)(?:собира\w*|планир\w*|план\w*|хотел\w*|поездк\w*|отпуск\w*)(?!\w)",
    re.I,
)
# A word glossed in the other language ("слово дня: кот = cat"): the turn
# is about the word, not the thing (a learner's notes come long before).
_GLOSS = re.compile(r"\w\s*=\s*\w")
_FIRST_WORDS = frozenset(text_stems("first initially beginning start"))
# The thing's first turns lifted: a context block's worth (the first days:
# the prescription, the first pill, its first effects, the first pack).
EARLIEST_LIFTED = 5
# The thing's turns read by its words: all of them, and so its first ones,
# when the user spoke of it no more often than this.
THING_TURNS = 60


def asked_at_first(text: str) -> bool:
    """The question asks how a state was at first, not a plan first made."""
    return bool(_AT_FIRST.search(text)) and not _PLAN.search(text)


def asked_first_plan(text: str) -> bool:
    """The question asks a plan as first made ("where were we originally
    going in May?", «куда мы сначала хотели поехать летом?»)."""
    first = _AT_FIRST.search(text) or _ORIGINALLY.search(text)
    return bool(first) and bool(_PLAN.search(text))


def first_thing(query: AnalysedQuery) -> str | None:
    """The one word of the question naming its thing ("metformin" of "what
    was my metformin dose at first?"), its frame and unit aside; None when
    it names none or several."""
    dropped = GENERIC_STEMS | TAKING_STEMS | _FIRST_WORDS | said_units(query.text)
    said = query.text.casefold()  # its other-script spellings are no words of it
    own = [
        term
        for term in query.own_words
        if term.casefold() not in STOP_WORDS
        and not text_stems(term) <= dropped
        and term.casefold() in said
    ]
    return own[0] if len(own) == 1 else None


async def earliest_first(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    spelled: Sequence[str] = (),
) -> list[SearchHit]:
    """`hits` with the user's earliest turns about the asked thing first
    (`spelled`: its name in the other script, whose turns are its too);
    unchanged unless the question asks "at first" of one thing."""
    if not hits or not asked_at_first(query.text) or (window and window.timed):
        return hits
    word = first_thing(query)
    if word is None:
        return hits
    # "metformin" is «метформин» too: the memory's other-script spelling;
    # «кот» is "cat": a thing first told in the other language is the same
    loans = [said for asked, said in query.loans if asked == word]
    others = sorted(twins(word) | twins(stem(word)))
    terms = [word, *loans, *others, *(name for name in spelled if " " not in name)]
    thing = frozenset().union(*(text_stems(term) for term in terms))
    ranked = await fts_leg(
        storage, terms, limit=THING_TURNS, types=("episodic",), window=window
    )
    nodes = await storage.nodes.get_nodes([node_id for node_id, _ in ranked])
    # the words search may match a stray form: the lifted turns say the
    # thing, and tell of it (a question to the assistant, "how do you say
    # 'raining cats and dogs'?", or a gloss tells nothing of the user's)
    own = [
        node
        for node in nodes.values()
        if node.source_role == USER_ROLE
        and about_thing(SearchHit(node, 0.0, []), thing)
        and not asks_assistant(node)
        and not _GLOSS.search(node.content)
    ]
    earliest = sorted(own, key=lambda node: (node.when, node.id))[:EARLIEST_LIFTED]
    if not earliest:
        return hits
    have = {hit.node.id: hit for hit in hits}
    linked = await storage.entities.entities_of_nodes(
        [node.id for node in earliest if node.id not in have]
    )
    lifted = [
        have.get(node.id) or SearchHit(node, 0.0, linked.get(node.id, []))
        for node in earliest
    ]
    ids = {node.id for node in earliest}
    return lifted_first(lifted, [hit for hit in hits if hit.node.id not in ids])
