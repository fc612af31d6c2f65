"""`list` and `show`: browse the memory as a person does, page by page, unclipped.

The agent's tools answer questions (search, explain) and clip every text to keep
the model's context small; a person tending the memory also wants to walk it in
order and read a memory whole. These commands read the storage directly (through
the `Store` protocols) and print plain rows; `--json` prints the same rows.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ...core.records import Entity, Node, NodeType
from ...toolkit import args as check
from ...toolkit import reads as tool_reads
from ...toolkit.changes import ToolDeps
from ...toolkit.models import Problem, expiry, parse_id, show_date, show_id
from . import render
from .io import CliError, Output
from .session import open_host

MAX_PAGE = 200
FACT_TYPES: tuple[NodeType, ...] = ("semantic", "procedural", "opinion")


def _page(args: argparse.Namespace) -> tuple[int, int]:
    """(limit, offset) of the asked page."""
    limit = check.limit(args.limit, MAX_PAGE)
    if args.page < 1:
        raise CliError("--page starts at 1")
    return limit, (args.page - 1) * limit


async def list_(args: argparse.Namespace, out: Output) -> int:
    limit, offset = _page(args)
    async with open_host(args, embed=False, read_only=True) as host:
        deps = host.services.tool_deps
        if args.what == "threads":
            rows = await _threads(deps, limit, offset)
        elif args.what == "entities":
            rows = await _entities(deps, limit, offset)
        else:
            rows = await _facts(deps, args, limit, offset)
    out.result(
        {"what": args.what, "page": args.page, "items": rows},
        lambda: render.listing(args.what, rows, args.page, limit),
    )
    return 0


async def _facts(
    deps: ToolDeps, args: argparse.Namespace, limit: int, offset: int
) -> list[dict[str, Any]]:
    types = check.node_types(args.type)
    if not types:  # a thread is its turns; otherwise facts, not turns
        types = ("episodic",) if args.thread else FACT_TYPES
    after, before = check.window(args.after, args.before, args.on)
    wanted = offset + limit
    if args.entity:
        found = await tool_reads.known_entity(deps, args.entity.strip())
        if isinstance(found, Problem):
            raise CliError(render.problem(found))
        nodes = await deps.storage.entities.nodes_of_entity(
            found.id, types=types, limit=wanted * 4, history=args.all
        )
        nodes = [n for n in nodes if _within(n, after, before)]
        nodes = sorted(nodes, key=lambda n: (n.when, n.id), reverse=True)
    else:
        nodes = await deps.storage.nodes.list_nodes(
            types=types,
            after=after,
            before=before,
            session_id=args.thread,
            limit=wanted,
            history=args.all,
        )
    page = nodes[offset:wanted]
    linked = await deps.storage.entities.entities_of_nodes([n.id for n in page])
    return [_node_row(n, linked.get(n.id, [])) for n in page]


def _within(node: Node, after: float | None, before: float | None) -> bool:
    return (after is None or node.when >= after) and (
        before is None or node.when < before
    )


def _node_row(node: Node, entities: list[Entity]) -> dict[str, Any]:
    return {
        "id": show_id(node.id),
        "type": node.type,
        "date": show_date(node.when, with_time=True),
        "confidence": None if node.type == "episodic" else round(node.confidence, 3),
        "role": node.source_role,
        "thread": node.session_id,
        "current": node.is_valid,
        "expires": expiry(node),
        "content": node.content,
        "entities": [e.name for e in entities],
    }


async def _threads(deps: ToolDeps, limit: int, offset: int) -> list[dict[str, Any]]:
    admin = deps.storage.admin
    columns = await admin.table_columns("sessions_consolidations")
    rows = [
        dict(zip(columns, row, strict=True))
        async for row in admin.iter_rows("sessions_consolidations")
    ]
    rows.sort(key=lambda r: r.get("last_activity") or 0, reverse=True)
    return [
        {
            "thread": row.get("session_id"),
            "turns": row.get("episode_count"),
            "last_activity": show_date(row.get("last_activity") or 0, with_time=True),
            "status": row.get("status"),
        }
        for row in rows[offset : offset + limit]
    ]


async def _entities(deps: ToolDeps, limit: int, offset: int) -> list[dict[str, Any]]:
    entities = await deps.storage.entities.list_entities(limit=offset + limit)
    return [
        {
            "name": e.name,
            "type": e.type,
            "mentions": e.mention_count,
            "aliases": list(e.aliases),
            "summary": e.summary,
        }
        for e in entities[offset:]
    ]


async def show(args: argparse.Namespace, out: Output) -> int:
    node_id = parse_id(args.id)
    if node_id is None:
        raise CliError(f"{args.id!r} is not an id; ids look like #12")
    async with open_host(args, embed=False, read_only=True) as host:
        deps = host.services.tool_deps
        node = await deps.storage.nodes.get_node(node_id, history=True)
        if node is None:
            raise CliError(f"there is no memory {show_id(node_id)}")
        explanation = await tool_reads.explain_node(deps, node)
    data = json.loads(explanation.model_dump_json(exclude_none=True))
    data["content"] = node.content  # whole, where the tool's result clips it
    data["attributes"] = node.attributes
    out.result(data, lambda: render.full(node.content, explanation))
    return 0
