"""The turns that tell the older state, fetched through the turn of change.

A question about before a named later state ("Where did I work before
Skelo?", "What sport did I play before boxing?") finds, by its words, the
later state's turns. The older state's turns rarely share a word with it
("Опять релиз в пятницу… Я тестировщик в Baltix Pay", "Футбол с Димой"),
so they are no candidates at all. The turn that tells the change nearly
always names both sides: "Получил оффер от Skelo! Ухожу из Baltix Pay",
«С футболом пока всё… Дима позвал в бокс», "I'm giving up knitting…
pottery". Among the hits, the user's earliest turn that names the later
state and leaves something behind gives the older thing; its turns from
before that change join the candidates (an entity by its links, a word by
a words search), and the stance's weighting (search/standing.py) ranks them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .changes import is_value, thing_keys
from .cross_script import loose_key, same_key
from .frame_words import GENERIC_STEMS
from .last_day import asks_work, last_day_left
from .left_behind import old_states
from .morphology import stem
from .older_home import older_home
from .older_work import older_workplace
from .query_text import STOP_WORDS, fts_match
from .slot_before import first_later, slot_turns, slot_words
from .slots import asks_home, asks_original_plan
from .sold_before import sold_before, window_before
from .spelled_turns import spelled_turns
from .standing import later_state, stance
from .stem_sets import text_stems
from .twin_words import twin_stems, twins
from .windowed import USER_ROLE, unseen_hits

# The turns read from before the change (by the thing's entities, or by its
# words): those just before it tell the older state most often; more would
# cost time for old turns.
EARLIER_TURNS = 20
# The best hits read for the change of an original plan asked without its
# later state: below them a replaced thing is seldom about the question.
PLAN_HITS = 10

# Giving a thing up, beside the leaving that search/changes.py reads ("quit",
# "instead of", «ухожу из»): "I'm giving up knitting", "done with football",
# «бросила балет», «завязал с футболом», «С футболом пока всё».
_GIVEN_UP = re.compile(
    r"(?i:\b(?:gave|giv(?:e|ing)) up(?: on)?(?: my| the)?|\bdone with(?: my| the)?"
    r"|\bsold(?: my| the| our)?|(?<!\w)прода(?:л\w*|ю|ём)"
    r"|(?<!\w)(?:за)?брос(?:ил\w*|аю|ает|ать)|(?<!\w)завязал\w* с)"
    r"\s+([A-ZА-ЯЁ][\w'’-]*(?:\s+[A-ZА-ЯЁ][\w'’-]*){0,2}|\w+)"
    r"|(?<!\w)(?i:с|со)\s+(\w+)\s+(?i:(?:пока|уже|наверное|теперь)\s+)?(?i:всё|все)(?!\w)"
)


# Words that open a new clause or a time after a gerund ("gave up running
# because…", "giving up knitting for now"): the gerund took no object.
_CLAUSE_NEXT = re.compile(
    r"\s+(?:and|but|because|so|since|after|when|as|this|last|for (?:now|good))\b", re.I
)


def _takes_object(found: re.Match[str]) -> bool:
    """A gerund given up that goes on with its object ("Gave up looking for
    a copy…"): the activity is the phrase, not the gerund; one at a clause's
    end ("giving up knitting.") is the activity itself."""
    word = found[1]
    if not word or not word.casefold().endswith("ing"):
        return False
    rest = found.string[found.end() :]
    return bool(re.match(r"\s+\w", rest)) and not _CLAUSE_NEXT.match(rest)


def left_things(text: str, routes: bool = True) -> list[str]:
    """What the turn leaves behind or gives up, as written ("Baltix Pay",
    "knitting", «футболом»): content words only; without `routes`, not the
    X of "from X to" (search/left_behind.py)."""
    return _content([*old_states(text, routes), *given_up(text)])


def given_up(text: str) -> list[str]:
    """What the turn gives up or sells ("giving up knitting", «бросил
    курить», "Sold the Passat"): content words only."""
    return _content(
        [m[1] or m[2] for m in _GIVEN_UP.finditer(text) if not _takes_object(m)]
    )


def _content(found: list[str]) -> list[str]:
    return [
        thing
        for thing in dict.fromkeys(found)
        if thing.casefold() not in STOP_WORDS and stem(thing) not in GENERIC_STEMS
    ]


def _names_later(text: str, later: set[str]) -> bool:
    """The text names the later state: by a stem, or by a word's loose key
    (the case endings «скалолазание» / «скалолазания» stem apart)."""
    if not later.isdisjoint(text_stems(text)):
        return True
    keys = {loose_key(word) for word in later}
    words = {loose_key(word) for word in re.findall(r"\w+", text)}
    return any(same_key(a, b) for a in keys if a for b in words if b)


def _change_of(
    hits: list[SearchHit], later: set[str], home: bool
) -> tuple[SearchHit, list[str]]:
    """The user's earliest hit that names the later state and leaves
    something else behind, and those things (none: no such hit). A `home`
    is left, never sold: "Sold the Passat… nowhere to park in Āgenskalns"
    tells no older home."""
    told = sorted(
        (h for h in hits if h.node.source_role == USER_ROLE),
        key=lambda hit: hit.node.when,
    )
    for hit in told:
        text = hit.node.content
        if not _names_later(text, later):
            continue
        things = _content(old_states(text)) if home else left_things(text)
        left = [thing for thing in things if not _names_later(thing, later)]
        if left:
            return hit, left
    return hits[0], []


async def _older_home_told(
    storage: Store, hits: list[SearchHit], later: set[str], window: NodeWindow | None
) -> list[int]:
    """For a home asked of before the new one: the user's statements of the
    older home with its place ("Our flat in Kiryat Yam"), told before the
    new home's first turn among the hits (none: no such). Only the
    statements: the old place's other turns (a tavern there) would push the
    story of the move out."""
    naming = [
        h
        for h in hits
        if h.node.source_role == USER_ROLE and _names_later(h.node.content, later)
    ]
    if not naming:
        return []
    first = min(naming, key=lambda hit: hit.node.when)
    return await older_home(storage, later, window_before(window, first.node.when))


async def _older_work_told(
    storage: Store, later: set[str], began: float, window: NodeWindow | None
) -> list[int]:
    """For work asked of before the new one: the turns from before the new
    work began of the place the user first told working at (its entities,
    or its words), search/older_work.py; none: no such place."""
    before = window_before(window, began) if began else window or NodeWindow()
    found = await older_workplace(storage, later, before)
    if found is None:
        return []
    node, place = found
    statement = await unseen_hits(storage, [], [node.id])
    entities = statement[0].entities if statement else []
    entity_ids = [e.id for e in entities if _is_left(e, [place])]
    turns = await _earlier_turns(storage, entity_ids, [place], before)
    return list(dict.fromkeys([node.id, *turns]))


async def _slot_told(
    storage: Store,
    hits: list[SearchHit],
    text: str,
    later: set[str],
    window: NodeWindow | None,
) -> list[int]:
    """For any other slot asked of before its later value, with no turn of
    change leaving the older one behind: the user's turns from before the
    later value's first turn that tell the slot (search/slot_before.py)."""
    words = slot_words(text, lambda word: _names_later(word, later))
    began = first_later(hits, lambda content: _names_later(content, later))
    if not words or not began:
        return []
    return await slot_turns(storage, words, window_before(window, began))


async def with_earlier_value(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` and, for a question about before a later state it names, the
    user's turns from before the change that name what it left behind
    (within `window`), scored as the best hit naming the later state (they
    stand for it: the question asks for the state it replaced; scored as
    the turn of change, low by its words, they stayed below the later
    state's turns): the weighting that follows decides whether they rise."""
    if not hits or stance(query.text) != "past":
        return hits
    later = later_state(query.text)
    if later:
        change, left = _change_of(hits, later, asks_home(query.text))
        naming = [h.score for h in hits if _names_later(h.node.content, later)]
        score = max(naming, default=change.score)
        if asks_home(query.text) and not any(thing[0].isupper() for thing in left):
            # a home is left by its place's name ("Из Гермасойи в Ипсонас");
            # without one ("sold the sofa" is no home), the older home is
            # the one the user told with its place before the new one
            told = await _older_home_told(storage, hits, later, window)
            found = await _left_turns(storage, change, left, window) if left else []
            return await _with_turns(storage, hits, [*told, *found], score)
        if not left:
            # a thing sold of the later one's kind is the older state itself;
            # the slot's words would bring any turn of the kind beside it
            began = first_later(hits, lambda content: _names_later(content, later))
            told = await sold_before(storage, later, began, window, left_things)
            if not told and asks_work(query.text):
                told = await _older_work_told(storage, later, began, window)
            told = told or await _slot_told(storage, hits, query.text, later, window)
            return await _with_turns(storage, hits, told, score)
    elif asks_original_plan(query.text):
        change, left = _plan_replaced(hits)
        score = change.score
    else:
        change, left = _state_left(hits, query.text)
        if not left:  # "Where did I use to work?": the last day tells it
            return await _older_workplace(storage, hits, query.text, window)
        score = change.score
    if not left:
        return hits
    found = await _left_turns(storage, change, left, window)
    return await _with_turns(storage, hits, found, score)


async def _left_turns(
    storage: Store, change: SearchHit, left: list[str], window: NodeWindow | None
) -> list[int]:
    """Ids of the user's turns from before `change` that name what it left."""
    before = window_before(window, change.node.when)
    entity_ids = [e.id for e in change.entities if _is_left(e, left)]
    return await _earlier_turns(storage, entity_ids, left, before)


async def _older_workplace(
    storage: Store, hits: list[SearchHit], text: str, window: NodeWindow | None
) -> list[SearchHit]:
    """`hits` with the turns of the workplace the user's last day there
    left (search/last_day.py). They join for the place they name and carry
    its links only: the category's things read from them
    (search/category_things.py) are that place, not the site or district
    beside it («поставил меня на объект в Гласневине» made Glasnevin a
    workplace, and every commute to the Glasnevin yard crowded the story
    of the leaving out)."""
    change, left = await last_day_left(storage, hits, text, window)
    if not left:
        return hits
    found = set(await _left_turns(storage, change, left, window))
    joined = await _with_turns(storage, hits, list(found), change.score)
    return [
        SearchHit(h.node, h.score, [e for e in h.entities if _is_left(e, left)])
        if h.node.id in found
        else h
        for h in joined
    ]


def _plan_replaced(hits: list[SearchHit]) -> tuple[SearchHit, list[str]]:
    """For a question about the original plan that names no later one: the
    best of the user's hits that leaves a named thing behind ("Booked Lisbon
    instead of Odessa"; a plan goes to a place or to someone, by name, not
    «вместо картошки»), and those names (none: no such hit)."""
    for hit in hits[:PLAN_HITS]:
        if hit.node.source_role != USER_ROLE:
            continue
        names = [thing for thing in left_things(hit.node.content) if thing[0].isupper()]
        if names:
            return hit, names
    return hits[0], []


def _state_left(hits: list[SearchHit], question: str) -> tuple[SearchHit, list[str]]:
    """For any other question about before that names no later state ("What
    car did I use to have?", «Я раньше курил вейп?»): the best of the user's
    hits that gives a thing up ("Sold the Passat", «бросил вейп») or leaves
    a thing it links behind («Ушла из Amstel»), and those things (none: no
    such hit). Another word left would bring any turn saying it ("instead of
    sleeping", "switched from tea": "Lena made tea"), a route's start is no
    leaving ("the commute from Neukölln to the office"), nor is the thing
    the question names ("no Serbian today" for «По каким дням был
    сербский?»: its older days are asked)."""
    own = text_stems(question)
    asked = set(own).union(*(twin_stems(word) for word in own))
    for hit in hits[:PLAN_HITS]:
        if hit.node.source_role != USER_ROLE:
            continue
        text = hit.node.content
        linked = [
            thing
            for thing in old_states(text, routes=False)
            if any(_is_left(entity, [thing]) for entity in hit.entities)
            and not _names_later(thing, asked)
        ]
        left = _content([*given_up(text), *linked])
        if left:
            return hit, left
    return hits[0], []


async def _with_turns(
    storage: Store, hits: list[SearchHit], found: list[int], score: float
) -> list[SearchHit]:
    """`hits` with the turns `found` scored at least `score`: those already
    among the hits rise to it (the older state's turns in the other language,
    "Sonya came home from ballet crying" for «до скалолазания», were weak
    candidates that stayed low), the others join."""
    wanted = set(found)
    lifted = [
        SearchHit(h.node, max(h.score, score), h.entities) if h.node.id in wanted else h
        for h in hits
    ]
    unseen = await unseen_hits(storage, hits, list(found))
    return [*lifted, *(SearchHit(h.node, score, h.entities) for h in unseen)]


def _is_left(entity: Entity, left: Sequence[str]) -> bool:
    return any(is_value(entity.name, thing_keys(thing)) for thing in left)


async def _earlier_turns(
    storage: Store, entity_ids: list[int], left: list[str], window: NodeWindow
) -> list[int]:
    """Ids of the turns in `window` that name the thing left: by its
    entities when it has one, else by its words (and their twins in the
    other language: «футбол» is "football")."""
    if entity_ids:
        found = await storage.entities.entity_node_ids(
            entity_ids, limit=EARLIER_TURNS, types=("episodic",), window=window
        )
        linked = [node_id for node_id, _ in found]
        return [*linked, *await _spelled_apart(storage, left, window, linked)]
    words = [w.casefold() for thing in left for w in thing.split()]
    terms = [*words, *(t for w in words for t in twins(stem(w)) | twins(w))]
    match = fts_match(terms)
    if match is None:
        return []
    ranked = await storage.index.fts_search(
        match, limit=EARLIER_TURNS, types=("episodic",), window=window
    )
    return [node_id for node_id, _ in ranked]


async def _spelled_apart(
    storage: Store, left: list[str], window: NodeWindow, linked: list[int]
) -> list[int]:
    """Ids of the turns naming a thing left in the other script ("Sold the
    Passat": «Мой Пассат B5»), which its entity does not reach (the
    extractor files each spelling apart), within the bound still left."""
    room = EARLIER_TURNS - len(linked)
    found: list[int] = []
    for thing in left:
        if room <= len(found):
            break
        nodes = await spelled_turns(storage, thing, window, room, other_only=True)
        found += [node.id for node in nodes if node.id not in linked]
    return list(dict.fromkeys(found))[:room]
