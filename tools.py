"""The memory tools the orchestrator gets (host-contract §8, plus purge_memory).

`build_tools(deps)` returns openai-agents `FunctionTool`s that close over `ToolDeps`:
the host runs them with its own run context, so ours cannot travel in it. Names
and parameters are the host's (its prompts name them); the docstrings are the
schema the model reads, so they say when to use each tool. This file only checks
arguments (with toolkit/args.py, which the CLI shares); what the tools do lives in
toolkit/changes.py and toolkit/reads.py, which the CLI calls too. What a tool
raises becomes its answer in one place (toolkit/failures.py): a mistake the model
can fix a short instructive `Problem`, a fault (disk, SQLite) a log line and a
short error `Problem`; no tool raises into the host's turn. openai-agents is
imported only when the tools are built, so reading commands of the CLI skip it.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .core.scope import using_view
from .core.text import clean_value
from .toolkit import calls
from .toolkit.changes import ToolDeps
from .toolkit.failures import failure_handler, problem_text
from .toolkit.models import ToolResult

if TYPE_CHECKING:  # imported when the tools are built, so the CLI never loads it
    from agents import FunctionTool, Tool

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
    "purge_memory",
    "edit_entity",
)


# A mistake the model can fix comes back as a Problem; any other exception is
# logged and answered with a short Problem: a memory tool never fails the turn.
on_failure = failure_handler(problem_text, stop_on_fault=False)


def tool(
    deps: ToolDeps, *, strict_mode: bool = True
) -> Callable[[Callable[..., Awaitable[Any]]], FunctionTool]:
    """`function_tool` with the shared failure handler, run in the turn's scope.

    The host gives tools no run context (host-contract §4): each call reads
    and writes only the scopes `deps.turn_view()` names for the current turn.
    """
    from agents import function_tool

    def decorate(fn: Callable[..., Awaitable[Any]]) -> FunctionTool:
        @functools.wraps(fn)
        async def scoped(*args: Any, **kwargs: Any) -> Any:
            # The model's arguments are outside text: cleaned before any use.
            args, kwargs = clean_value(args), clean_value(kwargs)
            # None (no host turn: tests, CLI without --scope) = unrestricted.
            with using_view(deps.turn_view()):
                return await fn(*args, **kwargs)

        return function_tool(
            scoped, strict_mode=strict_mode, failure_error_function=on_failure
        )

    return decorate


def build_tools(deps: ToolDeps) -> list[Tool]:
    """The twelve tools, in host-contract order (then purge_memory and
    edit_entity), bound to `deps`."""

    @tool(deps, strict_mode=False)
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
        return await calls.search_memory(
            deps, query, type, entity_name, after, before, limit
        )

    @tool(deps, strict_mode=False)
    async def remember_fact(
        fact: str, confidence: float = 1.0, expires: str | None = None
    ) -> ToolResult:
        """Store one atomic fact about the user or their world.

        Use it only for atomic facts ("Anna's birthday is 3 May"), one call per
        fact (parallel calls are fine). A fact already stored is not duplicated:
        the existing one is reinforced and its id returned.

        Args:
            fact: The fact as one short self-contained sentence.
            confidence: How sure you are, 0.0 to 1.0 (1.0 = the user said so).
            expires: Only for a transient fact (a plan, an appointment, a
                mood, "remember for 2 weeks"): when to forget it, as a
                duration (2 weeks, 3 days, 1 month) or a date (2026-12-01,
                Friday). Leave empty for a lasting fact.
        """
        return await calls.remember_fact(deps, fact, confidence, expires)

    @tool(deps)
    async def correct_fact(old_fact: str, new_fact: str) -> ToolResult:
        """Replace a stored fact that turned out wrong or outdated.

        The old fact is retired (never shown again, history kept) and the new one
        takes its place, keeping its links to people and things.

        Args:
            old_fact: The old fact's id (like #12) or its text.
            new_fact: The correct fact as one short self-contained sentence.
        """
        return await calls.correct_fact(deps, old_fact, new_fact)

    @tool(deps)
    async def confirm_fact(fact_id: str) -> ToolResult:
        """Mark a fact as confirmed by the user: full confidence, never fades.

        Args:
            fact_id: The fact's id, like #12 (search_memory shows ids).
        """
        return await calls.confirm_fact(deps, fact_id)

    @tool(deps)
    async def get_entity_info(entity_name: str) -> ToolResult:
        """Everything known about one person, project, place or thing.

        Gives its summary, related facts and the latest conversation turns that
        mention it, newest first.

        Args:
            entity_name: Its name or any alias, any case.
        """
        return await calls.get_entity_info(deps, entity_name)

    @tool(deps)
    async def memory_stats() -> ToolResult:
        """Size and health of the memory: counts, database size, last maintenance."""
        return await calls.memory_stats(deps)

    @tool(deps)
    async def explain_fact(fact_id: str) -> ToolResult:
        """Where a fact came from: source conversation, earlier and later versions.

        Args:
            fact_id: The fact's id, like #12 (works for retired facts too).
        """
        return await calls.explain_fact(deps, fact_id)

    @tool(deps, strict_mode=False)
    async def weak_facts(threshold: float = 0.3, limit: int = 10) -> ToolResult:
        """Facts whose confidence has faded, weakest first, with days until pruned.

        Use it to review what the memory is about to lose; confirm_fact keeps one.

        Args:
            threshold: Show facts with confidence below this, 0.0 to 1.0.
            limit: How many, 1 to 50.
        """
        return await calls.weak_facts(deps, threshold, limit)

    @tool(deps, strict_mode=False)
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
        return await calls.get_timeline(deps, entity_name, after, before, limit)

    @tool(deps)
    async def forget_fact(fact: str) -> ToolResult:
        """Forget a fact (or, by id, a conversation turn) the user wants forgotten.

        It is never searched or shown again; history is kept for explain_fact.

        Args:
            fact: The fact's id (like #12) or its text. Conversation turns only by id.
        """
        return await calls.forget_fact(deps, fact)

    @tool(deps, strict_mode=False)
    async def purge_memory(
        what: str = "",
        target: str = "",
        after: str = "",
        before: str = "",
        confirmation: str = "",
    ) -> ToolResult:
        """Erase memories for good when the user asks ("delete everything about
        Bob", "forget everything about me"). Unlike forget_fact nothing is kept.

        Two calls: the first erases nothing and returns what would go and a
        confirmation; tell the user and ask. Only if they agree, call again
        with just that confirmation. Works only on this user's own memory.

        Args:
            what: fact, person, thread, time_range or everything.
            target: The fact's id (#12) or text, the person's name, or the
                thread id; empty for time_range and everything.
            after: time_range only: from this time on (YYYY-MM-DD, last_week).
            before: time_range only: before this time.
            confirmation: The confirmation the first call returned.
        """
        return await calls.purge_memory(deps, what, target, after, before, confirmation)

    @tool(deps, strict_mode=False)
    async def edit_entity(action: str, entity_name: str, value: str = "") -> ToolResult:
        """Fix a person or thing the memory keeps wrong, when the user says so.
        Memories are kept; the change survives re-indexing.

        Args:
            action: merge (value joins entity_name), rename, alias_add,
                alias_remove, split (alias value becomes its own entity), type,
                delete.
            entity_name: The entity's name or an alias.
            value: The other entity, new name, alias or type (person, pet,
                place, organization, project, concept, tool); empty for delete.
        """
        return await calls.edit_entity(deps, action, entity_name, value)

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
        purge_memory,
        edit_entity,
    ]
