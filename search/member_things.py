"""What the user does now and did before, told by the doing's own word.

"What sport do I do these days?", «Чем я сейчас увлекаюсь?», "What sport
did I play before boxing?": the turns that answer name the doing itself
("Boxing: first sparring with Dima", «Футзал в Закаки», "Pottery night")
and rarely a place filed as an entity, so search/category_things.py finds
no thing to tell the old from the new. The members of the asked category
of doings (search/kinds.py) the user's own turns name are the things here:
one doing and its twin in the other language ("boxing", «бокс») are one;
those named in more than half as many turns as the most named count; the
one named last is what the user does now, the others what they did before.
On the asked side a turn weighs twice the doing's best turn plus its own
score (the doing's turns rise together, in their order); on the other
side ÷2. A turn naming an old doing beside the new one ("I'm giving up
knitting, Katya's friend does pottery") tells the change: asked about now,
it keeps its score and so falls below the new doing's own turns, as it
answers "what did I give up", not "what do I do" (asked about before, it
rises with the old doing's). One doing named: nothing to weigh, now or
before (the user who quit futsal for the bike says "a 60 km ride", no
member of "sport"). Bounded: the question's own hits, no read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Entity, SearchHit
from .analysis import AnalysedQuery
from .doings import done_by_other
from .kinds import AskedKinds, asks_doings, doing_lookalikes, doings_said
from .slots import about_user
from .standing import asks_where, stance, told_of_other
from .stem_sets import text_stems
from .their_doings import asked_people, of_people, with_their_doings
from .twin_words import twin_stems
from .windowed import USER_ROLE

BOOST = 1.0
# another's doing turn scores at most this share of the user's weakest own one
THEIRS_SHARE = 0.9


def _grouped(members: set[str]) -> dict[str, str]:
    """Each member stem's group: the first of the members it shares a twin
    with ("box" and «бокс» are one doing)."""
    group: dict[str, str] = {}
    for member in sorted(members):
        kin = {member} | twin_stems(member)
        group[member] = next((g for m, g in group.items() if m in kin), member)
    return group


def _said(
    hits: list[SearchHit],
    kinds: AskedKinds,
    own: bool = False,
    people: AbstractSet[int] = frozenset(),
    question: str = "",
) -> dict[int, set[str]]:
    """Per own hit (the user's, not someone else's news), the doings named;
    with `own` (a question about the user), a heading doing is the user's;
    with `people` asked, their turns are the ones whose doings count."""
    said = {
        hit.node.id: doings_said(kinds, text_stems(hit.node.content), hit.node.content)
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and _whose(hit, kinds, own, people, question)
    }
    return {node_id: found for node_id, found in said.items() if found}


def _whose(
    hit: SearchHit,
    kinds: AskedKinds,
    own: bool,
    people: AbstractSet[int],
    question: str,
) -> bool:
    """The hit tells of whom the question asks: of the people it names, or
    else the user's own (not opened by someone else's name)."""
    if people:
        return of_people(hit, people)
    if own and _theirs(hit):
        return False  # "Dani took Aliya to swimming": the child swims, not the user
    return (
        not told_of_other(hit, asked=question) or own and _opens_with_doing(hit, kinds)
    )


def _theirs(hit: SearchHit) -> bool:
    """The turn tells a doing of a person it names, not the user's own."""
    names = [
        name
        for entity in hit.entities
        # a name the offline linker could not tell for a person's ("Alina")
        if entity.type in ("person", "concept")
        for name in (entity.name, *entity.aliases)
        if name[:1].isupper()  # a name, not "муж"
    ]
    return done_by_other(hit.node.content, names)


def _opens_with_doing(hit: SearchHit, kinds: AskedKinds) -> bool:
    """The turn opens with a doing's own word, filed as an entity ("Pottery
    night: a teapot", «Гончарка: забрала чашки»): a diary's heading, the
    user's own doing, not someone else's news."""
    first = re.match(r"\W*(\w+)", hit.node.content)
    return bool(first and doings_said(kinds, text_stems(first[1]), first[1]))


def _doings(
    hits: list[SearchHit],
    kinds: AskedKinds,
    own: bool = False,
    people: AbstractSet[int] = frozenset(),
    question: str = "",
) -> dict[int, set[str]]:
    """Per own hit, the doings named, each by its group (`_grouped`)."""
    said = _said(hits, kinds, own, people, question)
    group = _grouped(set().union(*said.values()))
    return {i: {group[m] for m in found} for i, found in said.items()}


def _lasts(hits: list[SearchHit], named: dict[int, set[str]]) -> dict[str, float]:
    """When each doing was last named."""
    last: dict[str, float] = {}
    for hit in hits:
        for doing in named.get(hit.node.id, ()):
            last[doing] = max(last.get(doing, 0.0), hit.node.when)
    return last


def doings_named(hits: list[SearchHit], kinds: AskedKinds) -> set[str]:
    """The doings the user's own turns among `hits` name, a word and its
    twin one."""
    return set().union(*_doings(hits, kinds).values())


