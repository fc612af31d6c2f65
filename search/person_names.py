"""The names a turn about someone can open with: "Kir got the BBC job" is the
news of Кирилл, whom the user also calls Kir and «Кирюша».

An entity's aliases are not all names. Its relation aliases ("my wife",
«жена», "Mum") are how the user speaks of them, and a turn opening with "My
landlord raised the rent" is the user's own rent; an alias also filed as a
place or employer the turn names ("Bukhara", "St Patrick's") is that place,
not its person. Only an alias written as a name (a capital first letter)
whose words hold no relation word counts, and it is read as a whole word
("Tom" never opens "Tomorrow")."""

from __future__ import annotations

import functools
import re

from ..core.records import Entity, SearchHit
from ..core.relations import RELATION_OWNERS, RELATIONS

_NOT_NAMES = RELATIONS | RELATION_OWNERS


def spoken_names(
    entity: Entity, others: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The person `entity`'s main name and the aliases that are names of
    theirs; none that is also a name in `others` (the lower-cased names of
    the turn's things that are no person)."""
    if entity.type != "person":
        return (entity.name,)
    return (entity.name, *_alias_names(entity.aliases, others))


@functools.lru_cache(maxsize=4096)
def _alias_names(aliases: tuple[str, ...], others: frozenset[str]) -> tuple[str, ...]:
    """Kept per entity's aliases: the stance rules ask it of every hit's
    every entity."""
    return tuple(alias for alias in aliases if _is_name(alias, others))


def _is_name(alias: str, others: frozenset[str]) -> bool:
    if not alias[:1].isupper() or alias.lower() in others:
        return False
    return not any(word.lower() in _NOT_NAMES for word in alias.split())


def thing_names(hit: SearchHit) -> set[str]:
    """The lower-cased names of the hit's entities that are no person (a
    place, an employer): an alias equal to one of them names the thing.
    Asked only once a turn opens with an alias."""
    return {
        name.lower()
        for entity in hit.entities
        if entity.type != "person"
        for name in (entity.name, *entity.aliases)
    }


def opening_name(text: str, names: tuple[str, ...]) -> str | None:
    """The one of a person's `names` (spoken_names) the turn opens with: the
    main name as it starts the text, an alias as a whole word ("Kir got",
    never "Kirby")."""
    if text.startswith(names[0]):
        return names[0]
    return next((n for n in names[1:] if _whole_word(n).match(text)), None)


@functools.lru_cache(maxsize=4096)
def _whole_word(name: str) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(name)}(?!\w)")
