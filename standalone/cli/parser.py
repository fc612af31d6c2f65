"""`agent-memory`: the memory without the big host, from a shell.

argparse only (no CLI library in the runtime dependencies). The parser names
each command's body by "module:function" and imports it only when that command
runs, so `--help` costs no openai-agents import. Every command opens the
database through the standalone host (session.py), so it sees exactly what the
extension does. Output is human-readable by default and one JSON document with
`--json`; progress bars go to stderr. Exit codes follow the error's type:
`InputError` (bad file, unknown id, bad date) is 2, any other failure is 1.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ... import __version__
from ...core.errors import InputError
from ...core.scope import DEFAULT_SCOPE, ScopeView, clean_id, using_view, view_of_scope
from ...core.text import clean_text
from .io import INTERRUPTED, Output

EMBEDDERS = ("auto", "local", "e5", "openai", "none")

log = logging.getLogger("agent_memory.cli")


# -- the parser -------------------------------------------------------------------


def global_options(*, defaults: bool) -> _Parser:
    """The options every command takes, before or after its name.

    The same set is a parent of the main parser (with the real defaults) and of
    each command (defaults suppressed, so `search x --json` sets json and an
    option left out after the command does not undo one given before it)."""
    options = _Parser(add_help=False)

    def default(value: Any) -> Any:
        return value if defaults else argparse.SUPPRESS

    options.add_argument(
        "--db",
        metavar="PATH",
        default=default(None),
        help="the database file (any name), or a folder holding memory.db"
        " (default: $AGENT_MEMORY_DIR or ~/.local/share/agent-memory)",
    )
    options.add_argument(
        "--json",
        action="store_true",
        default=default(False),
        help="print one JSON document on stdout, errors included (for scripts)",
    )
    options.add_argument(
        "--config",
        metavar="FILE",
        default=default(None),
        help="YAML file with memory settings (the keys of manifest.yaml config)",
    )
    options.add_argument(
        "--embedder",
        choices=EMBEDDERS,
        default=default(os.environ.get("AGENT_MEMORY_EMBEDDER", "auto")),
        help="where vectors come from (default auto: the local model if"
        " installed, multilingual e5 for a non-English locale, MiniLM for"
        " English; else an OpenAI-compatible API, else none)",
    )
    options.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        default=default(False),
        help="log more on stderr",
    )
    who = options.add_mutually_exclusive_group()
    who.add_argument(
        "--scope",
        default=default(None),
        help="whose memory: default, user:ID, channel:ID, or all (every scope;"
        " reads only). Default: the default scope; export: all",
    )
    who.add_argument(
        "--user", default=default(None), help="the private memory of this user id"
    )
    return options


def _add_window(p: argparse.ArgumentParser, what: str) -> None:
    """`--after`, `--before` and `--on` for commands that filter by time."""
    when = "last_week, last_month, a day (YYYY-MM-DD) or an ISO date-time"
    p.add_argument("--after", metavar="WHEN", help=f"only {what} after WHEN: {when}")
    p.add_argument("--before", metavar="WHEN", help=f"only {what} before WHEN")
    p.add_argument("--on", metavar="DAY", help=f"only {what} of one day (YYYY-MM-DD)")


def _add_now(p: argparse.ArgumentParser) -> None:
    """`--now`: when the question is asked ("yesterday" counts from it)."""
    p.add_argument(
        "--now",
        metavar="WHEN",
        help="the time the question is asked, for yesterday, last week, в марте..."
        " (YYYY-MM-DD or an ISO date-time; default: the clock)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="agent-memory",
        description="Long-term memory of an AI agent: inspect and use it standalone.",
        parents=[global_options(defaults=True)],
    )
    parser.add_argument(
        "--version", action="version", version=f"agent-memory {__version__}"
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", help="what to do"
    )
    common = global_options(defaults=False)

    def command(name: str, help: str, run: str = "") -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help, parents=[common])
        p.set_defaults(run=run or f"commands:{name}")
        return p

    p = command(
        "demo", "ingest a sample conversation, consolidate, ask", run="demo:run"
    )
    p.add_argument("--keep", action="store_true", help="keep the temp database")
    command("chat", "talk to an agent with memory (needs a model)")
    p = command(
        "ingest",
        "store conversations (JSONL, LoCoMo, a ChatGPT or Claude export) or notes",
    )
    p.add_argument("file", help="the conversations file, or a folder of Markdown notes")
    p.add_argument(
        "--format",
        choices=("auto", "jsonl", "locomo", "chatgpt", "claude", "markdown"),
        default="auto",
        help="the file's format (default: from its content)",
    )
    p = command("search", "search the memory")
    p.add_argument("query", help="what to look for, in your words")
    p.add_argument("--limit", type=int, default=10, help="at most N results (1-50)")
    p.add_argument("--type", help="semantic (fact), episodic, procedural, opinion")
    p.add_argument("--entity", help="only memories linked to this entity")
    _add_window(p, "memories")
    _add_now(p)
    p = command("context", "show the memory block injected for a prompt")
    p.add_argument("prompt", help="the message the agent would answer")
    p.add_argument("--thread", help="the thread the prompt belongs to")
    _add_now(p)
    command("stats", "counts, size and maintenance runs")
    p = command("explain", "where a memory comes from")
    p.add_argument("id", metavar="ID|TEXT", help="a memory's id (#12) or text")
    p = command(
        "entity",
        "what the memory knows about a person or thing, or fix it: entity NAME;"
        " entity merge NAME OTHER; entity rename NAME NEW; entity alias"
        " add|remove NAME ALIAS; entity split NAME ALIAS; entity type NAME TYPE;"
        " entity delete NAME",
    )
    p.add_argument(
        "words",
        nargs="+",
        metavar="NAME",
        help="the entity's name or an alias, or an edit",
    )
    p = command("weak", "facts fading below a confidence threshold")
    p.add_argument(
        "--threshold", type=float, default=0.3, help="confidence below this (0-1)"
    )
    p.add_argument("--limit", type=int, default=10, help="at most N facts (1-50)")
    p = command("timeline", "turns and facts in time order")
    p.add_argument("--entity", help="only what is linked to this entity")
    _add_window(p, "memories")
    p.add_argument("--limit", type=int, default=50, help="newest N (1 to 200)")
    p = command("remember", "store one fact (deduplicated)")
    p.add_argument("text", help="the fact, one sentence")
    p.add_argument(
        "--expires",
        metavar="WHEN",
        help="a transient fact: forget it after a duration (2 weeks) or on a"
        " date (2026-12-01, Friday)",
    )
    p.add_argument(
        "--confidence", type=float, default=1.0, help="how sure (0-1, default 1)"
    )
    p = command("forget", "forget a fact by id or text (a turn by id)")
    p.add_argument("reference", metavar="ID|TEXT", help="the fact's id or text")
    _add_dry_run(p)
    p = command("maintenance", "run the nightly maintenance, or one of its steps")
    p.add_argument(
        "--task",
        default="run_nightly_maintenance",
        help="run_nightly_maintenance (all steps, default) or one step:"
        " expiry, consolidation, decay, entity_enrichment, causal_inference",
    )
    p = command(
        "consolidate",
        "turn one thread's new turns into facts now (needs a model)",
        run="consolidate:run",
    )
    p.add_argument("--thread", metavar="ID", required=True, help="the thread's id")
    p = command("export", "write the whole memory (every scope) to a JSONL file")
    p.add_argument("file", help="the file to write")
    p.add_argument("--force", action="store_true", help="overwrite FILE")
    p = command(
        "import", "load an export into an empty database", run="commands:import_"
    )
    p.add_argument("file", help="a file written by export")
    p = command("mcp", "serve the memory to MCP clients (stdio)", run="serve:run")
    p.add_argument(
        "--http", action="store_true", help="serve streamable HTTP on 127.0.0.1"
    )
    p.add_argument("--port", type=int, default=8765, help="HTTP port (0: any free)")
    p = command("view", "write the memory as one HTML page to look at", run="view:run")
    p.add_argument("--out", help="HTML file to write (default: agent-memory-view.html)")
    p.add_argument("--force", action="store_true", help="overwrite the HTML file")
    p.add_argument("--open", action="store_true", help="open it in the web browser")
    p.add_argument(
        "--serve",
        action="store_true",
        help="serve the page on 127.0.0.1 (refreshes; forget/correct from it)",
    )
    p.add_argument(
        "--port", type=int, default=8766, help="port for --serve (0: any free)"
    )
    p.add_argument(
        "--limit", type=int, default=300, help="show the N most connected memories"
    )
    p.add_argument("--entity", help="only memories linked to this entity")
    p.add_argument("--thread", help="only memories of this thread")
    p.add_argument("--after", help="last_week, last_month or YYYY-MM-DD")
    p.add_argument("--before", help="last_week, last_month or YYYY-MM-DD")
    p = command("reindex", "rebuild the FTS and vector indexes")
    p.add_argument("--no-embed", action="store_true", help="do not embed missing")
    _add_people_commands(command)
    _add_purge_command(command)
    return parser


def _add_people_commands(command: Any) -> None:
    """correct, confirm, list, show: the commands a person uses to tend the memory."""
    p = command("correct", "replace a fact with a corrected one (history kept)")
    p.add_argument("old", metavar="ID|TEXT", help="the fact to replace")
    p.add_argument("new", metavar="NEW_TEXT", help="the corrected fact")
    p = command("confirm", "say a fact is still true (resets its fading)")
    p.add_argument("id", metavar="ID", help="the fact's id (#12)")
    p = command("list", "list facts, threads or entities, page by page", "browse:list_")
    p.add_argument(
        "what",
        choices=("facts", "threads", "entities"),
        nargs="?",
        default="facts",
        help="what to list (default facts)",
    )
    p.add_argument("--type", help="facts only: semantic, procedural, opinion, ...")
    p.add_argument("--entity", help="facts only: linked to this entity")
    p.add_argument("--thread", help="facts only: turns of this thread")
    _add_window(p, "facts")
    p.add_argument(
        "--all", action="store_true", help="include forgotten and replaced facts"
    )
    p.add_argument("--limit", type=int, default=20, help="N per page (1-200)")
    p.add_argument("--page", type=int, default=1, help="which page (from 1)")
    p = command("show", "a memory's full text and details", "browse:show")
    p.add_argument("id", metavar="ID", help="the memory's id (#12)")


def _add_purge_command(command: Any) -> None:
    """purge: erase for good (standalone/cli/purge.py)."""
    p = command("purge", "erase memories for good (asks first)", "purge:run")
    p.add_argument("--fact", metavar="ID|TEXT", help="one fact and its older versions")
    p.add_argument("--entity", metavar="NAME", help="everything only about them")
    p.add_argument("--thread", metavar="ID", help="one conversation thread")
    p.add_argument("--after", metavar="WHEN", help="a time range from WHEN on")
    p.add_argument("--before", metavar="WHEN", help="a time range before WHEN")
    p.add_argument(
        "--everything",
        action="store_true",
        help="the whole scope (with --user ID: everything about that user)",
    )
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    _add_dry_run(p)


def _add_dry_run(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="say exactly what would go and change nothing",
    )


class _Parser(argparse.ArgumentParser):
    """argparse that raises on bad usage instead of exiting, so `--json` gets
    its error as JSON like every other failure (subparsers share the class)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)", self.format_usage())


