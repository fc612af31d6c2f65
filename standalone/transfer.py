"""Lossless export and import of a memory database as JSON lines, and reindex.

One header line (format, version, schema version, vector width), then one line
per row: `{"table": "nodes", "row": {column: value}}`, tables in dependency
order, every column kept (validity, provenance, attributes, context, counters);
BLOBs (embeddings) are written as `{"base64": "..."}`. Import checks the whole
file first, so a bad line is reported with its number before anything is
written, and then inserts everything in one transaction into an empty database,
ids preserved, after which the FTS and vector indexes are rebuilt from the rows.
Every text value of an imported row is scrubbed of secrets first (an export from
an older version, or another tool's, may hold them); a secret found in a node is
also removed from the rows after it, where it may stand without the words that
gave it away (an entity named after the password of a connection string).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..core.secrets import DEFAULT as DEFAULT_REDACTOR
from ..core.secrets import Redactor, placeholder
from ..store.interface import EXPORT_TABLES, NotEmptyError, Store
from ..store.migrations import SCHEMA_VERSION
from ..toolkit.entity_edits import reapply_entity_edits
from ..writepath.full_names import rejoin_full_names
from ..writepath.indexer import EpisodeIndexer
from ..writepath.inflections import rejoin_case_forms
from ..writepath.name_forms import rejoin_name_forms
from ..writepath.nicknames import rejoin_people
from ..writepath.short_things import rejoin_short_things
from ..writepath.twins import rejoin_twins
from .conversations import time_problem

FORMAT = "agent-memory-export"
VERSION = 1
CHUNK = 500
Progress = Callable[[int, int], None]
EMBEDDED_TABLES = ("nodes", "entities")
# Columns that hold unix seconds (event_time, created_at, valid_until, ...).
TIME_COLUMN = re.compile(r".*(_time|_at|_from|_until|_seen|_accessed|_activity)")


class TransferError(InputError):
    """The export file cannot be imported; the message says where and why."""


def _no_progress(done: int, total: int) -> None:
    return None


def encode_value(value: Any) -> Any:
    if isinstance(value, bytes | bytearray | memoryview):
        return {"base64": base64.b64encode(bytes(value)).decode("ascii")}
    return value


def decode_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"base64"}:
        return base64.b64decode(value["base64"], validate=True)
    return value


# -- export ------------------------------------------------------------------------


async def export_jsonl(
    storage: Store, path: Path, progress: Progress = _no_progress
) -> dict[str, int]:
    """Write every row to `path`; returns rows written per table."""
    counts: dict[str, int] = {}
    async with storage.admin.snapshot():
        totals = {t: await storage.admin.count_rows(t) for t in EXPORT_TABLES}
        total, done = sum(totals.values()), 0
        header = {
            "format": FORMAT,
            "version": VERSION,
            "schema_version": SCHEMA_VERSION,
            "dim": storage.dim,
            # ids purged before the export are never given again by the copy
            "node_id_floor": await storage.admin.top_node_id(),
            "exported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "counts": totals,
        }
        with path.open("w", encoding="utf-8") as out:
            out.write(json.dumps(header) + "\n")
            for table in EXPORT_TABLES:
                columns = await storage.admin.table_columns(table)
                counts[table] = 0
                async for row in storage.admin.iter_rows(table):
                    record = {
                        c: encode_value(v) for c, v in zip(columns, row, strict=True)
                    }
                    line = {"table": table, "row": record}
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
                    counts[table] += 1
                    done += 1
                    if done % CHUNK == 0:
                        progress(done, total)
        progress(done, total)
    return counts


# -- import ------------------------------------------------------------------------


class _ImportScrubber:
    """Scrubs imported text and remembers what it removed, for the later rows."""

    MIN_LENGTH = 6  # shorter secrets could be any word

    def __init__(self, redact: Redactor) -> None:
        self._redact = redact
        self._seen: set[str] = set()

    def __call__(self, text: str) -> str:
        text, found = self._redact.scrub(text)
        self._seen.update(s for s in found if len(s) >= self.MIN_LENGTH)
        folded = text.casefold()  # entities' name keys are folded
        for secret in self._seen:
            if secret.casefold() in folded:
                pattern = re.compile(re.escape(secret), re.IGNORECASE)
                text = pattern.sub(placeholder("secret"), text)
        return text


@dataclass
class ImportReport:
    counts: dict[str, int]
    dropped_vectors: int = 0
    fts_rows: int = 0
    vectors: tuple[int, int] = (0, 0)
    notes: list[str] = field(default_factory=list)


def read_header(path: Path) -> dict[str, Any]:
    """The export's header line, checked; TransferError if it is not one of ours."""
    if path.is_dir():
        raise TransferError(f"{path}: is a folder, not a file")
    if not path.is_file():
        raise TransferError(f"{path}: no such file")
    with path.open(encoding="utf-8-sig") as file:
        first = file.readline()
    try:
        header = json.loads(first)
    except json.JSONDecodeError as exc:
        raise TransferError(f"{path}:1: not JSON ({exc.msg})") from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TransferError(f"{path}:1: not an agent-memory export (no header line)")
    if header.get("version") != VERSION:
        raise TransferError(
            f"{path}: export format version {header.get('version')} is not supported"
            f" (this agent-memory reads version {VERSION})"
        )
    if not isinstance(header.get("dim"), int):
        raise TransferError(f"{path}:1: the header has no vector width ('dim')")
    floor = header.get("node_id_floor", 0)  # absent from older exports
    if not isinstance(floor, int) or isinstance(floor, bool) or floor < 0:
        raise TransferError(f"{path}:1: the header's 'node_id_floor' is not an id")
    return header


