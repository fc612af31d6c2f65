"""Turns that tell a change of state, or the state as it is now.

"We're moving from Berlin to Vienna", "I've switched from tea to coffee",
"handed in my notice, joining X", "переехали", "бросил", "отменили": a turn
that tells a change answers both "now" (it names the new state) and "before"
(it names the old one). "I live in Vienna now", "Мы теперь живём в Вене" tell
the present only. Read from the raw words, without a model: the verbs and
markers of change in English and Russian, never the things that change.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Literal

from ..core.records import SearchHit
from ..core.text_caches import text_cache
from .called_off import CALLED_OFF, CALLED_OFF_KEYS
from .cross_script import loose_key
from .frame_words import GENERIC_STEMS
from .home_people import ASKS_HOME, without_old_people
from .left_behind import old_states
from .morphology import stem
from .query_text import STOP_WORDS
from .returned import BACK_TO, BACK_TO_KEYS
from .slots import asks_home

_CHANGE = re.compile(
    r"\b(?:mov(?:ed|ing) (?:from|to|into|out|away|back|house|abroad)"
    r"|relocat\w+|switch(?:ed|ing) (?:from|to|over)|chang(?:ed|ing) (?:from|to)"
    r"|(?:start(?:s|ed|ing)?|began) (?:at|as|with|a new|my new|working|to)"
    r"|(?:last|final) (?:day|week|night|month) (?:at|in|of)"
    r"|join(?:ed|ing)|hand(?:ed|ing) in (?:my|our) notice|quit|resign\w*"
    r"|gave up|giv(?:e|ing) up|stopp?(?:ed|ing)|cancel+(?:ed|ing)|called off"
    r"|no longer|not any ?more|no more"
    # "first day at Kestrel", "first shift on Ward 4": a new place's first
    r"|first (?:day|week|night|month|shift) (?:at|in|of|on)"
    # a new job agreed on: "accepted their offer", «получил оффер»; moved
    # within the same employer: "a transfer to the Hadar branch", «заявление
    # на перевод на другую подстанцию»
    r"|(?:accept(?:ed|ing)|got|took|taking)"
    r" (?:the |an |their |his |her )?(?:job )?offer"
    # (not "transfer to my account": money moves too)
    r"|(?:asked for|applied for|requested|got) a transfer|transferred (?:me )?to"
    # a choice made and the day it holds from: "Big decision: no big venue",
    # "Decided: ...", "from now on"
    r"|decid(?:ed|ing)|decision|from (?:now on|today)"
    # a home changed hands: "Moving day", "handed back the keys to the old
    # flat", "got the keys"
    r"|moving day|(?:got|picked up|collected|returned|handed (?:back|over|in)"
    r"|gave back) (?:the |our |my )?keys"
    r"|(?:new|old) (?:job|flat|apartment|home|house|place|city|company|employer)"
    r"|instead of|from \w+ to"
    # a plan or an appointment that moved: "moved Pepper's appointment to
    # Monday", "the dentist got rescheduled", "pushed the meeting back"
    r"|reschedul\w*|postpon\w*|push(?:ed|ing) (?:[\w']+ ){0,2}(?:back|forward)"
    r"|(?:mov|shift)(?:ed|ing) (?:[\w']+ ){1,2}(?:to|from))\b"
    r"|(?<!\w)(?:пере(?:ех|езж|шл|шё|ше|брал|вел|стал|нес|нёс|нос)\w*|отлож\w*|бросил\w*|забросил\w*"
    r"|завязал\w*|уволил\w*|устроил\w*|отмен\w*|передумал\w*|больше не"
    # «сменила тему диплома», «поменял тариф»: one thing swapped for another
    r"|(?:сменил|поменял)\w*"
    # leaving a place or a firm: «уезжаем с Dundas West», «ухожу из банка»,
    # «заявление об уходе»; a choice made: «решили», «с сегодняшнего дня»
    r"|уе(?:зжа|хал)\w*|(?:ухож|уход|ушл|ушёл|ушел)\w* (?:из|с|от)|об уходе"
    # ... or the place first: «С AMU ухожу», «из банка ушла»
    r"|(?:с|со|из|от) (?-i:[A-ZА-ЯЁ])\w*(?: \w+){0,2} (?:ухож|уход|ушл|ушёл|ушел)\w*"
    r"|решил[аи]?|решено|с сегодняшнего дня"
    # «Вернула ключи от квартиры», «получили ключи», «сдали ключи»
    r"|(?:вернул|получил|сдал|отдал)\w* ключ\w*"
    r"|вместо|(?:перв|последн)\w+ (?:день|недел\w*|ночь)|перв\w+ смен\w*"
    r"|(?:получил|принял)\w* оффер\w*|заявлени\w* на перевод"
    # moved to another school, nursery or branch, told in the present or
    # future: «переводим сына в другую школу», «меня переводят на склад»
    # (the past, «перевели», is «пере-вел» above; «переводы» is money)
    r"|перев(?:од|ож|ед)(?:ят|им|ит|у|ут|ём|ем|ёт|ет)(?:ся|сь)?"
    r"(?: \S+){0,2} (?:в|во|на)"
    r"|нов(?:ая|ой|ую|ом|ое|ые|ых|ую) (?:работ|квартир|компани|город|дом|офис)\w*"
    r"|из \w+ в)(?!\w)|" + CALLED_OFF + "|" + BACK_TO,
    re.I,
)
# "First day on the cardiology ward", «Первая смена в Skelo»: a change told
# from inside the new state, no answer to a question about before.
_FIRST_THERE = re.compile(
    r"\bfirst (?:day|week|night|month|shift)\b"
    r"|(?<!\w)перв\w+ (?:день|недел\w*|ночь|смен\w*)(?!\w)",
    re.I,
)
_PRESENT = re.compile(
    r"\b(?:now|nowadays|these days|currently|at the moment|any ?more)\b"
    r"|(?<!\w)(?:теперь|сейчас|нынче|уже (?:\w+ )?(?:месяц|недел|год|лет)\w*)(?!\w)",
    re.I,
)
# A literal every match of _CHANGE (_PRESENT) holds, as the pattern's
# IGNORECASE compares it: a turn holding none cannot match, so the patterns
# (~35 / ~15 µs a chat turn, Python's re with IGNORECASE) run only on the
# turns that hold one (the check ~4 µs; a now question reads ~80 turns).
_CHANGE_KEYS = (
    "mov", "relocat", "switch", "chang", "start", "began", "last", "final",
    "join", "hand", "quit", "resign", "gave up", "giv", "stop", "cancel",
    "called off", "no longer", "not any", "no more", "decid", "decision",
    "first ", "new ", "old ", "keys", "ключ", "offer", "transfer", "оффер",
    "instead of", "from ", "reschedul", "postpon", "push", "shift", *CALLED_OFF_KEYS,
    *BACK_TO_KEYS,
    "пере", "отлож", "бросил", "завязал", "уволил", "устроил", "отмен",
    "больше не", "сменил", "поменял", "вместо", "перв", "последн", "нов", "из ",
    "уезжа", "уехал",
    "ухож", "уход", "ушл", "ушёл", "ушел", "решил", "решено", "с сегодняшнего",
)  # fmt: skip
_PRESENT_KEYS = (
    "now", "these days", "currently", "at the moment", "any",
    "теперь", "сейчас", "нынче", "уже ",
)  # fmt: skip
# The letters IGNORECASE matches that str.lower() does not map to them
# (found by trying every code point against a-z and а-я).
_IGNORECASE_MORE = str.maketrans("İıſᲀᲁᲂᲃᲄᲅᲆ", "iisвдосттъ")


def holds_any(text: str, keys: tuple[str, ...]) -> bool:
    if not text.isascii():  # (ASCII holds none of those letters)
        text = text.translate(_IGNORECASE_MORE)
    folded = text.lower()
    for key in keys:  # noqa: SIM110  (a loop: half the time of any())
        if key in folded:
            return True
    return False


# A change told weighs this much more for a question about now or before; a
# present-only statement as much for now (and less for before).
CHANGE_BOOST = 0.6
PRESENT_BOOST = 0.4


@text_cache(8192)  # every rule of a now question asks
def tells_change(text: str) -> bool:
    """The turn tells that something changed."""
    return holds_any(text, _CHANGE_KEYS) and bool(_CHANGE.search(text))


@text_cache(8192)  # every rule of a now question asks
def tells_present(text: str) -> bool:
    """The turn marks its state as the present one ("now", "теперь")."""
    return holds_any(text, _PRESENT_KEYS) and bool(_PRESENT.search(text))


def first_there(text: str) -> bool:
    """The change is told from inside the new state (_FIRST_THERE)."""
    return bool(_FIRST_THERE.search(text))


def read_turn(text: str) -> None:
    """Work out (into the caches) what the rules of a question about now or
    before ask of a turn: whether it tells a change or the present, and if
    so its content words (~50 µs a turn, asked of the turns that tell: the
    current value is counted from those; search/call.py does it ahead)."""
    if tells_change(text) or tells_present(text):
        _word_keys(text)


def state_factor(
    text: str, asked: Literal["now", "past"], newness: float = 1.0
) -> float:
    """Weight of a turn about the asked thing, for a question about now or
    before: a change told answers both (half the boost for before was tried:
    the older turns did not rise), for now by its `newness` among the changes
    told (an older change, "started my new job at X", is itself the past);
    the present marked answers only "now"."""
    if tells_change(text) and asked == "now":
        return 1.0 + CHANGE_BOOST * newness
    if tells_change(text) and not first_there(text):
        return 1.0 + CHANGE_BOOST
    if tells_present(text):
        return 1.0 + PRESENT_BOOST if asked == "now" else 1.0 / (1.0 + PRESENT_BOOST)
    return 1.0


def told_weights(
    hits: list[SearchHit], about: set[int], asked: Literal["now", "past"]
) -> dict[int, float]:
    """`state_factor` of each hit in `about` (ids), a change's newness
    relative to the oldest and newest of them (relative to the changes told
    alone, the only change found, "started my new job at X" long ago, stayed
    on top while the later one was not among the candidates)."""
    times = [h.node.when for h in hits if h.node.id in about]
    oldest = min(times, default=0.0)
    span = max(times, default=0.0) - oldest
    return {
        h.node.id: state_factor(
            h.node.content, asked, (h.node.when - oldest) / span if span else 1.0
        )
        for h in hits
        if h.node.id in about
    }


def _names(hit: SearchHit) -> set[str]:
    return {stem(entity.name) for entity in hit.entities}


def named_things(hit: SearchHit) -> set[str]:
    """The stems of the hit's entities that are no person."""
    return {stem(e.name) for e in hit.entities if e.type != "person"}


