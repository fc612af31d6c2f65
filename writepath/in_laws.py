"""In-laws by composition: the mum of the user's husband is the user's
mother-in-law ("Tomek's mum Halina" once Tomek is "my husband", «мама Томека
Халина», "my wife's dad Janis").

writepath/kin_owners.py reads whose relative a person is (`Mention.of`);
here, as the linker files the person, the owner is looked up among the
entities filed so far, and when the owner holds a spouse's relation the
person is filed as the in-law, so "my mother-in-law", «свекровь» and
«тёща» find her. Russian says whose parent it is: a wife's mother is тёща,
a husband's свекровь; a partner's (of no known side) is said in English
only. Siblings-in-law have no Russian relation word here (шурин, золовка
are rarely said), so they are filed in English.

A child's relatives compose the same way: "Misha's wife Jess" once Misha is
"my son" is the daughter-in-law (невестка), «муж Кати Орен» once Катя is
«моя дочка» the son-in-law (зять), and a child's child a grandchild.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.records import Entity, name_key
from ..core.relations import relation_aliases, same_relation
from ..search.name_cases import nominatives
from ..search.spellings import other_script_spellings
from ..store.interface import Store
from .relations import file_relation

# The side a spouse's relation says: a husband's family or a wife's.
_HUSBANDS = frozenset("husband муж fiance жених".split())
_WIVES = frozenset("wife жена fiancee невеста".split())
_PARTNERS = frozenset("partner".split())
# A relative of a spouse: (English, Russian of a wife's, of a husband's)
_IN_LAWS = {
    "mother": ("mother-in-law", "тёща", "свекровь"),
    "father": ("father-in-law", "тесть", "свёкор"),
    "brother": ("brother-in-law", "", ""),
    "sister": ("sister-in-law", "", ""),
}
# A relative of the user's child: (English, Russian). The son's wife is the
# daughter-in-law (невестка), the daughter's husband the son-in-law (зять),
# a child's child a grandchild.
_CHILDREN = frozenset("son daughter".split())
_CHILDS_KIN = {
    "wife": ("daughter-in-law", "невестка"),
    "husband": ("son-in-law", "зять"),
    "son": ("grandson", "внук"),
    "daughter": ("granddaughter", "внучка"),
}


def in_law_relations(kin: str, owner: str) -> list[str]:
    """The relations the `kin` of the user's `owner` (a spouse or a child)
    is to the user, the one said in the kin word's language first ("мама"
    of a "муж": свекровь, mother-in-law; "wife" of a "сын": daughter-in-law,
    невестка)."""
    owners = same_relation(owner)
    if owners & _CHILDREN:
        family = _composed(kin, _CHILDS_KIN)
        found = list(family) if family else []
    else:
        found = _spouses_kin(kin, owner)
    if found and not kin.isascii():
        found.reverse()
    return [r for r in found if r]


def _composed(kin: str, table: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The row of `table` for the kin word in any of its words ("дочка")."""
    return next((table[w] for w in sorted(same_relation(kin)) if w in table), ())


def _spouses_kin(kin: str, spouse: str) -> list[str]:
    """English first: a wife's mother is тёща, a husband's свекровь."""
    side = 1 if spouse in _WIVES else 2 if spouse in _HUSBANDS else 0
    if not side and spouse not in _PARTNERS:
        return []
    family = _composed(kin, _IN_LAWS)
    return [family[0], family[side] if side else ""] if family else []


async def owner_named(
    storage: Store, said: str, *, related: bool = True
) -> Entity | None:
    """The person `said` names ("Tomek", «Томека», "my wife") who holds a
    relation to the user (any one known when not `related`: «Матея» of the
    boyfriend, "Dana" a friend filed as a concept)."""
    key = name_key(said)
    owner, _, word = key.partition(" ")
    if owner in ("my", "our"):  # "my wife's dad": the wife, in either language
        same = [a for w in sorted(same_relation(word)) for a in relation_aliases(w)]
        spouses = await storage.entities.entities_by_keys(same)
        return spouses[0] if len(spouses) == 1 else None
    for name in [key, *sorted(nominatives(key))]:
        for form in [name, *sorted(other_script_spellings(name))]:
            found = await storage.entities.find_entity(form)
            # «Олега» filed a moment ago holds no relation; Олег may
            if found is not None and found.attributes.get("relation"):
                return found
    return None if related else await _anyone_named(storage, key)


async def _anyone_named(storage: Store, key: str) -> Entity | None:
    """The entity of the name's nominative first («Матей» of «Матея»: the
    genitive may be filed apart a moment ago), then of the name as said."""
    for name in [*sorted(nominatives(key)), key]:
        for form in [name, *sorted(other_script_spellings(name))]:
            found = await storage.entities.find_entity(form)
            if found is not None:
                return found
    return None


async def file_in_law(storage: Store, entity: Entity, of: Sequence[str]) -> None:
    """File `entity` as the user's in-law (or grandchild) when the one whose
    relative it is (`of`: owner, relation word) is the user's spouse or child."""
    if len(of) != 2:
        return
    owner = await owner_named(storage, of[0])
    if owner is None or owner.id == entity.id:
        return
    held = str(owner.attributes.get("relation") or "")
    relations = in_law_relations(of[1], held)
    if not relations:
        return
    await file_relation(storage, entity, relations[0])
    for other in relations[1:]:  # "my mother-in-law" finds тёща too
        for alias in relation_aliases(other):
            if await storage.entities.find_entity(alias) is None:
                await storage.entities.add_alias(entity.id, alias)
