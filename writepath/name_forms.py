"""Forms of one given name join their person: a flatmate introduced as
«Саша (вообще-то Александр)» and written "Sasha" or "Alex" in English turns
is one person, whatever form a later turn or question uses.

No sound joins "Alex" and «Саша»; the table of name forms does
(core/name_forms.py). The evidence (search/name_forms.py, which also finds
a person asked by a form never said), all inside one scope:
- both are people, each named by one word;
- a form of one is a form of the same name as a form of the other (its
  name or an alias; a Cyrillic oblique case counts by its nominative);
- a Russian form is among them ("Mary" and "Maria" alone are often two
  people; "Mary" and «Маша» are what a Russian speaker calls one);
- exactly one filed person carries a form of that name: with «Саша» and
  «Лёша» both known, "Alex" could be either, and stays alone.
A name a user split out or deleted (toolkit/entity_edits.py) is never joined
again. The more mentioned person (then the older) keeps its name, the other
becomes an alias: "also called: Alex, Sasha, Александр".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.name_forms import russian_form
from ..core.records import Entity, name_key
from ..core.relations import told_apart
from ..search.name_forms import called_alike, name_forms, one_word_person
from ..store.interface import Store
from .rejoin import rejoin_by_scope

# Entities a rejoin looks through, the most mentioned first.
REJOIN_SCAN = 50_000


async def named_alike(
    storage: Store, entity: Entity, guarded: Collection[str]
) -> Entity | None:
    """The one other person called by a form of `entity`'s name, or None
    (none, or several: then the form could be either)."""
    if not one_word_person(entity) or name_key(entity.name) in guarded:
        return None
    found = await called_alike(storage, name_forms(entity), guarded)
    found = [
        e
        for e in found
        if e.id != entity.id
        and e.scope == entity.scope
        and not people_told_apart(entity, e)
    ]
    if len(found) > 1:
        # "Sasha" beside «Александр» and "Alex" (Алексей's too, perhaps): the
        # one person named by a Russian form of the name is who it is
        russian = [e for e in found if russian_form(name_key(e.name))]
        found = russian if len(russian) == 1 else found
    return found[0] if len(found) == 1 else None


def people_told_apart(one: Entity, other: Entity) -> bool:
    """The user told the two apart by the relations filed on them: "my
    colleague Dan" is not «мой брат Даниил» (core/relations.py told_apart)."""
    relations = (str(e.attributes.get("relation") or "") for e in (one, other))
    return told_apart(*relations)


async def join_name_forms(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each new person of `fresh` with the one person called by another
    form of its name; returns the entity each joined id now is."""
    moved: dict[int, Entity] = {}
    for entity in fresh:
        current = await storage.entities.get_entity(entity.id)
        if current is None or current.id in moved:
            continue
        other = await named_alike(storage, current, guarded)
        if other is None:
            continue
        keep, drop = sorted((current, other), key=_standing)
        await storage.entities.merge_entities(keep.id, drop.id)
        moved = {i: keep if e.id == drop.id else e for i, e in moved.items()}
        moved.update({drop.id: keep, keep.id: keep})
    return {i: await storage.entities.get_entity(e.id) or e for i, e in moved.items()}


def _standing(entity: Entity) -> tuple[int, int]:
    """The more mentioned, then the older, keeps its name (sorts first)."""
    return -entity.mention_count, entity.id


async def rejoin_name_forms(storage: Store) -> int:
    """Join the people called by forms of one name filed apart, scope by
    scope (of the caller's view); returns how many were joined."""
    return await rejoin_by_scope(storage, REJOIN_SCAN, _joinable, join_name_forms)


def _joinable(entity: Entity) -> bool:
    return one_word_person(entity) and bool(name_forms(entity))
