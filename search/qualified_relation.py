"""A teacher asked by what they teach: "my tennis coach", «тренер по теннису».

"What's my tennis coach's name?" names WHICH coach, it asks nothing of
them: the sport says who is meant. The one filed as «мой тренер» may coach
something else (Рик, the son's judo coach): when the turns of the people
found tell of doings (search/kinds.py's sports, hobbies, instruments) and
never of the one asked, none of them is the coach asked about, and the
people's answer is none (search/people.py; the search asks then).

Their turns need not say the doing asked: "my running coach" Nino is told
of by «Пробежка с клубом» and "long run", no "running"; only another doing
told of them (judo), never the asked one, says they are someone else's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.relations import RELATION_OWNERS, same_relation
from .analysis import AnalysedQuery
from .kinds import ALL_DOINGS, DOING_STEMS, doings_said
from .morphology import relation_base_forms, stem
from .stem_sets import text_stems
from .twin_words import twin_stems

# the relations of one who teaches a doing
TEACHING = same_relation("coach") | same_relation("teacher") | same_relation("tutor")
# «тренера по теннису», «учительница по фортепиано»: the doing after «по»
_RUSSIAN_SUBJECT = re.compile(r"(?<!\w)(\w+)\s+по\s+(\w+)", re.IGNORECASE)


def asked_subject(query: AnalysedQuery) -> frozenset[str]:
    """The stems of the doing a teacher is asked by ("tennis" of "my tennis
    coach", «теннис» of «тренера по теннису»), in either language; empty when
    the query names no teacher so, or by no doing (a "new coach")."""
    said = [*_english_subjects(query.names), *_russian_subjects(query.text)]
    stems = {stem(word) for word in said}
    stems = {s for s in stems if s in DOING_STEMS}
    return frozenset(stems | {t for s in stems for t in twin_stems(s)})


def _english_subjects(names: Iterable[str]) -> list[str]:
    """ "my tennis coach" → tennis."""
    out = []
    for name in names:
        words = name.lower().split()
        if len(words) == 3 and words[0] in RELATION_OWNERS and words[2] in TEACHING:
            out.append(words[1])
    return out


def _russian_subjects(text: str) -> list[str]:
    """«тренера по теннису» → теннису."""
    return [
        match.group(2)
        for match in _RUSSIAN_SUBJECT.finditer(text)
        if relation_base_forms([match.group(1).lower()])[0] in TEACHING
    ]


def teaches_other_doing(subject: frozenset[str], texts: Iterable[str]) -> bool:
    """The texts (the turns of the people found) tell of doings, and never
    of the `subject` asked: they are the teacher of something else."""
    if not subject:
        return False
    told: set[str] = set()
    for text in texts:
        told |= doings_said(ALL_DOINGS, text_stems(text), text)
        if not subject.isdisjoint(told):
            return False
    return bool(told)
