"""A thing named in full once and by its last word after is one thing:
"a white Toyota Corolla" then "the Corolla", "the Ford Focus" then "the
Focus", "a Pixel 8" then "the Pixel" (a number's noun).

The evidence, inside one scope: the short form is a one-word thing (a
concept, no given name) filed after the full name (a larger id), and exactly
one thing of two or three words ends with it ("Focus" beside both "Ford
Focus" and "Canon Focus" stays alone). People and places are left out: a
surname alone may be another of the family, "York" is not "New York". The
full name stays the entity's name, the short one becomes its alias; a short
form a user split out (toolkit/entity_edits.py) is never joined again.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from ..core.records import Entity, name_key
from ..core.scope import using_view, view_of_scope, write_scope
from ..store.interface import Store
from ..toolkit.entity_edits import edit_guards
from .names import GIVEN_NAMES

MAX_WORDS = 3  # "Toyota Corolla Hybrid"; longer is a title, not a thing's name
INDEX_TTL = 600.0  # seconds: the full names the linker has not filed itself
INDEX_ENTITIES = 50_000


def _full(entity: Entity) -> bool:
    return entity.type == "concept" and 2 <= len(entity.name.split()) <= MAX_WORDS


def _short(entity: Entity) -> bool:
    key = name_key(entity.name)
    return entity.type == "concept" and " " not in key and key not in GIVEN_NAMES


def _called_by(entity: Entity) -> str:
    """The word a full name is shortened to: its last, or the noun before
    its number ("the Pixel" after "a Pixel 8", "Ward" after "Ward 4")."""
    return _shortened(name_key(entity.name))


def _shortened(key: str) -> str:
    words = key.split()
    return words[-2] if words[-1].isdigit() else words[-1]


class ShortThings:
    """Full names of things by their last word, per scope, for the linker."""

    def __init__(self) -> None:
        self._by_last: dict[str, dict[str, set[int]]] = {}
        self._at: dict[str, float] = {}

    def _add(self, index: dict[str, set[int]], entities: Sequence[Entity]) -> None:
        for entity in entities:
            if _full(entity):
                index.setdefault(_called_by(entity), set()).add(entity.id)

    async def _index(self, storage: Store) -> dict[str, set[int]]:
        scope = write_scope()
        if time.monotonic() - self._at.get(scope, -1e9) > INDEX_TTL:
            self._by_last[scope] = {}
            self._add(
                self._by_last[scope],
                await storage.entities.list_entities(limit=INDEX_ENTITIES),
            )
            self._at[scope] = time.monotonic()
        return self._by_last[scope]

    async def vouched(
        self, storage: Store, opening: Sequence[str], batch: Sequence[str] = ()
    ) -> set[str]:
        """The keys of the sentence-opening one-word names (`opening`, filed
        only when known) that shorten one full name, filed or among the
        `batch`'s names: "The Pixel lasts two days" after "a Pixel 8"."""
        keys = [name_key(n) for n in opening if " " not in name_key(n)]
        if not keys:
            return set()
        index = await self._index(storage)
        fulls = {k: {str(i) for i in ids} for k, ids in index.items() if k in keys}
        for name in batch:
            words = name_key(name).split()
            if 2 <= len(words) <= MAX_WORDS:
                fulls.setdefault(_shortened(name_key(name)), set()).add(name_key(name))
        return {k for k in keys if len(fulls.get(k, ())) == 1 and k not in GIVEN_NAMES}

    async def join(
        self, storage: Store, fresh: Sequence[Entity], split: Collection[str]
    ) -> dict[int, Entity]:
        """Join each newly filed short thing of `fresh` to its one full name;
        returns the entity each joined id now is."""
        if not any(_short(e) or _full(e) for e in fresh):
            return {}
        index = await self._index(storage)
        self._add(index, fresh)
        moved: dict[int, Entity] = {}
        for short in fresh:
            key = name_key(short.name)
            if not _short(short) or key in split:
                continue
            full = [i for i in index.get(key, ()) if i < short.id]
            if len(full) != 1:
                continue
            target = await storage.entities.get_entity(full[0])
            if target is None or not _full(target) or target.scope != short.scope:
                continue
            await storage.entities.merge_entities(target.id, short.id)
            moved[short.id] = await storage.entities.get_entity(target.id) or target
        return moved


async def rejoin_short_things(storage: Store) -> int:
    """Join the short things filed apart, scope by scope (of the caller's
    view); returns how many were joined."""
    by_scope: dict[str, list[Entity]] = {}
    for entity in await storage.entities.list_entities(limit=INDEX_ENTITIES):
        by_scope.setdefault(entity.scope, []).append(entity)
    joined = 0
    for scope, group in by_scope.items():
        _, split = await edit_guards(storage, scope)
        with using_view(view_of_scope(scope)):
            group.sort(key=lambda e: e.id)
            joined += len(await ShortThings().join(storage, group, split))
    return joined
