"""The steps that re-rank fused hits by the states a question asks about.

After fusion and the per-node boosts, a question about now or before is
answered by states, not words: the current or earlier value of the asked
slot, settling into a home, the things named by a category, the stance
(now / before) with the changes the turns tell, the end of a thing still
asked about, a thing waited for that came, an occasion's plan as it
stands, gear taken up and a window's own doings, and last a booking moved
to another day (its moves lead), and a learner's notes on words below
the rest; a trip asked in a window with its days
(also when a place asked is answered from its turns, `people_or_trip`).
Each step returns
the hits unchanged when its question is not asked; their order here is
the order measured (docs/retrieval.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .arrived import with_arrival
from .cross_script import OtherScriptNames
from .earlier_value import with_earlier_value
from .first_told import earliest_first
from .gear_taken_up import with_gear_taken_up, without_gear_taken_up
from .habit_day import on_the_day_first
from .member_things import theirs_below, with_member_things
from .moved_booking import with_moved_booking
from .now_value import with_current_value
from .occasion_plan import with_occasion_plan
from .person_hits import about_people
from .plan import SearchPlan
from .role_holders import with_newest_holder
from .settling_in import with_settling_in
from .standing import by_stance, stance
from .stem_sets import term_stems
from .still import after_the_end
from .told_first import told_above_asked
from .topic_things import with_things
from .window_doing import with_window_doing
from .window_person import WIDER, with_them_first
from .window_trip import with_trip_days
from .windowed import said_first
from .word_notes import below_word_notes


async def by_states(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    named: Sequence[Entity],
    other_script: OtherScriptNames,
    spelled: Sequence[str],
) -> list[SearchHit]:
    """`hits` re-ranked by the states the question asks about (`named`: the
    entities it names, whose doings are weighed apart); `spelled` are
    the asked things' names in the other script (a person's is whose it is,
    not the thing's)."""
    # before the rules that bring turns in by their own reading: theirs lead
    named_ids = {entity.id for entity in named}
    wanted = term_stems(query.state_terms)
    hits = said_first(hits, wanted, named_ids, window)
    hits = await with_trip_days(storage, hits, wanted, named_ids, window)
    hits = await with_current_value(storage, hits, query, window)
    hits = await with_earlier_value(storage, hits, query, window)
    hits = await with_settling_in(storage, hits, query, window, stance(query.text))
    hits = await with_things(storage, hits, query, window, other_script)
    hits = with_member_things(hits, query, named)
    hits = by_stance(hits, query.text, query.state_terms, query.own_words)
    # after the stance: the new holder's doings are no one else's news
    hits = await with_newest_holder(storage, hits, query, window, other_script)
    # after the stance's recency: a child's newer swimming stays below
    hits = theirs_below(hits, query)
    # "on Sundays": that day's doing leads (search/habit_day.py)
    hits = on_the_day_first(hits, query.text, query.kinds)
    hits = await after_the_end(storage, hits, query, window, spelled)
    hits = await earliest_first(storage, hits, query, window, spelled)
    hits = await with_arrival(storage, hits, query, window)
    steps = (with_occasion_plan, with_gear_taken_up, without_gear_taken_up)
    for step in (*steps, with_window_doing):
        hits = await step(storage, hits, query, window)
    hits = await with_moved_booking(storage, hits, query, window, other_script)
    # last: a request to the assistant tells no state (below what was told),
    # and a learner's note on a word names the thing, tells nothing of it
    asked = term_stems(query.state_terms)  # any word it asks by, "job" too
    return below_word_notes(told_above_asked(hits, query.text, asked), query)


async def people_or_trip(
    storage: Store,
    people: Sequence[Entity],
    plan: SearchPlan,
    window: NodeWindow | None,
    entity_id: int | None,
) -> list[SearchHit]:
    """The answer from the `people` (or place) asked about, search/people.py;
    in a window, the turns spent with them first (read from a few times the
    answer's room), and a place's trip with its days, which do not name it."""
    if window is None or not window.timed:
        return await about_people(storage, people, plan, window, entity_id)
    limit = plan.filters.limit
    wider = replace(plan, filters=replace(plan.filters, limit=limit * WIDER))
    hits = await about_people(storage, people, wider, window, entity_id)
    if not hits:
        return hits
    hits = with_them_first(hits, people)
    wanted = term_stems(plan.query.state_terms)
    asked = {entity.id for entity in people}
    found = await with_trip_days(storage, hits, wanted, asked, window)
    return found[:limit]
