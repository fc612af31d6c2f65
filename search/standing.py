"""What the memory knows about a node itself, as ranking factors.

A fact carries a confidence that decays (decay.py) and a rate of 0 when the
user confirmed it. The nightly job writes the decayed value, but the ranking
reads it from the anchor at query time: between two runs a fact fades all
the same. Hiding what the job would prune was tried and left out: memories
adopted from the host with old timestamps vanished before any job ran. Episodes
never decay (rate 0, confidence 1), so on a memory of turns (the benchmark)
these factors are all 1. Recency counts only when the question asks for the
latest state ("what am I reading lately?", "последний релиз").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Literal

from .. import decay
from ..core.records import Entity, Node, SearchHit
from ..core.text import UPPER_LETTERS
from .before_own import BEFORE_OWN
from .before_past_ru import state_before
from .change_side import side_of_change
from .changes import (
    asked_keys,
    current_value,
    first_there,
    is_value,
    names_any,
    naming_current_value,
    read_turn,
    tells_change,
    tells_present,
    thing_keys,
    told_weights,
)
from .getting_about import DRIVING_ASKED
from .left_behind import old_states
from .morphology import action_noun_stems, stem
from .others_now import opened_by_others, others_now_ids
from .past_holder import past_holder_relation
from .present_plain import asks_present_plainly
from .rescheduled import rescheduled_ids
from .settling_in import settling_ids
from .small_talk import says_nothing
from .stem_sets import hit_stems, holds_stem, text_stems
from .steps import step_factor
from .support import wanted_stems
from .twin_words import twin_stems
from .when import ended_up_in_a_time_gone

# A fact at confidence c weighs 1 − CONFIDENCE_WEIGHT·(1 − c): a faded fact
# (0.1) half as much as a fresh one; it still shows when nothing else fits.
CONFIDENCE_WEIGHT = 0.5
CONFIRMED_BOOST = 0.1  # a confirmed (protected) fact over an unconfirmed fresh one
RECENCY_BOOST = 0.5  # the newest candidate over the oldest, when asked for
# ... and for a question about the user's present or past state ("Where do I
# live now?", "Where did I work before?"): measured on the life of
# bench/now_and_nothing.py, 0.5 left the old home above the new in 14-29 %.
STATE_BOOST = 1.0
_RECENT = re.compile(
    r"\b(?:latest|most recent(?:ly)?|recently|lately|newest|nowadays|these days"
    r"|currently|right now|last time|(?:did|do|have|has) (?:\w+ ){1,2}last)\b"
    r"|(?<!\w)(?:недавн\w*|последн\w*|сейчас|нынче|в последнее время)(?!\w)",
    re.I,
)


# "Where do I live now?", "Where do I work?", "Где я сейчас живу?": the
# present state of the user (first person, present tense). Not "where does my
# sister live": there a confirmed fact still outranks a newer guess.
_PRESENT = re.compile(
    r"\b(?:now|nowadays|at the moment|today|these days|any ?more)\b"
    r"|\b(?:do|am|are) (?:i|we)\b|\bi(?:'m| am)\b"
    # when a plan is, not when it was: the latest word on it ("When is
    # Pepper's vet appointment?" after "moved it to Monday")
    r"|\bwhen(?:'s| is| are| will)\b|\bwhat time (?:is|are)\b"
    # where a plan will be, or both: "When and where is the wedding?",
    # «Где будет свадьба?» (its latest word, after "moved it to City Hall")
    r"|\b(?:when|where) and (?:when|where)(?:'s| is| are| will)\b|\bwhere will\b"
    r"|(?<!\w)(?:когда|во сколько|где)(?: и (?:когда|где))? (?:\w+ )?буд(?:ет|ут)(?!\w)"
    # Russian asks when a plan is without a verb: «Когда мне к стоматологу?»,
    # «Когда у меня приём у врача?» (its latest word, after «перенесли»)
    r"|(?<!\w)когда (?:мне|нам|у меня|у нас)(?! был)(?!\w)"
    r"|(?<!\w)(?:теперь|в данный момент|на данный момент)(?!\w)"
    # where a changed plan landed is its latest word: "Where did we end up
    # going?", "What did we do in the end?", «Куда мы в итоге поехали?»
    r"|\b(?:end(?:ed)? up|in the end)\b|(?<!\w)(?:в итоге|в конце концов)(?!\w)"
    # where a move or a switch led is where one is now: "Where did we move
    # to?", «Куда мы переехали?», «На что я перешла?»
    r"|\b(?:where|what) did (?:i|we) (?:move|switch|change)\b"
    r"|(?<!\w)(?:куда|на что|на как\w+) (?:я|мы) пере\w+(?!\w)"
    # a present verb, reflexive too («я занимаюсь», «мы встречаемся»), and
    # after the one the user is with («мы с Мишей едем»: the plan of two)
    r"|(?<!\w)(?:я|мы)(?: со? \w+)?(?: \w+)? \w+(?:у|ю|ем|ём|им)(?:сь|ся)?(?!\w)",
    re.I,
)
# "Which nursery does Oscar go to?", «В какой садик ходит внук?»: someone's
# standing place, asked in the present (the user's own is _PRESENT's). Not
# of "my sister" (above); a name is capitalised (case-sensitive).
_PRESENT_PLACE = re.compile(
    r"\b[Dd]oes [A-Z]\w+ (?:go|live|work|study)\b"
    r"|^(?!.*(?<!\w)(?:мо[йяеёи]\w*|наш\w*)(?!\w)).*"
    r"(?<!\w)(?:ходит|ходят|живёт|живет|живут|работает|работают|учится)(?!\w)"
)
# before the change itself: "before the move", «до переезда»
_BEFORE_THE_CHANGE = (
    r"\bbefore (?:the|our|my) move\b|(?<!\w)до (?:нашего |моего )?переезда(?!\w)"
)
# "Where did I live before?", "used to", "раньше": an older state. "before"
# only at the end ("before?", "before that"): "before the trip" is a date.
_PAST = re.compile(
    r"\b(?:used to|did (?:i|we) use to|previously|formerly|originally|at first"
    r"|in the past)\b"
    r"|\bbefore(?: (?:that|then|this|now))?\s*[?.!]*$"
    r"|(?<!\w)(?:раньше|прежде|до этого|до того|сначала|изначально|когда-то"
    r"|бывш\w*|прежн\w*)(?!\w)"
    r"|"
    + _BEFORE_THE_CHANGE
    # "What truck did I have when I was a driver?", «…, когда я была
    # студенткой»: a time of the user's life gone by, as a clause after the
    # question or closed by a comma ("when i was at dentist last week" asks when)
    + r"|(?:\w[\s,]+|^\W*(?=[^?]*,))(?:when\s(?:i|we)\s(?:was|were)\b|когда"
    r"\s(?:я\s|мы\s)?(?:был|была|были|работал\w*|жил\w*|учил\w*)(?!\w))",
    re.I,
)
# "before Vienna", "до Вены", "before I switched": the state before a named
# change (case-sensitive: a name, not "before the trip").
# "before Skelo", «до Skelo», «до Риги»: a name after "before" is a time.
_BEFORE_NAMED = re.compile(
    rf"\bbefore (?:I |we |[{UPPER_LETTERS}]\w+)|(?<!\w)до [{UPPER_LETTERS}]\w+"
)
# "my old manager", "the original plan", "our previous flat", «мой старый
# телефон», «наша прошлая квартира»: a thing the question itself calls former
# («мой старый друг» is a friend of long standing, not a former one).
_CALLED_FORMER = re.compile(
    r"\b(?:my|our|the) (?:old|original|former|previous)\b"
    r"|(?<!\w)(?:мо|тво|наш)\w{0,3} (?:стар|прошл|предыдущ)(?:ый|ий|ая|ое|ее|ые"
    r"|ие|ого|его|ой|ей|ую|юю|ом|ем|ым|им|ых|их)(?!\w)"
    r"(?! (?:друг|подруг|приятел|товарищ))",
    re.I,
)
# «до скалолазания», «до переезда»: before an activity or an event named by
# a verbal noun (-ние, -тие); «до работы» is a destination, «до Вены» a
# name (_BEFORE_NAMED).
_BEFORE_DOING = re.compile(r"(?<!\w)до \w+(?:ни|ти)(?:я|й)(?!\w)", re.I)
Stance = Literal["now", "past", None]
# What a question about before names as the later state: the words after
# "before" to its end ("before cardiology?", "before Slow Horses?"), after
# «до» a name or a verbal noun («до Fernway», «до скалолазания»). Not a
# clause ("before I quit coffee": coffee is what was before), nor «до
# работы» (a destination).
_ANCHOR = re.compile(
    r"\bbefore (?!(?:I|we|that|then|this|now)\b)([\w' -]+?)\s*[?.!]*$"
    rf"|(?<!\w)до ((?-i:[{UPPER_LETTERS}])\w+|\w+(?:ни|ти)(?:я|й))(?!\w)",
    re.I,
)
_ANCHOR_NOISE = frozenset("my our the a an".split())
# A turn naming the later state without telling the change weighs this much
# less for a question about before: asked "Where did I work before Skelo?",
# "Second interview at Skelo" is the later state, not the answer; "handed in
# my notice, joining Skelo" tells the change and stays.
ANCHOR_DROP = 1.0


def wants_recent(text: str) -> bool:
    """The question asks for the newest state of something."""
    return bool(_RECENT.search(text))


# "Where do I train now?", «Куда я хожу…»: the question asks a place
_ASKS_WHERE = re.compile(r"^\W*(?:where|где|куда)(?!\w)", re.I)


def asks_where(text: str) -> bool:
    """The question opens with "where" / «где» / «куда»."""
    return bool(_ASKS_WHERE.search(text))


@functools.lru_cache(maxsize=256)  # each rule asks it of the question again
def stance(text: str) -> Stance:
    """ "past" for a question about an older state, "now" for the present or
    the latest one, None when it does not say (a plain recall question)."""
    past_rules = (_PAST, _BEFORE_NAMED, BEFORE_OWN, _CALLED_FORMER, _BEFORE_DOING)
    if (
        any(rule.search(text) for rule in past_rules)
        or state_before(text)
        or past_holder_relation(text)  # "Who was my boss at Purvciems?"
    ):
        return "past"
    if ended_up_in_a_time_gone(text):
        return None
    # «Я всё ещё за рулём?»: whether one drives is asked of now, as "Do I
    # still drive?" is by its "do I" (a Russian present may have no verb)
    present_rules = (_RECENT, _PRESENT, _PRESENT_PLACE, DRIVING_ASKED)
    if any(rule.search(text) for rule in present_rules) or asks_present_plainly(text):
        return "now"
    return None


def read_ahead(question: str, texts: Iterable[str]) -> None:
    """Work out (into the caches) what the ranking's rules ask of `texts`,
    the hits' turns and names, before the hits are ranked: their stems,
    whether a turn is small talk, and for a question about now or before
    what each turn tells."""
    asked = stance(question) is not None
    for text in texts:
        text_stems(text)
        says_nothing(text)
        if asked:
            read_turn(text)


def current_confidence(node: Node, now: float) -> float:
    """The node's confidence at `now`, decayed from its anchor."""
    anchor = node.last_accessed or node.created_at
    return decay.confidence_at(node.base_confidence, node.decay_rate, anchor, now)


