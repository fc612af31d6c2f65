"""A request to the assistant is no fact about the user's life.

People ask their assistant about the topics of their life, often again and
again: "how to write an email to a company about a job" three times, "what
does a truck driver earn in Poland", «как сказать "have a good shift"
по-русски». Such a turn names the topic and tells nothing of the user's own
state, yet its words meet the question's: "What is my job now?" had the
three copies of the email request on top and «первая смена диспетчером»
out of the answer. Asked about the user's state now or before, the turns
that tell lead those that ask (search/doings.py `opens_with_request`); with
nothing told among the head, the requests still answer, each text once.
Only when a told turn of the head says what is asked: "How do I receive my
pension these days?" had one turn on it, a request ("Please check my letter
to the pension fund: 'I ask to transfer my pension to my new account'"),
and the head's told turns on a German lesson or a dinner said nothing of
the pension; put under them, the one answer left the head.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from .doings import opens_with_request
from .first_told import asked_at_first
from .standing import stance
from .stem_sets import shares_stem, text_stems
from .windowed import scored_below

# The head whose told turns a request goes below: the answer's room, as deep
# as the relevance gate reads; a told turn further down is too weak to lead.
HEAD = 10


def asks_state(question: str) -> bool:
    """The question asks the user's state now or before, not how a thing
    began: what was asked of a new pill's first effects is part of its start
    (search/first_told.py)."""
    if asked_at_first(question):
        return False
    # a time of the user's life ("when I was a driver") is a past stance
    return stance(question) is not None


def told_above_asked(
    hits: list[SearchHit], question: str, wanted: AbstractSet[str] = frozenset()
) -> list[SearchHit]:
    """`hits` (best first) with the requests to the assistant scored under
    the told turns of their head when `question` asks the user's state now
    or before and one of those says a `wanted` stem (when given), and a
    request said again under the head's other hits. Other questions get
    `hits` unchanged."""
    if not hits or not asks_state(question):
        return hits
    asked = {hit.node.id for hit in hits[:HEAD] if opens_with_request(hit.node)}
    if not asked:
        return hits
    repeats = _said_again(hits[:HEAD], asked)
    told = [hit for hit in hits[:HEAD] if hit.node.id not in asked]
    if told and _tells_asked(told, wanted):
        hits = _lowered(hits, asked, min(hit.score for hit in told))
    kept = [hit for hit in hits[:HEAD] if hit.node.id not in repeats]
    if repeats and kept:
        hits = _lowered(hits, repeats, min(hit.score for hit in kept))
    return hits


def _tells_asked(told: list[SearchHit], wanted: AbstractSet[str]) -> bool:
    """Some told turn says a `wanted` stem (any does when none is given)."""
    if not wanted:
        return True
    return any(shares_stem(wanted, text_stems(hit.node.content)) for hit in told)


def _lowered(hits: list[SearchHit], ids: set[int], floor: float) -> list[SearchHit]:
    """`hits` with those of `ids` scored under `floor` in their order, best
    first again."""
    moved = scored_below([hit for hit in hits if hit.node.id in ids], floor)
    out = [hit for hit in hits if hit.node.id not in ids] + moved
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _said_again(head: list[SearchHit], asked: set[int]) -> set[int]:
    """Ids of the requests in `head` whose text an earlier (better) request
    of the head already says."""
    said: set[str] = set()
    again: set[int] = set()
    for hit in head:
        if hit.node.id not in asked:
            continue
        text = " ".join(hit.node.content.casefold().split())
        if text in said:
            again.add(hit.node.id)
        said.add(text)
    return again