def _plainly_current(
    kept: set[str], counts: dict[str, int], last: dict[str, float]
) -> bool:
    """The one doing named most is the user's doing now when another was
    named last before it: football told of three times and then boxing
    eight ("С футболом пока всё", then "Boxing at Cīņa"); the choir named
    once, at its end, then pottery night after night. A doing named alone
    tells no change (futsal, then "a 60 km ride" that names no sport)."""
    if len(kept) != 1:
        return False
    (doing,) = kept
    others = [d for d in counts if d != doing]
    return bool(others) and all(last[d] < last[doing] for d in others)


def with_member_things(
    hits: list[SearchHit], query: AnalysedQuery, named: Sequence[Entity] = ()
) -> list[SearchHit]:
    """`hits` weighed by the side of the asked doings' change (see the
    module's doc); unchanged without a stance or a doing named. Of people
    asked among the `named` ("What does Sonya do now?"), only their doings
    are weighed, then their doing turns not fallen as the old side rise
    (search/their_doings.py)."""
    if asks_where(query.text):
        return hits  # "Where do I train?" asks the place: category_things
    people = asked_people(query, named)
    weighed, fallen = _by_change(hits, query, people)
    return with_their_doings(weighed, query.kinds, people, fallen)


def theirs_below(hits: list[SearchHit], query: AnalysedQuery) -> list[SearchHit]:
    """Asked what the user does ("What do I do for sport these days?"), a
    turn telling another's doing of the category ("Dani took Aliya to
    swimming") ranks just below the user's own doing turns: it answers for
    the child, however often it is told. So does a turn that only looks
    like a doing to the text index ("Packing boxes", kinds.doing_lookalikes)."""
    if stance(query.text) is None or not about_user(query.text):
        return hits
    if not asks_doings(query.kinds):
        return hits

    def doing(hit: SearchHit) -> bool:
        text = hit.node.content
        return hit.node.source_role == USER_ROLE and bool(
            doings_said(query.kinds, text_stems(text), text)
        )

    def lookalike(hit: SearchHit) -> bool:
        text = hit.node.content
        return bool(doing_lookalikes(query.kinds, text_stems(text), text))

    theirs = {hit.node.id for hit in hits if doing(hit) and _theirs(hit)}
    own = [hit.score for hit in hits if doing(hit) and hit.node.id not in theirs]
    # "Packing boxes" matched "boxing" by the index's stem: no one's doing
    below = theirs | {h.node.id for h in hits if not doing(h) and lookalike(h)}
    if not below or not own:
        return hits
    floor = THEIRS_SHARE * min(own)
    out = [
        SearchHit(hit.node, min(hit.score, floor), hit.entities)
        if hit.node.id in below
        else hit
        for hit in hits
    ]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _by_change(
    hits: list[SearchHit], query: AnalysedQuery, people: AbstractSet[int]
) -> tuple[list[SearchHit], set[int]]:
    """`hits` weighed by the side of the change, and the ids of those that
    fell (the side not asked)."""
    asked = stance(query.text)
    if asked is None or not asks_doings(query.kinds):
        return hits, set()
    named = _doings(hits, query.kinds, about_user(query.text), people, query.text)
    counts: dict[str, int] = {}
    best: dict[str, float] = {}
    when = {hit.node.id: hit for hit in hits}
    for node_id, doings in named.items():
        for doing in doings:
            counts[doing] = counts.get(doing, 0) + 1
            best[doing] = max(best.get(doing, 0.0), when[node_id].score)
    most = max(counts.values(), default=0)
    kept = {doing for doing, n in counts.items() if n > 1 and 2 * n > most}
    last = _lasts(hits, named)
    # of whom is asked only: "What does Sonya do after school now?" is not
    # answered by the user's own yoga, named most and last
    plain = asked == "now" and (about_user(query.text) or bool(people))
    if len(kept) < 2 and not (plain and _plainly_current(kept, counts, last)):
        return hits, set()  # one doing: its change, if any, goes by other words
    newest = max(kept, key=lambda doing: last[doing])

    fallen: set[int] = set()

    def weighed(hit: SearchHit) -> SearchHit:
        doings = named.get(hit.node.id, set()) & kept
        if not doings:
            return hit
        if not any((doing == newest) == (asked == "now") for doing in doings):
            fallen.add(hit.node.id)
            return SearchHit(hit.node, hit.score / (1.0 + BOOST), hit.entities)
        if asked == "now" and named[hit.node.id] - {newest}:
            return hit  # the old doing's end, told beside the new one
        # the doing's best turn raised, plus the turn's own score: its turns
        # rise together and keep their order
        top = max(best[doing] for doing in doings)
        return SearchHit(hit.node, top * (1.0 + BOOST) + hit.score, hit.entities)

    out = [weighed(hit) for hit in hits]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out, fallen