# What the asked thing is now: an entity (by its name's stem, so "Вене" and
# "Вену" are one) or a word ("coffee", "кофе": `_word_keys`) named by at
# least VALUE_MENTIONS of the turns that tell a change or mark the present
# ("moving to Vienna", "I live in Vienna now"). One statement is not enough:
# "moving from Berlin to Vienna, Lena got the offer" names Berlin and Lena
# once. A turn about the asked thing that names the value on or after the
# first change told is evidence of the present ("Home in Vienna: the tram
# stops outside"), above the old state and above turns that share only the
# question's words ("my boss lives in Baden").
VALUE_MENTIONS = 2
VALUE_BOOST = 1.0


_WORD = re.compile(r"\w+", re.UNICODE)
# A value that is no name ("coffee", "кофе") is a word of the statements: by
# its loose key (search/cross_script.py), so the two scripts' words are one
# ("coffee" and "кофе" are "kof"); marked apart from the entities' stems.
WORD_MARK = "~"


@text_cache(4096)
def _word_keys(text: str) -> frozenset[str]:
    """The loose keys of the text's content words (not the words that ask:
    "live", "живём", "now"), marked with WORD_MARK (cached: one search asks
    of each hit several times)."""
    return frozenset(
        {
            WORD_MARK + key
            for word in _WORD.findall(text)
            if word.casefold() not in STOP_WORDS and stem(word) not in GENERIC_STEMS
            if len(key := loose_key(word)) >= 3
        }
    )


