"""What someone close to the user does in their own time.

"What does Sonya do after school now?", «Чем Соня сейчас занимается после
школы?», "What sport is Lev doing?": the turns that answer name the child
and the doing together ("Sonya's climbing at Vertigo", «Лёва отвёз Соню на
скалолазание», «Поля на тренировке»), and rarely any word of the question.
Two kinds of turn outscore them: the person's other news, which shares only
the name ("Told Polina on the phone"), and the user's own doing, which
shares only the category ("Yoga at Casa Prana"). So a turn linked to the
person and naming a doing of the asked category (its member) rises above
both, the person's doing
turns together and in their order; a doing turn of no one asked falls, as
it answers for someone else. Which of the person's doings is the newest is
search/member_things.py's, over the person's turns alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Entity, SearchHit
from .analysis import AnalysedQuery
from .kinds import AskedKinds, asks_doings, doings_said
from .slots import about_user
from .stem_sets import text_stems

BOOST = 1.0


def asked_people(query: AnalysedQuery, named: Sequence[Entity]) -> frozenset[int]:
    """The people a question about someone else's doing names (not one
    about the user's own: "What sport do Dima and I do?" is the user's)."""
    if about_user(query.text) or not asks_doings(query.kinds):
        return frozenset()
    return frozenset(entity.id for entity in named if entity.type == "person")


def of_people(hit: SearchHit, people: AbstractSet[int]) -> bool:
    """The turn is linked to one of `people`."""
    return any(entity.id in people for entity in hit.entities)


def names_doing(hit: SearchHit, kinds: AskedKinds) -> bool:
    """The turn names a doing of the asked categories by a member (not by
    the category's own word: "Sports day at school" is no sport of Lev's)."""
    text = hit.node.content
    return bool(doings_said(kinds, text_stems(text), text))


def with_their_doings(
    hits: list[SearchHit],
    kinds: AskedKinds,
    people: AbstractSet[int],
    fallen: AbstractSet[int] = frozenset(),
) -> list[SearchHit]:
    """`hits` with the people's doing turns raised (not those `fallen` as
    the side of a change not asked: ballet, asked what Sonya does now) and
    others' doings lowered (see the module's doc); unchanged without people
    asked or with no turn of theirs naming a doing."""
    if not people:
        return hits
    doing = {hit.node.id for hit in hits if names_doing(hit, kinds)}
    theirs = {
        hit.node.id
        for hit in hits
        if hit.node.id in doing and hit.node.id not in fallen and of_people(hit, people)
    }
    if not theirs:
        return hits
    top = max(hit.score for hit in hits if hit.node.id in theirs)

    def weighed(hit: SearchHit) -> SearchHit:
        if hit.node.id in theirs:
            return SearchHit(hit.node, top * (1.0 + BOOST) + hit.score, hit.entities)
        if hit.node.id in doing and not of_people(hit, people):
            return SearchHit(hit.node, hit.score / (1.0 + BOOST), hit.entities)
        return hit

    out = [weighed(hit) for hit in hits]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out
