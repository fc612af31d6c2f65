"""The plan for an occasion or a season as it stands, for "Where are we
going for Christmas?".

"Where am I spending New Year?", "Where are we going this summer?", «Куда
мы едем на Рождество?», «Куда мы с Грэмом едем в декабре?»: a plan for a
time of the year is made, dropped and made again, and each plan is told
with the occasion's word ("Christmas in Riga", then «На Рождество поедем
к маме в Казань»). The turns that firm the new plan up never repeat it:
"Booked flights to Kazan for the three of us, 22 to 29 December". By
their words alone the old plan's turns lead (they say the occasion, and
say it in the question's language).

The plan now is the newest of the user's turns naming the occasion (in
either language) that names a place or firm no older turn of the occasion
named: the new plan, not one more word on the old one («что привезти из
Берлина»). It and the user's later turns naming that new place rank
first; a question the user asked the assistant ("What's the weather in
Lisbon?") tells no plan and is not lifted. A season's plan is often told by
its month alone ("Tenerife in October" for «куда едем осенью»): the user's
turns naming the season's months are read too.

A person's day is planned the same way ("How are we celebrating Mum's
seventieth?", «Где будет свадьба?»), and its new plan is told by its date
("Mum comes to us in April", then "they fly on 12 April"): the user's
turns naming the new plan's month are read too. A plan that brings someone
to the user names the user's own ground (their town, their house), whose
many turns tell everyday life, not the plan: those places are not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .analysis import AnalysedQuery
from .called_off import CALLED_OFF
from .cross_script import loose_key, same_key
from .first_told import asked_first_plan
from .left_behind import old_states
from .query_text import fts_match
from .standing import stance
from .when import month_words, season_months
from .windowed import USER_ROLE, lifted_first, unseen_hits

# A time of the year as people name a plan by it, in English and Russian:
# one pattern per occasion, matching either language's word.
_TIMES = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"\bchristmas|xmas\b|(?<!\w)рождеств|(?<!\w)рождественск",
        r"\bnew year|(?<!\w)нов\w* год|(?<!\w)новогодн",
        r"\bsummer\b|(?<!\w)лет(?:ом|о|а|не\w*)(?!\w)",
        r"\bwinter\b|(?<!\w)зим(?:ой|а|у|ы|н\w*)(?!\w)",
        r"\bspring\b|(?<!\w)весн(?:ой|а|у|ы)(?!\w)|(?<!\w)весенн",
        r"\bautumn\b|\b(?:this|the) fall\b|(?<!\w)осен(?:ью|ь|н\w*)(?!\w)",
        r"\beaster\b|(?<!\w)пасх",
        r"\bhanukk?ah|\bchanukah|(?<!\w)ханук",
    )
)
_MONTHS = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"\bjanuary\b|(?<!\w)январ",
        r"\bfebruary\b|(?<!\w)феврал",
        r"\bmarch\b|(?<!\w)март",
        r"\bapril\b|(?<!\w)апрел",
        r"(?-i:\bMay\b)|(?<!\w)ма[йяе](?!\w)",
        r"\bjune\b|(?<!\w)июн",
        r"\bjuly\b|(?<!\w)июл",
        r"\baugust\b|(?<!\w)август",
        r"\bseptember\b|(?<!\w)сентябр",
        r"\boctober\b|(?<!\w)октябр",
        r"\bnovember\b|(?<!\w)ноябр",
        r"\bdecember\b|(?<!\w)декабр",
    )
)
# A person's day, whose plan is told by its date rather than its name: a
# birthday, a round one ("Dad's 65th", "Mum's seventieth", «юбилей») or an
# anniversary; a wedding ("getting married", «расписываться в мэрии»).
_DAYS = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"\bbirthday|\banniversar|['’]s (?:\d\d(?:st|nd|rd|th)|\w+ieth)\b"
        r"|(?<!\w)юбиле|(?<!\w)(?:день|дня|дню|днём|днем) рождени",
        r"\bwedding|\b(?:get|getting|got) married\b"
        r"|(?<!\w)(?:свадьб|свадеб|пожени|распис(?!ани))",
    )
)
_OCCASIONS = (*_TIMES, *_MONTHS, *_DAYS)
# A question about where a plan goes: "Where are we going …?", "What's
# the plan …?", «Куда едем …?», «Где встречаем …?», «какой план …?»; or
# how the day is kept: "How are we celebrating …?", «Как отмечаем …?».
_ASKS_WHERE = re.compile(
    r"\bwhere\b|\bplans?\b|\bcelebrat\w*"
    r"|(?<!\w)(?:куда|где|план\w*|отмеча\w*|отметим|праздну\w*|отпразд\w*)(?!\w)",
    re.I,
)
_ALONG = frozenset({"person", "pet"})
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# A turn that tells a plan: a journey, a stay, its tickets or a decision
# ("fly to", "spend it with", "instead of", «поедем», «прилетает»,
# «встречаем», «решили», «купили билеты»); not a word in passing ("the
# Christmas boxes"), nor a booking alone ("Booked the dentist for 3 December").
_PLAN = re.compile(
    r"\b(?:go|going|goes|fly|flying|flights?|trip|travel\w*|visit\w*|spend\w*"
    r"|stay\w*|plan\w*|instead|decided|decisions?|holiday|vacation|come|coming|tickets?)\b"
    r"|(?<!\w)билет\w*"
    r"|(?<!\w)(?:по|при|у)?(?:едем|еду|едет|едут|ехать|летим|лечу|летит|летят)(?!\w)"
    r"|(?<!\w)(?:поед|прилет|улет|встреча|реши|вместо|план|отпуск"
    r"|поездк|съезд)\w*",
    re.I,
)
# A plan for the occasion dropped: "cancelled the flights", «в июле не
# прилечу», «поездку отменили».
_DROPPED = re.compile(
    CALLED_OFF + r"|\bcancel+(?:ed|ing)?\b|\bcalled off\b|(?<!\w)отмен\w*", re.I
)
# The user's turns read by the new plan's places (newest first among equals).
PLAN_TURNS = 20
# The user's turns before a plan that make a place their own ground.
HOME_TURNS = 2
# The user's turns read by a season's month names.
MONTH_TURNS = 40


def asked_occasions(question: str) -> list[re.Pattern[str]]:
    """The occasions a question about a plan's place names (none when it
    asks no "where", asks the plan as it was first made, or names no time
    of the year)."""
    if not _ASKS_WHERE.search(question) or stance(question) == "past":
        return []
    return [pattern for pattern in _OCCASIONS if pattern.search(question)]


def _first_plan_occasions(question: str) -> list[re.Pattern[str]]:
    """The times of the year a question about a plan as first made names
    ("where were we first going this summer?"): asked of before, so not
    read as the plan as it stands (asked_occasions)."""
    if not _ASKS_WHERE.search(question) or not asked_first_plan(question):
        return []
    return [pattern for pattern in (*_TIMES, *_MONTHS) if pattern.search(question)]


def plan_told(question: str, hits: Sequence[SearchHit]) -> bool:
    """One of `hits` is the user's turn telling a plan for the time the
    question asks where a plan goes ("where are we going this summer?"):
    it names that time or one of the season's months, a plan word and a
    place or firm ("booked a cottage near Bamburgh instead, last week of
    June"). Such a turn answers though it says neither "holiday" nor
    "summer": the relevance gate (search/support.py) lets it through.
    So does the user's turn dropping a plan by its place ("Crete is off",
    «отменили Ригу») for a question on where a dropped plan went."""
    if asks_dropped_plan(question):
        return any(_drops_plan(hit) for hit in hits)
    # a plan as first made is told as a plan is, by the time it was for
    times = asked_occasions(question) or _first_plan_occasions(question)
    if not times:
        return False
    months = [_MONTHS[month - 1] for month in season_months(question)]
    return any(_tells_plan(hit, (*times, *months)) for hit in hits)


def asks_dropped_plan(question: str) -> bool:
    """The question asks where a plan went that was dropped since ("where
    were we going before we cancelled?", «куда мы собирались, пока всё не
    отменили?»): its answer names the place, never the question's words."""
    return bool(_ASKS_WHERE.search(question) and _DROPPED.search(question))