class UsageError(InputError):
    """The command line itself is wrong (unknown option, missing argument)."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message)
        self.usage = usage


# Options whose value is a file path: kept as the OS gave it (bytes that are
# not UTF-8 stay the same bytes), never cleaned into another name.
PATH_OPTIONS = ("--db",)


def checked_argv(argv: Sequence[str]) -> list[str]:
    """The arguments as text a command can store: NUL and control characters
    dropped; bytes that are not UTF-8 refused (they used to become "?"
    silently), except in a path, which keeps the OS's own bytes."""
    checked: list[str] = []
    for index, arg in enumerate(argv):
        option = arg.split("=", 1)[0]
        is_path = option in PATH_OPTIONS or (
            index > 0 and argv[index - 1] in PATH_OPTIONS
        )
        if not is_path and not _is_utf8(arg):
            raise InputError(
                f"argument {index + 1} is not UTF-8 text"
                f" ({arg.encode('utf-8', 'replace').decode()[:40]!r}):"
                " set a UTF-8 locale or fix the text's encoding"
            )
        checked.append(arg if is_path else clean_text(arg))
    return checked


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: undecodable bytes from the OS
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (0 ok, 1 failure, 2 bad input)."""
    raw = list(sys.argv[1:] if argv is None else argv)
    # Scripts ask for JSON before the parse can tell: an error must be JSON too.
    early = Output("--json" in raw)
    try:
        # Outside text, checked once: no NUL or undecodable byte reaches a command.
        args = build_parser().parse_args(checked_argv(raw))
    except InputError as exc:
        if not early.as_json and isinstance(exc, UsageError):
            sys.stderr.write(exc.usage)
        early.error(str(exc), 2)
        return 2
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    out = Output(args.json)
    try:
        # asyncio.run copies this context into the command's task: every read
        # of the command sees only this scope, and what it writes goes there.
        with using_view(cli_view(args.scope, args.user, args.command)):
            return int(asyncio.run(_body(args.run)(args, out)) or 0)
    except InputError as exc:
        out.error(str(exc), 2)
        return 2
    except KeyboardInterrupt:
        out.error("interrupted", INTERRUPTED, "stopped")
        return INTERRUPTED
    except Exception as exc:
        log.debug("command failed", exc_info=True)
        out.error(str(exc), 1, "failed")
        return 1


def _body(ref: str) -> Any:
    """The command function named "module:function", imported now."""
    module, name = ref.split(":")
    return getattr(importlib.import_module(f".{module}", __package__), name)


# Commands over the whole file: maintenance (and consolidate) consolidates each
# thread in its own scope and decays all; reindex rebuilds the indexes of every scope.
UNSCOPED_COMMANDS = ("maintenance", "consolidate", "reindex")
# A backup is the whole memory unless a scope is named: a backup of the default
# scope alone silently lost every user's and channel's memories.
WHOLE_BY_DEFAULT = ("export",)
# Commands that store or change memories: every row belongs to exactly one scope.
WRITING_COMMANDS = (
    "chat",
    "ingest",
    "remember",
    "forget",
    "correct",
    "confirm",
    "purge",
)


def cli_view(scope: str | None, user: str | None, command: str) -> ScopeView | None:
    """The view of a CLI command; None = every scope."""
    if command in UNSCOPED_COMMANDS:
        return None
    if scope is None and user is None:
        scope = "all" if command in WHOLE_BY_DEFAULT else DEFAULT_SCOPE
    if scope == "all" and command in WRITING_COMMANDS:
        raise InputError(
            f"{command} stores in one scope; --scope all is for reading:"
            " use --scope default, user:ID or channel:ID"
        )
    if user is not None:
        user_id = clean_id(user)
        if user_id is None:
            raise InputError("--user needs an id")
        return view_of_scope(f"user:{user_id}")
    if scope == "all":
        return None
    cleaned = clean_id(scope)
    if cleaned is None or (
        cleaned != DEFAULT_SCOPE and not cleaned.startswith(("user:", "channel:"))
    ):
        raise InputError("--scope is default, user:ID, channel:ID or all")
    return view_of_scope(cleaned)
