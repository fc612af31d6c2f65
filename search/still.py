"""A yes/no question whether a state still holds: "Am I still going to X?".

"Is Lev still doing judo?", "Do I still drink coffee?", «Я всё ещё пью
кофе?», «Поля ещё ходит в театральную студию?». The answer is the newest
turn that ends the thing ("Cancelled X and went to the pool", «Всё,
завязала», «отказался от дзюдо… Зато увидел хоккей») and the turns of the
state that followed; the thing's turns before its end are the old state,
and they carry the question's words, so by score alone they lead. When the
user's turns about the thing hold one that ends it, that newest end turn
ranks first (second, after the doing taken up, when it names no new
state: it is then the old state's last turn), then the newer turns of the
new state (the names the end turn says after "and", «зато», "instead",
and the other things of the thing's kind it names in lower case: «в
шахматы больше не хожу, два раза в неделю хор»; read from the whole
memory, their first turns before the thing's later mentions; the other
doing taken up right after it, search/taken_up.py), then the rest; the
thing's turns before the end drop below the new state's. A question that
names its thing by a verb alone asks the verb's category ("Do I still
drive?": the car, its makes; a sale ends it). No end told,
the thing's turns go on after it, or its end word ends another thing:
a change told by the new state alone ("back at the pool", «я теперь
пескетарианка», search/told_change.py) ranks first, or else the thing
still holds: its newest turns lead when it is named by one word and
still spoken of lately (search/still_holds.py), else the ranking is left
alone. Bounded: the question's own hits, and one read of the newest turns
of the new state (or one turn read, whether the thing went quiet).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import NodeWindow, SearchHit
from ..store.interface import Store
from .abstaining import counting_turns
from .analysis import AnalysedQuery
from .end_words import (
    ENDS,
    SENTENCE,
    WORD,
    content_word,
    ends_another,
    ends_state,
    retells_end,
    what_it_ends,
)
from .frame_words import GENERIC_STEMS
from .legs import fts_leg
from .morphology import stem
from .query_text import STOP_WORDS
from .relapse import asks_abstaining, goes_back
from .replacing_plan import replacing_plan_turns
from .shift_change import asked_patterns, of_new_pattern, told_pattern
from .stem_sets import holds_stem, text_stems
from .still_holds import newest_first
from .switched_way import switched_way
from .taken_up import LEAD_DAYS, taken_up
from .told_change import kind_named, same_root, told_change
from .twin_words import formed_twins, twin_terms, with_twins
from .windowed import USER_ROLE, lifted_first, own_turns_after, turns_as_hits

# "Am I still …?", "Does Mia still …?", "Is it still …?": a yes/no question
# (it opens with its verb) that asks with "still"; "Do I eat meat now?"
# asks the same of the present, and so does "Do I eat meat or not?": a
# yes/no question that offers the "not" is asked of a state that may have
# ended.
_STILL_EN = re.compile(
    r"^\W*(?:am|is|are|was|do|does|did|have|has)\b[^?]*\b(?:still|now|or not)\b",
    re.I,
)
# A question typed short, its verb left out: "chess club still?", "still
# at the gym?", "still smoking?" ask the same; not one that opens with a
# question word ("What do I still owe?")
_STILL_BARE_EN = re.compile(
    r"^(?!\W*(?:what|who|whom|whose|where|which|when|how|why)\b)"
    r"(?:\W*still\b|.*\bstill\W*$)",
    re.I,
)
# «Я всё ещё пью кофе?», «Поля ещё ходит…?», «Я до сих пор курю?», and of
# the present: «Я сейчас пью вино?», «Я ем рыбу или нет?» («еще»: Russian
# is often typed without «ё»)
_STILL_RU = re.compile(
    r"(?<!\w)(?:(?:всё|все)\s+)?ещ[её](?!\w)"
    r"|(?<!\w)(?:до сих пор|сейчас|или нет)(?!\w)",
    re.I,
)
# A question word makes it no yes/no question: «Что ещё я купила?»
_ASKS_WHAT = re.compile(
    r"(?<!\w)(?:что|кто|где|куда|когда|как\w*|сколько|почему|зачем|ч[её]м|чего"
    r"|чему|кого|кому|кем|ком|чей|чья|чьи|откуда)(?!\w)",
    re.I,
)
# What follows the end: "…and went to the Houtvaart", «Зато увидел
# хоккей», "instead", «вместо этого», «теперь», or a start ("signed him up
# for", «записали его в»). The words after it, in the end's sentence or the
# next two, name the new state.
_THEN = re.compile(
    r"\b(?:and|instead|now|signed (?:\w+ )?up|joined|started)\b"
    r"|(?<!\w)(?:зато|вместо этого|теперь|а|записал\w*|начал\w*)(?!\w)",
    re.I,
)
# The thing's turns, and the new state's, read from the whole memory (bm25).
THING_TURNS = 30
# At most this many turns lifted: the end and the new state's best.
LIFTED = 8
# The new state's turns, named by the end, that lead the thing's later ones.
NAMED_FIRST = 3
# The ends after which the turns counting days without the thing are read.
COUNTED_ENDS = 2
_STILL_WORDS = frozenset(
    stem(w) for w in "still now or not ещё еще всё все сих пор сейчас или нет".split()
)


def asks_still(text: str) -> bool:
    """The question asks, yes or no, whether a state still holds."""
    if _STILL_EN.search(text) or _STILL_BARE_EN.search(text):
        return True
    return bool(_STILL_RU.search(text)) and not _ASKS_WHAT.search(text)


def new_state_words(text: str, thing: frozenset[str]) -> set[str]:
    """Stems of the names the end turn says after an "and" / «зато» that
    follows the end, in its sentence or the next two: the new state
    ("Cancelled X and went to the Houtvaart pool", «отказалась от хора.
    Зато записалась в Vox»). Only names: the other words after it ("now I
    drink matcha in the mornings") are as often any turn's words."""
    ending = ENDS.search(text)
    at = ending.start() if ending else _first_of(text, thing)
    found: set[str] = set()
    for sentence in SENTENCE.split(text[at:])[:3]:
        then = _THEN.search(sentence)
        if then is None:
            continue
        for word in WORD.findall(sentence[then.end() :]):
            key = stem(word)
            if word[0].isupper() and content_word(word, key) and key not in thing:
                found.add(key)
    return found


def kind_after_end(text: str, thing: frozenset[str]) -> frozenset[str]:
    """Stems (and their twins) of the other things of the thing's kind the
    end's sentence or the next two name: «больше не вегетарианка… Буду есть
    мясо» → meat. The kind's own words are rare in any turn, unlike the
    other lower-case words after an end (search/told_change.kind_named)."""
    ending = ENDS.search(text)
    at = ending.start() if ending else _first_of(text, thing)
    region = " ".join(SENTENCE.split(text[at:])[:3])
    return with_twins(frozenset(kind_named(region, thing)))


def _first_of(text: str, thing: frozenset[str]) -> int:
    """Where the text first names the thing (0 when it does not)."""
    return next((m.start() for m in WORD.finditer(text) if stem(m.group()) in thing), 0)


# The question's verbs of doing that name no thing: "doing", "going".
_DOING = frozenset(
    stem(w) for w in "doing does do go goes going делает кушать кушаю".split()
)


def thing_terms(query: AnalysedQuery, people: set[str]) -> list[str]:
    """What the question asks still holds: its terms and their twins, the
    person asked about (a name of `people`), "still" and bare verbs aside.
    A lone word ("Do I still smoke?", «Я ещё курю?», «Я всё ещё работаю по
    ночам?» once «работаю» is set aside) names the state by what it is done
    with too: its slot's words (cigarette, «сигарета»; shift, «смена»)."""
    dropped = GENERIC_STEMS | _STILL_WORDS | _DOING | people
    own = [
        term
        for term in query.own_words
        if term.casefold() not in STOP_WORDS and not text_stems(term) <= dropped
    ]
    if not own and query.kinds.kinds:
        return _asked_by_verb(query, dropped)
    lone = [term for term in query.terms if term in own]
    if len(lone) == 1 and _asked_way(query, lone[0]):
        # the way's twins' twins are its own language's words ("bike")
        return list(dict.fromkeys([*own, *twin_terms(own)]))
    if len(lone) == 1:
        extra = [term for term in query.state_terms if not text_stems(term) <= dropped]
        return list(dict.fromkeys([*own, *extra]))
    return own


def _asked_by_verb(query: AnalysedQuery, dropped: frozenset[str]) -> list[str]:
    """A question that names its thing by a verb alone, the verb set aside as
    its frame ("Do I still drive?" asks the car, search/getting_about.py):
    the state is the category's things, its head word and its members
    ("car", "Mazda"), as "Do I still drive the car?" would name them."""
    heads = [kind.head for _, kind in query.kinds.kinds]
    members = [term for term in query.state_terms if not text_stems(term) <= dropped]
    return list(dict.fromkeys([*heads, *members]))


def _asked_way(query: AnalysedQuery, term: str) -> bool:
    """The lone word is one way of a category the question names by a
    phrase ("Do I still cycle to work?": cycling, of the commute): the
    state is that way and its twins (bike, «велик»), not every way of the
    category nor the words of the place ("work", "office")."""
    return bool(query.kinds.phrased) and bool(text_stems(term) & query.kinds.way_stems)


def _people_stems(hits: list[SearchHit]) -> set[str]:
    return {
        key
        for hit in hits
        for entity in hit.entities
        if entity.type == "person"
        for name in (entity.name, *entity.aliases)
        for key in text_stems(name)
    }


def question_people(text: str, people: frozenset[str] | set[str]) -> set[str]:
    """The stems of `people` the question names: a capitalised word of it
    ("Lev", «Поля»); a lower-case word is no name even if the extractor took
    it for one ("Дзюдо: Лёве дали…" made «Дзюдо» a person)."""
    return {
        key
        for word in WORD.findall(text)
        if word[0].isupper()
        for key in text_stems(word)
        if key in people
    }


# A compound's second word after the thing's stem and a linking vowel:
# «кофе-машину», "coffee-maker". A short stem needs one, for many another
# word starts alike («хор-ошие» is no choir); a longer stem's word is the
# thing's own («шахматном»).
_SECOND_WORD = re.compile(r"[оеoe][^\W\d_]{5,}", re.I)
SHORT_STEM = 3


def about_thing(hit: SearchHit, thing: frozenset[str]) -> bool:
    """The hit says a word of the thing, a word it starts too: «шахматном»
    is about «шахматы», «кофемашину» about «кофе» (see _SECOND_WORD)."""
    if holds_stem(hit, thing):
        return True
    words = [w.casefold() for w in WORD.findall(hit.node.content)]
    return any(
        w.startswith(key) and _continues(key, w[len(key) :])
        for w in words
        for key in thing
        if len(key) >= SHORT_STEM
    )


def _continues(key: str, rest: str) -> bool:
    """The word's `rest` after the thing's stem `key` keeps it the thing's
    word: any rest after a longer stem, a second word after a short one."""
    return len(key) > SHORT_STEM or bool(_SECOND_WORD.fullmatch(rest))


def final_end(
    hits: list[SearchHit], thing: frozenset[str], abstaining: bool = False
) -> tuple[list[SearchHit], list[SearchHit]]:
    """The user's turns about the thing from the newest one that ends it on
    (an end retold to someone aside), oldest first, and the other turns
    that end it, newest first ("Decided to quit coffee" before "Вместо кофе
    теперь матча"); none when no turn ends it. Of a state of `abstaining`
    ("still off the cigarettes?") a return to the thing ends it too
    (search/relapse.py)."""
    about = sorted(
        {
            hit.node.id: hit
            for hit in hits
            if hit.node.source_role == USER_ROLE and about_thing(hit, thing)
        }.values(),
        key=lambda hit: (hit.node.when, hit.node.id),
    )
    ending = [
        i
        for i, hit in enumerate(about)
        if (
            ends_state(hit.node.content, thing)
            and not ends_another(hit.node.content, thing)
        )
        or (abstaining and goes_back(hit.node.content, thing))
    ]
    if not ending:
        return [], []
    # an end retold to someone ("Told Lilya I quit") goes on with the end
    # it retells: the newest end done is the end
    done = [i for i in ending if not retells_end(about[i].node.content, thing)]
    newest = done[-1] if done else ending[-1]
    return about[newest:], [about[i] for i in reversed(ending) if i != newest]


async def _read_turns(
    storage: Store,
    hits: list[SearchHit],
    terms: Sequence[str],
    window: NodeWindow | None,
    formed: frozenset[str] = frozenset(),
) -> list[SearchHit]:
    """The user's turns saying a word of `terms` within the search's
    `window` (a person or a thread asked about), best first by bm25, with
    the `hits` among them as they are and the others at score 0; the words
    of `formed` searched by their noun forms (query_text.fts_match)."""
    ranked = await fts_leg(
        storage,
        terms,
        limit=THING_TURNS,
        types=("episodic",),
        window=window,
        formed=formed,
    )
    have = {hit.node.id: hit for hit in hits}
    new_ids = [i for i, _ in ranked if i not in have]
    nodes = await storage.nodes.get_nodes(new_ids) if new_ids else {}
    linked = await storage.entities.entities_of_nodes(list(nodes)) if nodes else {}
    out = []
    for node_id, _ in ranked:
        if node_id in have:
            out.append(have[node_id])
        elif node_id in nodes and nodes[node_id].source_role == USER_ROLE:
            out.append(SearchHit(nodes[node_id], 0.0, linked.get(node_id, [])))
    return out


async def after_the_end(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: Sequence[str] = (),
) -> list[SearchHit]:
    """`hits` with the end of the asked state first, then the new state's
    turns, then the rest (see the module's doc); unchanged unless the
    question asks "still" and a turn about the thing ends it.
    `other_script`: the names the question's names are in the other script
    ("Getz" is «Гетзик»), whose turns are the thing's too."""
    if not hits or not asks_still(query.text) or (window and window.timed):
        return hits
    terms = thing_terms(query, question_people(query.text, _people_stems(hits)))
    terms += [name for name in other_script if " " not in name]
    thing = frozenset().union(*(text_stems(term) for term in terms))
    if not thing:
        return hits
    # the thing's «хор» by its forms («из хора»): its prefix is «хорошо» too,
    # whose turns would fill the read (the new state's words keep theirs)
    about = await _read_turns(storage, hits, terms, window, formed_twins(terms))
    changed = await _pattern_changed(
        storage, [*hits, *about], query.text, thing, window
    )
    if changed:
        ids = {hit.node.id for hit in changed}
        return lifted_first(changed, [h for h in hits if h.node.id not in ids])
    # "Do I still get the bus?": a car taken up since the newest ride
    switched = await switched_way(storage, [*hits, *about], thing, window, query.text)
    if switched:
        ids = {hit.node.id for hit in switched}
        rest = [h for h in hits if h.node.id not in ids]
        return lifted_first(switched, rest)
    abstaining = asks_abstaining(query.text)
    since, earlier = final_end([*hits, *about], thing, abstaining)
    if not _ends_it(since, thing):
        told = await _told_after_newest([*hits, *about], thing, storage, window)
        if told:
            ids = {hit.node.id for hit in told}
            return lifted_first(told, [h for h in hits if h.node.id not in ids])
    if not since:
        # no end told: the state holds, shown by the thing's newest turns
        if not _one_word(query.text, terms):
            return hits
        own = [hit for hit in [*hits, *about] if about_thing(hit, thing)]
        return await newest_first(storage, hits, own, window)
    end = since[0]
    words = sorted(
        new_state_words(end.node.content, thing)
        | kind_after_end(end.node.content, thing)
    )
    later = await _read_turns(storage, hits, words, window) if words else []
    new = [
        hit
        for hit in later
        if hit.node.when > end.node.when and hit.node.source_role == USER_ROLE
    ]
    # "cancelled Lisbon", then «Вместо Лиссабона … в Эдинбург»: the turn that
    # replaces the plan and the new plan's later ones (by its place, any script)
    new += await replacing_plan_turns(storage, [*hits, *about], end, thing, window)
    # a return undoes the quits before it: their days counted are over
    counted = [] if abstaining and goes_back(end.node.content, thing) else earlier
    # each end's later turns, read once: the newest's serve both rules below
    after = {
        ended.node.id: await own_turns_after(storage, ended.node, window)
        for ended in [end, *counted[:COUNTED_ENDS]]
    }
    # "Day two without sugar": the count since an end goes on with it
    counting = [
        hit
        for ended in [end, *counted[:COUNTED_ENDS]]
        for hit in await counting_turns(
            storage, after[ended.node.id], thing | what_it_ends(ended.node.content)
        )
    ]
    going_on = sorted(
        {hit.node.id: hit for hit in [*since[1:], *counting]}.values(),
        key=lambda hit: (hit.node.when, hit.node.id),
    )
    # "Signed up at a boxing gym" the day after the last chess club
    started = await taken_up(storage, end, thing, after[end.node.id], window, LEAD_DAYS)
    # the end that names nothing new is the old state's last turn: the
    # doing taken up after it is the state now and leads
    first = started[:1] if started and not words else []
    # the end names what took the thing's place («больше не хожу, два раза
    # в неделю хор»): that state's turns answer before the thing's later
    # mentions (a chess problem solved at home is no club gone back to)
    named = new[:NAMED_FIRST]
    order = [*first, end, *named, *going_on, *started, *new, *earlier]
    lifted = list({hit.node.id: hit for hit in order}.values())[:LIFTED]
    ids = {hit.node.id for hit in lifted}
    return lifted_first(lifted, [h for h in hits if h.node.id not in ids])


async def _pattern_changed(
    storage: Store,
    about: list[SearchHit],
    question: str,
    thing: frozenset[str],
    window: NodeWindow | None,
) -> list[SearchHit]:
    """The newest turn telling another shift pattern than the one asked,
    or one of the two asked (search/shift_change.py), and the later turns
    of the slot that do not name the asked one; none when no change is
    told."""
    asked = asked_patterns(question)
    if not asked:
        return []
    own = [h for h in about if h.node.source_role == USER_ROLE]
    told = [(h, told_pattern(h.node.content)) for h in own]
    changes = sorted(
        ((h, p) for h, p in told if p), key=lambda hp: (hp[0].node.when, hp[0].node.id)
    )
    # the newest change answers a choice («ночью или днём?»), not a
    # question naming only the pattern it tells
    if not changes or asked == {changes[-1][1]}:
        return []
    change = changes[-1][0]
    later = await turns_as_hits(
        storage, await own_turns_after(storage, change.node, window)
    )
    new_pattern = changes[-1][1] or ""
    new = [h for h in later if of_new_pattern(h.node.content, new_pattern)]
    return [change, *new][:LIFTED]


def _ends_it(since: list[SearchHit], thing: frozenset[str]) -> bool:
    """The newest end is the thing's last turn and its end word ends the
    thing: not «…в театральной студии. Плавание бросили», which ends
    another thing."""
    if len(since) != 1:
        return False  # no end, or the thing's turns go on after it
    ended = what_it_ends(since[0].node.content)
    return not ended or any(same_root(key, thing) for key in ended)


async def _told_after_newest(
    about: list[SearchHit],
    thing: frozenset[str],
    storage: Store,
    window: NodeWindow | None,
) -> list[SearchHit]:
    """A change told without an end word after the thing's newest turn
    ("Polina is back at the pool", search/told_change.py) and its state's
    later turns; none when none is told."""
    own = [
        h for h in about if h.node.source_role == USER_ROLE and about_thing(h, thing)
    ]
    if not own:
        return []
    last = max(own, key=lambda hit: (hit.node.when, hit.node.id))
    return await told_change(storage, last, thing, window)


def _one_word(question: str, terms: Sequence[str]) -> bool:
    """The question names its thing by one word of its own ("metformin"),
    its twins in the other language aside."""
    said = question.casefold()
    return sum(term.casefold() in said for term in terms) == 1
