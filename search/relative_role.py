"""A role held for one of the user's family: «как зовут тренера сына?».

"Who is my father's nurse now", «врач мамы», "my son's teacher": the role is
asked of a relative named by the relation word, not by a name. Read as the
user's own role, the user's own doctor (the newest holder the turns tell)
came to the top of «как зовут врача мамы?». The relative is the people
filed under the relation (the entity graph) and the relation word itself:
a turn tells of them by either («к отцу ходит медсестра Зульфия», «мамин
врач», "father new nurse is Gulnaz"), so the holders are the people named
beside the role's word in those turns; no such turn, no answer. Only for a
question asking a role and a relative: no read for any other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.records import Entity, SearchHit, name_key
from ..core.relations import RELATIONS, TRADE_PEOPLE, same_relation
from .analysis import AnalysedQuery
from .asked_of import says_name
from .asked_relation import asked_relations
from .morphology import relation_base_forms, stem

# The user's family, as filed (core/relations.py).
FAMILY = frozenset().union(
    *map(same_relation, "wife husband son daughter mom dad brother sister".split()),
    *map(same_relation, "grandma grandpa aunt uncle".split()),
)
_WORD = re.compile(r"\w+", re.UNICODE)
# A Russian possessive adjective of a relation: «мамин врач», «папину
# медсестру» are the mother's, the father's.
_POSSESSIVE_RU = re.compile(r"^(\w+)ин(?:а|о|у|ой|ым|ом|ы|ых|ыми)?$")


def trade_people(query: AnalysedQuery) -> frozenset[str]:
    """The words of a trade's people the question says ("nurse", «медсестра»),
    filed as no relation (core/relations.py's TRADE_PEOPLE)."""
    asked = {stem(term) for term in query.terms}
    return frozenset(word for word in TRADE_PEOPLE if stem(word) in asked)


def asked_relatives(query: AnalysedQuery, roles: frozenset[str]) -> frozenset[str]:
    """The family relations the question asks a role (of `roles`, or a
    trade's people) for: «тренера сына» → сын and its other words; none
    without a role asked beside."""
    asked = asked_relations(query)
    if asked.isdisjoint(roles) and not trade_people(query):
        return frozenset()
    return asked & FAMILY


def says_relation(text: str, relations: frozenset[str]) -> bool:
    """The text names the relative by a word of the relation, in any case or
    as a possessive («к отцу», «мамин», "father's")."""
    words = [word.casefold() for word in _WORD.findall(text)]
    possessed = [m[1] + "а" for m in map(_POSSESSIVE_RU.match, words) if m]
    return not relations.isdisjoint(relation_base_forms([*words, *possessed]))


def relative_names(people: Iterable[Entity]) -> set[str]:
    """The names the relatives are called by, not the relation words."""
    return {
        name
        for person in people
        for name in (person.name, *person.aliases)
        if name_key(name) not in RELATIONS
    }


def naming_relative(
    hits: list[SearchHit], names: set[str], relations: frozenset[str]
) -> list[SearchHit]:
    """The hits that name the relative, by a name or by the relation."""
    return [
        hit
        for hit in hits
        if says_relation(hit.node.content, relations)
        or (names and says_name([hit.node.content], names))
    ]
