"""A relative's or friend's thing said with a Russian possessive adjective:
«Бабушкина кошка Дуся», «мамин кот», «Серёжина машина», «папины часы».

Russian names whose thing it is by an adjective made of the owner's word
(-ин/-ина/-ино/-ины… from «бабушка», «мама», «Серёжа», «Катя»), so the owner
is never said as a name: the turn would not be linked to the grandmother, and
"What's my grandma's cat called?" would find nothing. The turn is linked to
the owner when the memory knows who that is: the one person filed as that
relation ("Baba Zoya", alias «моя бабушка») or the person of that name. An
owner the memory does not know yet is not created from an adjective alone.
"""

from __future__ import annotations

import re

from ..core.records import Entity
from ..core.relations import PET_KINDS, RELATIONS, relation_aliases, same_relation
from ..store.interface import Store
from .kin_names import kin_word

# the endings of a possessive adjective in -ин, in every case and gender
_POSSESSIVE = re.compile(
    r"(?<![\w-])(\w{2,}?)ин(?:а|о|ы|у|ой|ого|ому|ом|ым|ых|ыми)?(?![\w-])"
)
# Everyday words of that shape from a name's head: «машина» (Маша), a car.
_NOUNS = ("машин",)
# The owner's word takes -а or -я: «мама» → «мамин», «Катя» → «Катин».
_OWNER_ENDS = ("а", "я")
# Relatives, not animals: «кошкин дом» is a cat's, no person's.
_KIN = (
    frozenset(w for w in RELATIONS if not w.isascii() and w.endswith(_OWNER_ENDS))
    - PET_KINDS
)


def possessive_owners(text: str) -> list[tuple[str, str]]:
    """The possessive adjectives in `text` with their owners' words in base
    form: a relative's word in lower case («бабушка»), a name as written
    («Серёжа»). A name's adjective is capitalised."""
    owners: list[tuple[str, str]] = []
    for match in _POSSESSIVE.finditer(text):
        head = match[1]
        if match[0].lower().startswith(_NOUNS):
            continue
        kin = [head.lower() + end for end in _OWNER_ENDS]
        kin = [word for word in kin if word in _KIN]
        if kin:
            owners += [(match[0], word) for word in kin]
        elif head[:1].isupper() and head[1:].islower():
            owners += [(match[0], head + end) for end in _OWNER_ENDS]
    return list(dict.fromkeys(owners))


async def owners_in(storage: Store, text: str) -> list[Entity]:
    """The people the possessive adjectives of `text` make owners, as the
    memory knows them (none when it is not clear who)."""
    found: list[Entity] = []
    for said, word in possessive_owners(text):
        if word.islower():
            owner = await _relative(storage, word)
        else:
            owner = await _named(storage, said, word)
        if owner is not None and all(owner.id != e.id for e in found):
            found.append(owner)
    return found


async def _relative(storage: Store, word: str) -> Entity | None:
    """The one person filed as the relation `word` names: a named holder
    ("Baba Zoya", alias «моя бабушка») before a kin word said as a name
    («Бабушка»)."""
    same = same_relation(word)
    keys = [*same, *(alias for w in same for alias in relation_aliases(w))]
    people = [
        e for e in await storage.entities.entities_by_keys(keys) if e.type == "person"
    ]
    named = [e for e in people if not kin_word(e)]
    kin = [e for e in people if kin_word(e)]
    for group in (named, kin):
        if len(group) == 1:
            return group[0]
        if group:
            return None  # two grandmothers: whose it is is not clear
    return None


async def _named(storage: Store, said: str, name: str) -> Entity | None:
    """The person called `name`, when the adjective `said` is no name of its
    own («Галина» is Galina, not Galya's)."""
    if await storage.entities.find_entity(said) is not None:
        return None
    person = await storage.entities.find_entity(name)
    return person if person is not None and person.type == "person" else None
