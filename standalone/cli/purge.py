"""`agent-memory purge`: erase memories for good, in one scope, after a yes.

Shows what would go (toolkit/purge.py, the same plan `purge_memory` shows the
agent), asks unless `--yes`, then erases and scrubs the file. Works on one
scope only (`--scope`, `--user`, or the default scope), never `--scope all`.
"""

from __future__ import annotations

import argparse
import json
import sys

from ...core.scope import current_view
from ...toolkit import purge as purging
from ...toolkit.models import Problem
from .io import CliError, Output, plural
from .session import open_host


def _what(args: argparse.Namespace) -> tuple[str, str]:
    given = [
        (what, value)
        for what, value in (
            ("fact", args.fact),
            ("person", args.entity),
            ("thread", args.thread),
            ("time_range", args.after or args.before),
            ("everything", args.everything),
        )
        if value
    ]
    if len(given) != 1:
        raise CliError(
            "say what to purge: one of --fact, --entity, --thread, --after/--before"
            " or --everything"
        )
    what, value = given[0]
    return what, value if isinstance(value, str) else ""


async def run(args: argparse.Namespace, out: Output) -> int:
    if current_view() is None:
        raise CliError("purge works on one scope: give --scope user:ID or --user ID")
    what, target = _what(args)
    async with open_host(args, embed=False, read_only=args.dry_run) as host:
        deps = host.services.tool_deps
        chosen = await purging.target_of(
            deps, what, target, args.after or "", args.before or ""
        )
        if isinstance(chosen, Problem):
            raise CliError(chosen.error)
        plan = await deps.storage.purge.plan(chosen)
        shown = purging.result_of(plan, "planned")
        if plan.empty:
            out.result(_data(shown), "nothing matches; nothing was erased")
            return 0
        if args.dry_run:
            out.result(_data(shown), _text(shown) + "\ndry run: nothing was erased")
            return 0
        if not args.yes and not _confirmed(out, _text(shown)):
            out.say("nothing was erased")
            return 1
        done = await deps.storage.purge.execute(chosen)
    result = purging.result_of(done, "purged")
    out.result(_data(result), lambda: _text(result))
    return 0


def _confirmed(out: Output, plan: str) -> bool:
    if out.as_json or not sys.stdin.isatty():
        raise CliError("purge needs --yes when it cannot ask (no terminal, --json)")
    print(plan, file=sys.stderr)
    answer = input("Erase this for good? It cannot be undone. [y/N] ")
    return answer.strip().casefold() in ("y", "yes")


def _data(result: purging.PurgeResult) -> object:
    return json.loads(result.model_dump_json(exclude_none=True))


def _text(result: purging.PurgeResult) -> str:
    counts = ", ".join(f"{n} {t}" for t, n in sorted(result.by_type.items()))
    lines = [
        f"{result.status}: {plural(result.memories, 'memory', 'memories')}"
        + (f" ({counts})" if counts else ""),
        f"  of which {result.derived_facts} derived only from them,"
        f" {plural(result.entities, 'entity', 'entities')}"
        f" ({plural(result.aliases, 'alias', 'aliases')}),"
        f" {plural(result.edges, 'edge')}, {plural(result.links, 'link')},"
        f" {plural(result.threads, 'thread')}"
        + (
            f", {plural(result.entity_edits, 'entity edit')}"
            if result.entity_edits
            else ""
        ),
    ]
    lines += [f"  - {text}" for text in result.preview or []]
    if result.size_before:
        lines.append(f"database: {result.size_before} -> {result.size_after}")
    return "\n".join(lines)
