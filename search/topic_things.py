"""The things a topic word names beside it, for a question without a stance.

"climbing", "How is my climbing going?", "скалодром": the user's turns that
carry the word name the thing it is done at ("joined the Depot climbing gym",
"хожу на скалодром Depot"), and the thing's other turns rarely repeat the
word ("Sent my first V4 at the Depot tonight!"). The things (entities that
are no person) named right beside the word in the user's own turns that
carry it, stop words aside, are the topic's things; "Cancelled PureGym and
joined the Depot climbing gym in Ancoats" makes the Depot one, not PureGym
nor Ancoats. Their turns are read by their entity links, as for a question
about now or before (search/category_things.py, whose machinery this
shares), and rank just below the weakest hit carrying the word: above the
turns that share nothing with the question, never above one that says it.
A question with a stance ("Which gym do I go to now?") is left to
category_things. Bounded: one read of the things' newest turns, only when
an own turn names a thing beside the word.

A search within a time window sees only the window's hits, and the turn
that names the thing beside the word is often older: «репетиция хора
«Калина»» in September, "Kalyna sang at the fair" in the November asked
about. Such a search also reads the newest own turns carrying the word
from the whole memory (`WIDE_TURNS`, one read of ids and one of their
nodes and links) to find the things; only their turns inside the window
join. When no hit of the window says the word, the things' turns rank
above the window's other turns (its newest, which share nothing).

A role word ("стоматолог", "coach") names a person, not a thing: the people
named within a few words of it are the topic's too (search/role_people.py).

A loanword's spelling in the other script (search/loanwords.py: "hospice",
«хосписе») is the memory's guess at the word, not the word asked: the turns
saying only it rank below the things' turns, and the word's own turns set
the floor. Its turns, often many, are read apart from the word's own for
the things: the newest «хосписе» turns crowded "First shift at St Gemma's
hospice" out of one read, and the hospice's turns never joined.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .beside_words import beside, says_stem
from .category_things import (
    STANCE_WORDS,
    entity_turns,
    own_holders,
    read_thing_turns,
    with_category_things,
)
from .cross_script import OtherScriptNames
from .loanwords import loan_spellings
from .query_text import fts_match
from .role_holders import with_role_holders
from .role_people import asks_role, role_people, with_other_forms
from .standing import stance
from .support import wanted_stems
from .thing_groups import Things, asks_pets, things_of
from .windowed import USER_ROLE, unseen_hits

# "tea or coffee?", «чай или кофе?»: the question names its options, so the
# answer is one of its own words, not a thing named beside them (beside
# "drink" the user names the office, a street, a friend). Not "or not",
# «или нет»: whether, not which.
_OPTIONS = re.compile(
    r"\w+,? (?:or|или|либо) (?!not\b|нет\b|no\b)\w+\W*$", re.IGNORECASE
)


# "How do I feel about cilantro now?", «Как я отношусь к кинзе?»: an
# attitude to the thing the question names, not a category of things.
_ATTITUDE = re.compile(
    r"\bhow do i feel about\b|(?<!\w)(?:отношусь|отношение) к(?!\w)", re.IGNORECASE
)


def names_what_it_asks(text: str) -> bool:
    """The question names its answer's words itself: it ends by naming the
    options it chooses among, or asks the user's attitude to one thing."""
    return bool(_OPTIONS.search(text) or _ATTITUDE.search(text))


# A thing's turn without the word scores this share of the weakest hit
# carrying it: just below every turn that says the word.
TOPIC_SHARE = 0.9
# A windowed search reads at most this many newest turns carrying the word,
# from any time, for the things named beside it.
WIDE_TURNS = 40


