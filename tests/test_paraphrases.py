"""The paraphrase sets (bench/data/everydayN/paraphrases.jsonl): the same
questions asked in other words. `bench/everyday.py --questions FILE` asks them
over the life; each paraphrase is its original with only the text changed."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIVES = ("everyday19", "everyday20", "everyday21", "everyday22", "everyday23")
ASKED = {"relation", "current", "past", "person"}


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text("utf-8").splitlines() if x]


def test_the_questions_option_reads_the_named_file_in_the_lifes_folder() -> None:
    import everyday

    data = ROOT / "bench" / "data" / "everyday19"
    default = everyday.questions_file(data, None)
    named = everyday.questions_file(data, "paraphrases.jsonl")
    given = everyday.questions_file(data, str(data / "paraphrases.jsonl"))

    assert default == data / "questions.jsonl"
    assert named == given == data / "paraphrases.jsonl"
    assert rows(named)[0]["id"] != rows(default)[0]["id"]


def test_every_paraphrase_is_its_original_in_other_words() -> None:
    for life in LIVES:
        data = ROOT / "bench" / "data" / life
        originals = {str(q["id"]): q for q in rows(data / "questions.jsonl")}
        paraphrases = rows(data / "paraphrases.jsonl")
        asked = [q for q in originals.values() if q["category"] in ASKED]

        assert len(paraphrases) == 2 * len(asked), life
        for paraphrase in paraphrases:
            pid = str(paraphrase["id"])
            original = originals[pid[:-2]]
            assert pid[-2:] in {"p1", "p2"}
            assert paraphrase["text"] != original["text"], pid
            rest = {k: v for k, v in paraphrase.items() if k not in {"id", "text"}}
            assert rest == {
                k: v for k, v in original.items() if k not in {"id", "text"}
            }, pid
