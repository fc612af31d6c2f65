"""Scores of bench/everyday.py: per question, then per category × language.

Every metric is read from what the host would see: the `search_memory` tool's
results (top 10, ids mapped back to the life's turn keys) and the block
`get_context` injected. Gold is recomputed for the day of the run
(bench/everyday_life.py gold_keys), so relative dates mean the real calendar.
"""

from __future__ import annotations

import datetime as dt
import statistics
from typing import Any

import everyday_life as life

# category → (main metric, its label, target from issues 23/27, higher is better)
MAIN = {
    "name_only": ("p10", "precision of the top 10", 0.90),
    "person": ("r10", "R@10", 0.85),
    "relation": ("r10", "R@10", 0.85),
    "current": ("r5", "R@5", 0.80),
    "past": ("r5", "R@5", None),
    "never_said": ("no_block", "no context block", 0.80),
    "temporal_window": ("r10", "R@10", 0.85),
    "temporal_relative": ("r10", "R@10", 0.85),
}
# (category or "*", metric, label, target, "rate" | "count"): rows below the main ones
EXTRA = [
    ("current", "stale", "outdated state ranked above the current one", 0.05, "rate"),
    (
        "current",
        "now5",
        "a current turn in the top 5, none outdated above",
        0.80,
        "rate",
    ),
    ("current", "r5c", "R@5, gold counted up to 5", 0.80, "rate"),
    ("past", "r5c", "R@5, gold counted up to 5", None, "rate"),
    ("never_said", "nothing_found", "search_memory finds nothing", None, "rate"),
    # "Tell me about Dana": any 10 of her 19 turns fill the top 10
    ("person", "r10c", "R@10, gold counted up to 10", 0.85, "rate"),
    ("temporal_window", "r10c", "R@10, gold counted up to 10", 0.85, "rate"),
    ("temporal_relative", "r10c", "R@10, gold counted up to 10", 0.85, "rate"),
    ("name_only", "empty", "empty search, the person has turns", 0, "count"),
    (
        "temporal_window",
        "empty",
        "empty search, the window holds turns",
        0,
        "count",
    ),
    (
        "temporal_relative",
        "empty",
        "empty search, the window holds turns",
        0,
        "count",
    ),
    (
        "temporal_relative",
        "ctx_empty",
        "no context block, the window holds turns",
        0,
        "count",
    ),
    (
        "*",
        "ctx_hit",
        "context block shows a gold turn (questions with gold)",
        None,
        "rate",
    ),
    (
        "*",
        "ctx_recall",
        "gold turns the block shows (counted up to 5)",
        None,
        "rate",
    ),
    (
        "*",
        "ctx_precision",
        "share of the block's memory lines that are gold turns",
        None,
        "rate",
    ),
]
LANGS = ("en", "ru")


def block_shows(block: str, turn: dict[str, Any], shift: int) -> bool:
    """A line of the block is this turn: its day and the start of its text."""
    day = (
        dt.date.fromisoformat(turn["time"][:10]) + dt.timedelta(days=shift)
    ).isoformat()
    start = " ".join(turn["text"].split())[:40]
    return any(day in line and start in line for line in block.splitlines())


def block_precision(block: str, gold: list[dict[str, Any]], shift: int) -> float | None:
    """The share of the block's memory lines ("- [said; ...] ...") that show a
    gold turn: what else the block puts before the model is noise."""
    lines = [line for line in block.splitlines() if line.startswith("- [")]
    if not lines or not gold:
        return None
    shown = sum(1 for line in lines if any(block_shows(line, t, shift) for t in gold))
    return shown / len(lines)


def block_recall(block: str, gold: list[dict[str, Any]], shift: int) -> float | None:
    """The gold turns the block shows, counted up to 5 (a block holds ~5)."""
    if not gold:
        return None
    shown = sum(1 for t in gold if block_shows(block, t, shift))
    return min(shown, 5) / min(len(gold), 5)


