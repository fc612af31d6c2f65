"""A name found in a text (writepath/mentions.py), as the linker files it."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.records import EntityType


@dataclass(frozen=True, slots=True)
class Mention:
    """A name found in text, with a first guess at what kind of thing it is."""

    name: str
    type: EntityType
    kind: str  # name | handle | email | url | date | tag
    sentence_start: bool = False
    relation: str = ""  # "wife" for "my wife Sarah"
    of: tuple[str, ...] = ()  # ("Tomek", "mum") for "Tomek's mum Halina"
    # "Eleni, my new boss": the relation is taken from every older holder,
    # in either language (writepath/relations.py `said_new`)
    replaces: bool = False
