"""Bringing history in from elsewhere: ChatGPT and Claude exports, Markdown notes.

Each source becomes the same `Turn`s as our JSONL (conversations.py), checked
completely before anything is stored: a bad record raises ConversationError
naming the file and the position, and nothing is stored. Thread ids come from
the source's own ids (a conversation's id, a note's path), so an import
repeated finds the same turns and the ingest keys skip them.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml

from ..core.text import clean_text
from .conversations import (
    ConversationError,
    Turn,
    parse_locomo,
    parse_time,
    read_conversations,
    read_text_file,
)

CHATGPT_ROLES = {"user": "user", "assistant": "orchestrator"}  # system, tool: skipped
CLAUDE_SENDERS = {"human": "user", "assistant": "orchestrator"}
NOTE_SUFFIXES = {".md", ".markdown"}
NOTE_TURN_CHARS = 1500  # a note is cut into turns of about a few paragraphs


def read_history(path: Path, kind: str = "auto") -> list[Turn]:
    """The turns in `path`: a notes folder, a ChatGPT or Claude export, or
    what conversations.py reads (JSONL, LoCoMo)."""
    if kind == "markdown" or (kind == "auto" and path.is_dir()):
        return read_notes(path)
    if kind in ("jsonl", "locomo"):
        return read_conversations(path, kind)
    text = read_text_file(path, ConversationError)
    if kind == "auto" and not text.lstrip().startswith("["):
        return read_conversations(path, "auto")
    data = _json(text, str(path))
    if kind == "auto":
        kind = _export_kind(data)
    if kind == "chatgpt":
        return _all(parse_chatgpt(data, str(path)), str(path))
    if kind == "claude":
        return _all(parse_claude(data, str(path)), str(path))
    return parse_locomo(text, str(path))


def _json(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConversationError(
            f"{name}: not JSON ({exc.msg}, line {exc.lineno})"
        ) from None


def _export_kind(data: Any) -> str:
    """chatgpt, claude or locomo, from the keys of the list's first object."""
    items = data if isinstance(data, list) else []
    first = next((x for x in items if isinstance(x, dict)), {})
    if "mapping" in first:
        return "chatgpt"
    if "chat_messages" in first:
        return "claude"
    return "locomo"


def _all(turns: list[Turn], name: str) -> list[Turn]:
    if not turns:
        raise ConversationError(f"{name}: no turns found")
    return turns


def normalised(text: str) -> str:
    """Imported text as we store it: storable, composed (NFC), LF line ends."""
    text = clean_text(text).replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text).strip()


def _conversations(data: Any, name: str) -> list[dict[str, Any]]:
    if not isinstance(data, list):
        raise ConversationError(f"{name}: expected a list of conversations")
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise ConversationError(f"{name}[{index}]: expected a conversation object")
    return data


def _source_id(item: dict[str, Any], keys: tuple[str, ...], where: str) -> str:
    for key in keys:
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    raise ConversationError(f"{where}: no {' or '.join(map(repr, keys))} (its id)")


# -- ChatGPT ----------------------------------------------------------------------


def parse_chatgpt(data: Any, name: str) -> list[Turn]:
    """ChatGPT's conversations.json: each conversation is a thread; only the
    branch the user last saw (current_node back to the root) is kept, so an
    edited message and its abandoned answers are not stored twice."""
    turns: list[Turn] = []
    for index, item in enumerate(_conversations(data, name)):
        where = f"{name}[{index}]"
        thread = "chatgpt:" + _source_id(item, ("conversation_id", "id"), where)
        title = item.get("title") if isinstance(item.get("title"), str) else ""
        started = parse_time(item.get("create_time"), f"{where}.create_time")
        for node_id, message in _branch(item, where):
            place = f"{where} node {node_id}"
            turn = _chatgpt_turn(message, place)
            if turn is None:
                continue
            role, text, when = turn
            attributes = {"source": "chatgpt", "title": title, "message_id": node_id}
            turns.append(Turn(thread, role, text, when or started, attributes))
    return turns