def standing(node: Node, now: float) -> float:
    """Multiplier for the node's own confidence and confirmed status."""
    if node.type == "episodic":
        return 1.0
    factor = 1.0 - CONFIDENCE_WEIGHT * (1.0 - current_confidence(node, now))
    if node.decay_rate <= 0.0:
        factor *= 1.0 + CONFIRMED_BOOST
    return factor


def by_stance(
    hits: list[SearchHit],
    text: str,
    terms: Sequence[str] = (),
    own_words: Sequence[str] = (),
) -> list[SearchHit]:
    """The hits re-weighed by time when the question asks about now or before,
    and, among those about what it asks, by what they tell (search/changes.py:
    a change told, the present marked); the question's `own_words` (its terms
    and their twins) are never the current value."""
    asked = stance(text)
    if asked is None:
        return hits
    about = about_ids(hits, text, terms)
    weights = told_weights(hits, about, asked)
    # someone else's "now" ("He now has a job", «Томек теперь ездит в офис»)
    # raises nothing, nor is it the user's present the later rules read
    others = others_now_ids(hits, about, text, wanted_stems(text, terms))
    weights.update({i: min(weights[i], 1.0) for i in others})
    if asked == "now":
        about -= others
    if asked == "now":
        weights.update(dict.fromkeys(back_at_the_old(hits, about), 1.0))
        for hit in hits:
            if hit.node.id in about:
                factor = step_factor(hit.node.content)
                weights[hit.node.id] = weights.get(hit.node.id, 1.0) * factor
    told = [
        SearchHit(hit.node, hit.score * weights.get(hit.node.id, 1.0), hit.entities)
        for hit in hits
    ]
    told.sort(key=lambda hit: (-hit.score, hit.node.id))
    question = asked_keys(text, own_words)
    own = {hit.node.id for hit in told if not told_of_other(hit, text)}
    ids = {hit.node.id for hit in told}
    # after the user's change only the user's own turns tell the state now:
    # not what someone said or did there (opening with their name), nor
    # their "now"; before it anyone's turn may tell the old plan ("Oksana
    # says his swimming moved, so back to Sundays")
    mine = own - others - opened_by_others(told, text) if asked == "now" else ids
    told = side_of_change(told, about, asked, mine, question)
    if asked == "past":
        told = below_the_later_state(told, text)
    if asked == "now":
        told = naming_current_value(told, about, own, question)
    return favour_recent(told, older=asked == "past", boost=STATE_BOOST)


