"""The answer to a question about a person: their most telling nodes.

search/people.py decides that a question asks about a person and which; here
their nodes (turns by them and about them, facts, the turns that say who they
are) are read by the link index and ranked by how much each says, its own
standing, recency and variety over threads and months.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from ..core.records import Entity, Node, NodeWindow, SearchHit
from ..core.relations import relation_signs
from ..store.interface import Store
from .asked_relation import (
    asked_relations,
)
from .former_first import former_first, former_holders
from .holder_before import holders_before, later_holders
from .introductions import introduced_by, pets_kind_dropped, says_who
from .latin_named import latin_named_turns
from .legs import speaker_of
from .leisure import own_time_doings
from .morphology import is_russian, russian_stem
from .names_asked import (
    words_of,
)
from .own_relation import joined_by_relation
from .people import (
    MAX_PEOPLE,
    relation_word,
    telling_relation,
    topic_terms,
    with_other_forms,
)
from .plan import SearchFilters, SearchPlan
from .qualified_relation import asked_subject, teaches_other_doing
from .query_text import fts_match
from .standing import stance, standing
from .unnamed import add_by_relation, add_described
from .windowed import admitted

TOPIC_WEIGHT = 2.0  # ... a node that has the word answers it
SCAN = 300  # newest nodes read per person (ids, by the link index)
RECENT = 40  # ... of which the newest all compete,
SPREAD = 60  # ... and this many more, evenly over the older ones
TELLING_WORDS = 20  # a turn this long says as much as a turn can
FACT_WEIGHT = 1.5  # a fact about the person beats a turn
QUESTION_WEIGHT = 0.6  # "How are you, Mel?" says little about Mel
# A transcript turn by someone else names the person mostly to address them
# ("Congrats Caroline!"); their own turns and the user's notes say more.
BY_OTHERS_WEIGHT = 0.7
RECENCY = 0.3  # the newest candidate gains this share
THREAD_REPEAT = 0.7  # each further hit of one thread counts this much
MONTH_REPEAT = 0.85  # ... and of one month
SAID_REPEAT = 0.3  # ... and of the same text
# A turn that says who the person is to the user ("My wife Lena is a doctor",
# "Моя жена Лена", "Sam is my oldest friend") tells more than a mention.
STATES_RELATION = 2.0
# ... and so does a turn that introduces them ("The manager of the branch is
# Ofer (Офер), 29", search/introductions.py).
FIRST_MENTIONS = 3  # the person's oldest links always compete
_WORD = re.compile(r"\w+", re.UNICODE)


def _says(text: str, terms: Sequence[str]) -> bool:
    """The text has one of the terms in any form ("live": "lives", "жить":
    "живёт" by the stem)."""
    if not terms:
        return False
    english = [t if len(t) <= 4 else t[:-2] for t in terms if not is_russian(t)]
    stems = {russian_stem(t) for t in terms if is_russian(t)}
    for word in _WORD.findall(text.lower()):
        if is_russian(word):
            if russian_stem(word) in stems:
                return True
        elif any(word.startswith(t) for t in english):
            return True
    return False


async def about_people(
    storage: Store,
    people: Sequence[Entity],
    plan: SearchPlan,
    window: NodeWindow | None,
    entity_id: int | None,
) -> list[SearchHit]:
    """The answer to a question about `people` ([] when it is none): their most
    telling nodes that pass the filters (`entity_id`: `entity_name`'s entity)."""
    filters = plan.filters
    now = time.time() if filters.now is None else filters.now
    asked = asked_relations(plan.query)
    topic = topic_terms(plan.query, people) if people else []
    topic += own_time_doings(plan.query.text, plan.query.kinds.members)
    later = later_holders(plan.query, people)
    hits = []
    if later:  # "Who was my boss before Rinat?": the one before her, then
        # hers, which tell the change («у нового семейного врача — Кети»)
        before = await holders_before(storage, plan.query, later)
        people = later if before else []
        hits = await person_hits(storage, before, filters, now, asked, topic)
    seen = {hit.node.id for hit in hits}
    hits += [
        hit
        for hit in await person_hits(
            storage, people, filters, now, asked, topic, stance(plan.query.text)
        )
        if hit.node.id not in seen
    ]
    # "my tennis coach" is none whose turns tell of judo only
    subject = asked_subject(plan.query)
    if teaches_other_doing(subject, (hit.node.content for hit in hits)):
        return []
    return [
        hit
        for hit in hits
        if admitted(hit.node, filters, window)
        and (entity_id is None or any(e.id == entity_id for e in hit.entities))
    ][: filters.limit]


async def person_hits(
    storage: Store,
    people: Sequence[Entity],
    filters: SearchFilters,
    now: float,
    relations: frozenset[str] = frozenset(),
    topic: Sequence[str] = (),
    asked_stance: str | None = None,
) -> list[SearchHit]:
    """The most telling nodes linked to `people`, best first (filters applied
    by the caller; a time window is read as such, not from the newest links).
    A node that says who they are (`relations`, the relation filed on them;
    unless asked of now, one from before they were named) comes first."""
    if not people:
        return []
    own_names = introduced_by(people)
    frozen_names = frozenset(own_names)  # the key of says_who's cache, once
    # asked by the relation ("Who's my boss?"): its former holder's news is
    # no answer (search/former_first.py)
    holds = relation_word(people[0]) if relations else ""
    asked_by = relations  # the relations the question names
    asked_people = people
    people = await with_other_forms(storage, people)
    relations = pets_kind_dropped(relations, people) or frozenset(
        same for e in people for same in relation_signs(telling_relation(e))
    ) - {""}
    asked = {e.id for e in people}
    ids: list[int] = []
    for person in people[: MAX_PEOPLE * 3]:
        ids += await _candidates(storage, person, filters)
    match = fts_match(sorted(relations))
    if match:  # the newest turns saying so (the sample may miss them): their
        # ids only, which bm25 would rank first is not asked (~12 ms at 100k)
        ids += await storage.index.fts_newest(match, limit=SCAN, types=filters.types)
    # "irina" in an English turn is «Ирина», linked to nobody (latin_named.py)
    spelled = await latin_named_turns(
        storage, asked_people, people, limit=SCAN, types=filters.types
    )
    nodes, linked, hidden = await _linked(storage, [*ids, *spelled], asked, spelled)
    read = set(nodes)
    if joined := joined_by_relation(relations, asked_by):
        await add_by_relation(storage, joined, people[0], filters, nodes, linked)
    described = await add_described(storage, people, filters, nodes, linked)
    described = described if asked_stance != "now" else set()  # not the start
    names = {w for e in people for w in words_of(e)}
    added = [node_id for node_id in nodes if node_id not in read]
    if added:  # those of _linked were read with their supersession
        hidden |= await storage.graph.superseded_ids(added)
    found = [n for n in nodes.values() if n.is_valid and n.id not in hidden]
    if not found:
        return []
    oldest = min(n.when for n in found)
    span = max(n.when for n in found) - oldest or 1.0
    hits = [
        SearchHit(
            node,
            # "Lena Vienna": a node with both before one with either
            len(asked.intersection(e.id for e in linked.get(node.id, [])))
            * telling(node, names)
            * standing(node, now)
            * (1.0 + RECENCY * (node.when - oldest) / span)
            * (STATES_RELATION if node.id in described else 1.0)
            * says_who(node, relations, frozen_names, STATES_RELATION)
            * (TOPIC_WEIGHT if _says(node.content, topic) else 1.0)
            * _led_by_former(node, linked.get(node.id, []), holds, asked, own_names),
            linked.get(node.id, []),
        )
        for node in found
    ]
    hits.sort(key=lambda hit: (-hit.score, hit.node.id))
    return spread_over_time(hits)


def _led_by_former(
    node: Node, linked: list[Entity], holds: str, asked: set[int], names: set[str]
) -> float:
    former = former_holders(linked, holds, asked) if holds else []
    return former_first(node.content, names, former)


async def _linked(
    storage: Store,
    ids: Sequence[int],
    asked: set[int],
    spelled: dict[int, Entity] | None = None,
) -> tuple[dict[int, Node], dict[int, list[Entity]], set[int]]:
    """The nodes of `ids` linked to one of the `asked` entities, the
    entities linked to each of them (only those nodes and their entities are
    read: the turns stating a relation, "my friend", are mostly about other
    people; reading the entities of all ~400 candidates was 2.5x the rows),
    and those of the nodes a newer fact supersedes (one read: store/hit_rows.py).
    A node of `spelled` names its person in the other script: it is theirs."""
    spelled = spelled or {}
    ids = list(dict.fromkeys(ids))
    about = await storage.entities.linked_to(ids, sorted(asked)) | spelled.keys()
    wanted = [i for i in ids if i in about]
    nodes, hidden, linked = await storage.graph.read_hits(wanted)
    for node_id, person in spelled.items():
        theirs = linked.setdefault(node_id, [])
        if all(e.id != person.id for e in theirs):
            theirs.append(person)
    return nodes, linked, hidden


async def _candidates(
    storage: Store, person: Entity, filters: SearchFilters
) -> list[int]:
    if filters.after is not None or filters.before is not None:
        nodes = await storage.entities.entity_nodes_between(
            person.id, after=filters.after, before=filters.before, limit=SCAN
        )
        return _sample([n.id for n in nodes])
    newest = await storage.entities.entity_node_ids(
        [person.id], limit=SCAN, types=filters.types
    )
    return _sample([node_id for node_id, _ in newest])


def _sample(ids: list[int]) -> list[int]:
    """The RECENT newest ids, SPREAD more evenly over the rest (newest first
    in, so a person of years is not judged by their last week), and the
    oldest, where the person is likely introduced."""
    older = ids[RECENT:]
    step = max(1, len(older) // SPREAD)
    return ids[:RECENT] + older[::step][:SPREAD] + older[-FIRST_MENTIONS:]


def telling(node: Node, names: set[str]) -> float:
    """How much the node can say about the person (`names`: the words of
    their names); a fact weighs FACT_WEIGHT."""
    if node.type != "episodic":
        return FACT_WEIGHT
    text = node.content
    speaker = speaker_of(text)
    score = 1.0
    if speaker is not None:
        text = text.split(":", 1)[1]
        if not set(speaker.split()) & names:
            score = BY_OTHERS_WEIGHT
    words = _WORD.findall(text)
    score *= min(1.0, len(words) / TELLING_WORDS) ** 0.5
    if text.rstrip().endswith("?"):
        score *= QUESTION_WEIGHT
    return float(score)


def spread_over_time(hits: list[SearchHit]) -> list[SearchHit]:
    """Each further hit of a thread, of a month, and of the same text counts
    less: a person is told by their whole story, not one long evening."""
    threads: dict[str | int, int] = {}
    months: dict[tuple[int, ...], int] = {}
    said: dict[str, int] = {}
    out = []
    for hit in hits:
        text = " ".join(hit.node.content.lower().split())
        repeats = said.get(text, 0)  # the same words again tell nothing new
        said[text] = repeats + 1
        thread = hit.node.session_id or hit.node.id
        month = time.gmtime(hit.node.when)[:2]  # (year, month): strftime was slow
        factor = (
            THREAD_REPEAT ** threads.get(thread, 0)
            * MONTH_REPEAT ** months.get(month, 0)
            * SAID_REPEAT**repeats
        )
        threads[thread] = threads.get(thread, 0) + 1
        months[month] = months.get(month, 0) + 1
        out.append(SearchHit(hit.node, hit.score * factor, hit.entities))
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out