def _drops_plan(hit: SearchHit) -> bool:
    """The user's own turn dropping a plan it names by a place or firm."""
    return (
        hit.node.source_role == USER_ROLE
        and not _asks(hit.node.content)
        and bool(_DROPPED.search(hit.node.content))
        and any(_places(hit).values())
    )


def _tells_plan(hit: SearchHit, times: Sequence[re.Pattern[str]]) -> bool:
    text = hit.node.content
    if hit.node.source_role != USER_ROLE or _asks(text) or not _PLAN.search(text):
        return False
    return any(p.search(text) for p in times) and any(_places(hit).values())


def _places(hit: SearchHit) -> dict[int, set[str]]:
    """The places and firms a turn names, by id, with their names' keys in
    either script ("Kazan" and «Казань» one key): any entity but a person
    or a pet (they go along with any plan) or the occasion itself."""
    return {
        e.id: {loose_key(word) for word in _WORD.findall(e.name)} - {""}
        for e in hit.entities
        if e.type not in _ALONG and not any(p.search(e.name) for p in _OCCASIONS)
    }


def _named(keys: set[str], known: set[str]) -> bool:
    return any(same_key(key, old) for key in keys for old in known)


def newest_plan(occasion_turns: Sequence[SearchHit]) -> SearchHit | None:
    """The newest turn telling a plan that names a place no older turn of
    the occasion named."""
    ordered = sorted(occasion_turns, key=lambda hit: (hit.node.when, hit.node.id))
    known: set[str] = set()
    newest = None
    for hit in ordered:
        places = _places(hit).values()
        if _PLAN.search(hit.node.content) and any(
            keys and not _named(keys, known) for keys in places
        ):
            newest = hit
        known |= set().union(*places)
    return newest


