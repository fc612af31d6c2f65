"""How much a fact still counts after a while: pure math here, I/O in DecayService.

Confidence follows an Ebbinghaus-style curve, `base × exp(−rate × days^0.8)`, where
`base` is the confidence at creation or at the last access and `days` counts from
then. Decay is always computed from that anchor, never from last night's value, so
running the job twice, or skipping nights, gives the same answer. A rate of 0 marks
a confirmed fact: it never decays. Each access adds a little confidence back
(`0.05 · log(1 + access_count / 20)`, capped at 1).
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # storage imports this module; only the type is needed here
    from .storage import MemoryStorage

log = logging.getLogger(__name__)

DAY = 86_400.0
DECAY_EXPONENT = 0.8
REINFORCE_SCALE = 0.05
REINFORCE_COUNT_SCALE = 20.0


def decayed(base_confidence: float, decay_rate: float, days: float) -> float:
    """Confidence after `days` without access, starting from `base_confidence`."""
    if decay_rate <= 0.0:
        return base_confidence
    return base_confidence * math.exp(
        -decay_rate * math.pow(max(days, 0.0), DECAY_EXPONENT)
    )


def on_access(base_confidence: float, access_count: int) -> float:
    """The new anchor confidence when a fact is used: the clock restarts.

    Reinforcement starts from the anchor, not from today's decayed value: a fact
    that keeps being used keeps its confidence (Ebbinghaus review), while one
    nobody touches follows the curve down and is pruned. Starting from the
    decayed value would make frequently used facts die fastest, because the
    curve is steepest right after its anchor (days^0.8).
    """
    return reinforced(base_confidence, access_count)


def reinforced(confidence: float, access_count: int) -> float:
    """Confidence after one more access; `access_count` includes this access."""
    bonus = REINFORCE_SCALE * math.log1p(max(access_count, 0) / REINFORCE_COUNT_SCALE)
    return min(1.0, confidence + bonus)


def days_between(start: float, end: float) -> float:
    return max(end - start, 0.0) / DAY


def days_until_below(
    confidence: float, decay_rate: float, threshold: float
) -> float | None:
    """Days from an anchor at `confidence` until decay takes it below `threshold`.

    None when it never will (rate 0) ; 0 when it already is.
    """
    if confidence < threshold:
        return 0.0
    if decay_rate <= 0.0 or threshold <= 0.0:
        return None
    # base·exp(−r·d^0.8) = t  ⇔  d = (ln(base/t) / r)^(1/0.8)
    return math.pow(math.log(confidence / threshold) / decay_rate, 1 / DECAY_EXPONENT)


def confidence_at(
    base_confidence: float, decay_rate: float, anchor: float, now: float
) -> float:
    """Confidence at unix time `now` of a fact anchored (created/used) at `anchor`."""
    return decayed(base_confidence, decay_rate, days_between(anchor, now))


# -- I/O: the nightly job ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecayReport:
    checked: int
    updated: int
    pruned: int

    def counts(self) -> dict[str, int]:
        return {"checked": self.checked, "updated": self.updated, "pruned": self.pruned}


class DecayService:
    """Applies decay to every decaying fact, pruning those below the threshold.

    Protected facts (rate 0) and episodes are never read. Nodes are paged by id
    so a large graph is never held in memory at once.
    """

    PAGE = 500
    EPSILON = 1e-6  # skip writes that would not change the stored value

    def __init__(self, storage: MemoryStorage, threshold: float) -> None:
        self._storage = storage
        self._threshold = threshold

    async def run(self, now: float | None = None) -> DecayReport:
        now = time.time() if now is None else now
        checked = updated = pruned = 0
        after_id = 0
        while True:
            nodes = await self._storage.decay_candidates(after_id, self.PAGE)
            if not nodes:
                break
            after_id = nodes[-1].id
            changes: list[tuple[int, float]] = []
            doomed: list[int] = []
            for node in nodes:
                anchor = node.last_accessed or node.created_at
                value = confidence_at(
                    node.base_confidence, node.decay_rate, anchor, now
                )
                if value < self._threshold:
                    doomed.append(node.id)
                elif abs(value - node.confidence) > self.EPSILON:
                    changes.append((node.id, value))
            checked += len(nodes)
            if changes:
                await self._storage.update_confidences(changes)
                updated += len(changes)
            if doomed:
                pruned += await self._storage.soft_delete(doomed, at=now)
        log.info(
            "decay: %d facts checked, %d updated, %d pruned", checked, updated, pruned
        )
        return DecayReport(checked, updated, pruned)
