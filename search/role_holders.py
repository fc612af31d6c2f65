"""Who serves the user now and who did before: the dentist, the hairdresser.

"Who's my dentist now?", "who does my hair now", «К какому стоматологу я
теперь хожу?», "Who did my hair before Marta?": the people of a trade
(search/role_people.py: named beside the trade's words in the user's own
turns, or beside a doctor's title, "Dra. Sousa" of a vet) are no things, so
search/category_things.py does not tell the old one from the new. As for
the doings of search/member_things.py: one person and the other forms of
their name («Хаддада», "Haddad") are one holder; the holder whose turns
saying the trade are newest holds the role now, the others held it
before. A turn telling the change ("a new dentist", «записалась к новому
стоматологу — доктор Хаддад») counts only for the holder named after
"new", not for the old one it names too, and a question about before keeps
it where it ranks (it tells the old one ended); a turn calling one former ("my
old dentist", search/ended.py) never counts for them. On the asked side a
turn weighs twice the holder's best turn plus its own score (their turns
rise together, read by the holder's links when not among the hits); on
the other side ÷2. One holder named: nothing to weigh. Bounded: one read
of the holders' newest turns, only for a question with a stance that asks
a trade.

"Who's our GP?", «Кто наш стоматолог?» say no "now" but ask who holds the
trade today: weighed as a question about now. The user's family filed as
such (a son, a wife) holds no trade: "Took Mark to Dr Sharma" names the
patient beside the title, and would tie with the doctor as last named.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..core.records import Entity, NodeWindow, SearchHit
from ..core.relations import CHOSEN_BY_PLACE, ONE_AT_A_TIME, own_names
from ..store.interface import Store
from .analysis import AnalysedQuery
from .asked_relation import asked_relations
from .category_things import entity_turns
from .cross_script import OtherScriptNames, loose_key, same_key
from .ended import marked_past
from .holder_before import filed_holders
from .kinds import AskedKinds, kind_stems, kind_words
from .morphology import stem
from .query_text import STOP_WORDS
from .relative_role import (
    FAMILY,
    asked_relatives,
    naming_relative,
    relative_names,
    trade_people,
)
from .role_of_other import (
    asked_people,
    naming_asked,
    older_below,
    others_than,
)
from .role_people import ROLE_REACH, TRADES, role_people, with_other_forms
from .standing import stance, told_of_other
from .stem_sets import shares_stem, text_stems
from .windowed import USER_ROLE

BOOST = 1.0
# A title names a provider of any trade: the vet is "Dra. Sousa", «доктор Роша».
_TITLES = frozenset(map(stem, "dr dra doctor доктор доктора доктору".split()))
_TRADE_HEADS = frozenset(map(stem, TRADES))
_TRADE_STEMS = frozenset().union(*(kind_stems(trade) for trade in TRADES))
# A doctor's title names one asked by the category's word ("my family
# doctor", «ветеринар»), not by a specialty: "Dr. Ozola" is no dentist.
_TITLED = kind_words("doctor") | kind_words("vet")
# Words that call the holder named after them the new one ("a new dentist",
# «новому стоматологу», «нашла новую парикмахершу»).
_NEW = re.compile(r"^(?:new|нов\w*)$", re.I)
_WORD = re.compile(r"\w+", re.UNICODE)
# "who's our GP", "who is my dentist", «кто наш врач», «кто у нас врач»: the
# holder asked in the present (a past "who was" has a stance of its own).
_WHO_IS = re.compile(
    r"^\W*who(?:['’]s|\s+is|\s+are)\s+(?:my|our)\b"
    r"|^\W*кто\s+(?:у\s+(?:меня|нас)\s+)?(?:мо|наш)\w*\s",
    re.I,
)
# A name asked in the present asks the present holder too: «как зовут
# ветеринара?» (the one before is «как звали»).
_NAME_NOW = re.compile(r"^\W*как\s+зовут\s", re.I)
MIN_NAME = 4  # a name word shorter than this groups nothing ("Dr", "Ana")
# The relations whose present holder is asked as a role's ("who's my boss
# now", «кто сейчас хозяйка квартиры», "my family doctor", «репетитор»): held
# one at a time, or chosen and changed by going to someone else.
_HELD = ONE_AT_A_TIME | CHOSEN_BY_PLACE
# The newest holder's turns score at least this share of the best hit naming
# them: below the turn that says the role, above the rest.
HOLDER_SHARE = 0.9


def _trades(kinds: AskedKinds) -> AskedKinds:
    """The asked categories that are trades (a doctor, a hairdresser, a vet)."""
    found = tuple(pair for pair in kinds.kinds if pair[1].head in _TRADE_HEADS)
    return AskedKinds(found, kinds.russian, kinds.phrased)


def _asked_stems(query: AnalysedQuery) -> frozenset[str]:
    """The question's stems (and their twins') of a trade's words and members
    ("dentist", «стоматолог», "haircut" of "who cuts my hair")."""
    return frozenset(stem(term) for term in query.state_terms) & _TRADE_STEMS


def _word_says(trades: AskedKinds, asked: frozenset[str]) -> Callable[[str], bool]:
    """Whether a word says the asked trade: its word, a member, a doctor's
    title for a doctor or a vet (`_TITLED`; not for a dentist, a barber)."""
    titled = not asked.isdisjoint(_TITLED) or any(
        kind.head in _TITLED for _, kind in trades.kinds
    )

    def says(word: str) -> bool:
        stems = text_stems(word)
        return (
            (titled and not _TITLES.isdisjoint(stems))
            or shares_stem(asked, stems)  # «стоматология», "dentist"
            or bool(trades.said(stems, word))
        )

    return says


def _asks_holder(query: AnalysedQuery) -> bool:
    """ "Who's our GP?", «Кто наш стоматолог?», «Как зовут ветеринара?»: who
    holds the trade, said in the present without a word of now, asks the one
    who holds it now; not a relative's («как зовут врача мамы?»: the user's
    own doctor is the newest holder the turns tell, and no answer)."""
    if _WHO_IS.search(query.text):
        return True
    return bool(_NAME_NOW.search(query.text)) and asked_relations(query) <= _HELD


def _family(person: Entity) -> bool:
    """The person is filed as the user's family (a son, a wife): "Took Mark
    to Dr Sharma" names the patient beside the doctor, not a holder. Only
    family: a boss filed as such may be the asked senior doctor."""
    words = _WORD.findall(str(person.attributes.get("relation") or "").casefold())
    return bool(words) and words[-1] in FAMILY


def _holders(people: list[Entity]) -> dict[int, int]:
    """Each person's holder: the first person sharing a name word's loose
    key with them ("Dra. Ana Sousa", «Соуза»)."""
    keys = {person.id: _name_keys(person) for person in people}
    holder: dict[int, int] = {}
    for person in people:
        mine = keys[person.id]
        holder[person.id] = next(
            (
                holder[other]
                for other in holder
                if any(same_key(a, b) for a in mine for b in keys[other])
            ),
            person.id,
        )
    return holder


def _name_keys(person: Entity) -> set[str]:
    names = own_names((person.name, *person.aliases))
    words = {w for n in names for w in _WORD.findall(n)}
    keys = {loose_key(word) for word in words if len(word) >= MIN_NAME}
    return keys - {""}


def _new_ones(text: str, says: Callable[[str], bool], people: list[Entity]) -> set[int]:
    """The people the text calls new: named within ROLE_REACH words after a
    "new" word standing before a trade's word."""
    words = [w for w in _WORD.findall(text) if w.casefold() not in STOP_WORDS]
    after: set[str] = set()
    for i, word in enumerate(words):
        if _NEW.match(word) and any(says(w) for w in words[i + 1 : i + 3]):
            after.update(loose_key(w) for w in words[i + 1 : i + 3 + ROLE_REACH])
    return {p.id for p in people if not _name_keys(p).isdisjoint(after)}