def _new_place_ids(plan: SearchHit, older: Sequence[SearchHit]) -> list[int]:
    """Ids of the plan's places that no older turn of the occasion named,
    nor the plan leaves behind ("instead of Odessa", «вместо Берлина»)."""
    known = set().union(*(keys for hit in older for keys in _places(hit).values()))
    known |= {
        loose_key(word)
        for old in old_states(plan.node.content)
        for word in _WORD.findall(old)
    }
    return [i for i, keys in _places(plan).items() if keys and not _named(keys, known)]


async def with_occasion_plan(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """`hits` with the occasion's plan now and its later turns first;
    unchanged unless the question asks where a plan for an occasion goes
    and one of the user's turns of that occasion names a new place."""
    occasions = asked_occasions(query.text)
    if not occasions or not hits:
        return hits
    # a season's plan is told by its month too ("Tenerife in October" for
    # «куда едем осенью»): those turns join the ones saying the occasion
    turns = [
        hit
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and any(pattern.search(hit.node.content) for pattern in occasions)
    ]
    turns += await _told_by_month(storage, hits, season_months(query.text), window)
    dated = await _told_by_plan_month(storage, hits, turns, query.text, window)
    turns += dated
    plan = newest_plan(turns)
    again = plan_made_again(turns)
    if again and (plan is None or plan.node.when < again[0].node.when):
        # the plan read by its places was dropped since: the plan made again
        # leads, then that one (it may be the dropping itself)
        return _made_again_first(hits, again + ([plan] if plan else []))
    if plan is None:
        return hits
    # a plan made after the last one was dropped is new since the drop: all
    # the plan's turns since ("Tenerife in October instead", then "tickets
    # to Tenerife, Jet2") tell it, though the later one names a new firm
    since = _dropped_before(turns, plan)
    older = [hit for hit in turns if hit.node.when < since]
    telling = [
        hit
        for hit in turns
        if since <= hit.node.when <= plan.node.when and _PLAN.search(hit.node.content)
    ]
    new_ids = dict.fromkeys(i for hit in telling for i in _new_place_ids(hit, older))
    home = await _home_ground(storage, list(new_ids), turns, since, window)
    place_ids = [i for i in new_ids if i not in home]
    found = await storage.entities.entity_node_ids(
        place_ids, limit=PLAN_TURNS, types=("episodic",), window=window
    )
    ids = [node_id for node_id, _ in found]
    known = [hit for hit in hits if hit.node.id in set(ids)]
    read = [*known, *await unseen_hits(storage, hits, ids)]
    # the plan's own turns since the drop tell it too, though some name no
    # place: a person's day's by its month alone ("они летят двенадцатого
    # апреля", "booked the hall for 15 May")
    own = [hit for hit in turns if _PLAN.search(hit.node.content)] + dated
    later = [
        hit
        for hit in [*read, *own]
        if hit.node.source_role == USER_ROLE
        and hit.node.when > since
        and hit.node.id != plan.node.id
        and not _asks(hit.node.content)
    ]
    order = sorted(later, key=lambda hit: (hit.node.when, hit.node.id))
    lifted = list({hit.node.id: hit for hit in [plan, *order]}.values())
    lifted_ids = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [h for h in hits if h.node.id not in lifted_ids])


