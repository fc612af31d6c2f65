"""`agent-memory`: the memory without the big host, from a shell.

argparse only (no CLI library in the runtime dependencies). Every command opens
the database through the standalone host (host.py), so it sees exactly what the
extension does; the command bodies live in cli_commands.py and demo.py. Output
is human-readable by default and one JSON document with `--json`; progress bars
go to stderr. Bad input (missing file, bad JSON, unknown id, bad date) is a
one-line error and exit code 2; a failure at run time is exit code 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import yaml

from .config import ConfigError
from .host import StandaloneHost, default_data_dir, model_factory_from_env

log = logging.getLogger("agent_memory.cli")

DB_NAME = "memory.db"
EMBEDDERS = ("auto", "local", "openai", "none")


class CliError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class Output:
    """Prints results as text or as one JSON document."""

    def __init__(self, as_json: bool, stream: TextIO | None = None) -> None:
        self.as_json = as_json
        self.stream = stream or sys.stdout

    def result(self, data: Any, text: str | Callable[[], str]) -> None:
        if self.as_json:
            json.dump(data, self.stream, ensure_ascii=False, indent=2, default=str)
            self.stream.write("\n")
        else:
            self.stream.write((text() if callable(text) else text).rstrip() + "\n")

    def say(self, text: str) -> None:
        """Narration for humans; silent in JSON mode so stdout stays parseable."""
        if not self.as_json:
            self.stream.write(text.rstrip() + "\n")


class ProgressBar:
    """`[#####.....] 50/100 label` on stderr, redrawn in place (TTY only)."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        width = 30
        filled = min(width, width * done // total)
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {self.label}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


# -- where the database lives ------------------------------------------------------


def resolve_data_dir(db: str | None) -> Path:
    """The data dir for `--db`: a folder, or a path whose file name is memory.db."""
    if db is None:
        return Path(os.environ.get("AGENT_MEMORY_DIR") or default_data_dir())
    path = Path(db).expanduser()
    if path.is_dir():
        return path
    if path.name == DB_NAME:
        return path.parent
    if path.suffix:
        raise CliError(
            f"--db {db}: the memory's database file is always named {DB_NAME};"
            f" pass {path.parent / DB_NAME} or a folder to keep it in"
        )
    return path  # a folder that does not exist yet


def load_settings(path: str | None) -> dict[str, Any]:
    """Settings from a YAML file (the host's `extensions.memory.*` mapping)."""
    if path is None:
        return {}
    file = Path(path)
    if not file.is_file():
        raise CliError(f"--config {path}: no such file")
    try:
        data = yaml.safe_load(file.read_text("utf-8")) or {}
    except yaml.YAMLError as exc:
        raise CliError(f"--config {path}: not valid YAML ({exc})") from exc
    if not isinstance(data, dict):
        raise CliError(f"--config {path}: expected a mapping of settings")
    return data


def find_embedder(kind: str) -> Any:
    """The embedder asked for; `auto` = local if installed, else API, else none.

    Both embedder modules are optional pieces; they are looked up by name so the
    CLI still runs (on FTS + graph) in an install that lacks them.
    """
    if kind == "none":
        return None
    if kind in ("auto", "local"):
        local = _optional(".local_embedder", "load_local_embedder")
        found = local(dim=None) if local is not None else None
        if found is not None:
            return found
        if kind == "local":
            raise CliError("--embedder local: the local model is not installed")
    openai_embedder = _optional(".openai_embedder", "OpenAIEmbedder")
    remote = openai_embedder.from_env() if openai_embedder is not None else None
    if remote is None and kind == "openai":
        raise CliError("--embedder openai: set OPENAI_API_KEY or OPENAI_BASE_URL")
    return remote


def _optional(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module, __package__), name)
    except (ImportError, AttributeError):
        log.info("%s is not available", module.lstrip("."))
        return None