async def with_things(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """`hits` with the turns of the things the question names by a category
    (a question about now or before) or by a topic word (any other), and
    the trade's holders weighed (search/role_holders.py)."""
    if stance(query.text) is not None:
        if not names_what_it_asks(query.text):
            hits = await with_category_things(
                storage, hits, query, window, other_script
            )
        # the people of a trade asked (a dentist, a hairdresser) are no things
        return await with_role_holders(storage, hits, query, window, other_script)
    hits = await with_topic_things(storage, hits, query, window, other_script)
    # "who's our GP?": the trade's holder now, though no word says now
    return await with_role_holders(storage, hits, query, window, other_script)


async def with_topic_things(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """`hits` with the turns of the things named beside the question's words
    (see the module's doc); unchanged when no own turn names one."""
    terms = [t for t in query.state_terms if t.casefold() not in STANCE_WORDS]
    wanted = wanted_stems(query.text, terms)
    if not hits or not wanted:
        return hits
    things = Things(pets=asks_pets(query))
    loans = loan_spellings(query)
    own = [t for t in terms if t not in loans]
    # each word and text is stemmed and matched once (a question's hits
    # repeat most words: ~10 ms a question when every mention asked again)
    says = functools.lru_cache(maxsize=None)(lambda text: says_stem(wanted, text))
    own_wanted = wanted_stems(query.text, own) if loans else wanted
    says_own = functools.lru_cache(maxsize=None)(
        lambda text: says_stem(own_wanted, text)
    )
    wide = await _wide_holders(storage, hits, [own, [*loans]], window)
    holders = [*own_holders(hits, wanted), *own_holders(wide, wanted)]
    chosen = {index for hit in holders for index in beside(hit, says, things.of)}
    people = _people(holders, says, wanted, other_script)
    if not chosen and not people:
        return hits
    more = await read_thing_turns(
        storage, [*hits, *wide], things, chosen, window, other_script
    )
    if people:
        seen = [*hits, *more]
        more += await entity_turns(storage, seen, list(people.values()), window)
    own_saying = [hit.score for hit in hits if says_own(hit.node.content)]
    saying = own_saying or [hit.score for hit in hits if says(hit.node.content)]
    # the word unsaid in its own script: its loan spelling is the word
    demoted = loans if own_saying else frozenset()
    # none says it (the window's newest turns): the things' turns lead
    floor = (
        TOPIC_SHARE * min(saying)
        if saying
        else max(h.score for h in hits) / TOPIC_SHARE
    )

    def weighed(hit: SearchHit) -> SearchHit:
        text = hit.node.content
        if demoted and hit.score >= floor and not says_own(text) and says(text):
            # a loan spelling alone: below the things' turns of the word
            return SearchHit(hit.node, TOPIC_SHARE * floor, hit.entities)
        if (
            says(hit.node.content)
            or hit.score >= floor
            or not (
                things_of(hit, things) & chosen
                or any(entity.id in people for entity in hit.entities)
            )
        ):
            return hit
        return SearchHit(hit.node, floor, hit.entities)

    out = [weighed(hit) for hit in [*hits, *more]]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _people(
    holders: list[SearchHit],
    says: Callable[[str], bool],
    wanted: set[str],
    other_script: OtherScriptNames,
) -> dict[int, Entity]:
    """The people a role word of the question names (search/role_people.py),
    by id; none for a question without one."""
    if not asks_role(wanted):
        return {}
    named = [person for hit in holders for person in role_people(hit, says)]
    return {person.id: person for person in with_other_forms(named, other_script)}


async def _wide_holders(
    storage: Store,
    hits: list[SearchHit],
    groups: list[list[str]],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """For a search within a time window, the newest turns carrying a word
    of each group of terms from any time (score 0), not among `hits`; none
    otherwise. A group is read apart: a loan spelling's many turns leave
    the newest of the word's own (see the module's doc)."""
    if window is None or not window.timed:
        return []
    ids: list[int] = []
    for terms in groups:
        # «хор» by its noun forms: as a prefix it is «хорошо» too
        match = fts_match(terms, short_forms=True)
        if match is not None:
            ids += await storage.index.fts_newest(
                match, limit=WIDE_TURNS, types=("episodic",)
            )
    unseen = await unseen_hits(storage, hits, list(dict.fromkeys(ids)))
    return [hit for hit in unseen if hit.node.source_role == USER_ROLE]