async def _home_ground(
    storage: Store,
    place_ids: Sequence[int],
    turns: Sequence[SearchHit],
    since: float,
    window: NodeWindow | None,
) -> set[int]:
    """The places among `place_ids` the user spoke of before the plan, apart
    from the occasion: their own ground (the town, the house, the bank), new
    to the occasion only because the plan brings someone to them ("Mum
    comes to us in April"). Their turns tell everyday life, not the plan."""
    occasion_ids = {hit.node.id for hit in turns}
    after, _, _ = _bounds(window)
    before = NodeWindow(after, since, None, USER_ROLE)
    home = set()
    for place_id in place_ids:
        found = await storage.entities.entity_node_ids(
            [place_id],
            limit=HOME_TURNS + len(occasion_ids),
            types=("episodic",),
            window=before,
        )
        told = [node_id for node_id, _ in found if node_id not in occasion_ids]
        if len(told) >= HOME_TURNS:
            home.add(place_id)
    return home


async def _told_by_plan_month(
    storage: Store,
    hits: Sequence[SearchHit],
    turns: Sequence[SearchHit],
    question: str,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """For a person's day asked by its name alone ("Mum's seventieth"), the
    user's turns naming the month of its newest plan: that plan is told
    with the day's name once ("Мамин юбилей отметим у нас, в апреле"), and
    the turns firming it up say only its month ("they fly on 12 April")."""
    if not any(day.search(question) for day in _DAYS) or any(
        time.search(question) for time in (*_TIMES, *_MONTHS)
    ):
        return []
    months = _plan_months(turns)
    if not months:
        return []
    seen = {hit.node.id for hit in turns}
    among = [
        hit
        for hit in hits
        if hit.node.id not in seen
        and hit.node.source_role == USER_ROLE
        and any(_MONTHS[month - 1].search(hit.node.content) for month in months)
    ]
    return among + await _told_by_month(storage, hits, months, window)


def _plan_months(turns: Sequence[SearchHit]) -> tuple[int, ...]:
    """The months (1-12) the newest of `turns` telling a plan with a month
    names."""
    newest_first = sorted(
        turns, key=lambda hit: (hit.node.when, hit.node.id), reverse=True
    )
    for hit in newest_first:
        text = hit.node.content
        named = tuple(i + 1 for i, month in enumerate(_MONTHS) if month.search(text))
        if named and _PLAN.search(text) and not _asks(text):
            return named
    return ()


async def _told_by_month(
    storage: Store,
    hits: Sequence[SearchHit],
    months: Sequence[int],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """The turns, not among `hits`, that name one of `months` (a season's
    asked, or a plan's): the question's words ("отдыхать осенью") are not
    the plan's ("Tenerife in October"), so the text leg did not find them."""
    if not months:
        return []
    words = [word for month in months for word in month_words(month)]
    match = fts_match(words)
    if match is None:
        return []
    # the user's turns only (the assistant's replies tell no plan), by their
    # own words: a session's date names a month too, and scores nothing here
    mine = NodeWindow(*_bounds(window), USER_ROLE)
    found = await storage.index.fts_search(
        match, limit=MONTH_TURNS, types=("episodic",), window=mine, context_weight=0
    )
    said = [node_id for node_id, score in found if score < 0]
    return await unseen_hits(storage, hits, said)


def _dropped_before(turns: Sequence[SearchHit], plan: SearchHit) -> float:
    """When the last plan before `plan` was dropped; the plan's own time
    when none was."""
    drops = [
        hit.node.when
        for hit in turns
        if hit.node.when < plan.node.when and _DROPPED.search(hit.node.content)
    ]
    return max(drops, default=plan.node.when)


def _bounds(window: NodeWindow | None) -> tuple[float | None, float | None, int | None]:
    """The time and entity a search's window keeps (all None: no window)."""
    if window is None:
        return None, None, None
    return window.after, window.before, window.entity_id


def _asks(text: str) -> bool:
    """The turn asks the assistant something: it tells no plan."""
    return text.rstrip().endswith("?")


def plan_made_again(occasion_turns: Sequence[SearchHit]) -> list[SearchHit]:
    """The turns that tell the occasion's plan made again after it was
    dropped, oldest first: the same places may come back the other way
    round ("I won't fly to Moscow in July", then "mama flies him to
    Belgrade on 1 July"), so no new place marks the new plan."""
    ordered = sorted(occasion_turns, key=lambda hit: (hit.node.when, hit.node.id))
    dropped = [i for i, hit in enumerate(ordered) if _DROPPED.search(hit.node.content)]
    if not dropped:
        return []
    after = ordered[dropped[-1] + 1 :]
    return [
        hit
        for hit in after
        if _PLAN.search(hit.node.content) and not _asks(hit.node.content)
    ]


def _made_again_first(
    hits: list[SearchHit], lifted: list[SearchHit]
) -> list[SearchHit]:
    """`hits` with the turns of the plan made again (`lifted`) first."""
    lifted_ids = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [h for h in hits if h.node.id not in lifted_ids])
