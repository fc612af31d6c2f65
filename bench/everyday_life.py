"""The everyday life: a deterministic generator of turns and labelled questions.

Reads the hand-written story (bench/data/everyday/story.yaml) and writes, next
to it, `turns.jsonl` (one turn a line: key, thread_id, role, text, time, and the
labels lang, day, people, facts, activity) and `questions.jsonl` (id, lang,
category, text, gold turn keys; time questions also their window and `now`).
Seeded, so the same story gives byte-identical files:

    python bench/everyday_life.py        # rewrites the two JSONL files

Times are written for a fixed reference "today" (ANCHOR); bench/everyday.py
shifts them by whole days so the life's last day is the day it runs, and
recomputes the gold of time questions for that day with the same functions.
Each day has a morning thread (2 user turns) and an evening thread (4); every
third day is in Russian; the story's events replace filler on their day.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent / "data" / "everyday"
ANCHOR = dt.date(2026, 11, 24)  # the reference "today" of the committed files
SEED = 2026
MORNING = dt.time(7, 30)
EVENING = dt.time(19, 0)
LAST_MORNING = dt.time(5, 0)  # the last day ends early: its turns precede a run
LAST_MORNING_END = dt.time(5, 30)
RU_DAY = 2  # day % 3 == RU_DAY: a Russian day
CASES = ("nom", "gen", "dat", "acc", "ins")
DAY = 86400.0


def load_story() -> dict[str, Any]:
    return yaml.safe_load((DATA / "story.yaml").read_text(encoding="utf-8"))


# -- the turns ---------------------------------------------------------------------


class Life:
    """Builds the turns day by day from the story."""

    def __init__(self, story: dict[str, Any]) -> None:
        self.story = story
        self.days: int = story["days"]
        self.rng = random.Random(SEED)
        self.turns: list[dict[str, Any]] = []

    def fill(self, template: str, lang: str, person: str | None, day: int) -> str:
        values: dict[str, str] = {}
        for slot, options in self.story["fill"].items():
            values[slot] = self.rng.choice(options)
        vienna = day >= self.story["move_day"]
        for slot, pair in self.story["places"].items():
            values[slot] = pair[1 if vienna else 0]
        if person is not None:
            names = self.story["people"][person]
            values["n"] = names["en"]
            values.update(zip(CASES, names["ru"], strict=True))
        text = template.format(**values)
        return text[0].upper() + text[1:] if lang == "ru" else text

    def mention(self, day: int, lang: str) -> tuple[str, list[str]] | None:
        """One daily line about a person, drawn by their share of days."""
        weights = []
        for person, spec in self.story["mentions"].items():
            if spec["from_day"] <= day < spec["to_day"]:
                weights.append((person, spec["per_day"]))
        total = sum(w for _, w in weights)
        pick = self.rng.random() * max(total, 3.0)
        for person, weight in weights:
            pick -= weight
            if pick < 0:
                template = self.rng.choice(self.story["mentions"][person][lang])
                return self.fill(template, lang, person, day), [person]
        return None

    def user_lines(self, day: int, lang: str) -> list[dict[str, Any]]:
        """The day's six user turns: events, activity, mentions, filler."""
        lines: list[dict[str, Any]] = []
        for event in self.story["events"]:
            if event["day"] == day:
                lines.append(
                    {
                        "text": event["text"],
                        "lang": event["lang"],
                        "people": event["people"],
                        "facts": event["facts"],
                    }
                )
        activity = self.rng.choice(self.story["activities"][lang])
        lines.append(
            {
                "text": self.fill(activity["text"], lang, None, day),
                "lang": lang,
                "people": activity["people"],
                "activity": True,
            }
        )
        for _ in range(2):
            said = self.mention(day, lang)
            if said is not None:
                lines.append({"text": said[0], "lang": lang, "people": said[1]})
        while len(lines) < 6:
            text = self.rng.choice(self.story["distractors"][lang])
            lines.append({"text": text, "lang": lang, "people": []})
        self.rng.shuffle(lines)
        # The last day's activity is the morning's ("this morning").
        if day == self.days - 1:
            lines.sort(key=lambda line: not line.get("activity"))
        return lines

    def reply(self, line: dict[str, Any]) -> dict[str, Any]:
        lang = line["lang"]
        people = [p for p in line["people"] if p not in ("mom",)]
        if people and self.rng.random() < 0.35:
            person = people[0]
            template = self.rng.choice(self.story["replies"][f"{lang}_name"])
            return {
                "text": self.fill(template, lang, person, 0),
                "lang": lang,
                "people": [person],
            }
        return {
            "text": self.rng.choice(self.story["replies"][lang]),
            "lang": lang,
            "people": [],
        }

    def build(self) -> list[dict[str, Any]]:
        for day in range(self.days):
            date = ANCHOR - dt.timedelta(days=self.days - 1 - day)
            lang = "ru" if day % 3 == RU_DAY else "en"
            lines = self.user_lines(day, lang)
            last = day == self.days - 1
            threads = [("m", LAST_MORNING if last else MORNING, lines[:2])]
            if not last:
                threads.append(("e", EVENING, lines[2:]))
            for suffix, start, chunk in threads:
                thread = f"{date.isoformat()}-{suffix}"
                moment = dt.datetime.combine(date, start, dt.UTC)
                for line in chunk:
                    self.add(thread, "user", line, moment, day)
                    moment += dt.timedelta(minutes=2)
                    self.add(thread, "assistant", self.reply(line), moment, day)
                    moment += dt.timedelta(minutes=3)
        return self.turns

    def add(
        self,
        thread: str,
        role: str,
        line: dict[str, Any],
        moment: dt.datetime,
        day: int,
    ) -> None:
        self.turns.append(
            {
                "key": f"t{len(self.turns):04d}",
                "thread_id": thread,
                "role": role,
                "text": line["text"],
                "time": moment.isoformat(timespec="seconds"),
                "lang": line["lang"],
                "day": day - (self.days - 1),
                "people": sorted(set(line["people"])),
                "facts": line.get("facts", []),
                "activity": role == "user" and bool(line.get("activity")),
            }
        )