def _branch(item: dict[str, Any], where: str) -> list[tuple[str, Any]]:
    """(node id, message) from the root down to `current_node`."""
    mapping = item.get("mapping")
    if not isinstance(mapping, dict):
        raise ConversationError(f"{where}: 'mapping' must be an object of nodes")
    node_id = item.get("current_node")
    if node_id is None and mapping:  # an old export: the last leaf
        node_id = next(
            (k for k, n in reversed(mapping.items()) if not _children(n)), None
        )
    path: list[tuple[str, Any]] = []
    seen: set[str] = set()
    while node_id is not None:
        node = mapping.get(node_id) if isinstance(node_id, str) else None
        if not isinstance(node, dict):
            raise ConversationError(f"{where}: node {node_id!r} is not in 'mapping'")
        if node_id in seen:
            raise ConversationError(f"{where}: node {node_id} is its own ancestor")
        seen.add(node_id)
        path.append((node_id, node.get("message")))
        node_id = node.get("parent")
    return path[::-1]


def _children(node: Any) -> list[Any]:
    children = node.get("children") if isinstance(node, dict) else None
    return children if isinstance(children, list) else []


def _chatgpt_turn(message: Any, where: str) -> tuple[str, str, float | None] | None:
    """(role, text, time) of a message worth keeping; None for the root, system
    and tool messages, hidden ones and those without text parts."""
    if message is None:
        return None
    if not isinstance(message, dict):
        raise ConversationError(f"{where}: 'message' must be an object")
    author = message.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    if not isinstance(role, str):
        raise ConversationError(f"{where}: the message has no author role")
    metadata = message.get("metadata")
    hidden = isinstance(metadata, dict) and metadata.get(
        "is_visually_hidden_from_conversation"
    )
    if role not in CHATGPT_ROLES or hidden:
        return None
    content = message.get("content")
    if not isinstance(content, dict):
        raise ConversationError(f"{where}: the message has no 'content'")
    parts = content.get("parts")
    if parts is None:  # code, browsing results, reasoning: not what was said
        return None
    if not isinstance(parts, list):
        raise ConversationError(f"{where}: 'content.parts' must be a list")
    text = normalised("\n\n".join(p for p in parts if isinstance(p, str)))
    if not text:
        return None
    return CHATGPT_ROLES[role], text, parse_time(message.get("create_time"), where)


# -- Claude -----------------------------------------------------------------------


def parse_claude(data: Any, name: str) -> list[Turn]:
    """Claude's conversations.json: each conversation is a thread of
    `chat_messages` by the human and the assistant."""
    turns: list[Turn] = []
    for index, item in enumerate(_conversations(data, name)):
        where = f"{name}[{index}]"
        thread = "claude:" + _source_id(item, ("uuid",), where)
        title = item.get("name") if isinstance(item.get("name"), str) else ""
        started = parse_time(item.get("created_at"), f"{where}.created_at")
        messages = item.get("chat_messages")
        if not isinstance(messages, list):
            raise ConversationError(f"{where}: 'chat_messages' must be a list")
        for number, message in enumerate(messages):
            place = f"{where}.chat_messages[{number}]"
            if not isinstance(message, dict):
                raise ConversationError(f"{place}: expected a message object")
            sender = message.get("sender")
            if sender not in CLAUDE_SENDERS:
                raise ConversationError(
                    f"{place}: 'sender' must be human or assistant, not {sender!r}"
                )
            when = parse_time(message.get("created_at"), place) or started
            text = _claude_text(message, place)
            if not text:  # an attachment alone, an answer that failed
                continue
            attributes = {"source": "claude", "title": title}
            if isinstance(message.get("uuid"), str):
                attributes["message_id"] = message["uuid"]
            turns.append(Turn(thread, CLAUDE_SENDERS[sender], text, when, attributes))
    return turns


