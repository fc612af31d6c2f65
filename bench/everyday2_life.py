"""The second everyday life: a hand-written story, turned into the bench's files.

bench/data/everyday2/story.txt holds the user's lines (day, time, language, the
people named, fact tags, whether it is something the user did); asks.yaml holds
the questions. This script adds a short assistant reply after each user line and
writes turns.jsonl, questions.jsonl and life.json (the anchor: the reference
"today") in the formats of the first life (bench/everyday_life.py), whose gold
functions it reuses, so `bench/everyday.py --data bench/data/everyday2` runs it.

    python bench/everyday2_life.py [FOLDER]

FOLDER (default bench/data/everyday2) holds story.txt and asks.yaml; the third
life, bench/data/everyday3, is built the same way.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

import everyday_life as life
import yaml

DATA = Path(__file__).resolve().parent / "data" / "everyday2"
REPLIES = {
    "en": ["Noted.", "Sounds good!", "Thanks for telling me.", "Okay, got it."],
    "ru": ["Понял.", "Хорошо, запомню.", "Ясно, спасибо.", "Принято."],
}


def parse_story(text: str) -> tuple[dt.date, list[dict[str, Any]]]:
    """The anchor and the user's lines of story.txt."""
    anchor = None
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        if raw.startswith("anchor "):
            anchor = dt.date.fromisoformat(raw.split()[1])
            continue
        head, people, facts, activity, said = (p.strip() for p in raw.split("|", 4))
        day, clock, lang = head.split()
        lines.append(
            {
                "day": int(day),
                "clock": dt.time.fromisoformat(clock),
                "lang": lang,
                "people": [p for p in people.split(",") if p],
                "facts": [f for f in facts.split(",") if f],
                "activity": activity == "y",
                "text": said,
            }
        )
    if anchor is None:
        raise SystemExit("story.txt: no 'anchor YYYY-MM-DD' line")
    return anchor, lines


def build(anchor: dt.date, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each user line, then an assistant reply two minutes later."""
    turns: list[dict[str, Any]] = []
    for number, line in enumerate(lines):
        date = anchor + dt.timedelta(days=line["day"])
        when = dt.datetime.combine(date, line["clock"], dt.UTC)
        part = "m" if line["clock"].hour < 12 else "e"
        common = {"thread_id": f"{date.isoformat()}-{part}", "lang": line["lang"]}
        common["day"] = line["day"]
        turns.append(
            {
                "key": f"t{2 * number:04d}",
                **common,
                "role": "user",
                "text": line["text"],
                "time": when.isoformat(),
                "people": line["people"],
                "facts": line["facts"],
                "activity": line["activity"],
            }
        )
        reply = REPLIES[line["lang"]][number % len(REPLIES[line["lang"]])]
        turns.append(
            {
                "key": f"t{2 * number + 1:04d}",
                **common,
                "role": "assistant",
                "text": reply,
                "time": (when + dt.timedelta(minutes=2)).isoformat(),
                "people": [],
                "facts": [],
                "activity": False,
            }
        )
    return turns


def questions(
    asks: list[dict[str, Any]], turns: list[dict[str, Any]], anchor: dt.date
) -> list[dict[str, Any]]:
    out = []
    for number, question in enumerate(asks, start=1):
        item = {"id": f"q{number:03d}", **question}
        item["gold_keys"] = life.gold_keys(question, turns, anchor, 0)
        if "outdated" in question:
            item["outdated_keys"] = life.outdated_keys(question, turns)
        if "after_day" in question:
            item["after"], item["before"] = life.explicit_window(question, anchor)
        out.append(item)
    return out


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else DATA
    anchor, lines = parse_story((data / "story.txt").read_text("utf-8"))
    turns = build(anchor, lines)
    asks = yaml.safe_load((data / "asks.yaml").read_text("utf-8"))
    asked = questions(asks, turns, anchor)
    life.write_jsonl(data / "turns.jsonl", turns)
    life.write_jsonl(data / "questions.jsonl", asked)
    (data / "life.json").write_text(json.dumps({"anchor": anchor.isoformat()}) + "\n")
    print(f"{len(turns)} turns, {len(asked)} questions → {data}")


if __name__ == "__main__":
    main()
