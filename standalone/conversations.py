"""Reading conversations from files: our JSONL and the LoCoMo benchmark's JSON.

Pure parsing, no I/O beyond reading the file: each format becomes a list of
`Turn`s, checked completely before anything is stored, so a bad line is
reported with its number and nothing half-ingested is left behind.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InputError

USER_ROLES = {"user", "human"}
AGENT_ROLES = {"assistant", "agent", "orchestrator", "ai"}
LOCOMO_TIME = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
# Times outside these are mistakes (milliseconds for seconds, a year typo).
EARLIEST = 0.0  # 1970-01-01
FUTURE_SLACK_S = 10 * 366 * 86400  # up to ten years ahead (plans, reminders)


class ConversationError(InputError):
    """The file is not a conversation we can read; the message says where."""


@dataclass(frozen=True, slots=True)
class Turn:
    thread_id: str
    role: str  # user | orchestrator
    text: str
    time: float | None = None
    attributes: dict[str, Any] = field(default_factory=dict)


def time_problem(seconds: float) -> str | None:
    """Why `seconds` cannot be a time we store (None: it can)."""
    if not math.isfinite(seconds):
        return f"time {seconds!r} is not a number"
    if seconds < EARLIEST:
        return f"time {seconds!r} is before 1970"
    if seconds > time.time() + FUTURE_SLACK_S:
        return f"time {seconds!r} is more than ten years ahead (milliseconds?)"
    return None


def parse_time(value: Any, where: str) -> float | None:
    """Unix seconds from a number or an ISO-8601 date/time (UTC if no zone),
    range-checked."""
    if value is None:
        return None
    seconds = _seconds(value)
    if seconds is not None:
        problem = time_problem(seconds)
        if problem is not None:
            raise ConversationError(f"{where}: {problem}")
        return seconds
    raise ConversationError(
        f"{where}: bad time {value!r}; use unix seconds or ISO 8601 (2024-05-01T10:00)"
    )


def _seconds(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return float(value)
        except OverflowError:  # an int beyond any float
            return math.inf
    if isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return moment.timestamp()
    return None


def read_text_file(path: Path, error: type[InputError]) -> str:
    """The text of `path` (UTF-8, a byte-order mark accepted); `error` names the
    file and what is wrong with it."""
    if path.is_dir():
        raise error(f"{path}: is a folder, not a file")
    if not path.exists():
        raise error(f"{path}: no such file")
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror})") from None


def read_conversations(path: Path, kind: str = "auto") -> list[Turn]:
    """The turns in `path` (JSONL of turns, or LoCoMo JSON), in file order."""
    text = read_text_file(path, ConversationError)
    if kind == "auto":
        kind = "locomo" if text.lstrip().startswith("[") else "jsonl"
        if kind == "jsonl" and path.suffix == ".json":
            kind = "locomo"
    if kind == "locomo":
        return parse_locomo(text, str(path))
    return parse_jsonl(text, str(path))


def parse_jsonl(text: str, name: str) -> list[Turn]:
    """`{"thread_id", "role", "text", "time"?}` per line."""
    turns = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ConversationError(f"{where}: not JSON ({exc.msg})") from exc
        if not isinstance(record, dict):
            raise ConversationError(f"{where}: expected a JSON object")
        turns.append(_turn(record, where))
    if not turns:
        raise ConversationError(f"{name}: no turns found")
    return turns


def _turn(record: dict[str, Any], where: str) -> Turn:
    text = record.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ConversationError(f"{where}: 'text' must be a non-empty string")
    thread = record.get("thread_id")
    if not isinstance(thread, str | int) or isinstance(thread, bool) or thread == "":
        raise ConversationError(f"{where}: 'thread_id' is missing")
    role = str(record.get("role", "")).lower()
    if role in USER_ROLES:
        role = "user"
    elif role in AGENT_ROLES:
        role = "orchestrator"
    else:
        raise ConversationError(
            f"{where}: 'role' must be user or assistant, not {record.get('role')!r}"
        )
    extra = {k: v for k, v in record.items() if k not in {"text", "thread_id", "role"}}
    extra.pop("time", None)
    return Turn(str(thread), role, text, parse_time(record.get("time"), where), extra)


def parse_locomo(text: str, name: str) -> list[Turn]:
    """LoCoMo conversations: each session is a thread, speaker A is the user."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConversationError(
            f"{name}: not JSON ({exc.msg}, line {exc.lineno})"
        ) from exc
    samples = data if isinstance(data, list) else [data]
    turns: list[Turn] = []
    for index, sample in enumerate(samples):
        if not isinstance(sample, dict) or not isinstance(
            sample.get("conversation"), dict
        ):
            raise ConversationError(f"{name}: item {index} has no 'conversation'")
        turns.extend(_locomo_sample(sample, f"{name}[{index}]"))
    if not turns:
        raise ConversationError(f"{name}: no turns found")
    return turns


