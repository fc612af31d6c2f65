"""The ten memory tools the orchestrator gets (host-contract §8), built per extension.

`build_tools(deps)` returns openai-agents `FunctionTool`s that close over `ToolDeps`:
the host runs them with its own run context, so ours cannot travel in it. Names
and parameters are the host's (its prompts name them); the docstrings are the
schema the model reads, so they say when to use each tool. This file only checks
arguments (with tool_args.py, which the CLI shares) and turns a mistake the model
can fix into a short `Problem`; what the tools do lives in tool_ops.py (changes)
and tool_reads.py (reads), which the CLI calls too. A fault the
model cannot fix (disk, SQLite) raises, and the SDK reports it as a tool error.
"""

from __future__ import annotations

from agents import Tool, function_tool

from . import tool_args as check
from . import tool_ops, tool_reads
from .tool_args import MAX_SEARCH, MAX_TIMELINE, Invalid
from .tool_models import ToolResult
from .tool_ops import ToolDeps

__all__ = ["TOOL_NAMES", "ToolDeps", "build_tools"]

TOOL_NAMES = (
    "search_memory",
    "remember_fact",
    "correct_fact",
    "confirm_fact",
    "get_entity_info",
    "memory_stats",
    "explain_fact",
    "weak_facts",
    "get_timeline",
    "forget_fact",
)


def build_tools(deps: ToolDeps) -> list[Tool]:
    """The ten tools, in host-contract order, bound to `deps`."""

    @function_tool(strict_mode=False)
    async def search_memory(
        query: str,
        type: str | None = None,
        entity_name: str | None = None,
        after: str | None = None,
        before: str | None = None,
        limit: int = 10,
    ) -> ToolResult:
        """Search long-term memory: facts, procedures, opinions and past conversation.

        Use it before answering anything that depends on what you were told
        earlier. Results are best first; each has an id (like #12) that the other
        memory tools accept.

        Args:
            query: What to look for, in plain words.
            type: Only this kind: semantic (facts), episodic (conversation turns),
                procedural or opinion. Leave empty for all.
            entity_name: Only memories linked to this person, project or thing.
            after: Only memories from this time on: last_week, last_month or
                YYYY-MM-DD.
            before: Only memories before this time: last_week, last_month or
                YYYY-MM-DD.
            limit: How many results, 1 to 50.
        """
        try:
            text = check.required(query, "query")
            types = check.node_types(type)
            start, end = check.window(after, before)
            count = check.limit(limit, MAX_SEARCH)
        except Invalid as bad:
            return bad.problem
        return await tool_reads.search(
            deps,
            text,
            types=types,
            entity_name=(entity_name or "").strip() or None,
            after=start,
            before=end,
            limit=count,
        )

    @function_tool(strict_mode=False)
    async def remember_fact(fact: str, confidence: float = 1.0) -> ToolResult:
        """Store one atomic, durable fact about the user or their world.

        Use it only for atomic facts ("Anna's birthday is 3 May"), one call per
        fact (parallel calls are fine). A fact already stored is not duplicated:
        the existing one is reinforced and its id returned.

        Args:
            fact: The fact as one short self-contained sentence.
            confidence: How sure you are, 0.0 to 1.0 (1.0 = the user said so).
        """
        try:
            text = check.fact_text(fact, "fact")
            check.confidence(confidence)
        except Invalid as bad:
            return bad.problem
        return await tool_ops.remember(deps, text, confidence)

    @function_tool
    async def correct_fact(old_fact: str, new_fact: str) -> ToolResult:
        """Replace a stored fact that turned out wrong or outdated.

        The old fact is retired (never shown again, history kept) and the new one
        takes its place, keeping its links to people and things.

        Args:
            old_fact: The old fact's id (like #12) or its text.
            new_fact: The correct fact as one short self-contained sentence.
        """
        try:
            old = check.required(old_fact, "old_fact")
            new = check.fact_text(new_fact, "new_fact")
        except Invalid as bad:
            return bad.problem
        return await tool_ops.correct(deps, old, new)

    @function_tool
    async def confirm_fact(fact_id: str) -> ToolResult:
        """Mark a fact as confirmed by the user: full confidence, never fades.

        Args:
            fact_id: The fact's id, like #12 (search_memory shows ids).
        """
        try:
            reference = check.required(fact_id, "fact_id")
        except Invalid as bad:
            return bad.problem
        return await tool_ops.confirm(deps, reference)

    @function_tool
    async def get_entity_info(entity_name: str) -> ToolResult:
        """Everything known about one person, project, place or thing.

        Gives its summary, related facts and the latest conversation turns that
        mention it, newest first.

        Args:
            entity_name: Its name or any alias, any case.
        """
        try:
            name = check.required(entity_name, "entity_name")
        except Invalid as bad:
            return bad.problem
        return await tool_reads.entity_info(deps, name)

    @function_tool
    async def memory_stats() -> ToolResult:
        """Size and health of the memory: counts, database size, last maintenance."""
        return await tool_reads.stats(deps)

    @function_tool
    async def explain_fact(fact_id: str) -> ToolResult:
        """Where a fact came from: source conversation, earlier and later versions.

        Args:
            fact_id: The fact's id, like #12 (works for retired facts too).
        """
        try:
            reference = check.required(fact_id, "fact_id")
        except Invalid as bad:
            return bad.problem
        return await tool_reads.explain(deps, reference)

    @function_tool(strict_mode=False)
    async def weak_facts(threshold: float = 0.3, limit: int = 10) -> ToolResult:
        """Facts whose confidence has faded, weakest first, with days until pruned.

        Use it to review what the memory is about to lose; confirm_fact keeps one.

        Args:
            threshold: Show facts with confidence below this, 0.0 to 1.0.
            limit: How many, 1 to 50.
        """
        try:
            check.threshold(threshold)
            count = check.limit(limit, MAX_SEARCH)
        except Invalid as bad:
            return bad.problem
        return await tool_reads.weak_facts(deps, threshold, count)

    @function_tool(strict_mode=False)
    async def get_timeline(
        entity_name: str = "", after: str = "", before: str = "", limit: int = 50
    ) -> ToolResult:
        """Conversation turns and facts in time order (oldest first).

        Args:
            entity_name: Only what is linked to this person or thing; empty for all.
            after: From this time on: last_week, last_month or YYYY-MM-DD.
            before: Before this time: last_week, last_month or YYYY-MM-DD.
            limit: At most this many of the newest items, 1 to 200.
        """
        try:
            start, end = check.window(after, before)
            count = check.limit(limit, MAX_TIMELINE)
        except Invalid as bad:
            return bad.problem
        return await tool_reads.timeline(
            deps, (entity_name or "").strip(), after=start, before=end, limit=count
        )

    @function_tool
    async def forget_fact(fact: str) -> ToolResult:
        """Forget a fact (or, by id, a conversation turn) the user wants forgotten.

        It is never searched or shown again; history is kept for explain_fact.

        Args:
            fact: The fact's id (like #12) or its text. Conversation turns only by id.
        """
        try:
            reference = check.required(fact, "fact")
        except Invalid as bad:
            return bad.problem
        return await tool_ops.forget(deps, reference)

    return [
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
    ]
