"""One walk for the nightly rejoins: the entities a join is about, grouped
by scope, each group joined inside its own scope's view and with the names
a user split out or deleted guarded (toolkit/entity_edits.py), so that
joins made by hand or across scopes never happen behind the user's back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence

from ..core.records import Entity
from ..core.scope import using_view, view_of_scope
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards

# joins `fresh` (one scope's entities) with the guarded names left alone;
# returns each moved entity's id with the entity it now is
JoinGroup = Callable[
    [Store, Sequence[Entity], Collection[str]], Awaitable[dict[int, Entity]]
]


async def rejoin_by_scope(
    storage: Store, scan: int, wanted: Callable[[Entity], bool], join: JoinGroup
) -> int:
    """Join the `wanted` entities among the `scan` most mentioned, scope by
    scope (of the caller's view); returns how many were joined into another."""
    by_scope: dict[str, list[Entity]] = {}
    for entity in await storage.entities.list_entities(limit=scan):
        if wanted(entity):
            by_scope.setdefault(entity.scope, []).append(entity)
    joined = 0
    for scope, group in by_scope.items():
        deleted, split = await edit_guards(storage, scope)
        with using_view(view_of_scope(scope)):
            moved = await join(storage, group, deleted | split)
            joined += sum(1 for i, e in moved.items() if i != e.id)
    return joined