def recall(gold: list[str], keys: list[str | None], k: int) -> float | None:
    if not gold:
        return None
    return len(set(gold) & set(keys[:k])) / len(gold)


def recall_capped(gold: list[str], keys: list[str | None], k: int) -> float | None:
    """Recall of a question whose answer is a list ("What did I do in June?":
    30 doings): any k of them fill the top k, so at most k count as gold."""
    if not gold:
        return None
    return len(set(gold) & set(keys[:k])) / min(k, len(gold))


def stale(outdated: set[str], gold: set[str], keys: list[str | None]) -> bool:
    """An older state ranks above every current one in the top 10."""
    for key in keys:
        if key in gold:
            return False
        if key in outdated:
            return True
    return False


def answered_now(outdated: set[str], gold: set[str], keys: list[str | None]) -> bool:
    """What a current-state question needs: a turn stating the current state
    in the top 5 and no outdated state above it. R@5 (the main row) counts
    every gold turn, so a state told in 7 turns caps it at 5/7."""
    return not stale(outdated, gold, keys) and not gold.isdisjoint(keys[:5])


def score(
    question: dict[str, Any],
    answer: dict[str, Any],
    turns: list[dict[str, Any]],
    by_key: dict[str, dict[str, Any]],
    today: dt.date,
    shift: int,
) -> dict[str, Any]:
    gold = life.gold_keys(question, turns, today, shift)
    keys: list[str | None] = answer["keys"]
    block: str = answer["block"]
    category = question["category"]
    out: dict[str, Any] = {
        "id": question["id"],
        "category": category,
        "lang": question["lang"],
        "text": question["text"],
        "args": answer["args"],
        "gold": len(gold),
        "context_ms": answer["context_ms"],
        "search_ms": answer["search_ms"],
        "r5": recall(gold, keys, 5),
        "r10": recall(gold, keys, 10),
        "empty": bool(gold) and not keys,
        "ctx_empty": bool(gold) and not block,
        "ctx_hit": any(block_shows(block, by_key[k], shift) for k in gold)
        if gold
        else None,
        "ctx_recall": block_recall(block, [by_key[k] for k in gold], shift),
        "ctx_precision": block_precision(block, [by_key[k] for k in gold], shift),
    }
    if category == "name_only":
        out["p10"] = recall_capped(gold, keys, 10)
    if category == "person" or category.startswith("temporal"):
        out["r10c"] = recall_capped(gold, keys, 10)
    if category in ("current", "past"):
        # a state told in 8 turns caps plain R@5 at 5/8
        out["r5c"] = recall_capped(gold, keys, 5)
    if category == "current":
        outdated = set(question.get("outdated_keys", []))
        out["stale"] = stale(outdated, set(gold), keys)
        out["now5"] = answered_now(outdated, set(gold), keys)
    if category == "never_said":
        out["no_block"] = not block
        out["nothing_found"] = not keys
    metric, _, target = MAIN[category]
    value = out.get(metric)
    out["failed"] = bool(out.get("stale")) or (
        value is not None
        and (
            value is False or (not isinstance(value, bool) and value < (target or 0.8))
        )
    )
    if out["failed"] or answer["error"]:
        out["top"] = [
            f"{k or r['id']}: {r['content'][:70]}"
            for k, r in zip(keys[:5], answer["results"][:5], strict=False)
        ]
        out["error"] = answer["error"]
        out["missed"] = [
            f"{k} at {_rank(keys, k)}: {by_key[k]['text'][:70]}"
            for k in gold
            if k not in keys[:5]
        ][:4]
        out["block_lines"] = len([x for x in block.splitlines() if x.startswith("- ")])
    return out


def _rank(keys: list[str | None], key: str) -> str:
    return f"#{keys.index(key) + 1}" if key in keys else "-"


def _mean(values: list[Any]) -> float | None:
    numbers = [float(v) for v in values if v is not None]
    return round(statistics.mean(numbers), 3) if numbers else None


