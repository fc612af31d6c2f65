"""What the memory knows about a node itself, as ranking factors.

A fact carries a confidence that decays (decay.py) and a rate of 0 when the
user confirmed it. The nightly job writes the decayed value, but the ranking
reads it from the anchor at query time: between two runs a fact fades all
the same. Hiding what the job would prune was tried and left out: memories
adopted from the host with old timestamps vanished before any job ran. Episodes
never decay (rate 0, confidence 1), so on a memory of turns (the benchmark)
these factors are all 1. Recency counts only when the question asks for the
latest state ("what am I reading lately?", "последний релиз").
"""

from __future__ import annotations

import re

from .. import decay
from ..core.records import Node, SearchHit

# A fact at confidence c weighs 1 − CONFIDENCE_WEIGHT·(1 − c): a faded fact
# (0.1) half as much as a fresh one; it still shows when nothing else fits.
CONFIDENCE_WEIGHT = 0.5
CONFIRMED_BOOST = 0.1  # a confirmed (protected) fact over an unconfirmed fresh one
RECENCY_BOOST = 0.5  # the newest candidate over the oldest, when asked for
_RECENT = re.compile(
    r"\b(?:latest|most recent(?:ly)?|recently|lately|newest|nowadays|these days"
    r"|currently|right now|last time|(?:did|do|have|has) (?:\w+ ){1,2}last)\b"
    r"|(?<!\w)(?:недавн\w*|последн\w*|сейчас|нынче|в последнее время)(?!\w)",
    re.I,
)


def wants_recent(text: str) -> bool:
    """The question asks for the newest state of something."""
    return bool(_RECENT.search(text))


def current_confidence(node: Node, now: float) -> float:
    """The node's confidence at `now`, decayed from its anchor."""
    anchor = node.last_accessed or node.created_at
    return decay.confidence_at(node.base_confidence, node.decay_rate, anchor, now)


def standing(node: Node, now: float) -> float:
    """Multiplier for the node's own confidence and confirmed status."""
    if node.type == "episodic":
        return 1.0
    factor = 1.0 - CONFIDENCE_WEIGHT * (1.0 - current_confidence(node, now))
    if node.decay_rate <= 0.0:
        factor *= 1.0 + CONFIRMED_BOOST
    return factor


def favour_recent(hits: list[SearchHit]) -> list[SearchHit]:
    """Newer hits gain up to RECENCY_BOOST, relative to the candidates' span.

    Relative, not by age: a memory imported from last year has no "today",
    and the newest of its candidates is still the answer to "lately". Best first.
    """
    if len(hits) < 2:
        return hits
    oldest = min(hit.node.when for hit in hits)
    span = max(hit.node.when for hit in hits) - oldest or 1.0
    out = [
        SearchHit(
            hit.node,
            hit.score * (1.0 + RECENCY_BOOST * (hit.node.when - oldest) / span),
            hit.entities,
        )
        for hit in hits
    ]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out
