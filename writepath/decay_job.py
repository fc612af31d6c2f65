"""The nightly decay job: reads decaying facts page by page and stores the curve.

The curve itself is pure math in ../decay.py; this module is the I/O around it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from ..decay import confidence_at
from ..store.interface import Store

log = logging.getLogger(__name__)


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

    def __init__(self, storage: Store, threshold: float) -> None:
        self._storage = storage
        self._threshold = threshold

    async def run(self, now: float | None = None) -> DecayReport:
        now = time.time() if now is None else now
        checked = updated = pruned = 0
        after_id = 0
        while True:
            nodes = await self._storage.nodes.decay_candidates(after_id, self.PAGE)
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
                await self._storage.nodes.update_confidences(changes)
                updated += len(changes)
            if doomed:
                pruned += await self._storage.nodes.soft_delete(doomed, at=now)
        log.info(
            "decay: %d facts checked, %d updated, %d pruned", checked, updated, pruned
        )
        return DecayReport(checked, updated, pruned)