# -- time windows, relative to a "today" -------------------------------------------


def day_start(date: dt.date) -> float:
    return dt.datetime.combine(date, dt.time(), dt.UTC).timestamp()


def relative_window(spec: str, today: dt.date) -> tuple[float, float]:
    """[start, end) unix seconds of a relative expression said on `today`."""
    if spec == "this_morning":
        return day_start(today), day_start(today) + DAY / 2
    if spec in ("yesterday", "day_before_yesterday"):
        back = 1 if spec == "yesterday" else 2
        start = day_start(today - dt.timedelta(days=back))
        return start, start + DAY
    if spec == "last_weekend":  # the latest Saturday-Sunday that ended before today
        sunday = today - dt.timedelta(days=(today.weekday() + 1) % 7 or 7)
        return day_start(sunday - dt.timedelta(days=1)), day_start(sunday) + DAY
    if spec == "last_week":  # the calendar week (Monday-Sunday) before this one
        monday = today - dt.timedelta(days=today.weekday() + 7)
        return day_start(monday), day_start(monday) + 7 * DAY
    if spec == "two_weeks_ago":  # vague: the week around 14 days back
        centre = day_start(today - dt.timedelta(days=14))
        return centre - 3 * DAY, centre + 4 * DAY
    if spec in ("week_before_last", "weekend_before_last"):  # the one before "last"
        start, end = relative_window("last_" + spec.split("_")[0], today)
        return start - 7 * DAY, end - 7 * DAY
    if spec.startswith("weekday:"):  # the last such weekday before today (Monday 0)
        back = (today.weekday() - int(spec.split(":")[1])) % 7 or 7
        start = day_start(today - dt.timedelta(days=back))
        return start, start + DAY
    if spec.startswith("days_ago:"):  # "three days ago": that day exactly
        start = day_start(today - dt.timedelta(days=int(spec.split(":")[1])))
        return start, start + DAY
    if spec.startswith("days_around:"):  # "дня три назад": that day, give or take one
        centre = day_start(today - dt.timedelta(days=int(spec.split(":")[1])))
        return centre - DAY, centre + 2 * DAY
    if spec.startswith("month_part:"):  # early / mid / late: days 1-10, 11-20, 21-
        _, month, part = spec.split(":")
        start, end = relative_window(f"month:{month}", today)
        return start + 10 * int(part) * DAY, end if part == "2" else start + 10 * (
            int(part) + 1
        ) * DAY
    if spec.startswith("month:"):  # the latest such month that has begun
        month = int(spec.split(":")[1])
        year = today.year if month <= today.month else today.year - 1
        end = dt.date(year + month // 12, month % 12 + 1, 1)
        return day_start(dt.date(year, month, 1)), day_start(end)
    raise ValueError(f"unknown relative window {spec!r}")


def explicit_window(question: dict[str, Any], today: dt.date) -> tuple[str, str]:
    """The after/before dates (YYYY-MM-DD) of a question's day offsets."""
    after = today + dt.timedelta(days=question["after_day"])
    before = today + dt.timedelta(days=question["before_day"])
    return after.isoformat(), before.isoformat()


def turn_time(turn: dict[str, Any], shift_days: int) -> float:
    moment = dt.datetime.fromisoformat(turn["time"]) + dt.timedelta(days=shift_days)
    return moment.timestamp()


# -- gold --------------------------------------------------------------------------


def window_of(question: dict[str, Any], today: dt.date) -> tuple[float, float] | None:
    if "relative" in question:
        return relative_window(question["relative"], today)
    if "after_day" in question:
        after, before = explicit_window(question, today)
        return day_start(dt.date.fromisoformat(after)), day_start(
            dt.date.fromisoformat(before)
        )
    return None


def in_window(turn: dict[str, Any], window: tuple[float, float], shift: int) -> bool:
    return window[0] <= turn_time(turn, shift) < window[1]


def gold_keys(
    question: dict[str, Any], turns: list[dict[str, Any]], today: dt.date, shift: int
) -> list[str]:
    """The turns answering `question` asked on `today` (times moved `shift` days)."""
    window = window_of(question, today)
    match = re.compile(question["match"], re.I) if "match" in question else None
    gold = []
    for turn in turns:
        if "gold" in question:
            hit = bool(set(question["gold"]) & set(turn["facts"]))
        elif "person" in question:
            hit = question["person"] in turn["people"]
        else:  # "what did I do": the user's activities
            hit = turn["activity"]
        if hit and match is not None:
            hit = bool(match.search(turn["text"]))
        if hit and window is not None:
            hit = in_window(turn, window, shift)
        if hit:
            gold.append(turn["key"])
    return gold


def outdated_keys(question: dict[str, Any], turns: list[dict[str, Any]]) -> list[str]:
    tags = set(question.get("outdated", []))
    return [t["key"] for t in turns if tags & set(t["facts"])]


def questions(
    story: dict[str, Any], turns: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    out = []
    for number, question in enumerate(story["questions"], start=1):
        item = {"id": f"q{number:03d}", **question}
        item["gold_keys"] = gold_keys(question, turns, ANCHOR, 0)
        if "outdated" in question:
            item["outdated_keys"] = outdated_keys(question, turns)
        if "relative" in question or "after_day" in question:
            item["now"] = (
                f"{ANCHOR.isoformat()} (the life's last day = the run's today)"
            )
        if "after_day" in question:
            item["after"], item["before"] = explicit_window(question, ANCHOR)
        out.append(item)
    return out


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def main() -> None:
    story = load_story()
    turns = Life(story).build()
    asked = questions(story, turns)
    write_jsonl(DATA / "turns.jsonl", turns)
    write_jsonl(DATA / "questions.jsonl", asked)
    print(f"{len(turns)} turns, {len(asked)} questions → {DATA}")


if __name__ == "__main__":
    main()
