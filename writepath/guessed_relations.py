"""Relations guessed from what is said of a person of no relation yet.

A child's age («Лёве семь», writepath/child_ages.py) and the ownership of
the user's workplace («бистро принадлежит Ане», writepath/workplace_owners.py)
say who someone is to the user without a relation word. The guess is
tentative: the linker files it only on a person of no relation, and a
relation held one at a time only when someone holds it already.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.relations import ONE_AT_A_TIME
from .child_ages import child_by_age_word, may_be_child
from .mention import Mention
from .workplace_owners import owner_of_workplace


def with_guessed_relations(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions, those of no relation given the one the text suggests."""
    return [_guessed(text, m) for m in mentions]


def _guessed(text: str, mention: Mention) -> Mention:
    """The mention with the relation the text suggests for it, if any (a
    name of a person or read as a thing: "Ana" and «Ане» are short)."""
    if mention.kind != "name" or mention.relation:
        return mention
    if mention.type not in ("person", "concept"):
        return mention
    found = (
        child_by_age_word(text, mention.name) if may_be_child(mention) else ""
    ) or owner_of_workplace(text, mention.name)
    if not found:
        return mention
    # a new holder of a relation held one at a time takes it in either script
    new = found in ONE_AT_A_TIME
    # the relation vouches for the name a sentence opens on («Соне девять»)
    return replace(
        mention,
        type="person",
        relation=found,
        tentative=True,
        replaces=new,
        sentence_start=False,
    )