def back_at_the_old(hits: list[SearchHit], about: set[int]) -> list[int]:
    """Ids of the `about` hits that mark the present only and name, by an
    entity, what an earlier change about the asked thing left behind
    («Уезжаем с Dundas West», then «к доктору на Dundas West теперь через
    весь город»): the present they mark is a trip back to the old state,
    not the state (a route, "from X to", leaves nothing behind)."""
    left = [
        (hit.node.when, thing_keys(old))
        for hit in hits
        if hit.node.id in about and tells_change(hit.node.content)
        for old in old_states(hit.node.content, routes=False)
    ]
    return [
        hit.node.id
        for hit in hits
        if hit.node.id in about
        and tells_present(hit.node.content)
        and not tells_change(hit.node.content)
        and any(
            hit.node.when > when and is_value(e.name, keys)
            for when, keys in left
            for e in hit.entities
        )
    ]


def later_state(text: str) -> set[str]:
    """Stems of what a question about before names as the later state
    ("Where did I work before Skelo?": "skelo"), empty when it names none
    ("before that", «до этого»)."""
    found = _ANCHOR.search(text)
    if re.search(_BEFORE_THE_CHANGE, text, re.I):
        return set()
    named = found and (found.group(1) or found.group(2)) or state_before(text)
    if not named:
        return set()
    words = named.split()
    stems = {stem(w) for w in words if w.casefold() not in _ANCHOR_NOISE}
    stems |= {s for w in words for s in action_noun_stems(w)}  # «до плавания»
    # the other language's word too: "cardiology" is «кардиологию»'s state
    return stems.union(*(twin_stems(s) for s in stems))


