"""A relation word said as a name is the user's relative of that relation:
"Sunday call with Mum", «Мама прислала фото», "Granny says hi".

A bilingual user calls their mother "Mum" in English turns and «Мама» in
Russian ones, and may also name her once ("Мама, Галина Петровна, живёт в
Екатеринбурге"); a user who lists the entities expects one mother. So, inside
one scope:
- the kin words of one relation ("mum", "mom", "мама": core/relations.py's
  same_relation) name one entity, which keeps the relation;
- a named person filed as that relation absorbs it, when the relation is one
  a user has once (a mother, not a grandmother: "Granny" may be either of
  two) and exactly one person holds it.
A name a user split out or deleted is never joined again (a user's split of
«Мама» from «Галина Петровна» holds).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core.records import Entity, name_key
from ..core.relations import UNIQUE_RELATIONS, relation_aliases, same_relation
from ..search.morphology import relation_base_forms
from ..store.interface import Store
from .names import KIN_NAMES
from .relations import file_relation

# Kin words a user says as a relative's name ("dinner with Mom", «Бабушка
# звонила»), in their base form.
KIN_WORDS = KIN_NAMES | frozenset(
    """mama mommy mummy daddy gran grandad granddad мамочка папочка бабушка
    дедушка бабуля дедуля""".split()
)


def kin_word(entity: Entity) -> str:
    """The kin word `entity`'s one-word name is, in its base form («Маме»:
    "мама"); "" for a name."""
    key = name_key(entity.name)
    if " " in key:
        return ""
    base = relation_base_forms([key])[0]
    return base if base in KIN_WORDS else ""


def _held(entity: Entity) -> str:
    """The relation a named person holds ("" for a former one)."""
    relation = str(entity.attributes.get("relation") or "")
    return "" if relation.startswith("former ") else relation


async def join_kin(
    storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
) -> dict[int, Entity]:
    """Join each new kin word of `fresh`, or new holder of a relation, with the
    kin words of that relation; returns the entity each joined id now is."""
    moved: dict[int, Entity] = {}
    for entity in fresh:
        current = await storage.entities.get_entity(entity.id)
        if current is None or current.type != "person":
            continue
        word = kin_word(current) or _held(current)
        if not word or name_key(current.name) in guarded:
            continue
        keep, kin = await _relatives(storage, current, word, guarded)
        if keep is None or not kin:
            continue
        for other in kin:
            await storage.entities.merge_entities(keep.id, other.id)
        if kin_word(keep):  # no named person: the kin word keeps the relation
            await file_relation(storage, keep, kin_word(keep))
        now = await storage.entities.get_entity(keep.id) or keep
        joined = {keep.id, *(e.id for e in kin)}
        moved = {i: now if e.id in joined else e for i, e in moved.items()}
        moved.update(dict.fromkeys(joined, now))
    return moved


async def _relatives(
    storage: Store, entity: Entity, word: str, guarded: Collection[str]
) -> tuple[Entity | None, list[Entity]]:
    """The entity that keeps the relation `word` and the kin-word entities to
    join into it (None, [] when it is not clear who the relative is)."""
    same = same_relation(word)
    keys = [*same, *(a for w in same for a in relation_aliases(w))]
    found = [
        e
        for e in [entity, *await storage.entities.entities_by_keys(keys)]
        if e.scope == entity.scope
        and e.type == "person"
        and name_key(e.name) not in guarded
    ]
    found = list({e.id: e for e in found}.values())
    kin = [e for e in found if kin_word(e) in same]
    named = [e for e in found if not kin_word(e) and _held(e) in same]
    if not kin:
        return None, []
    if len(named) > 1 or (named and not same & UNIQUE_RELATIONS):
        return None, []
    # the named person, else the most said kin word (then the oldest)
    keep = named[0] if named else max(kin, key=lambda e: (e.mention_count, -e.id))
    return keep, [e for e in kin if e.id != keep.id]