def _records(path: Path) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(line number, table, row) for each data line, shape-checked."""
    with path.open(encoding="utf-8-sig") as file:
        next(file)
        for number, line in enumerate(file, start=2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TransferError(f"{path}:{number}: not JSON ({exc.msg})") from exc
            if not isinstance(record, dict) or not isinstance(record.get("row"), dict):
                raise TransferError(f"{path}:{number}: expected {{'table', 'row'}}")
            table = record.get("table")
            if table not in EXPORT_TABLES:
                raise TransferError(f"{path}:{number}: unknown table {table!r}")
            yield number, str(table), record["row"]


def _check_times(row: dict[str, Any], where: str) -> None:
    for column, value in row.items():
        if value is None or not TIME_COLUMN.fullmatch(column):
            continue
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise TransferError(f"{where}: {column} {value!r} is not unix seconds")
        problem = time_problem(float(value))
        if problem is not None:
            raise TransferError(f"{where}: {column}: {problem}")


def _check_counts(path: Path, header: dict[str, Any], seen: dict[str, int]) -> None:
    """The rows found must be the rows the header announced: a cut file is not
    imported as if it were the whole memory."""
    announced = header.get("counts")
    if announced is None:
        return  # an export from before the header had counts
    if not isinstance(announced, dict):
        raise TransferError(f"{path}:1: the header's 'counts' is not a mapping")
    for table in EXPORT_TABLES:
        want, got = announced.get(table, 0), seen.get(table, 0)
        if want != got:
            raise TransferError(
                f"{path}: the header announces {want} {table} rows but the file"
                f" holds {got}; is the export cut short? Nothing was imported"
            )


async def _check(
    storage: Store, path: Path, header: dict[str, Any]
) -> tuple[int, dict[str, list[str]]]:
    """Validate every line and the header's counts; returns (row count, columns
    per table)."""
    columns = {t: await storage.admin.table_columns(t) for t in EXPORT_TABLES}
    order = {t: i for i, t in enumerate(EXPORT_TABLES)}
    seen, last = 0, 0
    per_table: dict[str, int] = {}
    for number, table, row in _records(path):
        unknown = set(row) - set(columns[table])
        if unknown:
            raise TransferError(
                f"{path}:{number}: {table} has no column(s) {sorted(unknown)};"
                " was it exported by a newer agent-memory?"
            )
        if order[table] < last:
            raise TransferError(f"{path}:{number}: {table} rows out of order")
        last = order[table]
        for column, value in row.items():
            try:
                decoded = decode_value(value)
            except (ValueError, TypeError) as exc:
                raise TransferError(f"{path}:{number}: bad base64 value") from exc
            if not isinstance(decoded, str | int | float | bytes | None):
                raise TransferError(
                    f"{path}:{number}: {table}.{column} holds a"
                    f" {type(value).__name__}, not a value"
                )
        _check_times(row, f"{path}:{number}: {table}")
        per_table[table] = per_table.get(table, 0) + 1
        seen += 1
    _check_counts(path, header, per_table)
    return seen, columns


async def import_jsonl(
    storage: Store,
    path: Path,
    progress: Progress = _no_progress,
    redact: Redactor = DEFAULT_REDACTOR,
) -> ImportReport:
    """Load an export into an empty database and rebuild its search indexes."""
    header = read_header(path)
    if not await storage.admin.is_empty():
        raise TransferError(
            f"{storage.path} already holds memories; import only into an empty"
            " database (use another --db path)"
        )
    total, _ = await _check(storage, path, header)
    same_width = header["dim"] == storage.dim
    dropped = [0]

    scrub = _ImportScrubber(redact)

    def chunks() -> Iterator[tuple[str, list[str], list[Any]]]:
        dropped[0] = 0
        batch: list[Any] = []
        key: tuple[str, tuple[str, ...]] | None = None
        done = 0
        for _, table, row in _records(path):
            values = {
                c: scrub(v) if isinstance(v, str) else decode_value(v)
                for c, v in row.items()
            }
            if table in EMBEDDED_TABLES and not same_width and values.get("embedding"):
                values["embedding"] = None  # another width: re-embed with reindex
                dropped[0] += 1
            columns = tuple(values)
            if key != (table, columns) or len(batch) >= CHUNK:
                if key is not None and batch:
                    yield key[0], list(key[1]), batch
                    progress(done, total)
                key, batch = (table, columns), []
            batch.append(tuple(values.values()))
            done += 1
        if key is not None and batch:
            yield key[0], list(key[1]), batch
        progress(done, total)

    try:
        counts = await storage.admin.import_chunks(
            chunks, header.get("node_id_floor", 0)
        )
    except NotEmptyError as exc:
        raise TransferError(f"{storage.path}: {exc}") from exc
    report = ImportReport(counts, dropped_vectors=dropped[0])
    report.fts_rows = await storage.index.rebuild_fts()
    report.vectors = await storage.index.rebuild_vectors()
    if dropped[0]:
        report.notes.append(
            f"{dropped[0]} vectors were {header['dim']}-d but this database uses"
            f" {storage.dim}-d; run `agent-memory reindex` to re-embed them"
        )
    return report


# -- reindex -----------------------------------------------------------------------


@dataclass
class ReindexReport:
    fts_rows: int
    vectors: tuple[int, int]
    cleared_vectors: int
    embedded: int
    still_missing: int
    linked: int = 0  # episodes whose entity links were missing
    edits: int = 0  # recorded entity edits that had to be made again
    joined: int = 0  # short and case forms filed apart, joined to their name now


async def reindex(
    storage: Store,
    indexer: EpisodeIndexer | None,
    *,
    embed: bool = True,
    progress: Progress = _no_progress,
) -> ReindexReport:
    """Rebuild FTS and vector indexes from the tables; embed what has no vector;
    link the entities of episodes the slow path never reached."""
    linked = await indexer.catch_up() if indexer is not None else 0
    fts_rows = await storage.index.rebuild_fts()
    cleared = await storage.index.clear_wrong_width_embeddings()
    vectors = await storage.index.rebuild_vectors()
    missing = await storage.index.count_missing_embeddings()
    embedded = 0
    if embed and indexer is not None and missing:
        total, left = missing, missing
        while left:
            await indexer.backfill(limit=64)
            now_left = await storage.index.count_missing_embeddings()
            if now_left >= left:
                break  # the embedder gives nothing for the rest
            left = now_left
            progress(total - left, total)
        embedded = missing - left
        missing = left
    joined = await rejoin_people(storage)  # the edits, after, have the last word
    joined += await rejoin_case_forms(storage)
    joined += await rejoin_twins(storage)
    joined += await rejoin_name_forms(storage)
    joined += await rejoin_short_things(storage)
    joined += await rejoin_full_names(storage)
    edits = await reapply_entity_edits(storage)
    return ReindexReport(
        fts_rows, vectors, cleared, embedded, missing, linked, edits, joined
    )