def _lasts(
    every: list[SearchHit], holder: dict[int, int], says: Callable[[str], bool]
) -> dict[int, float]:
    """When each holder was last named in an own turn saying the trade, not
    called former there nor left behind by a new one the turn names."""
    last: dict[int, float] = {}
    for hit in every:
        if hit.node.source_role != USER_ROLE:
            continue
        text = hit.node.content
        if not any(says(word) for word in _WORD.findall(text)):
            continue
        named = [e for e in hit.entities if e.id in holder]
        # "a trim at Olga's, she told me about Nina": the one named beside
        # the trade's word is its holder there
        beside = {e.id for e in role_people(hit, says)}
        named = [e for e in named if e.id in beside] or named
        new = {holder[i] for i in _new_ones(text, says, named)}
        for person in named:
            mine = holder[person.id]
            if (new and mine not in new) or marked_past(
                text, (person.name, *person.aliases)
            ):
                continue
            last[mine] = max(last.get(mine, 0.0), hit.node.when)
    return last


def _tells_change(
    hit: SearchHit, says: Callable[[str], bool], holder: dict[int, int]
) -> bool:
    """The turn calls one of the holders new ("found a new dentist")."""
    named = [e for e in hit.entities if e.id in holder]
    return bool(_new_ones(hit.node.content, says, named))


