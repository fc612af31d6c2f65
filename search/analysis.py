"""The prompt read once: every word, name, date and class a search needs.

A search used to tokenise its query in several places (FTS terms twice, the
boost words, the name candidates, the dates, the list test, the intent and
the complexity twice in get_context). `analyse` does it once; the legs, the
boosts and the plan read the frozen result.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .asked_boss import boss_reported_to
from .asked_landlord import landlord_phrased
from .asked_lower_names import with_names_capitalised
from .asked_owner import boss_phrased
from .asked_person_lower import with_person_capitalised
from .asked_teacher import teacher_phrased
from .circumstance import without_circumstance
from .day_range import names_a_range
from .done_with import done_with_someone
from .getting_about import without_driving, without_going
from .intent import (
    Complexity,
    Intent,
    KeywordIntentClassifier,
    classify_query_complexity,
)
from .kin_words import kin_terms, quitting_plain, without_frame
from .kinds import NO_KINDS, AskedKinds, asked_kinds, asks_doings
from .legs import walk_direction
from .leisure import (
    LEISURE,
    asks_before,
    without_goal_phrase,
    without_goal_verb,
    without_leisure,
    without_working_out,
)
from .morphology import action_stems
from .occasions import occasion_words
from .own_window import asks_own_window
from .query_text import (
    DateSpan,
    asks_for_many,
    name_candidates,
    query_dates,
    query_terms,
)
from .slots import slot_terms
from .spoken_words import spoken_plain
from .twin_words import formed_twins, twin_terms
from .when import RelativeWindow, asks_own_doings, names_a_month, relative_window

# A pasted document as the prompt would make thousands of terms and name
# candidates; the start of it says enough about what to look for.
MAX_QUERY_CHARS = 1000
_KEYWORDS = KeywordIntentClassifier()


@dataclass(frozen=True, slots=True)
class AnalysedQuery:
    """One query, read once.

    `text` is the query cut to MAX_QUERY_CHARS (what the words come from);
    `complexity` and `flat` look at the whole prompt.
    """

    text: str
    terms: tuple[str, ...]  # lower-case, no stop words, each once
    names: tuple[str, ...]  # n-grams that could name an entity, longest first
    dates: tuple[DateSpan, ...]
    intent: Intent  # by keywords; get_context may know better (embeddings)
    complexity: Complexity
    asks_for_many: bool  # a list question: spread over threads
    walk: tuple[bool, bool]  # temporal walk (forward, backward) for `when`
    flat: str  # the whole prompt with its whitespace collapsed
    when: RelativeWindow | None = None  # "yesterday", "в марте" (search/when.py)
    own_doings: bool = False  # "What did I do …": the user's own turns
    slot_terms: tuple[str, ...] = ()  # a state question's slot words (slots.py)
    kin_terms: tuple[str, ...] = ()  # "готовил": "сварил", "пёк" (kin_words.py)
    twin_terms: tuple[str, ...] = ()  # "машина": "car" (twin_words.py)
    # "bisoprolol": «бисопролол», (asked word, the memory's word) (loanwords.py)
    loans: tuple[tuple[str, str], ...] = ()
    kinds: AskedKinds = NO_KINDS  # "phone": "iPhone", "Pixel" (kinds.py)
    occasion: tuple[str, ...] = ()  # "Mum's seventieth": "birthday" (occasions.py)
    # names a son or daughter of the user's ("Which school is Lev at?")
    of_own_child: bool = False

    @property
    def phrase_text(self) -> str:
        """The text with the occasion its ordinal names ("Mum's seventieth
        birthday"): where the twin phrases asked are read."""
        return " ".join([self.text, *self.occasion])

    @property
    def words(self) -> set[str]:
        """The terms, case-folded, for the speaker boost."""
        return {term.casefold() for term in self.terms}

    @property
    def own_words(self) -> tuple[str, ...]:
        """The question's terms and their twins: what it asks about, never
        the value it asks for (search/changes.py current_value)."""
        return (*self.terms, *self.twin_terms)

    @property
    def formed_twins(self) -> frozenset[str]:
        """The twins searched by their noun forms («хор» for "choir", never
        «хорошо»: twin_words.py formed_twins)."""
        return formed_twins(self.twin_terms)

    @property
    def state_terms(self) -> tuple[str, ...]:
        """The terms, their twins in the other language, the slot and kin
        words and the members of the categories named: what a hit may share
        to answer."""
        extra = (
            *self.twin_terms,
            *self.slot_terms,
            *self.kin_terms,
            *self.kinds.terms,
        )
        return tuple(dict.fromkeys((*self.terms, *extra)))


def action_verbs(terms: Sequence[str]) -> tuple[str, ...]:
    """The verbs of the Russian action nouns among `terms` ("вязание":
    "вязать", "довязать"; "стрижка": "стриг", "подстриг"), searched beside
    them (search/morphology.py action_stems)."""
    verbs = (verb for term in terms for verb in action_stems(term))
    return tuple(dict.fromkeys(v for v in verbs if v not in terms))


def _kinds_and_terms(
    text: str, terms: list[str], own_child: bool
) -> tuple[AskedKinds, list[str]]:
    """The categories asked and the terms to search: of a question about the
    user's own time ("for fun", «по вечерам»), a doing is asked and the
    time's words are not searched (search/leisure.py); of others' ("What
    does Melanie do for fun?"), no category is, and every word is."""
    if asks_before(text):
        return asked_kinds(
            LEISURE.sub(" ", text), tuple(terms), own_child=own_child
        ), terms
    bare = without_leisure(text, terms)
    kinds = asked_kinds(text, tuple(bare), own_child=own_child)
    if bare == terms or asks_doings(kinds):
        return kinds, bare
    return asked_kinds(text, tuple(terms), own_child=own_child), terms


def _months_of(phrase: str) -> str:
    """The month names of a date phrase, its other words left out."""
    return " ".join(word for word in phrase.split() if names_a_month(word))


def analyse(
    prompt: str,
    now: float | None = None,
    *,
    owner_as_boss: bool = True,
    own_child: bool = False,
    teacher_on_file: bool = True,
) -> AnalysedQuery:
    """Read `prompt` once for search; relative dates count from `now` (the
    turn being answered; default the clock). `owner_as_boss=False` when no
    boss is on file to ask the owner as (search/question.py); `own_child`
    when it names a child of the user's, whose categories are the user's;
    `teacher_on_file=False` when no teacher is (search/asked_teacher.py)."""
    # "Who do I rent from?" asks the landlord as "Who's my landlord?" does,
    # "Who do I report to?" the boss (search/asked_boss.py),
    # and "Who owns the bistro now?" the boss (search/asked_owner.py)
    # and "What do I play now that Otar's gone?" what the user plays now
    # (search/circumstance.py)
    # «щас» is «сейчас» for every reader of "now" (search/spoken_words.py)
    text = spoken_plain(prompt[:MAX_QUERY_CHARS])
    # a name typed small, written as one for every reader (lower_case_name.py):
    # "who's jamie?" (asked_person_lower.py), "jamie's birthday", "what does
    # callum do for a living?" (asked_lower_names.py)
    text = with_names_capitalised(with_person_capitalised(text))
    text = boss_reported_to(landlord_phrased(text))
    if teacher_on_file:  # «Кто у меня преподаёт чешский?» (asked_teacher.py)
        text = teacher_phrased(text)
    text = quitting_plain(text)  # "gave up smoking": quit (search/kin_words.py)
    text = without_circumstance(boss_phrased(text) if owner_as_boss else text)
    when = relative_window(text, time.time() if now is None else now)
    # The phrase names a time, not a topic ("yesterday", "March" as a name);
    # a month's name stays a search word (session dates and turns say it).
    words = text.replace(when.phrase, " ") if when is not None else text
    term_text = text if when is not None and names_a_month(when.phrase) else words
    if when is not None and names_a_range(when.phrase):  # its months, not its days
        term_text = text.replace(when.phrase, _months_of(when.phrase))
    dates = query_dates(text)
    framed = without_going(text, without_frame(text, query_terms(term_text)))
    framed = without_working_out(text, without_driving(text, framed))
    framed = without_goal_verb(text, framed)
    # a topic asked within a time, no one named, is the user's own (own_window.py)
    own = own_child or asks_own_window(text, when)
    kinds, terms = _kinds_and_terms(text, framed, own)
    # "Mum's seventieth": her birthday, at seventy (search/occasions.py).
    # The ordinal is still searched, as a twin: a turn need not say it.
    ordinals, occasion = occasion_words(words)
    terms = [t for t in terms if t not in ordinals]
    terms += [w for w in occasion if w not in terms]
    if when is not None and not when.strict:  # vague: preferred, not a filter
        dates.append(DateSpan(when.after, when.before))
    return AnalysedQuery(
        text=text,
        terms=tuple(terms),
        names=tuple(name_candidates(words)),
        dates=tuple(dates),
        intent=_KEYWORDS.classify(text),
        complexity=classify_query_complexity(prompt),
        asks_for_many=asks_for_many(text),
        walk=walk_direction(text),
        flat=" ".join(prompt.split()),
        when=when,
        own_doings=asks_own_doings(text) and not done_with_someone(text),
        slot_terms=slot_terms(text),
        kin_terms=(*kin_terms(without_goal_phrase(words)), *action_verbs(terms)),
        twin_terms=(
            *ordinals,
            *twin_terms(terms, " ".join([words, *occasion])),
        ),
        kinds=kinds,
        occasion=tuple(occasion),
        of_own_child=own_child,
    )
