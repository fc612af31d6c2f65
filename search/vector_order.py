"""The order between an old state and the present one, kept from the words.

An embedder finds the turns of a topic, old and new alike: "Dentist booked
for 7 October" sounds as close to "When is my dentist appointment?" as "So
the dentist is now 12 October, not the 7th", and its similarity can lift the
old state over the change. Without an embedder the words' legs and by_stance
decide old against new well. So for a question about now, an earlier turn
about what is asked that sits above the turn telling the change or marking
the present only because of the vector leg (the words' order alone puts it
below that turn) goes right below that turn. A turn the words alone rank
above the present, or never find, keeps its place: it may lead into the
present ("Had an interview at Pebble" before the new job, found by the
vector only, sits below "Swam before work again" for the word "work").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.config import MemoryConfig
from ..core.records import SearchHit
from .changes import tells_change, tells_present
from .fusion import Ranked, fuse
from .standing import about_ids, back_at_the_old, by_stance, stance


def words_decide_now(
    hits: list[SearchHit],
    ranked: Mapping[str, Ranked],
    config: MemoryConfig,
    text: str,
    terms: Sequence[str] = (),
    own_words: Sequence[str] = (),
) -> list[SearchHit]:
    """`present_first` when the vector leg ran and the question asks of now;
    the other legs are fused again only then (most questions ask no "now")."""
    if "vector" not in ranked or stance(text) != "now":
        return hits
    lexical = dict(fuse({k: v for k, v in ranked.items() if k != "vector"}, config))
    return present_first(hits, lexical, text, terms, own_words)


def present_first(
    hits: list[SearchHit],
    lexical: dict[int, float],
    text: str,
    terms: Sequence[str] = (),
    own_words: Sequence[str] = (),
) -> list[SearchHit]:
    """`hits` (ranked with the vector leg) with, for a question about now,
    the earlier turns about what is asked that the vector lifted over the
    best-ranked turn telling the change or the present put right below it;
    `lexical` holds the fused scores of the other legs alone."""
    if stance(text) != "now":
        return hits
    about = about_ids(hits, text, terms)
    # a present that is a trip back to the old state is not the state
    about -= set(back_at_the_old(hits, about))
    present = next((i for i, h in enumerate(hits) if _marks_now(h, about)), None)
    if present is None:
        return hits
    since = hits[present].node
    words_order = _order_without_vector(hits, lexical, text, terms, own_words)
    below = words_order.get(since.id, len(words_order))  # the words' place

    def lifted(hit: SearchHit) -> bool:
        return (
            hit.node.id in about
            and hit.node.when < since.when
            and not _marks_now(hit, about)
            and words_order.get(hit.node.id, -1) > below
        )

    above = hits[:present]
    moved = [h for h in above if lifted(h)]
    if not moved:
        return hits
    kept = [h for h in above if not lifted(h)]
    # their scores no higher than the present's: a later sort keeps the order
    top = hits[present].score
    moved = [SearchHit(h.node, min(h.score, top), h.entities) for h in moved]
    return [*kept, hits[present], *moved, *hits[present + 1 :]]


def _order_without_vector(
    hits: list[SearchHit],
    lexical: dict[int, float],
    text: str,
    terms: Sequence[str],
    own_words: Sequence[str],
) -> dict[int, int]:
    """Each hit's place when the words' legs alone rank it, re-weighed by
    what it tells as without an embedder (no second search: same nodes)."""
    words = [
        SearchHit(h.node, lexical[h.node.id], h.entities)
        for h in hits
        if h.node.id in lexical
    ]
    ordered = by_stance(words, text, terms, own_words)
    return {hit.node.id: place for place, hit in enumerate(ordered)}


def _marks_now(hit: SearchHit, about: set[int]) -> bool:
    """The hit, about what is asked, tells a change or marks the present."""
    text = hit.node.content
    return hit.node.id in about and (tells_change(text) or tells_present(text))
