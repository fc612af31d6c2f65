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

Ranked = Sequence[tuple[int, float]]  # (node id, score; higher is better), best first


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


def add_scores(
    fused: Sequence[tuple[int, float]], extra: Mapping[int, float]
) -> list[tuple[int, float]]:
    """`fused` with `extra` added to each id's score (new ids join), best first."""
    total = dict(fused)
    for node_id, score in extra.items():
        total[node_id] = total.get(node_id, 0.0) + score
    return sorted(total.items(), key=lambda item: (-item[1], item[0]))
