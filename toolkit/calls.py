"""The twelve tools' bodies: check the arguments, then call what the tool does.

One home for every front end: tools.py wraps these as the orchestrator's
`FunctionTool`s (adding the docstrings the model reads), the MCP server serves
them under the same names, so a check or a default is never written twice.
Arguments arrive as the model or a client sent them; toolkit/args.py turns
them into values or raises `InputError`, which each front end answers with an
instructive `Problem`.
"""

from __future__ import annotations

from . import args as check
from . import changes, reads
from . import purge as purging
from .args import MAX_SEARCH, MAX_TIMELINE
from .changes import ToolDeps
from .entity_edits import edit_entity as make_edit
from .models import EntityEdited, ToolResult


async def search_memory(
    deps: ToolDeps,
    query: str,
    type: str | None = None,
    entity_name: str | None = None,
    after: str | None = None,
    before: str | None = None,
    limit: int = 10,
) -> ToolResult:
    text = check.required(query, "query")
    types = check.node_types(type)
    start, end = check.window(after, before)
    count = check.limit(limit, MAX_SEARCH)
    return await reads.search(
        deps,
        text,
        types=types,
        entity_name=(entity_name or "").strip() or None,
        after=start,
        before=end,
        limit=count,
    )


async def remember_fact(
    deps: ToolDeps, fact: str, confidence: float = 1.0, expires: str | None = None
) -> ToolResult:
    text = check.fact_text(fact, "fact")
    check.confidence(confidence)
    expires_at = check.expires(expires, deps.now())
    return await changes.remember(deps, text, confidence, expires_at=expires_at)


async def correct_fact(deps: ToolDeps, old_fact: str, new_fact: str) -> ToolResult:
    old = check.required(old_fact, "old_fact")
    new = check.fact_text(new_fact, "new_fact")
    return await changes.correct(deps, old, new)


async def confirm_fact(deps: ToolDeps, fact_id: str) -> ToolResult:
    return await changes.confirm(deps, check.required(fact_id, "fact_id"))


async def get_entity_info(deps: ToolDeps, entity_name: str) -> ToolResult:
    return await reads.entity_info(deps, check.required(entity_name, "entity_name"))


async def edit_entity(
    deps: ToolDeps, action: str, entity_name: str, value: str = ""
) -> EntityEdited:
    name = entity_name or ""
    done = await make_edit(deps.storage, action or "", name, value or "")
    renamed = action.strip().lower() == "rename"
    after = await deps.storage.entities.find_entity(value if renamed else name)
    if after is None or action.strip().lower() == "delete":
        return EntityEdited(done=done)
    return EntityEdited(
        done=done, entity=after.name, type=after.type, aliases=list(after.aliases)
    )


async def memory_stats(deps: ToolDeps) -> ToolResult:
    return await reads.stats(deps)


async def explain_fact(deps: ToolDeps, fact_id: str) -> ToolResult:
    return await reads.explain(deps, check.required(fact_id, "fact_id"))


async def weak_facts(
    deps: ToolDeps, threshold: float = 0.3, limit: int = 10
) -> ToolResult:
    check.threshold(threshold)
    return await reads.weak_facts(deps, threshold, check.limit(limit, MAX_SEARCH))


async def get_timeline(
    deps: ToolDeps,
    entity_name: str = "",
    after: str = "",
    before: str = "",
    limit: int = 50,
) -> ToolResult:
    start, end = check.window(after, before)
    count = check.limit(limit, MAX_TIMELINE)
    return await reads.timeline(
        deps, (entity_name or "").strip(), after=start, before=end, limit=count
    )


async def forget_fact(deps: ToolDeps, fact: str) -> ToolResult:
    return await changes.forget(deps, check.required(fact, "fact"))


async def purge_memory(
    deps: ToolDeps,
    what: str = "",
    target: str = "",
    after: str = "",
    before: str = "",
    confirmation: str = "",
) -> ToolResult:
    return await purging.purge_memory(deps, what, target, after, before, confirmation)


BODIES = (
    search_memory,
    remember_fact,
    correct_fact,
    confirm_fact,
    get_entity_info,
    memory_stats,
    explain_fact,
    weak_facts,
    get_timeline,
    forget_fact,
    purge_memory,
    edit_entity,
)
