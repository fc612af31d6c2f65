"""A name found in a text (writepath/mentions.py), as the linker files it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..core.records import EntityType, name_key


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
    # «Лёве семь»: a relation guessed, filed only on one of no relation yet
    tentative: bool = False


def once_each(mentions: Iterable[Mention]) -> list[Mention]:
    """Each name once, where it first appears; what a later place of the
    same text says it is wins over a bare first mention ("coffee with Dinara
    at Ostkreuz. Dinara is my oldest friend"; "Keks yelled at six. Keks is
    our cat": the introduction follows the first mention)."""
    unique: dict[str, Mention] = {}
    for mention in mentions:
        key = name_key(mention.name)
        kept = unique.setdefault(key, mention)
        if mention.kind == kept.kind and _says_more(kept, mention):
            unique[key] = replace(kept, type=mention.type, relation=mention.relation)
    return list(unique.values())


def _says_more(kept: Mention, later: Mention) -> bool:
    """A relation where the first said none, or a pet where it was a bare
    concept ("Pepper the dog")."""
    if kept.relation:
        return False
    return bool(later.relation) or (kept.type == "concept" and later.type == "pet")