async def with_role_holders(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """`hits` weighed by the side of the asked trade's change of holder (see
    the module's doc); unchanged without a stance, a trade or two holders."""
    asked = stance(query.text) or ("now" if _asks_holder(query) else None)
    trades = _trades(query.kinds)
    trade_stems = _asked_stems(query)
    if asked is None or not (trades.kinds or trade_stems) or not hits:
        return hits
    says = functools.lru_cache(maxsize=None)(_word_says(trades, trade_stems))
    own = [
        h
        for h in hits
        if h.node.source_role == USER_ROLE and not told_of_other(h, asked=query.text)
    ]
    named = [
        person
        for hit in own
        for person in role_people(hit, says)
        if not _family(person)
    ]
    people = with_other_forms(named, other_script)
    holder = _holders(people)
    if len(set(holder.values())) < 2:
        return hits
    every = [*hits, *await entity_turns(storage, hits, people, window)]
    last = _lasts(every, holder, says)
    if len(last) < 2:
        return hits
    newest = max(last, key=lambda mine: last[mine])
    if sum(when == last[newest] for when in last.values()) > 1:
        return hits  # last named together: nothing tells which is new
    of_hit = {
        hit.node.id: {holder[e.id] for e in hit.entities if e.id in holder}
        for hit in every
        if hit.node.source_role == USER_ROLE
    }
    best: dict[int, float] = {}
    for hit in every:
        for mine in of_hit.get(hit.node.id, ()):
            best[mine] = max(best.get(mine, 0.0), hit.score)
    floor = max(hit.score for hit in own) if own else 0.0

    def weighed(hit: SearchHit) -> SearchHit:
        mine = of_hit.get(hit.node.id, set())
        if not mine or (asked == "past" and _tells_change(hit, says, holder)):
            return hit  # "found a new dentist" tells the old one ended too
        if not any((one == newest) == (asked == "now") for one in mine):
            return SearchHit(hit.node, hit.score / (1.0 + BOOST), hit.entities)
        # the holder's best turn raised, plus the turn's own: their turns
        # rise together and keep their order
        top = max(best.get(one, 0.0) for one in mine) or floor
        return SearchHit(hit.node, top * (1.0 + BOOST) + hit.score, hit.entities)

    out = [weighed(hit) for hit in every]
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _asked_now(query: AnalysedQuery, relatives: frozenset[str]) -> bool:
    """The question asks the present ("now", or "who's our GP"); «как зовут
    тренера сына?» asks the relative's present holder as the user's."""
    if (stance(query.text) or ("now" if _asks_holder(query) else None)) == "now":
        return True
    if not relatives or stance(query.text) is not None:
        return False  # "who was my son's coach" asks before
    return asked_relations(query) <= _HELD | relatives


def _role_says(
    relations: frozenset[str], trades: AskedKinds, asked: frozenset[str]
) -> Callable[[str], bool]:
    """Whether a word says the asked role: a word of its relation («хозяйка»,
    "Hausarzt") or of the asked trade (`_word_says`)."""
    stems = frozenset(map(stem, relations))
    trade_says = _word_says(trades, asked) if trades.kinds or asked else None

    def says(word: str) -> bool:
        return shares_stem(stems, text_stems(word)) or bool(
            trade_says and trade_says(word)
        )

    return says


def _named_holders(
    hits: list[SearchHit],
    says: Callable[[str], bool],
    question: str,
    of_asked: bool = False,
) -> list[Entity]:
    """The people named beside the role's words in the user's own turns, not
    the family taken along nor one the turn calls former ("my old boss"); a
    turn opening with another tells of them, unless the hits all name whom
    the role is asked `of_asked` ("Misha quit swimming, his coach is Timur")."""
    return [
        person
        for hit in hits
        if hit.node.source_role == USER_ROLE
        and (of_asked or not told_of_other(hit, asked=question))
        for person in role_people(hit, says)
        if not _family(person)
        and not marked_past(hit.node.content, (person.name, *person.aliases))
    ]


def _newest(holder: dict[int, int]) -> int:
    """The holder first named last. An entity is filed when first named, so a
    larger id was first named later (as a node's, store/entities.py); a
    holder's other forms count from their first."""
    first: dict[int, int] = {}
    for person, mine in holder.items():
        first[mine] = min(first.get(mine, person), person)
    return max(first, key=lambda mine: first[mine])


async def with_newest_holder(
    storage: Store,
    hits: list[SearchHit],
    query: AnalysedQuery,
    window: NodeWindow | None,
    other_script: OtherScriptNames,
) -> list[SearchHit]:
    """`hits` and, for a question about the present holder of a role (a boss,
    a landlady, the family doctor, a tutor), the user's turns naming
    its newest holder, raised to just below the best hit naming them; a
    trade's words (a doctor's title) count only beside a relation asked.

    After a change the new one is named without the role's word ("Lesson with
    Sophie", «Ампаро стучит в дверь»), so the question's words never find
    those turns. The holders are the people filed under the relation and the
    people named beside its words in the user's own turns among the hits;
    the newest of them (`_newest`) holds it now. Run after the stance's
    weighing, which leaves a turn opening with another's doing below ("Amparo
    brought us a coca"): the holder's doings are the answer here. Two indexed
    reads (the filed holders, the newest holder's links), only for such a
    question."""
    # "my father's nurse": a trade's people count as a role held for a relative
    relatives = asked_relatives(query, _HELD)
    relations = (asked_relations(query) & _HELD) | (
        trade_people(query) if relatives else frozenset()
    )
    trades = _trades(query.kinds)
    trade_stems = _asked_stems(query)
    if not hits or not _asked_now(query, relatives):
        return hits
    if not relations:  # a trade alone (a dentist) is weighed by its holders'
        return hits  # turns saying it, `with_role_holders`
    says = functools.lru_cache(maxsize=None)(_role_says(relations, trades, trade_stems))
    # "Misha's coach": the turns naming Misha tell his; the user's own coach
    # (filed as the user's relation) is no answer
    asked = asked_people(query.text, hits)
    if not asked and relatives:  # «тренера сына»: the son, by name or word
        kin = await filed_holders(storage, relatives)
        asked = relative_names(kin)
        of_them = naming_relative(hits, asked, relatives)
        if not of_them:
            return hits  # no turn tells of theirs: the user's own is no answer
    else:
        of_them = naming_asked(hits, asked)  # none: the role is the user's
    filed = [] if asked or relatives else await filed_holders(storage, relations)
    named = [
        *others_than(
            _named_holders(of_them or hits, says, query.text, bool(of_them)), asked
        ),
        *(e for e in filed if not _former(e)),
    ]
    people = with_other_forms(named, other_script)
    holder = _holders(people)
    if not holder:
        return hits
    newest = _newest(holder)
    theirs = [person for person in people if holder[person.id] == newest]
    more = await entity_turns(storage, hits, theirs, window)
    ids = {person.id for person in theirs}
    naming = [hit.score for hit in hits if any(e.id in ids for e in hit.entities)]
    if not naming:
        return hits  # filed, never named where the role is asked: no anchor
    floor = HOLDER_SHARE * max(naming)

    def raised(hit: SearchHit) -> SearchHit:
        if hit.score >= floor or not any(e.id in ids for e in hit.entities):
            return hit
        return SearchHit(hit.node, floor, hit.entities)

    out = [raised(hit) for hit in [*hits, *more]]
    if asked or relatives:  # the one before is the other's old news
        out = older_below(out, set(holder), ids, floor)
    out.sort(key=lambda hit: (-hit.score, hit.node.id))
    return out


def _former(person: Entity) -> bool:
    return str(person.attributes.get("relation") or "").startswith("former ")
