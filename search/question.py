"""The question read for search, with what only the memory can tell.

"Who owns the café now?" is asked as "Who's my boss now?" only when a
boss is on file: the write path files the new owner of the user's
workplace as the boss, and only when someone holds the boss already
(writepath/workplace_owners.py). With no boss on file the café is none the
user works at, or its owner was never filed as one, and the owner's words
are what a turn naming the owner shares ("Marta owns the café now"). One
indexed lookup of the relation's names, and only for such a question.

"Which school is Lev at?" names a category of the user's life when Lev is
the user's child (search/own_child_asked.py).
"""

from __future__ import annotations

from dataclasses import replace

from ..store.interface import Store
from .analysis import AnalysedQuery, analyse
from .asked_owner import boss_phrased
from .asked_relation import same_relation_aliases
from .asked_teacher import teacher_phrased
from .car_models import asks_car, learned_models
from .kinds import asked_kinds
from .node_ceiling import OnceCeiling
from .own_child_asked import names_own_child
from .query_text import fts_term
from .standing import stance


async def read_question(
    storage: Store, prompt: str, now: float | None, ceiling: OnceCeiling | None = None
) -> AnalysedQuery:
    """`prompt` read once for search (search/analysis.py); relative dates
    count from `now` (default the clock). `ceiling`: the call's node
    ceiling, shared with its legs (read here only for a category question)."""
    query = analyse(prompt, now)
    as_boss = boss_phrased(prompt) == prompt or await _holder_on_file(storage, query)
    # «Кто у меня преподаёт?» asks the teacher only when one is on file
    teacher = teacher_phrased(prompt) == prompt or await _holder_on_file(storage, query)
    if await _of_own_child(storage, query):
        query = analyse(
            prompt, now, owner_as_boss=as_boss, own_child=True, teacher_on_file=teacher
        )
    elif not (as_boss and teacher):
        query = analyse(prompt, now, owner_as_boss=as_boss, teacher_on_file=teacher)
    return await _with_held_members(storage, query, ceiling or OnceCeiling(storage))


async def _with_held_members(
    storage: Store, query: AnalysedQuery, ceiling: OnceCeiling
) -> AnalysedQuery:
    """The query, its categories knowing which of their members the memory
    holds (searched first: search/kinds.py). One statement, and only for a
    question naming a category (store/held_terms.py)."""
    if not query.kinds.kinds:
        return query
    matches = {member: fts_term(member) for member in query.kinds.searched}
    held = await storage.index.held_matches(
        list(matches.values()), ceiling=await ceiling.get()
    )
    found = frozenset(member for member, match in matches.items() if match in held)
    # a question of the car before ("before the Jazz?") is no question of
    # the model the memory names most, the car driven now
    of_now = asks_car(query.kinds) and stance(query.text) != "past"
    models = await learned_models(storage, found, ceiling) if of_now else ()
    return replace(query, kinds=replace(query.kinds, held=found, models=models))


async def _holder_on_file(storage: Store, query: AnalysedQuery) -> bool:
    """Someone in the memory holds the relation the query asks ("my boss",
    «мой начальник», «мой преподаватель»)."""
    return bool(await storage.entities.entities_by_keys(same_relation_aliases(query)))


async def _of_own_child(storage: Store, query: AnalysedQuery) -> bool:
    """The query asks of now a category it names only as the user's, about
    one of the user's children ("Which school is Lev at?")."""
    if query.kinds.kinds or stance(query.text) != "now":
        return False
    if not asked_kinds(query.text, query.terms, own_child=True).kinds:
        return False
    return await names_own_child(storage, query.text)
