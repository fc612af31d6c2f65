"""Editing entities (the CLI, the MCP server and the agent's `edit_entity`
share this): merge, rename, add or remove an alias, split an alias back out,
change the type, delete — each recorded, so `reapply_entity_edits` can redo
them after a reindex or a nightly pass filed the old names again.

Every edit works on names, inside the current scope: a name resolves only to
an entity of the scopes the caller sees, and the record keeps the scope it
was written in.
"""

from __future__ import annotations

import re

from ..core.errors import InputError
from ..core.records import ENTITY_TYPES, Entity, EntityType, name_key
from ..core.scope import using_view, view_of_scope
from ..store.interface import Store

ACTIONS = ("merge", "rename", "alias_add", "alias_remove", "split", "type", "delete")
# How many of an entity's memories a split looks through for the alias.
SPLIT_SCAN = 10_000


class EditError(InputError):
    """An edit that cannot be made; the message says why, for the user."""


async def edit_entity(storage: Store, action: str, name: str, value: str = "") -> str:
    """Make and record one edit; returns what was done, in a sentence."""
    action = action.strip().lower().replace("-", "_").replace(" ", "_")
    if action not in ACTIONS:
        raise EditError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    name, value = name.strip(), value.strip()
    if not name:
        raise EditError("name the entity to edit")
    if action != "delete" and not value:
        raise EditError(f"{action} needs a value ({_VALUE_OF[action]})")
    entity = await storage.entities.find_entity(name)
    if entity is None:
        raise EditError(f"no entity called {name[:80]!r} is known")
    try:
        done = await _apply(storage, entity, action, value, strict=True)
    except (LookupError, ValueError) as exc:
        raise EditError(str(exc)) from exc
    await storage.entities.record_entity_edit(action, name, value)
    return done


_VALUE_OF = {
    "merge": "the entity that joins it",
    "rename": "the new name",
    "alias_add": "the alias",
    "alias_remove": "the alias",
    "split": "the alias that becomes its own entity",
    "type": "one of " + ", ".join(ENTITY_TYPES),
}


async def _apply(
    storage: Store, entity: Entity, action: str, value: str, *, strict: bool
) -> str:
    """One edit on a resolved entity. Replayed edits (`strict=False`) that no
    longer apply (already done, the name is gone) change nothing."""
    entities = storage.entities
    other = await entities.find_entity(value) if value else None
    if action == "merge":
        if other is None:
            if strict:
                raise EditError(f"no entity called {value[:80]!r} is known")
            return ""
        if other.id != entity.id:
            await entities.merge_entities(entity.id, other.id)
        return f"{other.name} merged into {entity.name}"
    if action == "rename":
        if entity.name != value and (other is None or other.id == entity.id):
            await entities.rename_entity(entity.id, value)
        elif other is not None and other.id != entity.id and strict:
            raise EditError(f"{value!r} names another entity; merge them instead")
        return f"{entity.name} renamed to {value}"
    if action == "alias_add":
        if other is None:
            await entities.add_alias(entity.id, value)
        elif other.id != entity.id and strict:
            raise EditError(f"{value!r} names another entity; merge them instead")
        return f"{value} is now a name of {entity.name}"
    if action == "alias_remove":
        removed = await entities.remove_alias(entity.id, value)
        if not removed and strict:
            raise EditError(f"{value!r} is not an alias of {entity.name}")
        return f"{value} is no longer a name of {entity.name}"
    if action == "split":
        return await _split(storage, entity, value, strict=strict)
    if action == "type":
        wanted = value.lower()
        if wanted not in ENTITY_TYPES:
            raise EditError(f"unknown type {value!r}; use one of {_VALUE_OF['type']}")
        if entity.type != wanted:
            await entities.set_entity_type(entity.id, _entity_type(wanted))
        return f"{entity.name} is now a {wanted}"
    await entities.delete_entity(entity.id)  # delete: the memories stay
    return f"{entity.name} deleted (its memories are kept)"


def _entity_type(value: str) -> EntityType:
    for known in ENTITY_TYPES:
        if known == value:
            return known
    raise EditError(f"unknown type {value!r}")


async def _split(storage: Store, entity: Entity, alias: str, *, strict: bool) -> str:
    """`alias` leaves `entity` and becomes an entity of its own, taking the
    memories that name it as a word ("Mel" is not found in "Melanie")."""
    if name_key(alias) not in {name_key(a) for a in entity.aliases}:
        if strict:
            raise EditError(f"{alias!r} is not an alias of {entity.name}")
        return ""
    await storage.entities.remove_alias(entity.id, alias)
    new = await storage.entities.upsert_entity(alias, type=entity.type, mentions=0)
    word = re.compile(rf"(?<!\w){re.escape(alias)}(?!\w)", re.IGNORECASE)
    nodes = await storage.entities.nodes_of_entity(entity.id, limit=SPLIT_SCAN)
    await storage.entities.move_links(
        entity.id, new.id, [n.id for n in nodes if word.search(n.content)]
    )
    return f"{alias} split from {entity.name}"


async def reapply_entity_edits(storage: Store) -> int:
    """Redo every recorded edit, each in its own scope, oldest first; returns
    how many changed something. Run after a reindex and the nightly pass."""
    changed = 0
    for edit in await storage.entities.entity_edits():
        with using_view(view_of_scope(edit.scope)):
            entity = await storage.entities.find_entity(edit.name)
            if entity is None:
                continue
            before = await _state(storage, entity.id)
            try:
                await _apply(storage, entity, edit.action, edit.value, strict=False)
            except (LookupError, ValueError):
                continue  # no longer possible: the data moved on
            changed += before != await _state(storage, entity.id)
    return changed


async def _state(storage: Store, entity_id: int) -> Entity | None:
    return await storage.entities.get_entity(entity_id)


async def edit_guards(storage: Store, scope: str) -> tuple[set[str], set[str]]:
    """What the offline linker must respect in `scope`, as name keys: the
    deleted entities (never filed again) and the aliases split out (never
    joined back to a longer name by a guess)."""
    deleted: set[str] = set()
    split: set[str] = set()
    for edit in await storage.entities.entity_edits():
        if edit.scope == scope and edit.action == "delete":
            deleted.add(name_key(edit.name))
        elif edit.scope == scope and edit.action in ("split", "alias_remove"):
            split.add(name_key(edit.value))
    return deleted, split
