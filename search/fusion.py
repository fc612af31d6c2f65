"""Merging the ranked lists of the search strategies into one ranking.

Two ways, chosen by config `fusion`:
- `linear`: each leg's scores are scaled to [0, 1] (best = 1) and summed with
  weights. It keeps *how much* better a hit is, which matters when one leg (a
  small embedder) is much weaker than another: measured on LoCoMo, RRF with a
  small embedder lowered R@5 while the linear mix raised it (design.md).
- `rrf`: weighted reciprocal rank fusion, `Σ w_i / (k + rank_i)`.
Pure functions over plain lists; every id appears once in the output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.config import MemoryConfig

Ranked = Sequence[tuple[int, float]]  # (node id, score; higher is better), best first

LINEAR_WEIGHTS = {"graph": 0.1, "entity": 0.1}
# A window's newest nodes (search/windowed.py) weigh this much: enough to be
# ordered by the boosts (a speaker the question names), too little to pass
# anything the question's words or vector found.
WINDOW_WEIGHT = 0.05


def fuse(ranked: Mapping[str, Ranked], config: MemoryConfig) -> list[tuple[int, float]]:
    """The legs fused as config `fusion` says, best first."""
    if config.fusion == "rrf":
        weights = {
            "fts": config.rrf_weight_fts,
            "vector": config.rrf_weight_vector,
            "graph": config.rrf_weight_graph,
            "entity": config.rrf_weight_graph,
            "window": WINDOW_WEIGHT,
        }
        return rrf_fuse(ranked, weights, k=config.rrf_k)
    vector_weight = config.linear_weight_vector if "vector" in ranked else 0.0
    if "fts" not in ranked:
        vector_weight = 1.0
    weights = {"fts": 1.0 - vector_weight, "vector": vector_weight}
    return linear_fuse(ranked, {**weights, **LINEAR_WEIGHTS, "window": WINDOW_WEIGHT})


def normalise_scores(ranked: Ranked) -> dict[int, float]:
    """Scores scaled so the best is 1.0 and a score of 0 stays 0 (first id wins)."""
    out: dict[int, float] = {}
    top = max((score for _, score in ranked), default=0.0)
    for node_id, score in ranked:
        if node_id in out:
            continue
        out[node_id] = max(score, 0.0) / top if top > 0 else 0.0
    return out


def linear_fuse(
    legs: Mapping[str, Ranked], weights: Mapping[str, float]
) -> list[tuple[int, float]]:
    """Weighted sum of normalised scores, best first (ties: smaller id first)."""
    total: dict[int, float] = {}
    for name, ranked in legs.items():
        weight = weights.get(name, 0.0)
        for node_id, score in normalise_scores(ranked).items():
            total[node_id] = total.get(node_id, 0.0) + weight * score
    return sorted(total.items(), key=lambda item: (-item[1], item[0]))


def rrf_fuse(
    legs: Mapping[str, Ranked], weights: Mapping[str, float], *, k: int = 60
) -> list[tuple[int, float]]:
    """Weighted reciprocal rank fusion, best first (ties: smaller id first)."""
    total: dict[int, float] = {}
    for name, ranked in legs.items():
        weight = weights.get(name, 0.0)
        seen: set[int] = set()
        for rank, (node_id, _) in enumerate(ranked, start=1):
            if node_id in seen:
                continue
            seen.add(node_id)
            total[node_id] = total.get(node_id, 0.0) + weight / (k + rank)
    return sorted(total.items(), key=lambda item: (-item[1], item[0]))


def with_leg(
    fused: Sequence[tuple[int, float]],
    name: str,
    ranked: Ranked,
    config: MemoryConfig,
) -> list[tuple[int, float]]:
    """`fuse` of the legs that gave `fused` with the graph or entity leg
    `name` added last: the fusions sum leg by leg, so adding its share (its
    own fusion: scaled alone, weighed as `fuse` weighs it) to the totals
    gives the same floats, without scaling and summing the other legs again
    (the graph leg is fused after the seeds it walks from)."""
    return add_scores(fused, dict(fuse({name: ranked}, config)))


def add_scores(
    fused: Sequence[tuple[int, float]], extra: Mapping[int, float]
) -> list[tuple[int, float]]:
    """`fused` with `extra` added to the scores, best first (ties: smaller id)."""
    total = dict(fused)
    for node_id, score in extra.items():
        total[node_id] = total.get(node_id, 0.0) + score
    return sorted(total.items(), key=lambda item: (-item[1], item[0]))
