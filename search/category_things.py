"""The things a question about now or before names by their category.

"What car do I drive now?", "Which gym did I use to go to?", "Какая у меня
сейчас машина?" name a category ("car", "gym", "машина"), not the thing; the
user's turns that answer name the thing ("Toyota Corolla", "the Depot") and
rarely repeat the category word ("Took the Corolla for its first service").
Read from the user's own turns, without a model and without a list of
categories: the things (entities that are no person) named in the turns that
carry the question's words are the category's things, those named in most
such turns first ("Picked up our new car: a Toyota Corolla", "the Corolla is
a boring car"; not "the M60 was a car park", named once). Each thing's other
turns, read by its entity links, join the candidates; the thing mentioned
last is what holds now, the others what held before ("Cancelled PureGym and
joined the Depot climbing gym"), and the stance of the question (now or
before, search/standing.py) weighs the turns of one side up and the other's
down. Bounded: only for a question with a stance, one read of the things'
newest turns.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from collections.abc import Set as AbstractSet

from ..core.records import Entity, NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .beside_words import category_stems, introduced
from .company import asks_riding, company_keys
from .cross_script import OtherScriptNames, same_key
from .doings import opens_with_request
from .ended import marked_past
from .frame_words import GENERIC_STEMS
from .kinds import AskedKinds, asks_doings, doings_said
from .member_things import doings_named
from .morphology import is_russian, stem
from .own_children import CHILDREN_STEMS, asks_own_children, named_with_children
from .riding import ridden_keys, riding_holders, riding_stems
from .role_of_other import asked_people, asks_only_role_of
from .standing import Stance, asks_where, stance, told_of_other
from .stem_sets import shares_stem, text_stems
from .street_names import without_streets
from .support import wanted_stems
from .talked_of import talked_of_keys
from .thing_groups import Things, asks_pets, name_key, name_keys, things_of, within
from .windowed import USER_ROLE, unseen_hits

# A turn counts for the category's things when it scores at least this share
# of the best turn carrying the question's words: "a long run along the
# Danube this morning" says nothing of "What do I drink in the morning?".
HOLDER_SHARE = 0.5
# The things' newest turns read per question (all things together).
THING_TURNS = 24
# A turn naming the thing on the asked side (the newest for now, an older
# one for before) weighs this much more, one on the other side as much less.
THING_BOOST = 1.0
# A turn naming the thing without the question's words ("Took the Corolla
# for its first service") scores at least this share of the thing's best
# turn that carries them: below it, above the turns sharing only a word.
THING_SHARE = 0.7
# The words that say when, not what ("these days", "used to", "раньше"): a
# turn carrying them is not about the category ("three days in Edinburgh").
STANCE_WORDS = frozenset(
    "now nowadays days today currently still anymore before use used previously"
    " lately recently formerly originally сейчас теперь раньше прежде нынче"
    " сначала ещё изначально когда-то".split()
)


def _aside(hit: SearchHit, things: Things, riding: bool) -> set[int]:
    """The things the hit names only aside: as company ("with Bublik"), when
    asked how one gets about, or as what was talked about ("we talked about
    the Fallas" at the Spanish class, search/talked_of.py)."""
    keys = talked_of_keys(hit.node.content)
    if riding:
        keys |= company_keys(hit.node.content)
    if not keys:
        return set()
    return {
        index
        for entity in hit.entities
        if (index := things.of(entity)) is not None and within(name_keys(entity), keys)
    }


def _ended(hit: SearchHit, index: int, things: Things) -> bool:
    """The hit's text calls thing `index` over or former."""
    names = [
        name
        for entity in hit.entities
        if things.of(entity) == index
        for name in (entity.name, *entity.aliases)
    ]
    return marked_past(hit.node.content, names)


def _newest(
    every: list[SearchHit], named: dict[int, set[int]], things: Things
) -> int | None:
    """The thing mentioned last, or None when its last mention calls it over
    ("my old team at X", search/ended.py): such a mention never makes a
    thing the current one."""
    live: dict[int, float] = {}
    last: dict[int, float] = {}
    for hit in every:
        for index in named[hit.node.id]:
            last[index] = max(last.get(index, 0.0), hit.node.when)
            if not _ended(hit, index, things):
                live[index] = max(live.get(index, 0.0), hit.node.when)
    current = [index for index in live if live[index] >= last[index]]
    return max(current, key=lambda index: live[index], default=None)


def own_holders(
    hits: list[SearchHit], wanted: set[str], question: str = ""
) -> list[SearchHit]:
    """The user's own turns among `hits` carrying a word of the question, and
    not told of someone else than whom the `question` asks: "Oscar starts at
    Treetops nursery" answers "Which nursery does Oscar go to?"."""
    return [
        hit
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and not told_of_other(hit, question)
        and shares_stem(wanted, text_stems(hit.node.content))
        and not opens_with_request(hit.node)
    ]


def _category_things(
    holders: list[SearchHit],
    things: Things,
    own: set[str],
    sure: AbstractSet[str] = frozenset(),
    riding: bool = False,
    ridden: AbstractSet[str] = frozenset(),
) -> dict[int, float]:
    """The things named most often in the `holders` that rank near the best
    of them (HOLDER_SHARE), with the best score of those turns. The turns
    carrying only a twin of the question's words (none of its `own` stems)
    count on their own: the English ones name the Corolla beside "car", the
    Russian ones «Форд» beside «машина», and one count kept the Corolla only.
    On each side a thing named in more than half as many turns as the most
    named one counts (the old bike named once more, in "my old Brompton",
    still leaves the new one a thing; "the M60 was a car park", named once
    beside two Corollas, is none). A turn naming a category the lexicon
    knows or one of its members (the `sure` stems, search/kinds.py) counts
    whatever its score: the members a turn names raise it above the turns
    naming the category alone ("Toyota Corolla" and "car" above "the
    Synapse is the lightest bike"). A thing such a turn calls over or left
    ("Всё, ухожу из Millennium. Открыла счёт в ActivoBank", search/ended.py)
    counts however rarely named: it is the old state the turn says ended;
    so does a thing one rides (`ridden`, search/riding.py)."""
    counts: dict[tuple[bool, int], int] = {}
    best: dict[int, float] = {}
    over: set[int] = set()
    top = max((hit.score for hit in holders), default=0.0)
    for hit in holders:
        stems = text_stems(hit.node.content)
        if hit.score < HOLDER_SHARE * top and sure.isdisjoint(stems):
            continue
        twin = own.isdisjoint(stems)
        for index in things_of(hit, things) - _aside(hit, things, riding):
            counts[twin, index] = counts.get((twin, index), 0) + 1
            best[index] = max(best.get(index, 0.0), hit.score)
            if _ended(hit, index, things) or things.groups[index] & ridden:
                over.add(index)
    most = {
        side: max(n for (other, _), n in counts.items() if other == side)
        for side, _ in counts
    }
    return {
        index: best[index]
        for (side, index), n in counts.items()
        if 2 * n > most[side] or index in over
    }


# "Where do we live now?", «Где мы теперь живём?»: a place is asked, and a
# place is said after a preposition of place ("a house in Haarlem", «ключи
# в Харлеме»); the car named in "drove it home" is no home. Not «на»: «на
# Ниро» is by car as often as «на Кипре» is where. Only for now: asked
# where one was before, the lives' older places lost more than they gained
# (an old plan's city said "to Lisbon" beside a newer one).
_AT_PLACE = re.compile(
    r"(?<!\w)(?:in|at|into|to|from|near|в|во|из|возле|около)\s+(?:the\s+)?"
    r"([A-ZА-ЯЁ][\w-]+)"
)


def place_keys(texts: Iterable[str]) -> set[str]:
    """The loose keys of the names `texts` say after a preposition of place."""
    return {name_key(match[1]) for text in texts for match in _AT_PLACE.finditer(text)}


def _named_as_places(
    base: dict[int, float], things: Things, hits: list[SearchHit]
) -> dict[int, float]:
    """Of the category's things, those some hit names as a place."""
    keys = place_keys(hit.node.content for hit in hits) - {""}
    return {
        index: score
        for index, score in base.items()
        if any(same_key(key, mine) for key in keys for mine in things.groups[index])
    }


def _by_members(
    base: dict[int, float], things: Things, kinds: AskedKinds
) -> dict[int, float]:
    """Of a category the lexicon knows (search/kinds.py), the things named
    by its members ("Toyota Corolla", «Форд»), when some are: "Stretford",
    named beside the Corolla, is no car. A category of common things (a
    drink, a sport: no member is a name) has no other things: the school
    named beside "staff drinks" is no drink."""
    keys = {name_key(member) for member in kinds.thing_names} - {""}
    named = {i: score for i, score in base.items() if things.groups[i] & keys}
    return named if named or kinds.of_common_things else base


def _beside_doings(
    base: dict[int, float], things: Things, holders: list[SearchHit], kinds: AskedKinds
) -> dict[int, float]:
    """Of a category of doings (a sport, a hobby), the things named beside
    one of its members ("Бокс в Cīņa") in two turns or more, and more than
    half as many as the most named: a doing is said by its word, and the
    office named once beside football ("told Dima about the Skelo
    interviews") or beside "the nightly run" (a twin of «бег», no member)
    is no sport's place. One doing at one place tells no change: the new
    doing may go by other words (futsal at Zakaki, then "a 60 km ride")."""
    counts: dict[int, int] = {}
    for hit in holders:
        if doings_said(kinds, text_stems(hit.node.content), hit.node.content):
            for index in things_of(hit, things):
                counts[index] = counts.get(index, 0) + 1
    most = max(counts.values(), default=0)
    kept = {i for i, n in counts.items() if n > 1 and 2 * n > most}
    if len(kept) < 2 and len(doings_named(holders, kinds)) < 2:
        return {}  # one doing at one place: no change told by either
    return {index: score for index, score in base.items() if index in kept}


async def entity_turns(
    storage: Store,
    hits: list[SearchHit],
    entities: Sequence[Entity],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """The user's newest turns naming `entities` not among `hits` (score 0)."""
    found = await storage.entities.entity_node_ids(
        [e.id for e in entities], limit=THING_TURNS, types=("episodic",), window=window
    )
    unseen = await unseen_hits(storage, hits, [node_id for node_id, _ in found])
    return [hit for hit in unseen if hit.node.source_role == USER_ROLE]


async def read_thing_turns(
    storage: Store,
    hits: list[SearchHit],
    things: Things,
    chosen: Collection[int],
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """The user's newest turns naming the `chosen` things (by their entities
    among `hits`) not among `hits`, score 0."""
    entities = {e.id: e for hit in hits for e in hit.entities if things.of(e) in chosen}
    # the things' names in the other script («Королла» for Corolla, also when
    # the Corolla is a word of "Toyota Corolla")
    for _ in range(2):  # «Форд» → "Ford Focus" → "Focus"
        words = sorted(
            {
                w
                for e in entities.values()
                for n in (e.name, *e.aliases)
                for w in n.split()
            }
        )
        found = other_script.named_in_other_script(words)
        for entity in [*found, *other_script.things_with_words(words)]:
            if things.of(entity) in chosen:
                entities.setdefault(entity.id, entity)
    return await entity_turns(storage, hits, list(entities.values()), window)


def _witnesses(holders: list[SearchHit], things: Things) -> dict[int, list[Entity]]:
    """Per thing, its entities the turns carrying the question's words name."""
    seen: dict[int, dict[int, Entity]] = {}
    for hit in holders:
        for entity in hit.entities:
            if (index := things.of(entity)) is not None:
                seen.setdefault(index, {})[entity.id] = entity
    return {index: list(found.values()) for index, found in seen.items()}


def _witnessed(
    hit: SearchHit, things: Things, witnesses: dict[int, list[Entity]]
) -> set[int]:
    """The things the hit names by a name as full as one the question's turns
    use, or in the other script: "Chorlton Voices" is the choir, "puddle
    jumping in Chorlton" is not, though both share "Chorlton"; "the
    Corolla" of "Toyota Corolla" is joined when filed (writepath/short_things.py)."""
    found = set()
    for entity in hit.entities:
        index = things.of(entity)
        if index is None or index not in witnesses:
            continue
        keys = name_keys(entity)
        if any(
            within(name_keys(seen), keys) or _cyrillic(seen) != _cyrillic(entity)
            for seen in witnesses[index]
        ):
            found.add(index)
    return found


def _cyrillic(entity: Entity) -> bool:
    return is_russian(entity.name)


def _weigh(
    hits: list[SearchHit],
    more: list[SearchHit],
    things: Things,
    base: dict[int, float],
    holders: set[int],
    asked: Stance,
    question: str = "",
) -> list[SearchHit]:
    """The turns naming a category thing (`hits` and those read by the
    things, `more`) weighed by their side of the change: on the asked side
    (the newest thing for now, an older one for before) THING_BOOST up, at
    least as high as the thing's best turn carrying the question's words
    (`holders` ids), or THING_SHARE of it for a turn without them; on the
    other side as much down. Someone else's turn ("Lena started at the
    hospital in Vienna") is left as it is."""
    every = [*hits, *more]
    named_by_holders = _witnesses([h for h in every if h.node.id in holders], things)
    witnesses = {i: seen for i, seen in named_by_holders.items() if i in base}
    named = {hit.node.id: _witnessed(hit, things, witnesses) for hit in every}
    mentioned = set().union(*named.values())
    if not mentioned:
        return hits
    newest = _newest(every, named, things)
    if asked == "past" and len(mentioned) < 2 and newest is not None:
        return hits  # one thing, not over: nothing tells what came before

    def weighed(hit: SearchHit) -> SearchHit:
        indices = named[hit.node.id]
        if not indices or _told_of_someone(hit, things, asked, question):
            return hit
        if not any((index == newest) == (asked == "now") for index in indices):
            return SearchHit(hit.node, hit.score / (1.0 + THING_BOOST), hit.entities)
        best = max(base[index] for index in indices)
        if hit.node.id not in holders:
            best *= THING_SHARE
        score = max(hit.score, best) * (1.0 + THING_BOOST)
        return SearchHit(hit.node, score, hit.entities)

    out = [weighed(hit) for hit in every]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _told_of_someone(
    hit: SearchHit, things: Things, asked: Stance, question: str
) -> bool:
    """The turn opens with someone's name: their state ("Lena started at the
    hospital"), not the user's. Asked about before, a turn opening with the
    thing itself ("Millennium charged me eight euros again") still tells the
    user had it; asked about now, the thing's own news ("Pebble got their
    seed round") says nothing of the user's present."""
    if asked == "now":
        return told_of_other(hit, question)
    others = [entity for entity in hit.entities if things.of(entity) is None]
    return told_of_other(SearchHit(hit.node, hit.score, others), asked=question)


async def with_category_things(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """`hits` with the turns of the things the question's category names,
    weighed by the question's stance (see the module's doc); unchanged for a
    question without one or when no own turn names a thing."""
    asked = stance(query.text)
    if asked is None or not hits:
        return hits
    things = Things(pets=asks_pets(query))
    terms = [t for t in query.state_terms if t.casefold() not in STANCE_WORDS]
    # a frame word ("live" of "Who do I live with?", «живу») names no
    # category: «левая рука живёт своей жизнью» holds no thing of it
    wanted = wanted_stems(query.text, terms)
    # nor do the user's children ("What school are the kids in?")
    wanted = wanted - GENERIC_STEMS - CHILDREN_STEMS or wanted
    # "Who's our internet with?": the category the question is about is said
    # by its members ("connected the fibre"), the turns rarely say its word
    if wanted & query.kinds.asked:
        wanted |= query.kinds.member_stems
    riding = asks_riding(query.kinds)
    # how one gets about is told by driving and the car as well as the ways
    if riding:
        holders = riding_holders(hits, wanted, query)
    else:
        holders = own_holders(hits, wanted)
    # "Misha's coach now": a person holds it, named in the turns naming Misha
    # (search/role_holders.py); his pool is no coach, the user's gym neither.
    # Asked before, the category's things still find the older one's turns.
    if asked == "now" and asks_only_role_of(wanted, asked_people(query.text, hits)):
        return hits
    # "Oscar starts at Treetops nursery" introduces the nursery asked of
    # Oscar; the category's other things stay the user's own
    asked_of = own_holders(hits, wanted, query.text)
    twins = {stem(t) for t in query.twin_terms}
    # a member of the category named ("Focus" of "car") counts on the other
    # side, as a twin does: it is not the question's own word
    members = query.kinds.member_stems - {stem(t) for t in query.terms}
    sure = query.kinds.member_stems | query.kinds.asked | riding_stems(query.kinds)
    if query.of_own_child:  # «Школа в трёх минутах» tells of Lev's school too
        sure |= query.kinds.word_stems
    own = wanted - twins - members
    # asked before, the old way is named often enough (search/riding.py)
    ridden = ridden_keys(query.kinds, name_key) if asked == "now" else frozenset()
    base = _category_things(holders, things, own, sure, riding, ridden)
    if asked == "now":  # asked before, the old thing is named often enough
        base = introduced(base, things.of, asked_of, category_stems(query.text, wanted))
    # the category itself filed as a thing ("Christmas", «Рождество») is
    # what the question asks about, not one of its things ("Abbey Road" is
    # one of "road"'s)
    # (a category's members are none of its words: "Corolla" is a thing)
    words = [t for t in terms if t not in query.kinds.terms or t in query.terms]
    asked_keys = {name_key(word) for word in (*words, *query.text.split())} - {""}
    base = {i: score for i, score in base.items() if not things.groups[i] <= asked_keys}
    base = _by_members(base, things, query.kinds)
    base = without_streets(base, holders, things.of, query.text)
    if asks_own_children(query.text):  # "the kids' school" is one of theirs
        base = named_with_children(base, hits, lambda hit: things_of(hit, things))
    elif query.of_own_child:  # "Which school is Lev at?": a turn names it his
        # school, not the club he is named with ("Lev's first training at HC
        # Spaarne") nor the river the user cycles to school along
        saying = [h for h in hits if not sure.isdisjoint(text_stems(h.node.content))]
        base = named_with_children(base, saying, lambda hit: things_of(hit, things))
    where = asks_where(query.text)
    # "Where do I train now?": the place is what is asked, its turns name it
    # rather than the doing ("Sent my first V4 at the Depot")
    if asks_doings(query.kinds) and not where:
        base = _beside_doings(base, things, holders, query.kinds)
    if asked == "now" and where:
        base = _named_as_places(base, things, hits)
    if not base:
        return hits
    more = await read_thing_turns(storage, hits, things, base, window, other_script)
    ids = {hit.node.id for hit in holders}
    return _weigh(hits, more, things, base, ids, asked, query.text)
