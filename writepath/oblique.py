"""A name said only in another case takes its nominative: "в Лидсе", "из
Самары", "в Вену" file "Лидсе", "Самары", "Вену", which no user recognises;
they are Лидс, Самара, Вена.

There is no dictionary: the declension rules (search/name_cases.py) give the
nominatives a form may come from ("Вену": Вена or Вен), and the evidence
picks one — the same name in Latin script in the memory ("Vienna", "Leeds",
"Samara": search/cross_script.py compares how they sound). When the
nominative itself is filed, writepath/inflections.py joins the two instead.
A form a user split out or deleted is left as it is; the old name stays an
alias, so the entity is found by either.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from ..core.records import Entity, EntityType, name_key
from ..core.scope import write_scope
from ..search.cross_script import OtherScriptNames, loose_key, same_key, sound_key
from ..search.morphology import is_russian
from ..search.name_cases import is_name_word, looks_nominative, nominatives
from ..store.interface import Store
from .readings import ReadNames

THING_ECHO = 5  # the sounds a thing's name opening a sentence needs to be known
_RENAMED = ("place", "concept")  # a person's name is filed in its nominative


def _oblique(entity: Entity) -> bool:
    key = name_key(entity.name)
    return (
        entity.type in _RENAMED
        and is_name_word(key)
        and not looks_nominative(key)
        and " " not in entity.name
    )


def nominative_by(key: str, latin: Sequence[Entity]) -> str:
    """The one nominative of the oblique `key` that sounds like a Latin name
    of `latin` ("" for none or several): "вену" and "Vienna" -> "вена"."""
    heard = {sound_key(e.name) for e in latin if " " not in e.name}
    found = nominatives(key)
    # the same sound first ("Лидс" for "Leeds", not "Лидса")
    fitting = {n for n in found if sound_key(n) in heard} or {
        n for n in found if any(same_key(sound_key(n), h) for h in heard)
    }
    # a soft sign is not heard: "Лидсь" and "Лидс" both sound as "Leeds"
    fitting -= {n for n in fitting if n.endswith("ь") and n[:-1] in fitting}
    return fitting.pop() if len(fitting) == 1 else ""


def _capitalised(key: str) -> str:
    return "-".join(part.capitalize() for part in key.split("-"))


async def name_obliques(
    storage: Store,
    fresh: Sequence[Entity],
    names: OtherScriptNames,
    guarded: Collection[str],
) -> int:
    """Rename the oblique Cyrillic names among `fresh` and those the Latin
    names among `fresh` vouch for; returns how many were renamed. `names`
    (the memory's names by sound, refreshed by the caller) learns `fresh`."""
    names.add(fresh)
    renamed = 0
    for entity in fresh:
        if _oblique(entity):
            pairs = [(entity, names.named_in_other_script([entity.name]))]
        elif entity.name.isascii():
            others = names.named_in_other_script([entity.name])
            pairs = [(o, [entity]) for o in others if _oblique(o)]
        else:
            continue
        for stale, latin in pairs:
            oblique = await storage.entities.get_entity(stale.id)
            if oblique is None or not _oblique(oblique):
                continue  # joined or renamed since it was indexed
            key = name_key(oblique.name)
            nominative = nominative_by(
                key, [e for e in latin if not is_russian(e.name)]
            )
            if not nominative or key in guarded or nominative in guarded:
                continue
            if await storage.entities.find_entity(nominative) is not None:
                continue  # filed already: inflections.py joins them
            await storage.entities.rename_entity(oblique.id, _capitalised(nominative))
            renamed += 1
    return renamed


class ObliqueNamer:
    """`name_obliques` for the linker: the memory's names by sound, per
    scope, read at most once a minute (search/cross_script.INDEX_TTL) and
    only when a batch files a name it may concern."""

    def __init__(self) -> None:
        self._names: dict[str, OtherScriptNames] = {}

    async def __call__(
        self, storage: Store, fresh: Sequence[Entity], guarded: Collection[str]
    ) -> int:
        names = self._names.setdefault(write_scope(), ReadNames())
        if not any(_oblique(e) or e.name.isascii() for e in fresh):
            names.add(fresh)  # «Катя» vouches for "Katya" from now on
            return 0
        await names.refresh(storage)
        return await name_obliques(storage, fresh, names, guarded)

    async def index(self, storage: Store) -> OtherScriptNames:
        """The memory's names by sound in the caller's scope, fresh enough."""
        names = self._names.setdefault(write_scope(), ReadNames())
        await names.refresh(storage)
        return names

    async def vouched(
        self, storage: Store, opening: Iterable[str], people: Iterable[str] = ()
    ) -> set[str]:
        """The keys of the sentence-opening names (`opening`, filed only when
        known) that a person's name in the other script makes known: "Katya
        sent me photos" after «Моя подруга Катя», filed or among the `people`
        of the same batch. Only a person's: a place's or a thing's name sounds
        like too many words ("Went" and «Вене»)."""
        opening = list(opening)
        if not opening:
            return set()
        heard = await self._heard(storage, people, "person")
        return {
            name_key(name)
            for name in opening
            if any(
                e.type == "person" and _sounds_alike(name, e.name) for e in heard(name)
            )
        }

    async def vouched_things(
        self, storage: Store, opening: Iterable[str], batch: Iterable[str] = ()
    ) -> set[str]:
        """The keys of the sentence-opening names that a filed thing's (or
        pet's) one-word name in the other script spells alike, sound for
        sound: "Kalyna rehearsal" after «хор «Калина»», "Pirozhok ran off"
        after «наш Пирожок», filed or among the names inside sentences of
        the same `batch`. Only a long name (THING_ECHO sounds): a short one
        sounds like too many words ("Went" and «Вене»)."""
        opening = [n for n in opening if len(loose_key(n)) >= THING_ECHO]
        if not opening:
            return set()
        heard = await self._heard(storage, batch, "concept")
        return {
            name_key(name)
            for name in opening
            if any(
                e.type != "person"
                and " " not in e.name.strip()
                and loose_key(e.name) == loose_key(name)
                for e in heard(name)
            )
        }

    async def _heard(
        self, storage: Store, batch: Iterable[str], kind: EntityType
    ) -> Callable[[str], list[Entity]]:
        """A lookup of the names in the other script that sound like a word:
        the memory's (fresh enough) and the `batch`'s (filed as `kind`)."""
        names = await self.index(storage)
        said = ReadNames()
        said.add(Entity(-1, name, kind, (), None, 0, 0.0, 0.0) for name in batch)
        return lambda word: [
            *said.named_in_other_script([word]),
            *names.named_in_other_script([word]),
        ]


def _sounds_alike(name: str, other: str) -> bool:
    """The same loose key, not one letter apart: a sentence's first word is
    most often a word, and "Write" is one letter from «Витя»."""
    first = other.split()[0]
    key = loose_key(name)
    return (
        key == loose_key(first)
        if len(key) >= 3
        else sound_key(name) == sound_key(first)
    )
