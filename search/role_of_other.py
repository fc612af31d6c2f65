"""A role held for someone else than the user: "Who's Misha's coach now?".

«Кто у Мишки тренер сейчас?», "Who's Vika's maths tutor these days?", «как
звали прошлого репетитора Вики?»: the question names the person the role is
held for. The user's own turns saying the role's word also tell of the
user's own coach («тренер Паша в зале»), and read as the category's holders
they made the user's gym the answer. The holders kept are the turns that
name the asked person, in either script and any case ("Misha" by «у
Мишки», «Мишке»; search/asked_of.py's `says_name`), so the newest of them
tells who holds it now and the older who held it before. Only the names the
question's hits file as people count: a place named ("in Kazan") asks of no
one. When no turn names the person, the role is read as the user's.
"""

from __future__ import annotations

from ..core.records import Entity, SearchHit
from .asked_of import names_in, says_name
from .morphology import stem
from .role_people import ROLE_STEMS

# An older holder's turn scores at most this share of the new one's floor.
FORMER_SHARE = 0.8


def asked_people(question: str, hits: list[SearchHit]) -> set[str]:
    """The question's names that name a person among the hits' entities."""
    names = names_in(question)
    if not names:
        return set()
    people = {
        called
        for hit in hits
        for entity in hit.entities
        if entity.type == "person"
        for called in (entity.name, *entity.aliases)
    }
    return {name for name in names if says_name(people, {name})}


def asks_only_role_of(wanted: set[str], names: set[str]) -> bool:
    """The question's words (stems) are a role and the asked people's names
    only ("Misha's coach", «у Мишки тренер»): a person is asked, whose turns
    name no thing of the role's category; "Vika's maths tutor" asks a
    subject too, whose things the category step finds."""
    if not names or ROLE_STEMS.isdisjoint(wanted):
        return False
    named = {stem(name.casefold()) for name in names}
    return wanted - ROLE_STEMS <= named


def naming_asked(hits: list[SearchHit], names: set[str]) -> list[SearchHit]:
    """The hits that name one of the asked people (none without names)."""
    return [hit for hit in hits if names and says_name([hit.node.content], names)]


def others_than(people: list[Entity], names: set[str]) -> list[Entity]:
    """The people but the asked ones: Misha holds no role of his own."""
    if not names:
        return people
    return [one for one in people if not says_name([one.name], names)]


def older_below(
    hits: list[SearchHit], holders: set[int], newest: set[int], floor: float
) -> list[SearchHit]:
    """`hits` with the turns naming only an older holder (of `holders`, ids;
    `newest` the new one's forms) below `floor`, the new one's turns: asked
    who holds the other's role now, the coach he left is the old news."""
    below = floor * FORMER_SHARE

    def weighed(hit: SearchHit) -> SearchHit:
        ids = {entity.id for entity in hit.entities}
        if ids & newest or not ids & holders or hit.score < below:
            return hit
        return SearchHit(hit.node, below, hit.entities)

    return [weighed(hit) for hit in hits]
