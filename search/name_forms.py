"""A person asked by another form of their name: "Who is Alex?" when the
user only ever said «Саша» or «Александр» (core/name_forms.py).

The same evidence as the write-time join (writepath/name_forms.py): a Russian
form among the two names, and exactly one person called by a form of the
name asked (with «Саша» and «Лёша» both known, "Alex" is neither).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..core.name_forms import forms_of, names_of, russian_form, same_name
from ..core.records import Entity, name_key
from ..core.relations import own_names
from ..store.interface import Store
from .name_cases import is_name_word, nominatives


def one_word_person(entity: Entity) -> bool:
    key = name_key(entity.name)
    return entity.type == "person" and " " not in key and entity.name.isalpha()


def name_forms(entity: Entity) -> set[str]:
    """The table forms `entity` is called by: its name and aliases, a
    Cyrillic case form («Сашей») by its nominative."""
    return forms_said(own_names((entity.name, *entity.aliases)))


def forms_said(names: Iterable[str]) -> set[str]:
    """The table forms of `names`, a Cyrillic case form by its nominative."""
    found = set()
    for said in names:
        key = name_key(said)
        keys = {key, *nominatives(key)} if is_name_word(key) else {key}
        found |= {k for k in keys if names_of(k)}
    return found


def alike(one: Collection[str], other: Collection[str]) -> bool:
    """Forms of the same name, a Russian one among them."""
    if not any(map(russian_form, {*one, *other})):
        return False
    return any(same_name(a, b) for a in one for b in other)


async def called_alike(
    storage: Store, own: Collection[str], skip: Collection[str] = ()
) -> list[Entity]:
    """The people called by a form of the name `own` (table forms), but for
    those whose name key is in `skip`."""
    if not own:
        return []
    wanted = set().union(*map(forms_of, own))
    return [
        other
        for other in await storage.entities.entities_by_keys(sorted(wanted))
        if one_word_person(other)
        and name_key(other.name) not in skip
        and alike(own, name_forms(other))
    ]


async def person_by_other_form(
    storage: Store, names: Iterable[str], found: Iterable[Entity]
) -> list[Entity]:
    """The one person each one-word name of `names` no entity of `found` is
    called by stands for, by another form of that name."""
    known = {name_key(n) for e in found for n in (e.name, *e.aliases)}
    out: list[Entity] = []
    for name in names:
        key = name_key(name)
        if " " in key or key in known:
            continue
        people = await called_alike(storage, forms_said([name]))
        if len(people) == 1:
            out.append(people[0])
    return out
