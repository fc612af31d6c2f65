"""How much a fact still counts after a while: pure math, no I/O
(the nightly job that applies it is writepath/decay_job.py).

Confidence follows an Ebbinghaus-style curve, `base × exp(−rate × days^0.8)`, where
`days` counts from the fact's anchor (`last_accessed`, else `created_at`). Decay is
always computed from that anchor, never from last night's value, so running the job
twice, or skipping nights, gives the same answer. A rate of 0 marks a confirmed
fact: it never decays. Each access adds a little confidence to the current value
(`0.05 · log(1 + access_count / 20)`, capped at 1): the fact steps back along its
own curve to the point where it had that confidence, and the anchor moves there.
The clock is not restarted: the curve is steepest at its start, so a restart would
make a fact that is used fade faster than one that is not.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """A fact's new standing after an access: its anchor confidence, and how
    many days along its curve it now sits (the anchor is that long ago)."""

    base_confidence: float
    days_on_curve: float


def on_access(
    base_confidence: float, decay_rate: float, days: float, access_count: int
) -> Reinforcement:
    """Where a fact used `days` after its anchor stands on its curve afterwards.

    The design's rule: the reinforcement is added to the confidence the fact
    has now (decayed). A fact faded to 0.22 reads about 0.22 after a search
    hit, not 1.0: one search matching it is no evidence that it is still
    true. It never reads less than it would have without the access, now or
    later, because it stays on the same curve, only a little earlier on it.
    """
    target = reinforced(decayed(base_confidence, decay_rate, days), access_count)
    if decay_rate <= 0.0 or target >= base_confidence:
        return Reinforcement(target, 0.0)
    if target <= 0.0:  # faded past what a float holds and nothing added: stays
        return Reinforcement(base_confidence, max(days, 0.0))
    back = math.pow(math.log(base_confidence / target) / decay_rate, 1 / DECAY_EXPONENT)
    return Reinforcement(base_confidence, min(back, max(days, 0.0)))


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
