"""Does the memory hold anything about what the question asks? ("saying nothing")

Every search finds something: the FTS leg matches a stray word ("name" in
"What is my cat's name?" with no cat), the vector leg always has neighbours.
A question answers only if some hit supports the thing it asks about:
- the subject a possessive points at ("my cat's name" → cat, "мою кошку" →
  кошк-; generic words such as "favourite" or "name" are skipped), outside a
  capitalised title ("my horse" is not "Slow Horses"), when there is one;
  else, for a question about the user, both of its two own words, half of
  more, one of an "or" question, in one hit ("Which football team do I
  support?" is not "the data team at work"), or the noun a "which" question
  asks about ("Which choir do I sing in?": a turn on the choir; a category
  of search/kinds.py by a member: "What car do I drive?" is not answered by
  "the certificate for the car"); else any word of it; and what it says it
  is "about" ("про дачу") in that hit;
- lexically, by a light stem (English suffixes, the Russian suffix stripper)
  in the hit's text or the names and aliases of its entities; or
- a node linked to an entity the question names, unless it asks something of
  that person no such node says ("When is Graham's birthday?": a birthday,
  an age, an address, a phone, a relative, said in the hit even then); or
- a vector match at the gate's `support` similarity or above (not for what is
  asked of a named person); only by an amount, a liking, a name, if asked.
The decision is for the whole result (nothing found, or the ranking as is):
filtering hit by hit would drop replies that share no word with the question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from ..core.records import SearchHit
from ..core.relations import RELATION_OWNERS, RELATIONS, same_relation
from .about_head import about_noun
from .after_frame import after_frame, without_frame
from .age_of import says_age_of
from .asked_amount import with_amounts
from .asked_favourite import with_likings
from .asked_job import asked_job, own_job_words
from .asked_name import NO_NAME_ASKED, AskedThing, asked_name_of, names_asked
from .asked_number import with_numbers
from .asked_of import (
    AGE,
    SAME_WORDS,
    asked_age,
    asked_attribute,
    asked_of_name,
    asked_place_of_name,
    measure_parts,
    names_in,
    personal_attribute,
    picked_relation,
    places_where,
    says_age,
    says_name,
    without_declined_names,
)
from .attribute_owner import only_someone_elses, owned_attribute
from .before_own import later_named, later_stems
from .compound_head import asked_head, asked_unit, compound_head, names_numbered
from .flight_words import flying_kin
from .frame_asked import question_wanted
from .frame_words import GENERIC_STEMS, without_taking
from .getting_about import NO_CARS
from .kin_words import ending_kin, family_verbs
from .kinds import NO_KINDS, AskedKinds, names_category
from .legs import Ranked
from .loan_kin import loan_kin
from .morphology import cjk_needles, relation_base_forms, stem
from .next_door import neighbour_stems
from .owned_things import (
    OWNED_HEADS,
    owned_asked_of_name,
    says_one_owned,
    says_owned_thing,
    which_owned_asked,
    without_owned_words,
)
from .plan import SearchPlan
from .query_text import STOP_WORDS
from .said_together import said_together
from .slots import about_user
from .stem_sets import (
    hit_stems,
    hit_texts,
    plain_stems,
    plain_text_stems,
    shared_stems,
    shares_stem,
    term_stems,
    text_stems,
)
from .time_idioms import without_idioms
from .twin_phrases import Twinned, asked_phrases, phrase_stems
from .verb_forms import tense_kin
from .whose import OwnThing, asked_own, someone_elses

_WORD = re.compile(r"\w+", re.UNICODE)
Stems = AbstractSet[str]
_PAID_FOR = frozenset(map(stem, NO_CARS))
_ADJECTIVES = (
    r"favou?rite|new|old|current|best|little|older|younger|big|first|last|own|"
    r"previous|former|"  # "my previous car" asks for a car, as "my old car" does
    r"family|personal|local|regular|"  # "my family doctor" asks for a doctor
    # "my dental cleaning", «мой зубной врач»: the cleaning, the doctor (a
    # dentist's turn says «стоматолог», "Dr Mendes", rarely "dental")
    r"dental|зубн\w*|"
    r"next[- ]door|"  # "our next door neighbour" asks for the neighbour
    # "my next tennis match", «мой следующий матч»: the match, not "next"
    r"next|upcoming|следующ\w*|ближайш\w*|"
    r"любим\w*|нов\w*|стар\w*|младш\w*|старш\w*|нынешн\w*|прежн\w*|бывш\w*|"
    r"семейн\w*|личн\w*|постоянн\w*"
)
_POSSESSIVE = re.compile(
    r"(?<!\w)(?:my|our|мо[йяеёи]|моего|моей|моему|моим|моём|моем|мою|моих|моими"
    r"|наш\w*)\s+(?:(?:" + _ADJECTIVES + r")\s+)*(\w+)",
    re.I,
)
# A relative's words in both languages ("пап" of «папин юбилей» is "dad"):
# a turn naming the relative one way says the other ways.
_RELATIVES = {
    stem(word): frozenset(map(stem, same_relation(word))) for word in RELATIONS
}


# The roles of one's home and work are said bare in either language («Хозяин
# квартиры Стелиос» answers "Who's our landlord?"); a relative said bare is
# as often someone else's («Катин сын» is no answer to "my son").
_ROLES = frozenset(map(stem, same_relation("landlord") | same_relation("boss")))


def _with_relatives(stems: AbstractSet[str]) -> set[str]:
    """`stems` with the other words of the relatives among them."""
    found = set(stems)
    for word in stems & _RELATIVES.keys():
        found |= _RELATIVES[word]
    return found


def _owned_relatives(hit: SearchHit) -> set[str]:
    """The stems of the relations the hit says are the user's, in both
    languages: «он мой сын» answers "my son" ("Катин сын" does not)."""
    words = relation_base_forms(_WORD.findall(hit.node.content.lower()))
    return {
        stem(same)
        for owner, word in zip(["", *words], words, strict=False)
        if owner in RELATION_OWNERS and word in RELATIONS
        for same in same_relation(word)
    }


def subjects(text: str) -> set[str]:
    """Stems of what a possessive points at ("my cat's name" → cat, "my blood
    type" → type: compound_head.py), with a relative's other words ("mum")."""
    heads = (compound_head(m) for m in _POSSESSIVE.finditer(text))
    found = {stem(word) for word in heads} - GENERIC_STEMS
    return found.union(*(SAME_WORDS.get(word, ()) for word in found))


# "What did my brother say about the house?", "про дачу", «как я отношусь к
# кинзе» (an attitude "to" it): the topic a reply must touch (a turn on a
# brother "like a brother to me" says nothing of it).
_ABOUT = re.compile(
    r"(?<!\w)(?:about|regarding|про|насч[её]т|о|об|обо|отно[сш]\w*\s+ко?)\s+"
    r"(?:(?:the|a|an|my|our|мо\w+|наш\w+)\s+)?(\w+)(?:\s+(\w+))?",
    re.I,
)


_EITHER = re.compile(r"(?<!\w)(?:or|или|либо)(?!\w)", re.I)


def topic(text: str) -> set[str]:
    """Stems of what the question says it is about (none when generic or a
    stop word: "about doing this" names no topic; "doing" is not searched)."""
    words = (about_noun(m[1], m[2]) for m in _ABOUT.finditer(text))  # the noun
    return {stem(w) for w in words if w.lower() not in STOP_WORDS} - GENERIC_STEMS


def wanted_stems(text: str, terms: Iterable[str]) -> set[str]:
    """What a hit must mention: the possessive's subject, else any query term
    ("Which company do I work at?" is about work as much as the company)."""
    return subjects(text) or term_stems(terms)


def _needed(count: int, either: bool) -> int:
    """Of a question's `count` own words, how many one hit must share: both of
    two ("Где я учился на врача?" is not answered by a turn on learning Rust
    nor by one on a doctor), half of more, rounded up ("Which football team
    do I support?" is not answered by a team at work); one when it asks for
    `either` ("What did I bake or cook?")."""
    if either:
        return 1
    return count if count <= 2 else (count + 1) // 2


def supports(
    hit: SearchHit,
    wanted: set[str],
    *,
    named: set[int],
    similarity: dict[int, float],
    strong: float,
    own: AbstractSet[str] = frozenset(),
    subject: bool = False,
    about: AbstractSet[str] = frozenset(),
    either: bool = False,
    kinds: AskedKinds = NO_KINDS,
    phrases: Mapping[Twinned, frozenset[str]] | None = None,
    thing: OwnThing | None = None,
    head: AbstractSet[str] = frozenset(),
    attribute: AbstractSet[str] = frozenset(),
    pick: AbstractSet[str] = frozenset(),
    kin: Sequence[tuple[AbstractSet[str], AbstractSet[str]]] = (),
    of_whom: AbstractSet[str] = frozenset(),
    name_of: AskedThing = NO_NAME_ASKED,
    asked_names: AbstractSet[str] = frozenset(),
    went: AbstractSet[str] = frozenset(),
    which: AbstractSet[str] = frozenset(),
) -> bool:
    """The hit is about what the question asks (see the module's rules).

    `wanted`: the possessive's subject when `subject`, else the words a hit
    may share; `own`: the question's own words, of which one hit must share
    enough (`_needed`) for a question of several (none for a state question,
    whose slot words stand for its own); `about`: what it says it is about, which
    the hit must share; `kinds`: the categories it names, whose members a
    hit says them by ("Bought a Pixel 8" says "phone", search/kinds.py);
    `phrases`: the phrases it says, by the stems of their words, which a hit
    holds only by saying the phrase in either language (twin_phrases.py);
    `thing`: what it asks as the user's own, which a hit saying it only as
    someone else's does not answer (whose.py); `head`: the noun a "which"
    question asks about, which answers without its other words;
    `attribute`: what is asked of a named person, which even their turns
    must say, not as a likeness ("like a dog"), with the word that `pick`s
    one ("best friend"), and with the names the question says, `of_whom`
    (asked_of.py), the place they `went` to said even inside a name
    ("McGill University"), by a make the owned thing asked `which` of
    (owned_things.py); `kin`: pairs of (the stems of the
    question's general verbs, those of their families' words), one of which
    says the pair's verbs ("Я всё ещё курю вейп?" is answered by «Три недели без
    вейпа», search/kin_words.py)."""
    if name_of and not names_asked(hit, name_of, asked_names, named):
        return False
    if not wanted or (hit.node.id in named and not attribute):
        return True
    if thing is not None and someone_elses(hit.node.content, thing):
        return False
    # a vector near «Как зовут отца Оськи?» is no word of what is asked of him
    if attribute and not _says_attribute(hit, attribute, of_whom, went, pick, which):
        return False
    if similarity.get(hit.node.id, -1.0) >= strong:
        return True
    # CJK is written without spaces: its pieces are looked for as substrings.
    if any(piece in hit.node.content for piece in cjk_needles(list(wanted))):
        return True
    own_stems = _as_phrases(hit_stems(hit), hit, phrases)
    said = kinds.said(own_stems, hit.node.content)
    for verbs, family in kin:
        if verbs and shares_stem(set(family), own_stems):
            said |= verbs
    stems = _with_relatives(own_stems) | said
    if about and not shares_stem(about, stems):
        return False
    if subject:
        plain = _as_phrases(plain_stems(hit), hit, phrases)
        plain |= _with_relatives(plain & _ROLES)
        plain |= neighbour_stems(hit.node.content, wanted)  # "Doreen next door"
        return bool(shared_stems(wanted, plain | said | _owned_relatives(hit)))
    shared = shared_stems(wanted, stems)
    # "what car have I got?": which car, said by its make ("frost on the
    # cars", "petrol prices" say no car of the user's)
    if own and own <= head & kinds.asked & OWNED_HEADS:
        content = hit.node.content
        return _says_head(head, own_stems, content, kinds) or says_one_owned(
            own, content
        )
    if len(own) < 2:
        return bool(shared)
    if head and _says_head(head, own_stems, hit.node.content, kinds):
        return True
    return len(shared_stems(own, stems)) >= _needed(len(own), either)


def _asked_of_named(text: str, terms: Sequence[str]) -> set[str]:
    """What is asked of a named person, which their turns must say; not a
    category's word ("Какая диета у Грэма?" is answered by "low-carb")."""
    of_name = {
        word for word in asked_of_name(text) - GENERIC_STEMS if not names_category(word)
    }
    owned = owned_asked_of_name(text)  # said with its owner (owned_things.py)
    return asked_attribute(terms, text) | asked_age(text) | of_name | owned


def _says_attribute(
    hit: SearchHit,
    attribute: Stems,
    of_whom: Stems,
    went: Stems,
    pick: Stems,
    which: Stems = frozenset(),
) -> bool:
    """The hit says what is asked of a person, not as a likeness («как
    собака»); of one the question names, in its text, with the name («Мама
    Оуэна» is not «мама Ксюши»; an alias says what one is to the user)."""
    content = hit.node.content
    aged = {AGE} if AGE in attribute and says_age(content) else set()
    if not of_whom:
        said = _with_relatives(plain_stems(hit)) | aged
    elif says_name(hit_texts(hit), of_whom):
        if only_someone_elses(hit, owned_attribute(attribute), of_whom):
            return False  # "Alya and I went to Kamila's birthday"
        # "a pint with Callum after work" says a time, not his work
        plain = plain_text_stems(without_idioms(content))
        said = _with_relatives(plain | text_stems(content) & went)
        if aged and not says_age_of(content, of_whom):
            aged = set()  # "her son isn't starving. He's thirty-eight": his age
        said |= aged
    else:
        return False
    if which:  # "What car does Diogo drive?": "in his car" says not which
        said = without_owned_words(said, which)
    said |= {word for word in attribute if says_owned_thing(word, said)}  # "a Volvo"
    picked = not pick or bool(pick & picked_relation(content))  # "best friend"
    parts = measure_parts(attribute - pick or attribute)
    return picked and all(shares_stem(part, said) for part in parts)


def _says_head(
    head: AbstractSet[str], stems: AbstractSet[str], text: str, kinds: AskedKinds
) -> bool:
    """The hit says the noun a "which" question asks about; a category the
    table knows by one of its members ("What car do I drive?" is not
    answered by "the certificate for the car", "What series?" is by "Slow
    Horses season three")."""
    category = head & kinds.asked
    # petrol, a lease: what one pays for a car, no car
    if category & kinds.said(stems - _PAID_FOR, text, members_only=True):
        return True
    rest = head - category  # both nouns of a compound ("pension fund")
    if len(rest) > 1 and names_numbered(rest, text):  # "plot 27" of "allotment plot"
        return True
    return bool(rest) and shared_stems(rest, stems) == rest


def _as_phrases(
    stems: set[str], hit: SearchHit, phrases: Mapping[Twinned, frozenset[str]] | None
) -> set[str]:
    """`stems` with the asked phrases' words held only where the hit says the
    phrase ("New Year" by «на Новый год», not by «в этом году»)."""
    if not phrases:
        return stems
    words = set().union(*phrases.values())
    held = (w for found, w in phrases.items() if found.spans(hit.node.content))
    return (stems - words).union(*held)


def answers(
    plan: SearchPlan, hits: Sequence[SearchHit], ranked: Mapping[str, Ranked]
) -> bool:
    """Some hit supports the question: else the memory knows nothing of it.

    `ranked` are the search legs (entity: named; vector: similarities). A
    search the caller bounded in time (after / before) or a question naming a
    date is about that time: a hit inside it supports ("what did I do last
    Friday?" shares no word with what was done).
    """
    filters, query = plan.filters, plan.query
    bounded = filters.after is not None or filters.before is not None
    if plan.gate is None or bounded or (query.when is not None and query.when.strict):
        return True  # an exact window ("yesterday") already selected the hits
    if (together := said_together(query.text)) is not None:  # "dad's car"
        return any(together(h) for h in hits)
    subject = subjects(query.text)
    if subject & query.kinds.phrased:  # "my mobile carrier": the carrier
        subject = (subject - query.kinds.phrased) | query.kinds.asked
    wanted = subject or question_wanted(query)
    # "New Year": its words are the phrase's, not generic ones ("new")
    phrases = {
        found: phrase_stems(query.phrase_text, found)
        for found in asked_phrases(query.phrase_text)
    }
    in_phrases = set().union(*phrases.values()) & {stem(t) for t in query.terms}
    # a category's member supports as the category's word (`kinds.said`,
    # which reads a name-like one only as a name), not as a word of its own
    # (and the category is wanted also when a phrase names it: "get to work")
    if not subject:
        wanted -= query.kinds.member_stems - {stem(t) for t in query.terms}
        wanted |= query.kinds.asked | in_phrases
    # A state question's slot words stand for its own ("Which city do I live
    # in?" is answered by "we moved to Vienna"): any one of them supports.
    # Only of the user's own life ("Which football team do I support?"): on
    # questions about others (LoCoMo's) it cost 2.2 points of R@10.
    mine = about_user(query.text) and not query.slot_terms
    # A question that says what it is about ("How did I feel about hiking
    # over the last months?") is answered by a hit on that topic: its other
    # words are its frame ("feel", "months"), not words one hit must share.
    about = topic(query.text)
    own = (
        {stem(t) for t in query.terms} - GENERIC_STEMS | in_phrases
        if mine and not about
        else set()
    )
    # "the laptop before the Mac", "What do I ride to uni?": a member and the
    # words of a phrase naming the category stand for it, no words of their own
    stand_for = query.kinds.member_stems | query.kinds.phrased
    # «до велосипеда» asks the older state; "what year" a date, not a "year"
    own -= later_stems(query.text) | asked_unit(query.text)
    frame = after_frame(query.text)  # "my leg after the surgery": when, not what
    if own - frame:  # unless it asks what happened after it (no thing of its own)
        own, wanted = own - frame, without_frame(wanted, frame)
    own = without_taking(own)  # «Я пью магний?» is answered by «Выпил магний»
    if own & stand_for:
        own = (own - stand_for) | query.kinds.asked
    named = {node_id for node_id, _ in ranked.get("entity", ())}
    if later_named(query.text):  # «до Гульназ»: the later one, not the asked
        named = set()
    places = places_where(query.text, (h for h in hits if h.node.id in named))
    if places and not wanted <= places:  # what is asked of the place, said
        named, wanted, own = set(), wanted - places, own - places
    similarity = dict(ranked.get("vector", ()))
    strong = plan.gate.support
    thing = asked_own(query.text)
    head = asked_head(query.text) & own
    asked_of = _asked_of_named if named else personal_attribute
    attribute = asked_of(query.text, without_declined_names(query.text, query.terms))
    attribute |= asked_job(query.text)  # "what does callum do for a living?"
    of_whom = {n for n in names_in(query.text) if stem(n) not in attribute}
    pick = picked_relation(query.text) if attribute else set()  # "best friend"
    verbs = term_stems(family_verbs(query.terms))
    # "What's my ward manager's name?": a turn on the manager naming no one
    name_of, asked_names = asked_name_of(query.text), names_in(query.text)
    wanted |= _holder_of_group(query.text, subject, name_of)
    wanted |= own_job_words(query.text)  # "what is my job?": «первая смена»
    flying, flown_by = flying_kin(query.terms)  # «летим»: «билеты», «полетим»
    ending, ended_by = (term_stems(w) for w in ending_kin(query.terms))
    family = term_stems(query.kin_terms) - verbs - ended_by - ending
    kin = (
        (verbs - ending | flying, family | flown_by),
        (ending, ended_by),
        *tense_kin(query.terms),  # «курил»: «курю» (verb_forms.py)
        *loan_kin(query.loans),  # «контакт»: the turns' "contact" (loan_kin.py)
    )
    hits = with_amounts(query.text, hits, wanted)  # "How much is our rent?"
    # "my gym membership number": digits by the gym or the membership
    hits = with_numbers(query.text, hits, wanted | {stem(t) for t in query.terms})
    hits = with_likings(query.text, hits, query.kinds)  # "my favourite film"
    which = which_owned_asked(query.text) & attribute  # "What car does Diogo drive?"
    return any(
        any(span.start <= h.node.when < span.end for span in query.dates)
        or supports(
            h,
            wanted,
            named=named,
            similarity=similarity,
            strong=strong,
            own=own,
            subject=bool(subject),
            about=about,
            either=bool(_EITHER.search(query.text)),
            kinds=query.kinds,
            phrases=phrases,
            thing=thing,
            head=head,
            attribute=attribute,
            pick=pick,
            kin=kin,
            of_whom=of_whom,
            name_of=name_of,
            asked_names=asked_names,
            went=asked_place_of_name(query.text),
            which=which,
        )
        for h in hits
    )


# a word with its possessive kept: "team's" owns, "tennis" only says which
_OWNER_WORD = re.compile(r"\w+(?:['’]s)?", re.UNICODE)


def _holder_of_group(
    text: str, subject: AbstractSet[str], name_of: AbstractSet[str]
) -> set[str]:
    """The name asked is of the holder of a group's role («как зовут капитана
    нашей команды?», "our club's secretary"): a turn naming the holder by the
    role ("gav's our captain") answers without the group's word. Not of a
    relative's ("my son's coach": a coach named alone may be the user's), nor
    when the subject only says which ("my tennis coach" is no tennis's)."""
    if not subject or not name_of or subject & _RELATIVES.keys():
        return set()
    words = _OWNER_WORD.findall(text.lower())
    for word, after in zip(words, words[1:], strict=False):
        owns = word.endswith(("'s", "’s"))  # "team's captain"
        held = after[:-2] if after.endswith(("'s", "’s")) else after
        if not owns and stem(word) in subject and stem(held) in name_of:
            return set()  # "tennis coach('s)", "yoga teacher": a kind of one
    return set(name_of)