def _locomo_sample(sample: dict[str, Any], where: str) -> list[Turn]:
    """One LoCoMo conversation, checked whole: both speakers named, every
    session a dated list of turns by them, every turn with something said."""
    conversation = sample["conversation"]
    sample_id = str(sample.get("sample_id") or where)
    user, other = (_speaker(conversation, key, where) for key in SPEAKER_KEYS)
    sessions = sorted(
        (int(m.group(1)), key)
        for key in conversation
        if (m := re.fullmatch(r"session_(\d+)", key))
    )
    turns = []
    for number, key in sessions:
        place = f"{where}.{key}"
        session = conversation[key]
        if not isinstance(session, list):
            raise ConversationError(f"{place}: expected a list of turns")
        if not session:
            continue
        date = conversation.get(f"{key}_date_time")
        if not date:
            raise ConversationError(f"{place}: no session date ('{key}_date_time')")
        start = _locomo_time(date, place)
        for offset, raw in enumerate(session):
            speaker, content = _locomo_turn(raw, (user, other), f"{place}[{offset}]")
            turns.append(
                Turn(
                    f"{sample_id}:session_{number}",
                    "user" if speaker == user else "orchestrator",
                    content,
                    start + offset,
                    {"speaker": speaker, "dia_id": raw.get("dia_id")},
                )
            )
    return turns


SPEAKER_KEYS = ("speaker_a", "speaker_b")  # speaker A is the user


def _speaker(conversation: dict[str, Any], key: str, where: str) -> str:
    name = conversation.get(key)
    if not isinstance(name, str) or not name.strip():
        raise ConversationError(f"{where}: '{key}' (a speaker's name) is missing")
    return name


def _locomo_turn(raw: Any, speakers: tuple[str, str], where: str) -> tuple[str, str]:
    """The speaker and the text of one turn (a photo's caption included)."""
    if not isinstance(raw, dict):
        raise ConversationError(f"{where}: expected a turn object")
    speaker, text = raw.get("speaker"), raw.get("text")
    if speaker not in speakers:
        raise ConversationError(
            f"{where}: speaker {speaker!r} is neither {speakers[0]!r} nor"
            f" {speakers[1]!r}"
        )
    caption = raw.get("blip_caption")
    if not (isinstance(text, str) and text.strip()) and not caption:
        raise ConversationError(f"{where}: the turn has no 'text'")
    content = f"{speaker}: {text or ''}".strip()
    if caption:
        content += f" [shares a photo: {caption}]"
    return speaker, content


def _locomo_time(value: Any, where: str) -> float:
    try:
        moment = dt.datetime.strptime(str(value).strip(), LOCOMO_TIME)
    except ValueError as exc:
        raise ConversationError(f"{where}: bad session date {value!r}") from exc
    seconds = moment.replace(tzinfo=dt.UTC).timestamp()
    problem = time_problem(seconds)
    if problem is not None:
        raise ConversationError(f"{where}: {problem}")
    return seconds
