"""The offline extractor against a hand-labelled sample of the LoCoMo dev data.

tests/data/entities_locomo_dev.tsv lists what the extractor filed from the dev
data, each string labelled by what it is; this test recomputes precision and
person-name recall from it, and checks the rows still describe the extractor:
each name is extracted again from its excerpt.
"""

from __future__ import annotations

from pathlib import Path

from agent_memory.writepath.entities import extract_mentions

SAMPLE = Path(__file__).parent.parent / "data" / "entities_locomo_dev.tsv"


def _rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            label, name, excerpt = line.split("\t")
            rows.append((label, name, excerpt))
    return rows


def test_sample_is_large_and_current() -> None:
    rows = _rows()
    found = sum(
        any(m.name == name for m in extract_mentions(excerpt))
        for _, name, excerpt in rows
    )

    assert len(rows) >= 200
    assert found / len(rows) >= 0.9


def test_precision_and_person_recall() -> None:
    rows = _rows()
    good = sum(label != "bad" for label, _, _ in rows)
    people = [(name, excerpt) for label, name, excerpt in rows if label == "person"]
    found = [
        [m for m in extract_mentions(excerpt) if m.name == name]
        for name, excerpt in people
    ]
    recalled = sum(bool(mentions) for mentions in found)
    typed = sum(any(m.type == "person" for m in mentions) for mentions in found)

    assert good / len(rows) >= 0.9
    assert recalled / len(people) >= 0.9
    # typed from one excerpt alone; the linker keeps `person` once any mention says so
    assert typed / len(people) >= 0.8