def _cell(rows: list[dict[str, Any]], metric: str, kind: str) -> float | int | None:
    values = [r.get(metric) for r in rows]
    if kind == "count":
        return sum(1 for v in values if v)
    return _mean(values)


def table(scored: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (category, metric): value per language and overall, and target."""
    rows = []
    specs = [(c, m, f"{c}: {label}", t, "rate") for c, (m, label, t) in MAIN.items()]
    for category, metric, label, target, kind in EXTRA:
        specs.append((category, metric, f"{category}: {label}", target, kind))
    for category, metric, label, target, kind in specs:
        chosen = [s for s in scored if category in ("*", s["category"])]
        row: dict[str, Any] = {"category": category, "metric": metric, "label": label}
        for lang in LANGS:
            row[lang] = _cell([s for s in chosen if s["lang"] == lang], metric, kind)
            row[f"n_{lang}"] = sum(1 for s in chosen if s["lang"] == lang)
        row["all"] = _cell(chosen, metric, kind)
        # issue 23: Russian within 10 points of English on every category
        both = row["en"] is not None and row["ru"] is not None
        row["ru_gap"] = (
            round(100 * (row["ru"] - row["en"]), 1) if both and kind == "rate" else None
        )
        row["target"] = target
        row["kind"] = kind
        rows.append(row)
    return rows


def latency(scored: list[dict[str, Any]]) -> dict[str, float]:
    out = {}
    for what in ("context_ms", "search_ms"):
        values = sorted(s[what] for s in scored)
        out[f"{what}_p50"] = round(values[len(values) // 2], 1)
        out[f"{what}_p95"] = round(values[int(len(values) * 0.95)], 1)
    return out


def _show(value: float | int | None, kind: str) -> str:
    if value is None:
        return "—"
    return str(value) if kind == "count" else f"{100 * value:.0f} %"


def _target(row: dict[str, Any]) -> str:
    target = row["target"]
    if target is None:
        return "—"
    if row["kind"] == "count":
        return f"{target}"
    sign = "≤" if row["metric"] == "stale" else "≥"
    return f"{sign} {100 * target:.0f} %"


def render(report: dict[str, Any], verbose: bool = False) -> str:
    lines = [
        f"everyday questions: {report['turns']} turns, {report['questions']} questions,"
        f" embedder {report['embedder']}, today {report['today']},"
        f" ingest {report['ingest_s']} s",
        "",
        f"{'category: metric':58} {'EN':>6} {'RU':>6} {'all':>6} {'RU-EN':>6}  target"
        " (RU within 10 points of EN)",
    ]
    for row in report["table"]:
        kind = row["kind"]
        cells = " ".join(f"{_show(row[k], kind):>6}" for k in ("en", "ru", "all"))
        gap = "—" if row["ru_gap"] is None else f"{round(row['ru_gap']):+d}"
        lines.append(f"{row['label'][:58]:58} {cells} {gap:>6}  {_target(row)}")
    lat = report["latency"]
    lines.append(
        f"\nget_context p50 {lat['context_ms_p50']} ms, p95 {lat['context_ms_p95']} ms;"
        f" search_memory (agent run) p50 {lat['search_ms_p50']} ms,"
        f" p95 {lat['search_ms_p95']} ms"
    )
    if verbose:
        lines.append(f"\nfailures ({len(report['failures'])}):")
        for f in report["failures"]:
            metric = MAIN[f["category"]][0]
            lines.append(
                f"- {f['id']} [{f['category']}/{f['lang']}] {f['text']!r}"
                f" {metric}={f.get(metric)} gold={f['gold']}"
                f" block_lines={f.get('block_lines')} args={f['args']}"
            )
            lines.extend(f"    {t}" for t in f.get("top", []))
            lines.extend(f"    missed {t}" for t in f.get("missed", []))
    return "\n".join(lines)
