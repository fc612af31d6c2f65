"""A frame word that is itself what a question about the time before asks.

"Where did I work before Lumo?": "work" frames most questions ("Which
company do I work for?" is about the company), so a hit need not share it
(search/frame_words.py). But once the later state ("Lumo") is set aside,
nothing but the frame is left: the question asks about the work before it,
and a turn saying the work ("ok work mode. I'm a junior UX designer at Onda
Studio") is what answers. Only then: a question naming a thing of its own
beside the frame ("Which company did I work for before Lumo?") still wants
that thing, not any turn on work.
"""

from __future__ import annotations

from .analysis import AnalysedQuery
from .before_own import later_stems
from .frame_words import GENERIC_STEMS, wanted_words
from .morphology import stem


def question_wanted(query: AnalysedQuery) -> set[str]:
    """The stems one hit must share (frame_words.wanted_words), with the
    question's frame words among them when, the later state aside, they are
    all that it says."""
    wanted = wanted_words(query.terms, query.state_terms)
    later = later_stems(query.text)
    if not later:
        return wanted
    said = {stem(term) for term in query.terms} - later
    if said and said <= GENERIC_STEMS:
        return wanted | said
    return wanted