@contextlib.asynccontextmanager
async def open_host(
    args: argparse.Namespace, *, embed: bool = True, data_dir: Path | None = None
) -> AsyncIterator[StandaloneHost]:
    """The standalone host with the memory loaded, stopped on exit."""
    settings = load_settings(args.config)
    embedder = find_embedder(args.embedder) if embed else None
    host = StandaloneHost(
        data_dir or resolve_data_dir(args.db),
        settings=settings,
        embedder=embedder,
        model_factory=model_factory_from_env(),
    )
    try:
        async with host:
            yield host
    except ConfigError as exc:
        raise CliError(str(exc)) from exc


# -- the parser -------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    from . import cli_commands as c
    from . import demo

    parser = argparse.ArgumentParser(
        prog="agent-memory",
        description="Long-term memory of an AI agent: inspect and use it standalone.",
    )
    parser.add_argument(
        "--db", help="memory.db path or folder (default: user data dir)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")
    parser.add_argument("--config", help="YAML file with memory settings")
    parser.add_argument(
        "--embedder",
        choices=EMBEDDERS,
        default=os.environ.get("AGENT_MEMORY_EMBEDDER", "auto"),
        help="where vectors come from (default auto: local model, API, or none)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, run: Any, help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        p.set_defaults(run=run)
        return p

    p = command("demo", demo.run, "ingest a sample conversation, consolidate, ask")
    p.add_argument("--keep", action="store_true", help="keep the temp database")
    command("chat", c.chat, "talk to an agent with memory (needs a model)")
    p = command("ingest", c.ingest, "store conversations from JSONL or LoCoMo JSON")
    p.add_argument("file")
    p.add_argument("--format", choices=("auto", "jsonl", "locomo"), default="auto")
    p = command("search", c.search, "search the memory")
    p.add_argument("query")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--type", help="semantic (fact), episodic, procedural, opinion")
    p.add_argument("--entity", help="only memories linked to this entity")
    p.add_argument("--after", help="last_week, last_month or YYYY-MM-DD")
    p.add_argument("--before", help="last_week, last_month or YYYY-MM-DD")
    p = command("context", c.context, "show the memory block injected for a prompt")
    p.add_argument("prompt")
    p.add_argument("--thread", help="the thread the prompt belongs to")
    command("stats", c.stats, "counts, size and maintenance runs")
    p = command("explain", c.explain, "where a memory comes from")
    p.add_argument("id")
    p = command("entity", c.entity, "what the memory knows about a person or thing")
    p.add_argument("name")
    p = command("weak", c.weak, "facts fading below a confidence threshold")
    p.add_argument("--threshold", type=float, default=0.3)
    p.add_argument("--limit", type=int, default=10)
    p = command("timeline", c.timeline, "turns and facts in time order")
    p.add_argument("--entity", help="only what is linked to this entity")
    p.add_argument("--after", help="last_week, last_month or YYYY-MM-DD")
    p.add_argument("--before", help="last_week, last_month or YYYY-MM-DD")
    p.add_argument("--limit", type=int, default=50, help="newest N (1 to 200)")
    p = command("remember", c.remember, "store one fact (deduplicated)")
    p.add_argument("text")
    p.add_argument("--confidence", type=float, default=1.0)
    p = command("forget", c.forget, "forget a fact by id or text (a turn by id)")
    p.add_argument("reference", metavar="ID|TEXT")
    p = command("maintenance", c.maintenance, "run a scheduled task now")
    p.add_argument("--task", default="run_nightly_maintenance")
    p = command("export", c.export, "write the whole memory to a JSONL file")
    p.add_argument("file")
    p.add_argument("--force", action="store_true", help="overwrite FILE")
    p = command("import", c.import_, "load an export into an empty database")
    p.add_argument("file")
    p = command("reindex", c.reindex, "rebuild the FTS and vector indexes")
    p.add_argument("--no-embed", action="store_true", help="do not embed missing")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (0 ok, 1 failure, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    out = Output(args.json)
    try:
        return int(asyncio.run(args.run(args, out)) or 0)
    except (CliError, ValueError) as exc:
        print(f"agent-memory: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("agent-memory: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        log.debug("command failed", exc_info=True)
        print(f"agent-memory: failed: {exc}", file=sys.stderr)
        return 1
