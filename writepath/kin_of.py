"""Whose relative a person is, kept on the relative: "Matěj's mum Jana",
«мама Матея Яна» files "Matěj's mom" as Jana's alias, whoever Matěj is to
the user (a boyfriend, a friend), so "what have I told you about Matěj's
mum?" and «как зовут маму Матея?» find her (search/kin_asked.py).

writepath/in_laws.py files the relative of the user's spouse or child as
the user's own in-law; this keeps the owner's relation for everyone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.records import Entity
from ..core.relations import kin_alias
from ..store.interface import Store
from .in_laws import owner_named


async def file_kin_of(storage: Store, entity: Entity, of: Sequence[str]) -> None:
    """Add to `entity` the alias naming it the relative (`of`: owner as said,
    relation word) of the known person the owner names."""
    if len(of) != 2:
        return
    owner = await owner_named(storage, of[0], related=False)
    if owner is None or owner.id == entity.id:
        return
    alias = kin_alias(owner.name, of[1])
    # an alias another entity holds already names that one: left as it is
    if await storage.entities.find_entity(alias) is None:
        await storage.entities.add_alias(entity.id, alias)