def _value_keys(hit: SearchHit) -> set[str]:
    """The entities' stems and the text's content words (`_word_keys`)."""
    return _names(hit) | _word_keys(hit.node.content)


@text_cache(4096)
def _old_keys(text: str, routes: bool = True) -> frozenset[str]:
    """`_word_keys` of what the text's changes leave behind
    (search/left_behind.py); `routes` as there."""
    return frozenset().union(*(_word_keys(old) for old in old_states(text, routes)))


def thing_keys(thing: str) -> set[str]:
    """The keys `is_value` reads a thing written in a turn by: its stem and
    its content words' (`_word_keys`)."""
    return {stem(thing)} | _word_keys(thing)


# A question asking for the value opens with a question word, maybe after
# a preposition ("Where is the wedding?", «В каком банке …?»): its own words
# name the asked thing, never the value. A yes-or-no question names a
# candidate instead ("Am I still with Rogers?", "Do I drink tea or coffee?").
_ASKS_FOR_VALUE = re.compile(
    r"^\W*(?:(?:in|at|with|to|for|from|в|во|на|к|ко|с|со|у|о|об|от|до|из|за|по)\s+)?"
    r"(?:what|which|where|when|who|whom|whose|how|что|чем|чего|как\w*|где|куда"
    r"|когда|кто|кем|кому|сколько|откуда|чей|чья|чьё|чьи)(?!\w)",
    re.I,
)