def below_the_later_state(hits: list[SearchHit], text: str) -> list[SearchHit]:
    """The hits re-weighed for a question about before a named later state
    (see ANCHOR_DROP): the turns naming it that tell no change weigh less;
    the order is left to the caller's sort."""
    later = later_state(text)
    if not later:
        return hits

    def weight(hit: SearchHit) -> float:
        text = hit.node.content
        if not holds_stem(hit, later) or tells_change(text) and not first_there(text):
            return 1.0
        return 1.0 / (1.0 + ANCHOR_DROP)

    return [SearchHit(h.node, h.score * weight(h), h.entities) for h in hits]


def about_ids(hits: list[SearchHit], text: str, terms: Sequence[str]) -> set[int]:
    """Ids of the hits about what the question asks (sharing its subject or a
    word) that tell the user's own state, not someone else's."""
    wanted = wanted_stems(text, terms)
    # "Where does Mark live now?" is about where he lives: every turn naming
    # him ("Mark moved the review") is not, or his newest would answer.
    what = wanted - _asked_people(hits, text)
    about = {
        hit.node.id
        for hit in hits
        if holds_stem(hit, what or wanted) and not told_of_other(hit, text)
    } | settling_ids(hits, text)  # "First night in X": about home
    # "Mum's call moved to the evening": no move of home
    return about - rescheduled_ids(hits, text)


def _asked_people(hits: list[SearchHit], question: str) -> set[str]:
    """Stems of the names of the people among the hits' that `question` names."""
    return {
        stem
        for hit in hits
        for entity in hit.entities
        if entity.type == "person" and _names(question, entity.name)
        for stem in text_stems(entity.name)
    }


@functools.lru_cache(maxsize=4096)
def _names(question: str, name: str) -> bool:
    """The question names `name` as a whole word. Kept per question and name:
    the stance rules ask it of every hit's every entity (~500 times a long
    question, ~20 names), and the search of a 200-character question costs
    ~3 µs against the cache's ~0.2."""
    return bool(question) and bool(name_pattern(name).search(question))