def _claude_text(message: dict[str, Any], where: str) -> str:
    """The text blocks of `content` (tool calls left out), else `text`."""
    content = message.get("content")
    if content is not None and not isinstance(content, list):
        raise ConversationError(f"{where}: 'content' must be a list of blocks")
    blocks: list[str] = []
    for block in content or []:
        if isinstance(block, dict) and block.get("type") == "text":
            if not isinstance(block.get("text"), str):
                raise ConversationError(f"{where}: a text block without 'text'")
            blocks.append(block["text"])
    if blocks:
        return normalised("\n\n".join(blocks))
    text = message.get("text", "")
    if not isinstance(text, str):
        raise ConversationError(f"{where}: 'text' must be a string")
    return normalised(text)


# -- Markdown notes -------------------------------------------------------------

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_HEADING = re.compile(r"#{1,6}\s")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


def read_notes(folder: Path) -> list[Turn]:
    """Every Markdown note under `folder` (hidden folders skipped), one thread
    per note, the user's own words cut into paragraph-sized turns."""
    if not folder.is_dir():
        raise ConversationError(f"{folder}: not a folder of Markdown notes")
    notes = sorted(
        p
        for p in folder.rglob("*")
        if p.suffix.lower() in NOTE_SUFFIXES
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )
    if not notes:
        raise ConversationError(f"{folder}: is a folder with no Markdown notes (*.md)")
    turns: list[Turn] = []
    for path in notes:
        turns.extend(parse_note(path, path.relative_to(folder).as_posix()))
    return _all(turns, str(folder))


def parse_note(path: Path, key: str) -> list[Turn]:
    """One note: its time from front matter `date:` (else the file's mtime)."""
    text = normalised(read_text_file(path, ConversationError))
    meta: dict[str, Any] = {}
    found = _FRONT_MATTER.match(text)
    if found:
        meta = _front_matter(found.group(1), path)
        text = text[found.end() :].strip()
    dated = parse_time(_iso(meta.get("date")), f"{path}: front matter 'date'")
    when = path.stat().st_mtime if dated is None else dated
    title = meta.get("title")
    attributes = {"source": "markdown", "title": str(title or path.stem)}
    return [
        Turn(f"note:{key}", "user", chunk, when + offset, attributes)
        for offset, chunk in enumerate(note_turns(text))
    ]


def _front_matter(text: str, path: Path) -> dict[str, Any]:
    try:
        meta = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" line {mark.line + 2}" if mark is not None else ""
        raise ConversationError(f"{path}:{line}: bad front matter") from None
    return meta if isinstance(meta, dict) else {}


def _iso(value: Any) -> Any:
    """YAML reads `date: 2024-05-01` as a date: back to ISO text for parse_time."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


def note_turns(text: str, limit: int = NOTE_TURN_CHARS) -> list[str]:
    """Paragraphs packed into turns of at most `limit` characters; a heading
    starts a new turn, a paragraph longer than `limit` is cut between sentences."""
    turns: list[str] = []
    current = ""
    for paragraph in _paragraphs(text):
        for piece in _pieces(paragraph, limit):
            starts_section = _HEADING.match(piece) is not None
            if current and (starts_section or len(current) + len(piece) + 2 > limit):
                turns.append(current)
                current = ""
            current = f"{current}\n\n{piece}" if current else piece
    if current:
        turns.append(current)
    return turns


def _paragraphs(text: str) -> list[str]:
    """Blocks between blank lines; a fenced code block stays one block."""
    blocks: list[str] = []
    lines: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if lines:
                blocks.append("\n".join(lines))
            lines = []
        else:
            lines.append(line)
    if lines:
        blocks.append("\n".join(lines))
    return blocks


def _pieces(paragraph: str, limit: int) -> list[str]:
    if len(paragraph) <= limit:
        return [paragraph]
    pieces: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(paragraph):
        if current and len(current) + len(sentence) + 1 > limit:
            pieces.append(current)
            current = ""
        current = f"{current} {sentence}" if current else sentence
    if current:
        pieces.append(current)
    return pieces
