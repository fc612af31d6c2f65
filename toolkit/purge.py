"""Forgetting for good (`purge_memory`, `agent-memory purge`): name what goes,
show it, and erase it only once confirmed.

`forget_fact` retires a fact and keeps its history; a purge deletes rows and
scrubs the file (store/purge.py). It is irreversible, so the tool works in two
calls: the first returns what would be erased and a confirmation token, the
second, with that token, erases exactly that. A token is good for one use, for
TOKEN_TTL seconds, and only in the scope it was issued in: it cannot erase
another person's memory even if it leaked into their conversation.
"""

from __future__ import annotations

import secrets

from ..core.records import PurgePlan, PurgeTarget
from ..core.scope import ScopeView, current_view, using_view
from . import args as check
from .changes import ToolDeps, resolve_fact
from .models import Problem, ToolResult, parse_id, show_size

TOKEN_TTL = 600.0
MAX_PENDING = 32
WHAT = {
    "fact": "fact",
    "person": "entity",
    "entity": "entity",
    "thread": "thread",
    "time_range": "range",
    "range": "range",
    "everything": "scope",
    "all": "scope",
}


class PurgeResult(ToolResult):
    """What a purge would erase (status `confirm`) or erased (`purged`)."""

    status: str
    memories: int
    by_type: dict[str, int]
    derived_facts: int
    entities: int
    aliases: int
    edges: int
    links: int
    threads: int
    entity_edits: int = 0
    preview: list[str] | None = None
    confirmation: str | None = None
    size_before: str | None = None
    size_after: str | None = None
    note: str | None = None


async def target_of(
    deps: ToolDeps, what: str, target: str, after: str = "", before: str = ""
) -> PurgeTarget | Problem:
    """The purge `what` ("fact", "person", "thread", "time_range", "everything")
    and `target` name, checked."""
    kind = WHAT.get((what or "").strip().casefold())
    if kind is None:
        raise check.Invalid(
            "what must be fact, person, thread, time_range or everything."
        )
    name = (target or "").strip()
    if kind == "fact":
        node_id = parse_id(check.required(target, "target"))
        if node_id is None:  # a text: the valid fact it means
            node = await resolve_fact(deps, name, allow_episodes=True)
            if isinstance(node, Problem):
                return node
            node_id = node.id
        return PurgeTarget("fact", fact_id=node_id)
    if kind == "entity":
        return PurgeTarget("entity", entity=check.required(target, "target"))
    if kind == "thread":
        return PurgeTarget("thread", thread_id=check.required(target, "target"))
    if kind == "range":
        start, end = check.window(after, before)
        if start is None and end is None:
            raise check.Invalid("a time_range needs after, before or both.")
        return PurgeTarget("range", after=start, before=end)
    return PurgeTarget("scope")


def result_of(plan: PurgePlan, status: str, note: str | None = None) -> PurgeResult:
    return PurgeResult(
        status=status,
        memories=plan.nodes,
        by_type=plan.nodes_by_type,
        derived_facts=plan.derived,
        entities=plan.entities,
        aliases=plan.aliases,
        edges=plan.edges,
        links=plan.links,
        threads=plan.threads,
        entity_edits=plan.edits,
        preview=list(plan.preview) or None,
        size_before=show_size(plan.bytes_before) if plan.done else None,
        size_after=show_size(plan.bytes_after) if plan.done else None,
        note=note,
    )


async def purge_memory(
    deps: ToolDeps,
    what: str = "",
    target: str = "",
    after: str = "",
    before: str = "",
    confirmation: str = "",
) -> PurgeResult | Problem:
    """The tool: plan and hand out a token, or, given the token, erase. Runs
    in the current turn's view (the MCP server calls bodies without one: the
    latest user message's view, as for its other tools)."""
    view = current_view() or deps.turn_view()
    if view is None:
        return Problem(error="purge_memory works only inside a user's conversation.")
    with using_view(view):
        return await _purge(deps, view, what, target, after, before, confirmation)


async def _purge(
    deps: ToolDeps,
    view: ScopeView,
    what: str,
    target: str,
    after: str,
    before: str,
    confirmation: str,
) -> PurgeResult | Problem:
    pending = deps.pending_purges
    now = deps.now()
    for token in [t for t, (_, _, until) in pending.items() if until < now]:
        del pending[token]
    if (confirmation or "").strip():
        entry = pending.pop(confirmation.strip(), None)
        if entry is None or entry[1] != view.write:
            return Problem(
                error="That confirmation is unknown or expired; call purge_memory"
                " again without it to see what would be erased."
            )
        async with deps.write_lock:
            done = await deps.storage.purge.execute(entry[0])
        return result_of(done, "purged", "Erased for good; it cannot be recovered.")
    chosen = await target_of(deps, what, target, after, before)
    if isinstance(chosen, Problem):
        return chosen
    plan = await deps.storage.purge.plan(chosen)
    if plan.empty:
        return result_of(plan, "nothing", "Nothing matches; nothing was erased.")
    token = "purge-" + secrets.token_hex(4)
    while len(pending) >= MAX_PENDING:
        del pending[next(iter(pending))]
    pending[token] = (chosen, view.write, now + TOKEN_TTL)
    result = result_of(
        plan,
        "confirm",
        "Nothing is erased yet. Tell the user what will be erased for good"
        " (it cannot be undone) and ask; only if they agree, call purge_memory"
        " again with this confirmation.",
    )
    return result.model_copy(update={"confirmation": token})
