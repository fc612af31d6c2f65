"""The people a role word names, for a topic search ("стоматолог", "coach").

A role or provider word (a relation word such as "coach" or «тренер», and the
doctor category's words: "dentist", «стоматолог») is said once, where the
person is introduced, and the person's later turns name them only
(«записалась к новому стоматологу рядом с домом — доктор Карим Хаддад»,
then «Доктор Хаддад поставил новую пломбу»). The people named within a few
words of the role word in the same sentence of the user's own turns that
carry it are the topic's people; their turns (by entity links, with the
other forms of their surname filed as people of their own: «Хаддада») join
as the topic's things' turns do (search/topic_things.py). People are no
things there: "Played the piano with Anna" does not make Anna's turns the
piano's; only a role word does.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..core.records import Entity, SearchHit
from ..core.relations import PET_KINDS, RELATIONS
from .cross_script import OtherScriptNames, loose_key
from .kinds import kind_stems
from .morphology import stem
from .query_text import STOP_WORDS

# A person counts when their name stands at most this many words (stop
# words aside) from the role word: «стоматологу рядом с домом — доктор
# Карим Хаддад», not the old dentist named a clause earlier.
ROLE_REACH = 4
# A sentence ends at a full stop, not the dot of a title ("Dra. Ana Sousa").
_SENTENCE_END = re.compile(
    r"(?<!\bDr)(?<!\bDra)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bSt)[.!?\n]"
)
_WORD = re.compile(r"\w+", re.UNICODE)
# The categories of search/kinds.py whose members are people who serve the
# user: a doctor, a hairdresser, a vet, each told by their trade's words.
TRADES = ("doctor", "hairdresser", "vet")
ROLE_STEMS = frozenset(map(stem, RELATIONS - PET_KINDS)).union(
    *(kind_stems(trade) for trade in TRADES)
)


def asks_role(wanted: set[str]) -> bool:
    """The question's words (stems) hold a role or provider word."""
    return not ROLE_STEMS.isdisjoint(wanted)


def role_people(hit: SearchHit, says: Callable[[str], bool]) -> list[Entity]:
    """The people of the hit named within ROLE_REACH words of a word `says`
    holds, in the same sentence."""
    people = [entity for entity in hit.entities if entity.type == "person"]
    if not people:
        return []
    near: set[str] = set()
    for sentence in _SENTENCE_END.split(hit.node.content):
        words = [w for w in _WORD.findall(sentence) if w.casefold() not in STOP_WORDS]
        for i, word in enumerate(words):
            if says(word):
                near.update(words[max(0, i - ROLE_REACH) : i + ROLE_REACH + 1])
    keys = {loose_key(word) for word in near if word[:1].isupper()}
    return [person for person in people if not _name_keys(person).isdisjoint(keys)]


def with_other_forms(
    people: list[Entity], other_script: OtherScriptNames
) -> list[Entity]:
    """`people` and the people filed under another form of one's surname
    («Хаддада» of «Карим Хаддад», "Haddad")."""
    found = {person.id: person for person in people}
    for person in people:
        for other in other_script.people_called(_surname(person)):
            found.setdefault(other.id, other)
    return list(found.values())


def _surname(person: Entity) -> str:
    words = person.name.split()
    return words[-1] if words else ""


def _name_keys(person: Entity) -> set[str]:
    names = (person.name, *person.aliases)
    return {loose_key(word) for name in names for word in _WORD.findall(name)}