def asked_keys(question: str, words: Iterable[str]) -> frozenset[str]:
    """`_word_keys` of the question's own `words` when it asks for the value
    (_ASKS_FOR_VALUE): "wedding" in "When and where is the wedding?"; with
    ASKS_HOME when it asks about the user's home."""
    if not _ASKS_FOR_VALUE.search(question):
        return frozenset()
    keys = _word_keys(" ".join(words))
    return keys | {ASKS_HOME} if asks_home(question) else keys


def things_of(hit: SearchHit, words: set[str]) -> set[str]:
    """The stems of the hit's entities that are no person, and those of its
    words (`_word_keys`) among `words`."""
    named = named_things(hit)
    return named | (_word_keys(hit.node.content) & words) if words else named


def leaves_behind(
    hit: SearchHit,
    dropped: AbstractSet[str],
    names: Iterable[str] = (),
    routes: bool = True,
) -> set[str]:
    """The hit's `_value_keys` that are words `dropped` or what its change
    leaves behind, and the stems of its entities' or the other `names` all
    of whose words are those ("Evergreen Brick Works" in «вместо Evergreen
    Brick Works»; not "City Hall" in "no Grand Hall"); `routes` as in
    _old_keys."""
    dropped = dropped | _old_keys(hit.node.content, routes)
    if not dropped:
        return set()
    every = {*names, *(e.name for e in hit.entities)}
    left = {
        stem(name) for name in every if (keys := _word_keys(name)) <= dropped and keys
    }
    return left | (_word_keys(hit.node.content) & dropped)


def is_value(name: str, value: AbstractSet[str]) -> bool:
    """An entity's `name` is the value: by its stem, or all its words are
    among the value's (`_word_keys`: "Leslieville" is «Лесливилл»)."""
    keys = _word_keys(name)
    return stem(name) in value or (bool(keys) and keys <= value)


def _thing_keys(hit: SearchHit) -> set[str]:
    """`_value_keys` without the people's names."""
    return named_things(hit) | _word_keys(hit.node.content)


def names_any(hit: SearchHit, value: set[str]) -> bool:
    """The hit names one of the `value` stems or words (see current_value)."""
    return not value.isdisjoint(_value_keys(hit))


def _told_keys(
    hits: list[SearchHit], about: set[int], dropped: AbstractSet[str] | None
) -> dict[str, float]:
    """The keys (`_value_keys`) that statements of change or of the present,
    among the `about` ids, name at least VALUE_MENTIONS times, with the time
    of the last; with `dropped` (for now) not those words nor what each
    statement's change leaves behind (`leaves_behind`)."""
    counts: dict[str, int] = {}
    last: dict[str, float] = {}
    for hit in hits:
        if hit.node.id in about and (
            tells_change(hit.node.content) or tells_present(hit.node.content)
        ):
            keys = _value_keys(hit)
            if dropped is not None:
                keys -= leaves_behind(hit, dropped)
            for key in keys:
                counts[key] = counts.get(key, 0) + 1
                last[key] = max(last.get(key, hit.node.when), hit.node.when)
    return {key: last[key] for key, count in counts.items() if count >= VALUE_MENTIONS}


def told_value(hits: list[SearchHit], about: set[int]) -> set[str]:
    """The keys the statements agree on, whichever side of a change they
    name (what "before" reads: the old state is among them)."""
    return set(_told_keys(hits, about, None))