@functools.lru_cache(maxsize=4096)
def name_pattern(name: str) -> re.Pattern[str]:
    """`name` as a whole word. Compiled once a name: the stance rules ask it
    of every hit's every entity, ~600 times a long question (building and
    looking up the pattern each time was ~2 ms CPU of get_context's)."""
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


def told_of_other(hit: SearchHit, question: str = "", *, asked: str = "") -> bool:
    """The turn opens with someone's name ("Priya moved to Vienna too",
    "Lena's shift got moved"): their state, not the user's ("Lena and I" is
    the user's too), nor that of whom the `question` asks ("Where does Lena
    work now?" is answered by "Lena started at the hospital in Vienna"), nor
    when it names whom the question asks: «Тимур с Люси забирают Алму из
    Little Acorns» tells Alma's nursery («в какие ясли ходит Алма?»).
    A caller counting every turn opened by a main name as news (the user's
    own turns of a role, a doing, a way) says its question as `asked`."""
    text = hit.node.content.lstrip()
    for entity in hit.entities:
        name = entity.name
        # "Lena started at the hospital" tells of Lena; "Lena: ..." is her line
        if _names(question, name) and not text[len(name) :].startswith(":"):
            continue
        if text.startswith(name) and not re.match(
            r"\s+(?:and|&|и)\s", text[len(name) :], re.I
        ):
            return not _asks_of_another(hit, question, entity)
    return False


def _asks_of_another(hit: SearchHit, question: str, opener: Entity) -> bool:
    """The question names a person the turn names besides its `opener`, by
    any of their names (the Latin-filed Alma asked as «Алма»)."""
    return any(
        entity.type == "person"
        and entity.id != opener.id
        and any(_names(question, name) for name in (entity.name, *entity.aliases))
        for entity in hit.entities
    )


def favour_recent(
    hits: list[SearchHit], *, older: bool = False, boost: float = RECENCY_BOOST
) -> list[SearchHit]:
    """Newer hits gain up to RECENCY_BOOST, relative to the candidates' span.

    Relative, not by age: a memory imported from last year has no "today",
    and the newest of its candidates is still the answer to "lately". With
    `older`, the older hits gain instead ("before", "раньше"). Best first.
    """
    if len(hits) < 2:
        return hits
    oldest = min(hit.node.when for hit in hits)
    span = max(hit.node.when for hit in hits) - oldest or 1.0

    def newness(hit: SearchHit) -> float:
        share = (hit.node.when - oldest) / span
        return 1.0 - share if older else share

    out = [
        SearchHit(hit.node, hit.score * (1.0 + boost * newness(hit)), hit.entities)
        for hit in hits
    ]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _latest_change_is_current(about: list[SearchHit], wanted: set[str]) -> int | None:
    """Id of the latest change told among `about` when no later turn answers
    more of the question (`wanted` stems): "moved Pepper's vet appointment to
    Monday" stays current under "Pepper needs a bath before the vet", while
    "started my new job at Siemens" is past under a later "Work at Bosch is
    busy" (which answers "work")."""
    changes = [h for h in about if tells_change(h.node.content)]
    latest = max(changes, key=lambda hit: hit.node.when)
    told = hit_stems(latest) & wanted
    later = (h for h in about if h.node.when > latest.node.when)
    if any((hit_stems(h) & wanted) - told for h in later):
        return None
    return latest.node.id


def earlier_states(
    hits: list[SearchHit],
    text: str,
    terms: Sequence[str],
    own_words: Sequence[str] = (),
) -> set[int]:
    """Ids of the hits a question about now should read as past: among the
    hits about what it asks (sharing its subject or a word), all but the
    newest, those naming the current value (search/changes.py) and a latest
    change that is still current, once one of them tells a change. Without a
    change told nothing is past: an older turn is not outdated because a
    newer one exists ("Step one: run make build" for "How do I deploy my
    blog?" was marked "(earlier)")."""
    if stance(text) != "now":
        return set()
    wanted = wanted_stems(text, terms)
    about = [h for h in hits if holds_stem(h, wanted)]
    if len(about) < 2 or not any(tells_change(h.node.content) for h in about):
        return set()
    newest = max(h.node.when for h in about)
    value = current_value(hits, {h.node.id for h in about}, asked_keys(text, own_words))
    current = _latest_change_is_current(about, wanted)
    return {
        h.node.id
        for h in about
        if h.node.when < newest and not names_any(h, value) and h.node.id != current
    }
