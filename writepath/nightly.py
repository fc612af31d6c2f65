"""The nightly pipeline: expiry, embeddings, consolidation, decay, entity
enrichment, causal inference. Expiry purges, for good, the facts whose
`expires_at` has passed (reads stopped showing them at that moment:
store/rows.py `valid`). Embeddings gives a vector to every node that has none:
turns stored while the embedding service was down would otherwise stay off the
vector leg until the host restarts, which may be weeks.

Each step is isolated: it runs under its own try/except, so one failing step
does not stop the others, and its duration, counts and error are recorded with
`storage.record_maintenance` (memory_stats shows them). Within enrichment each
entity is isolated too, and its model-free joins and the user's entity edits run
whatever the model did (a small local model times out now and then). The
pipeline itself never raises: the host retries a raising task every minute
(host-contract §6). Steps
that need the LLM are skipped when no model is configured; their threads and
entities stay pending for a night that has one.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from ..core.config import MemoryConfig
from ..core.records import MAINTENANCE_STEPS, PurgeTarget
from ..store.interface import Store
from ..toolkit.entity_edits import reapply_entity_edits
from .consolidation import MAX_FAILURES_IN_A_ROW, AgentSource, Consolidator
from .decay_job import DecayService
from .full_names import rejoin_full_names
from .indexer import EpisodeIndexer
from .inflections import rejoin_case_forms
from .name_forms import rejoin_name_forms
from .nicknames import rejoin_people
from .short_things import rejoin_short_things
from .twins import rejoin_twins

log = logging.getLogger(__name__)

STEPS = MAINTENANCE_STEPS
ENTITIES_PER_NIGHT = 20
NOTES_PER_ENTITY = 20


class StepIncomplete(Exception):
    """A step that did part of its work: its counts stand and its error is
    reported (one entity's model timeout is not the whole night's enrichment)."""

    def __init__(self, message: str, counts: dict[str, Any]) -> None:
        super().__init__(message)
        self.counts = counts


@dataclass
class StepResult:
    step: str
    duration_ms: float
    counts: dict[str, Any]
    error: str | None = None


@dataclass
class NightlyReport:
    steps: list[StepResult] = field(default_factory=list)

    @property
    def errors(self) -> list[StepResult]:
        return [step for step in self.steps if step.error]

    def summary(self) -> str | None:
        """Text worth sending to the user (failures), else None."""
        if not self.errors:
            return None
        failed = "; ".join(f"{s.step}: {s.error}" for s in self.errors)
        return f"Memory maintenance finished with errors ({failed})." + (
            f" {self.rejections()}" if self.rejections() else ""
        )

    def rejections(self) -> str | None:
        """What the model proposed that its sources did not support, by reason."""
        reasons: Counter[str] = Counter()
        for step in self.steps:
            for key, value in step.counts.items():
                if key.startswith("rejected_") and isinstance(value, int):
                    reasons[key.removeprefix("rejected_")] += value
        if not reasons:
            return None
        listed = ", ".join(f"{k} {v}" for k, v in reasons.most_common())
        return f"Not stored, not grounded in the conversation: {listed}."

    def describe(self) -> str:
        """Every step in one line each, for logs and the CLI."""
        lines = [
            f"{s.step}: {'failed: ' + s.error if s.error else 'ok'} {s.counts}"
            for s in self.steps
        ]
        return "\n".join(
            lines + ([self.rejections() or ""] if self.rejections() else [])
        )


class NightlyPipeline:
    """Runs the steps in order, each isolated and recorded."""

    def __init__(
        self,
        storage: Store,
        config: MemoryConfig,
        agent: AgentSource,
        consolidator: Consolidator,
        indexer: EpisodeIndexer | None = None,
    ) -> None:
        self._storage = storage
        self._indexer = indexer
        self._config = config
        self._agent = agent
        # The consolidator also hands out the agent runs' contexts (one recipe).
        self._consolidator = consolidator
        self._decay = DecayService(storage, config.decay_threshold)

    async def run(
        self, now: float | None = None, *, only: Collection[str] = STEPS
    ) -> NightlyReport:
        """All steps, or the `only` ones (in their usual order): the CLI runs one."""
        now = time.time() if now is None else now
        steps: dict[str, Callable[[], Awaitable[dict[str, Any]]]] = {
            "expiry": lambda: self.purge_expired(now),
            "embeddings": self.embed_missing,
            "consolidation": lambda: self._consolidator.sweep(now),
            "decay": lambda: self._run_decay(now),
            "entity_enrichment": self._enrich_then_reapply,
            "causal_inference": self.infer_causal_links,
        }
        report = NightlyReport()
        for name in (step for step in STEPS if step in only):
            report.steps.append(await self._step(name, steps[name]))
        return report

    async def _step(
        self, name: str, run: Callable[[], Awaitable[dict[str, Any]]]
    ) -> StepResult:
        started = time.perf_counter()
        counts: dict[str, Any] = {}
        error = None
        try:
            counts = await run()
        except StepIncomplete as exc:
            log.warning("memory maintenance step %s incomplete: %s", name, exc)
            counts, error = exc.counts, str(exc)
        except Exception as exc:  # isolation: the other steps still run
            log.exception("memory maintenance step %s failed", name)
            error = f"{type(exc).__name__}: {exc}"
        duration_ms = (time.perf_counter() - started) * 1000
        try:
            await self._storage.sessions.record_maintenance(
                name, duration_ms, counts, error
            )
        except Exception:
            log.exception("could not record maintenance step %s", name)
        return StepResult(name, duration_ms, counts, error)

    async def purge_expired(self, now: float) -> dict[str, Any]:
        """Erase the expired facts of every scope (and what only they gave)."""
        done = await self._storage.purge.execute(PurgeTarget("expired", before=now))
        return {"purged": done.nodes, "derived": done.derived}

    async def embed_missing(self) -> dict[str, Any]:
        """Vectors for the nodes that have none (no embedder: counted only)."""
        done = await self._indexer.backfill() if self._indexer is not None else 0
        missing = await self._storage.index.count_missing_embeddings()
        return {"embedded": done, "still_missing": missing}

    async def _run_decay(self, now: float) -> dict[str, Any]:
        return dict((await self._decay.run(now)).counts())

    async def _enrich_then_reapply(self) -> dict[str, Any]:
        """Enrichment, short forms filed apart joined to their person
        (writepath/nicknames.py) and case forms to their name
        (writepath/inflections.py), then the user's entity edits again:
        consolidation and enrichment may have filed a merged name, a removed
        alias or another type anew (toolkit/entity_edits.py)."""
        incomplete = None
        try:
            counts = await self.enrich_entities()
        except StepIncomplete as exc:  # the model-free joins and edits still run
            incomplete, counts = exc, exc.counts
        joined = await rejoin_people(self._storage)
        joined += await rejoin_case_forms(self._storage)
        joined += await rejoin_twins(self._storage)
        joined += await rejoin_name_forms(self._storage)
        joined += await rejoin_short_things(self._storage)
        joined += await rejoin_full_names(self._storage)  # "Maura", «Мора Кин»
        if joined:
            counts["people_joined"] = joined
        reapplied = await reapply_entity_edits(self._storage)
        if reapplied:  # counted only when an edit had to be made again
            counts["edits_reapplied"] = reapplied
        if incomplete is not None:
            raise StepIncomplete(str(incomplete), counts)
        return counts

    async def enrich_entities(self) -> dict[str, Any]:
        """Summaries for frequently mentioned entities that have none yet."""
        entities = await self._storage.entities.list_entities(
            min_mentions=self._config.entity_enrichment_min_mentions,
            without_summary=True,
            limit=ENTITIES_PER_NIGHT,
        )
        if not entities:
            return {"entities": 0}
        agent = self._agent()
        if agent is None:
            return {"entities": len(entities), "skipped_no_model": len(entities)}
        done = 0
        rejected: Counter[str] = Counter()
        failures: list[BaseException] = []
        in_a_row = 0
        for entity in entities:
            notes = await self._storage.entities.nodes_of_entity(
                entity.id, limit=NOTES_PER_ENTITY
            )
            context = self._consolidator.write_context(entity_id=entity.id, notes=notes)
            try:
                await agent.run("enrichment", context, entity=entity, notes=notes)
            except Exception as exc:  # the model is a process boundary
                failures.append(exc)
                in_a_row += 1
                log.warning(
                    "memory: enrichment of entity %s failed: %s",
                    entity.id,
                    type(exc).__name__,
                )
                if in_a_row >= MAX_FAILURES_IN_A_ROW:
                    break  # the endpoint is likely down: the rest wait a night
                continue
            in_a_row = 0
            done += context.counts.get("summaries", 0)
            rejected.update(_rejections(context.counts))
        counts = {"entities": len(entities), "summarised": done, **rejected}
        if failures:
            counts["failed"] = len(failures)
            last = failures[-1]
            raise StepIncomplete(
                f"{len(failures)} of {len(entities)} entities failed"
                f" ({type(last).__name__}: {last})",
                counts,
            )
        return counts

    async def infer_causal_links(self) -> dict[str, Any]:
        """Ask the model which consecutive episode pairs are cause and effect."""
        pairs = await self._storage.graph.episode_pairs_unchecked(
            self._config.causal_inference_batch_size
        )
        if not pairs:
            return {"pairs": 0}
        agent = self._agent()
        if agent is None:
            return {"pairs": len(pairs), "skipped_no_model": len(pairs)}
        context = self._consolidator.write_context(pairs=pairs)
        await agent.run("causal", context)
        # Only after a successful run: a failed one is asked again next night.
        await self._storage.graph.mark_causal_checked([(a.id, b.id) for a, b in pairs])
        edges = context.counts.get("causal_edges", 0)
        return {"pairs": len(pairs), "edges": edges, **_rejections(context.counts)}


def _rejections(counts: dict[str, int]) -> dict[str, int]:
    """The `rejected*` counts of a run: proposals that failed grounding."""
    return {k: v for k, v in counts.items() if k.startswith("rejected")}