def current_value(
    hits: list[SearchHit], about: set[int], asked: AbstractSet[str] = frozenset()
) -> set[str]:
    """Stems of the entities (and words) that statements of change or of the
    present, among the `about` ids, name at least VALUE_MENTIONS times; not
    the question's own words (`asked`, see asked_keys) nor what a change
    leaves behind (search/left_behind.py), there or later ("Big decision: no Brick
    Works" after two turns planning the wedding at Brick Works; a route from
    it, "from X to", only in a turn about the asked thing)."""
    last = _told_keys(hits, about, asked)
    value = set(last)
    names = {e.name for hit in hits for e in hit.entities}
    for hit in hits:
        if value and tells_change(hit.node.content):
            routes = hit.node.id in about
            left = leaves_behind(hit, frozenset(), names, routes)
            value -= {key for key in left & value if last[key] < hit.node.when}
    if ASKS_HOME in asked:
        told = [h for h in hits if h.node.id in about]
        since = min(
            (h.node.when for h in told if tells_change(h.node.content)), default=None
        )
        value = without_old_people(value, hits, since)
    return _by_its_name(value, hits)


def _by_its_name(value: set[str], hits: list[SearchHit]) -> set[str]:
    """A value that is a name (a place, a firm) is told by it: of the words
    only those of its name stay ("Jones Avenue", not the "house" and "дом"
    around it, which every old turn about home names too)."""
    names = {e.name for h in hits for e in h.entities if stem(e.name) in value}
    if not names:
        return value
    kept = _word_keys(" ".join(names))
    return {key for key in value if not key.startswith(WORD_MARK) or key in kept}


def naming_current_value(
    hits: list[SearchHit],
    about: set[int],
    own: set[int],
    asked: AbstractSet[str] = frozenset(),
) -> list[SearchHit]:
    """The hits re-weighed for a question about now: those that name the
    current value (see VALUE_BOOST), not before the first change told, gain
    VALUE_BOOST if they are `about` the asked thing or are the user's `own`
    statement of a change or of the present ("First day at Kestrel Labs!"
    shares no word with "Where do I work now?"), and so do the first
    CASUAL_TURNS of the user's own that name it by its name after the last
    change that told it (see _casual_present); the order is left to the
    caller's sort."""
    value = current_value(hits, about, asked)
    changes = [
        h.node.when for h in hits if h.node.id in about and tells_change(h.node.content)
    ]
    if not value or not changes:
        return hits
    since = min(changes)
    casual = _casual_present(hits, about, own, value)

    def weight(hit: SearchHit) -> float:
        told = tells_change(hit.node.content) or tells_present(hit.node.content)
        # the user's change told elsewhere names the value by a thing, not
        # by a person in it («вернулась в VHS, сказала Даниру»)
        current = hit.node.when >= since and (
            hit.node.id in about
            and names_any(hit, value)
            or (hit.node.id in own and told and not value.isdisjoint(_thing_keys(hit)))
        )
        return 1.0 + VALUE_BOOST if current or hit.node.id in casual else 1.0

    return [SearchHit(h.node, h.score * weight(h), h.entities) for h in hits]


# The user's own turns that name the value by its name after the change that
# set it are the present said in passing ("First night in Leslieville",
# "Weekly 1:1 with Siobhan at Fernway"), though they share no word with the
# question; the first few only: the value is also named in other contexts
# ("biked to Fernway"), which must not fill the answer.
CASUAL_TURNS = 3


def _casual_present(
    hits: list[SearchHit], about: set[int], own: set[int], value: set[str]
) -> set[int]:
    """Ids of the first CASUAL_TURNS `own` hits, not `about` the asked thing,
    naming an entity of the `value` (not a word of it) after the last change
    about the asked thing that names the value. Not a person: people are
    named in every context ("Linda came over"), a place or a firm is where
    the user's life now is."""
    setting = [
        h.node.when
        for h in hits
        if h.node.id in about and tells_change(h.node.content) and names_any(h, value)
    ]
    if not setting:
        return set()
    since = max(setting)
    later = sorted(
        (
            h
            for h in hits
            if h.node.id in own
            and h.node.id not in about
            and h.node.when > since
            and not value.isdisjoint(named_things(h))
        ),
        key=lambda h: (h.node.when, h.node.id),
    )
    return {h.node.id for h in later[:CASUAL_TURNS]}
